/** Reads the hook files git would run, and what our installed ones name: the CLI and a node fallback. */
import { constants } from 'node:fs';
import { access, lstat, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { findBlocks } from '../install/block.js';
import { CHAIN_SUFFIX, HOOK_NAMES, isTddShim, type HookName } from '../install/shim.js';
import { locatePnpRunner } from '../runners/locate.js';
import { parseBlockCli, parseShimVars } from '../install/shim.js';
import type { CliFacts, FileFact, HookFacts, LayoutFacts } from './types.js';

/** Hook scripts are small; a bigger file (a binary) is not read. */
const MAX_SCRIPT = 1 << 20;

const exists = (p: string): Promise<boolean> =>
  access(p).then(
    () => true,
    () => false,
  );

/** Followed through a symlink, as git runs it. Windows has no executable bit: every file counts as executable. */
export async function readFileFact(path: string): Promise<FileFact> {
  let st;
  try {
    st = await stat(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return { kind: 'other' };
    // A dangling symlink is something, not nothing: git cannot run it, and install will not replace it.
    return lstat(path).then(
      () => ({ kind: 'other' }) as const,
      () => ({ kind: 'absent' }) as const,
    );
  }
  if (!st.isFile()) return { kind: 'other' };
  const executable =
    process.platform === 'win32' ||
    (await access(path, constants.X_OK).then(
      () => true,
      () => false,
    ));
  const content = st.size > MAX_SCRIPT ? '' : await readFile(path, 'utf8').catch(() => '');
  return { kind: 'file', content, mode: st.mode & 0o7777, executable };
}

export async function readHookFacts(l: Omit<LayoutFacts, 'hooksDirKind'>): Promise<HookFacts[]> {
  return Promise.all(
    HOOK_NAMES.map(async (hook) => {
      const runPath = join(l.hooksDir, hook);
      const [run, chained] = await Promise.all([readFileFact(runPath), readFileFact(runPath + CHAIN_SUFFIX)]);
      const script = !l.huskyDir ? null : l.huskyDir === l.hooksDir ? run : await readFileFact(join(l.huskyDir, hook));
      let stranded: string | null = null;
      if (l.hooksDir !== l.defaultHooksDir) {
        const mine = await readFileFact(join(l.defaultHooksDir, hook));
        if (mine.kind === 'file' && isTddShim(mine.content)) stranded = join(l.defaultHooksDir, hook);
      }
      return { hook, run, chained, script, stranded };
    }),
  );
}

/** What our installed hooks name: the CLI (and its fallback) and the node fallback of shims. */
export async function readCliFacts(l: Pick<LayoutFacts, 'top' | 'huskyDir'>, hooks: HookFacts[]): Promise<{ cli: CliFacts[]; nodeFallbacks: string[] }> {
  const named: { hook: HookName; cli: string; fallback: string | null }[] = [];
  const nodeFallbacks = new Set<string>();
  for (const h of hooks) {
    if (l.huskyDir) {
      const s = h.script;
      const scan = s?.kind === 'file' ? findBlocks(s.content) : null;
      const block = s?.kind === 'file' && scan?.ok && scan.blocks[0] ? s.content.slice(scan.blocks[0].start, scan.blocks[0].end) : null;
      const cli = block ? parseBlockCli(block) : null;
      if (cli) named.push({ hook: h.hook, cli, fallback: null });
    } else if (h.run.kind === 'file' && isTddShim(h.run.content)) {
      const vars = parseShimVars(h.run.content);
      if (!vars) continue;
      named.push({ hook: h.hook, cli: vars.cli, fallback: vars.cliFallback || null });
      if (vars.nodeFallback) nodeFallbacks.add(vars.nodeFallback);
    }
  }
  const byPath = new Map<string, CliFacts>();
  for (const n of named) {
    const key = `${n.cli}\0${n.fallback ?? ''}`;
    const known = byPath.get(key);
    if (known) {
      known.hooks.push(n.hook);
      continue;
    }
    const fallbackPresent = n.fallback ? await exists(n.fallback) : false;
    // Yarn Plug'n'Play: the shim starts the CLI through .pnp.cjs when the path is not there.
    const present =
      (await exists(resolve(l.top, n.cli))) || ((await exists(join(l.top, '.pnp.cjs'))) && locatePnpRunner(l.top, 'tdd-hooks', 'bin/tdd.js') !== undefined);
    byPath.set(key, { cli: n.cli, present, fallback: n.fallback, fallbackPresent, hooks: [n.hook] });
  }
  return { cli: [...byPath.values()], nodeFallbacks: [...nodeFallbacks] };
}
