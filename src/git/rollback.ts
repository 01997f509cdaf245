/**
 * The index, objects and refs as `tdd rollback` and its undo read and write them. Paths go to git
 * NUL-separated on stdin where git takes them so, never as options.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TddError } from '../errors.js';
import { execGit, git } from './exec.js';
import { NULL_OID } from './ids.js';
import { parseBackupRefs, parseLsFilesStage, parseNulList, parseRawDiff, type IndexEntry, type RefRecord } from './parse.js';
import type { RepoContext } from './queries.js';

const at = (ctx: RepoContext) => ({ cwd: ctx.top, baseEnv: ctx.env });

/** Stage-0 index entries and unmerged paths of the index git names. */
export async function readIndex(ctx: RepoContext): Promise<{ entries: Map<string, IndexEntry>; unmerged: string[] }> {
  return parseLsFilesStage(await git(['ls-files', '-s', '-z', '--full-name'], at(ctx)));
}

/**
 * Intent-to-add entries (`git add -N`) whose file exists: diff-files reports them as added, which
 * it never does for an ordinary entry. (`ls-files -s` shows them as the empty blob.)
 */
export async function readIntentToAdd(ctx: RepoContext): Promise<Set<string>> {
  const out = await git(['diff-files', '--raw', '-z', '--no-renames', '--no-ext-diff', '--diff-filter=A', '--ignore-submodules=none'], at(ctx));
  return new Set(parseRawDiff(out).map((e) => e.path));
}

/**
 * Paths that may differ from `target`: the index against it, the working tree against it (git
 * reports files whose stat data is stale too; the caller compares their content), and untracked
 * files that no ignore rule matches (nested repositories, listed as `dir/`, are left out).
 */
export async function readCandidates(ctx: RepoContext, target: string): Promise<string[]> {
  const diff = ['diff-index', '--raw', '-z', '--no-renames', '--no-ext-diff', '--no-relative', '--ignore-submodules=none'];
  const [cached, worktree, untracked] = await Promise.all([
    git([...diff, '--cached', target, '--'], at(ctx)),
    git([...diff, target, '--'], at(ctx)),
    git(['ls-files', '-z', '--others', '--exclude-standard', '--full-name'], at(ctx)),
  ]);
  return [...parseRawDiff(cached).map((e) => e.path), ...parseRawDiff(worktree).map((e) => e.path), ...parseNulList(untracked).filter((p) => !p.endsWith('/'))];
}

/** Untracked paths that .gitignore, info/exclude or core.excludesFile match. */
export async function readGitignored(ctx: RepoContext, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const r = await execGit(['check-ignore', '-z', '--stdin'], { ...at(ctx), input: paths.join('\0') + '\0', okCodes: [1] });
  return new Set(parseNulList(r.stdout));
}

/** The numbered refs under `prefix` (`refs/tdd/rollback/`), oldest first. */
export async function readBackupRefs(ctx: RepoContext, prefix: string): Promise<RefRecord[]> {
  return parseBackupRefs(await git(['for-each-ref', '--format=%(objectname) %(refname)', prefix], at(ctx)), prefix);
}

/** A commit object as `git cat-file commit` prints it: headers, a blank line, the message. */
export async function readCommitText(ctx: RepoContext, commit: string): Promise<string> {
  return git(['cat-file', 'commit', commit], at(ctx));
}

/** `git hash-object [-w] [--no-filters] -- <paths>` in chunks that stay far from ARG_MAX. */
export async function hashFiles(ctx: RepoContext, paths: string[], opts: { write: boolean; filters: boolean }): Promise<string[]> {
  const flags = [...(opts.write ? ['-w'] : []), ...(opts.filters ? [] : ['--no-filters'])];
  const oids: string[] = [];
  for (let i = 0; i < paths.length;) {
    const chunk: string[] = [];
    let size = 0;
    while (i < paths.length && chunk.length < 1000 && size < 64 * 1024) {
      chunk.push(paths[i]!);
      size += paths[i]!.length + 1;
      i++;
    }
    oids.push(...(await git(['hash-object', ...flags, '--', ...chunk], at(ctx))).trim().split('\n'));
  }
  if (oids.length !== paths.length) throw new TddError('GIT_FAILED', `git hash-object returned ${oids.length} ids for ${paths.length} files`, 3);
  return oids;
}

