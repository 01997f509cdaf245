import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RawEntry } from '../git/parse.js';
import { isEmptyBlob } from '../git/ids.js';
import { readObjects, readStagedChanges, readTreePaths, rememberIndexTree, writeTreeFromIndexCopy, type RepoContext } from '../git/queries.js';
import type { Snapshot, StagedEntry } from '../types.js';
import type { Classifier } from './classify.js';
import { SYMLINK_MODE, type LinkedEntry } from '../links.js';

/** The staged changes of the index being committed, classified (no tree id yet: see readSnapshotTree). */
export async function readStagedEntries(ctx: RepoContext, head: string | null, classify: Classifier): Promise<StagedEntry[]> {
  return classifyEntries(await readStagedChanges(ctx, head), classify);
}

export function classifyEntries(raw: RawEntry[], classify: Classifier): StagedEntry[] {
  return raw.map((e) => ({ ...e, kind: classify(e.path) }));
}

/**
 * The tree id of what is being committed, from a private copy of the index (write-tree updates
 * the cache-tree of the index it reads; the index git named belongs to the commit in progress).
 * Intent-to-add entries (`git add -N`: "A" with the empty blob) are not committed: write-tree
 * leaves them out, and so do we.
 */
export async function readSnapshot(ctx: RepoContext, head: string | null, entries: StagedEntry[]): Promise<Snapshot> {
  const tree = await readIndexTree(ctx);
  const maybeIntent = entries.filter(mayBeIntentToAdd).map((e) => e.path);
  if (maybeIntent.length > 0) {
    const present = await readTreePaths(ctx, tree, maybeIntent);
    entries = entries.filter((e) => !mayBeIntentToAdd(e) || present.has(e.path));
  }
  return { tree, head, entries: await withLinkTargets(ctx, entries) };
}

/** An added empty file, or an intent-to-add entry (which the tree leaves out): only the tree tells. */
export const mayBeIntentToAdd = (e: StagedEntry): boolean => e.status === 'A' && isEmptyBlob(e.newBlob);

/** The tree id alone (see readSnapshot). */
export async function readIndexTree(ctx: RepoContext): Promise<string> {
  // Synchronous file operations: fs/promises and libuv's thread pool cost 1–6 ms on a hook's path.
  mkdirSync(ctx.stateDir, { recursive: true });
  const copy = join(ctx.stateDir, `index-copy.${process.pid}.${Date.now()}`);
  try {
    const bytes = readFileSync(ctx.indexFile);
    writeFileSync(copy, bytes);
    const tree = await writeTreeFromIndexCopy(ctx, copy);
    // The index it was written from lists its entries: readWholeTree of it needs no `ls-tree -r`.
    rememberIndexTree(ctx, tree, bytes);
    return tree;
  } finally {
    rmSync(copy, { force: true });
  }
}

/** Staged symbolic links get their target (the blob of a mode 120000 entry), for the symlinks gate. */
export async function withLinkTargets(ctx: RepoContext, entries: StagedEntry[]): Promise<LinkedEntry[]> {
  const links = entries.filter((e) => e.newMode === SYMLINK_MODE && e.status !== 'D');
  if (links.length === 0) return entries;
  const blobs = await readObjects(
    ctx,
    links.map((e) => e.newBlob),
  );
  const targets = new Map(links.map((e, i) => [e, blobs[i]?.toString('utf8') ?? '']));
  return entries.map((e) => (targets.has(e) ? { ...e, linkTarget: targets.get(e)! } : e));
}
