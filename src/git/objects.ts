/**
 * What this process knows of objects without asking git again: the bytes readObjects read by a
 * content-addressed name, and the index file each tree it wrote came from (git/queries.ts
 * readWholeTree lists such a tree from it).
 */
import { execGitBuffer } from './exec.js';
import { indexTreeOf } from './index-file.js';
import { parseCatFileBatch } from './parse.js';
import type { RepoContext } from './queries.js';

/**
 * Contents of several objects in one process: blob ids, `:path` (index stage 0 of the index being
 * committed) or `<tree-ish>:path`. Null for what does not exist. `sync` for a few small objects
 * read while nothing else runs (see GitOptions.sync).
 */
export async function readObjects(ctx: Pick<RepoContext, 'top' | 'gitDir' | 'env'>, names: string[], how: { sync?: boolean } = {}): Promise<(Buffer | null)[]> {
  if (names.length === 0) return [];
  if (names.some((n) => n.includes('\n'))) {
    // cat-file --batch is line-based; such a name cannot be asked for. Read them one by one.
    return Promise.all(names.map(async (n) => (await readObjects(ctx, [n.replace(/\n/g, '')], how))[0] ?? null));
  }
  const key = (n: string) => `${ctx.gitDir}\0${n}`;
  // Taken now: an entry leaves the memo when its read finds nothing.
  const kept = new Map<string, Promise<Buffer | null>>();
  for (const n of names) {
    const p = memo.get(key(n));
    if (p) kept.set(n, p);
  }
  const ask = [...new Set(names.filter((n) => !kept.has(n)))];
  let asked: Promise<(Buffer | null)[]> | undefined;
  if (ask.length > 0) {
    asked = execGitBuffer(['cat-file', '--batch'], { cwd: ctx.top, baseEnv: ctx.env, input: ask.join('\n') + '\n', sync: how.sync }).then((r) =>
      parseCatFileBatch(r.stdout, ask.length),
    );
    for (const [i, n] of ask.entries())
      if (isContentAddressed(n))
        remember(
          key(n),
          asked.then((got) => got[i] ?? null),
        );
  }
  const got = asked ? await asked : [];
  const byName = new Map(ask.map((n, i) => [n, got[i] ?? null]));
  return Promise.all(names.map((n) => kept.get(n) ?? byName.get(n) ?? null));
}

/**
 * What readObjects read (or is reading) by a content-addressed name, an object id or `<object
 * id>:<path>`: the same name always names the same bytes, so asking again in this process starts
 * no git (GREEN's coverage reads the blobs the integrity rules read; the test files' texts come
 * with them, verify/green-run.ts). Per git dir; only what was found is kept (an object missing
 * now may be written later), MEMO_BYTES in all. `:path` and `HEAD:path` name what can change: never kept.
 */
const MEMO_BYTES = 32 * 1024 * 1024;

/**
 * One store per process, whichever bundle asks: every chunk (bin/build.mjs) holds its own copy of
 * this module, and the tree written in one is read in another.
 */
const store = ((globalThis as Record<symbol, unknown>)[Symbol.for('tdd-hooks.objects')] ??= {
  memo: new Map<string, Promise<Buffer | null>>(),
  indexTrees: new Map<string, Buffer>(),
  bytes: 0,
}) as { memo: Map<string, Promise<Buffer | null>>; indexTrees: Map<string, Buffer>; bytes: number };
const memo = store.memo;

/** A full object id (SHA-1 or SHA-256), alone or before `:<path>`. */
export const isContentAddressed = (name: string): boolean => /^(?:[0-9a-f]{40}|[0-9a-f]{64})(?::|$)/.test(name);

function remember(key: string, read: Promise<Buffer | null>): void {
  memo.set(key, read);
  read.then(
    (b) => {
      if (b === null || store.bytes + b.length > MEMO_BYTES) memo.delete(key);
      else store.bytes += b.length;
    },
    () => memo.delete(key),
  );
}

/** The index file each tree id was written from (rememberIndexTree), by git dir and tree. */
const indexTrees = store.indexTrees;

/** `tree` is what `git write-tree` wrote from the index file whose bytes are `index`. */
export function rememberIndexTree(ctx: Pick<RepoContext, 'gitDir'>, tree: string, index: Buffer): void {
  indexTrees.set(`${ctx.gitDir}\0${tree}`, index);
}

/** The entries of `tree` from the index file it was written from; undefined when none is known or the file leaves doubt. */
export function listedFromIndex(ctx: Pick<RepoContext, 'gitDir'>, tree: string): Map<string, { mode: string; blob: string }> | undefined {
  const index = indexTrees.get(`${ctx.gitDir}\0${tree}`);
  return index && indexTreeOf(index, tree.length === 64 ? 32 : 20);
}