/** A blob of exactly these bytes (a symlink's target text), optionally written. */
export async function hashBytes(ctx: RepoContext, bytes: Buffer, write: boolean): Promise<string> {
  return (await git(['hash-object', ...(write ? ['-w'] : []), '--stdin'], { ...at(ctx), input: bytes })).trim();
}

/** Sets (or, for null, removes) the index entries of these paths. */
export async function writeIndexEntries(ctx: RepoContext, records: { path: string; entry: IndexEntry | null }[]): Promise<void> {
  if (records.length === 0) return;
  const input = records.map((r) => (r.entry ? `${r.entry.mode} ${r.entry.oid}\t${r.path}\0` : `0 ${NULL_OID}\t${r.path}\0`)).join('');
  await git(['update-index', '-z', '--index-info'], { ...at(ctx), input });
}

/** Writes the index's version of these paths to the working tree (filters, modes, symlinks as git does). */
export async function checkoutFromIndex(ctx: RepoContext, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await git(['checkout-index', '-f', '-u', '-z', '--stdin'], { ...at(ctx), input: paths.join('\0') + '\0' });
}

/** `git add -N` again for entries that were intent-to-add (update-index cannot set that flag). */
export async function writeIntentToAdd(ctx: RepoContext, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await git(['add', '--intent-to-add', '--force', '--pathspec-from-file=-', '--pathspec-file-nul'], {
    cwd: ctx.top,
    baseEnv: { ...ctx.env, GIT_LITERAL_PATHSPECS: '1' },
    input: paths.join('\0') + '\0',
  });
}

/** Stat data for entries set by update-index, so `git diff-files` agrees with `git status`. */
export async function refreshIndex(ctx: RepoContext): Promise<void> {
  await execGit(['update-index', '-q', '--refresh'], { ...at(ctx), okCodes: [1] });
}

/** A tree holding exactly these entries (their objects must exist), built in a throw-away index: the user's is only read. */
export async function writeTreeOf(ctx: RepoContext, entries: { path: string; entry: IndexEntry }[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tdd-rollback-'));
  const env = { ...ctx.env, GIT_INDEX_FILE: join(dir, 'index') };
  try {
    if (entries.length > 0) {
      const input = entries.map((e) => `${e.entry.mode} ${e.entry.oid}\t${e.path}\0`).join('');
      await git(['update-index', '--add', '-z', '--index-info'], { cwd: ctx.top, baseEnv: env, input });
    }
    return (await git(['write-tree'], { cwd: ctx.top, baseEnv: env })).trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A commit of `tree` with these parents and message, never signed; `identity` (GIT_AUTHOR_NAME…) over the environment. */
export async function commitTree(ctx: RepoContext, tree: string, parents: string[], message: string, identity: Record<string, string>): Promise<string> {
  const args = ['commit-tree', '--no-gpg-sign', tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-'];
  return (await git(args, { cwd: ctx.top, baseEnv: { ...ctx.env, ...identity }, input: message })).trim();
}

/** Creates `ref` at `commit` (reflog `reason`); fails rather than move a ref that exists (the empty old value). */
export async function createRef(ctx: RepoContext, ref: string, commit: string, reason: string): Promise<void> {
  await git(['update-ref', '-m', reason, ref, commit, ''], at(ctx));
}

/** Deletes `ref` if it still points at `commit`; git's reason when it does not (moved, gone, locked). */
export async function deleteRef(ctx: RepoContext, ref: string, commit: string): Promise<{ deleted: true } | { deleted: false; reason: string }> {
  const r = await execGit(['update-ref', '-d', ref, commit], { ...at(ctx), okCodes: [1, 128] });
  return r.code === 0 ? { deleted: true } : { deleted: false, reason: r.stderr.trim().split('\n')[0] ?? '' };
}
