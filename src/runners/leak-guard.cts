/**
 * The leak guard, preloaded into every node process of a test run (`NODE_OPTIONS=--require …`):
 * it notes each file a process reads from the user's work tree instead of the private copy.
 *
 * Reads are where every loader ends: node's own (CommonJS `fs.readFileSync`, ESM `fs.readFile` on
 * Node 20), vite's (vitest transforms project files it reads with `fs.promises.readFile`), jest's
 * (`fs.readFileSync` through graceful-fs), mocha's (node's). A module reached through a link is
 * read at its real path, so a workspace link the copy did not re-point shows up as a read of the
 * work tree. Which of the noted files differ from the commit is decided by the hook afterwards
 * (runners/leaks.ts): a read of a file identical to its staged version changes no verdict.
 *
 * Configured by TDD_HOOKS_GUARD (JSON: { top, copy, out, links, linked }); without it this does nothing.
 * It never throws into the host process and never changes what a read returns.
 */
import fs = require('node:fs');
import path = require('node:path');
import url = require('node:url');
import nodeModule = require('node:module');

interface GuardSpec {
  /** The repository's top level (realpath). */
  top: string;
  /** The private copy's tree (realpath). */
  copy: string;
  /** Where noted paths are appended, NUL-terminated. */
  out: string;
  /** The user's dependency links into the work tree (node_modules/@demo/core): reads through them count too. */
  links: string[];
  /** The work tree's folders linked into the copy on purpose (`isolation.link`: node_modules, a package's dist): not the commit's. */
  linked: string[];
}

function readSpec(): GuardSpec | undefined {
  try {
    const raw = process.env.TDD_HOOKS_GUARD;
    const spec = raw ? (JSON.parse(raw) as GuardSpec) : undefined;
    return spec && typeof spec.top === 'string' && typeof spec.copy === 'string' && typeof spec.out === 'string' ? spec : undefined;
  } catch {
    return undefined;
  }
}

function install(spec: GuardSpec): void {
  const { top, copy, out } = spec;
  const links = Array.isArray(spec.links) ? spec.links : [];
  const linked = Array.isArray(spec.linked) ? spec.linked : [];
  const noted = new Set<string>();
  const under = (p: string, dir: string) => p === dir || p.startsWith(dir + path.sep);
  const isWorkTree = (p: string): boolean => {
    if (p === out || under(p, copy)) return false;
    if (links.some((l) => under(p, l))) return true;
    if (!under(p, top) || linked.some((l) => under(p, l))) return false;
    const parts = path.relative(top, p).split(path.sep);
    return parts[0] !== '.git' && !parts.includes('node_modules');
  };
  const note = (target: unknown): void => {
    try {
      let p: string;
      if (typeof target === 'string') p = target.startsWith('file:') ? url.fileURLToPath(target) : target;
      else if (target instanceof URL) p = target.protocol === 'file:' ? url.fileURLToPath(target) : '';
      else if (Buffer.isBuffer(target)) p = target.toString();
      else return; // a file descriptor: its open was a read of a path already, or not a file
      if (p === '') return;
      p = path.resolve(p);
      if (noted.has(p) || !isWorkTree(p)) return;
      noted.add(p);
      fs.appendFileSync(out, `${p}\0`);
    } catch {
      // The guard must never break the run it watches.
    }
  };
  // open() counts when it opens for reading only (flags absent — the callback in their place — 'r', 'rs', O_RDONLY).
  const isRead = (flags: unknown) => flags === undefined || typeof flags === 'function' || flags === 'r' || flags === 'rs' || flags === 0;
  const wrap = (owner: Record<string, unknown>, name: string, opens = false): void => {
    const original = owner[name];
    if (typeof original !== 'function') return;
    const wrapped = function (this: unknown, target: unknown, ...rest: unknown[]) {
      if (!opens || isRead(rest[0])) note(target);
      return (original as (...a: unknown[]) => unknown).call(this, target, ...rest);
    };
    Object.defineProperty(wrapped, 'name', { value: name });
    owner[name] = wrapped;
  };
  const sync = fs as unknown as Record<string, unknown>;
  const promises = fs.promises as unknown as Record<string, unknown>;
  for (const name of ['readFileSync', 'readFile', 'createReadStream']) wrap(sync, name);
  for (const name of ['openSync', 'open']) wrap(sync, name, true);
  wrap(promises, 'readFile');
  wrap(promises, 'open', true);
  // `import { readFile } from 'node:fs'` in ESM sees the wrapped functions too.
  nodeModule.syncBuiltinESMExports();
  // Newer nodes read ESM sources through a private binding of fs: their in-thread module hooks
  // (Node 22.15+, 23.5+) see every file node itself loads, CommonJS and ESM.
  const registerHooks = (nodeModule as unknown as { registerHooks?: (hooks: object) => unknown }).registerHooks;
  if (typeof registerHooks === 'function') {
    registerHooks({
      load(target: string, context: unknown, nextLoad: (u: string, c: unknown) => unknown) {
        note(target);
        return nextLoad(target, context);
      },
    });
  }
}

/**
 * The report's seal (runners/seal.ts), when TDD_HOOKS_SEAL names the report: each write of it
 * through fs.writeFileSync (mocha's JSON reporter, jest's through graceful-fs) is followed, in the
 * same synchronous call, by the SHA-256 of what it wrote, on stderr. A report rewritten after that (an exit
 * handler, a later write by any means) no longer matches. What the write does is unchanged.
 */
/**
 * The bytes a fs.writeFileSync call wrote, from its arguments: not read back, since a process of the
 * run can freeze this one (SIGSTOP) between the write and a read and put its own report there.
 */
function written(args: Parameters<typeof fs.writeFileSync>): Buffer | undefined {
  const [, data, options] = args;
  const encoding = typeof options === 'string' ? options : (options?.encoding ?? 'utf8');
  // An append: what the file holds is more than this call wrote.
  if (typeof options === 'object' && options !== null && String(options.flag ?? 'w').includes('a')) return undefined;
  if (typeof data === 'string') return Buffer.from(data, encoding as BufferEncoding);
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return undefined;
}

function installSeal(report: string): void {
  const target = path.resolve(report);
  const write = fs.writeFileSync;
  const read = fs.readFileSync;
  const say = fs.writeSync;
  const crypto = require('node:crypto') as typeof import('node:crypto');
  const seal = function (this: unknown, ...args: Parameters<typeof fs.writeFileSync>): void {
    write.apply(this, args);
    try {
      const file = args[0];
      const name = typeof file === 'string' ? file : file instanceof URL ? url.fileURLToPath(file) : Buffer.isBuffer(file) ? file.toString() : undefined;
      if (name !== undefined && path.resolve(name) === target)
        say(
          2,
          `\ntdd-hooks-seal ${crypto
            .createHash('sha256')
            .update(written(args) ?? read(target))
            .digest('hex')}\n`,
        );
    } catch {
      /* never into the host process */
    }
  };
  fs.writeFileSync = seal;
  nodeModule.syncBuiltinESMExports();
}

const spec = readSpec();
if (spec) install(spec);
if (process.env.TDD_HOOKS_SEAL) installSeal(process.env.TDD_HOOKS_SEAL);
