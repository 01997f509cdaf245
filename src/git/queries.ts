/** Named git queries, one question each. All run with cwd = the top level of the work tree. */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { TddError } from '../errors.js';
import { execGit, execGitBuffer, git, GitError } from './exec.js';
import {
  parseCatFileBatch,
  parseCatFileFirstId,
  parseCombinedDiff,
  parseLsTree,
  parseNulList,
  parseRawDiff,
  parseStatusV2,
  type RawEntry,
  type StatusEntry,
} from './parse.js';
import { EMPTY_TREE } from './ids.js';
import { listedFromIndex, readObjects } from './objects.js';

export interface RepoContext {
  /** Absolute top level of the work tree. */
  top: string;
  /** Absolute git dir of this worktree. */
  gitDir: string;
  /** Absolute `git rev-parse --git-path tdd`: local state, per worktree. */
  stateDir: string;
  /** Absolute path of the index being committed (`GIT_INDEX_FILE`, else the worktree's index). */
  indexFile: string;
  /** HEAD's commit id when the context was read, or null on an unborn branch. */
  head: string | null;
  /** Environment for git calls that read this repository and that index. */
  env: NodeJS.ProcessEnv;
}

/**
 * Where we are. `GIT_INDEX_FILE` matters: a plain commit names `.git/index` (relative, resolved
 * against the top level), `commit -a` names `index.lock`, `commit <paths>` a `next-index-*.lock`.
 * One process answers all five questions: with `--verify -q`, an unborn HEAD exits 1 after the
 * first four lines. Synchronous (see GitOptions.sync): it is every command's first question.
 */
export async function readRepoContext(cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<RepoContext> {
  let r: { stdout: string; code: number };
  try {
    r = await execGit(['rev-parse', '--show-toplevel', '--absolute-git-dir', '--git-path', 'tdd', '--git-path', 'index', '--verify', '-q', 'HEAD^{commit}'], {
      cwd,
      baseEnv: env,
      okCodes: [1],
      sync: true,
    });
  } catch (e) {
    if (e instanceof GitError) {
      const reason = e.stderr.trim().split('\n')[0] ?? '';
      throw new TddError('NOT_A_REPO', `not inside a git work tree (${cwd}): ${reason}`, 2, {
        hint: 'run this inside a git repository (git init), or fix the error git reports',
        cause: e,
      });
    }
    throw e;
  }
  const [top, gitDir, tdd, index, head] = r.stdout.replace(/\n$/, '').split('\n') as [string, string, string, string, string?];
  const named = env.GIT_INDEX_FILE;
  const indexFile = named ? (isAbsolute(named) ? named : resolve(top, named)) : resolve(cwd, index);
  return {
    top,
    gitDir,
    stateDir: resolve(cwd, tdd),
    indexFile,
    head: r.code === 0 && head ? head : null,
    env: { ...env, GIT_INDEX_FILE: indexFile },
  };
}

/**
 * Where a pre-commit hook runs, from what git hands it, without a `git rev-parse` (~2.5 ms):
 * git starts the hook at the top level of the work tree with GIT_INDEX_FILE set, and exports
 * GIT_DIR whenever the git dir is not the `.git` folder there (linked worktrees, submodules,
 * --git-dir). Undefined when anything leaves room for doubt (GIT_WORK_TREE elsewhere,
 * GIT_COMMON_DIR, an index outside the git dir, no HEAD file): then readRepoContext asks git.
 * HEAD is left to the caller (see readHeadAndObjects).
 */
export function repoContextOfHook(cwd: string, env: NodeJS.ProcessEnv): Omit<RepoContext, 'head'> | undefined {
  const named = env.GIT_INDEX_FILE;
  if (!named || !isAbsolute(cwd) || env.GIT_COMMON_DIR) return undefined;
  if (env.GIT_WORK_TREE && resolve(cwd, env.GIT_WORK_TREE) !== cwd) return undefined;
  const gitDir = env.GIT_DIR ? resolve(cwd, env.GIT_DIR) : join(cwd, '.git');
  const indexFile = resolve(cwd, named);
  if (dirname(indexFile) !== gitDir) return undefined;
  try {
    if (!statSync(gitDir).isDirectory() || !statSync(join(gitDir, 'HEAD')).isFile()) return undefined;
  } catch {
    return undefined;
  }
  return { top: cwd, gitDir, stateDir: join(gitDir, 'tdd'), indexFile, env: { ...env, GIT_INDEX_FILE: indexFile } };
}

/**
 * HEAD's commit id (null on an unborn branch) and the contents of `names` (as readObjects), in
 * one cat-file process.
 */
export async function readHeadAndObjects(
  ctx: Omit<RepoContext, 'head'>,
  names: string[],
): Promise<{ head: string | null; headObject: Buffer | null; objects: (Buffer | null)[] }> {
  if (names.some((n) => n.includes('\n'))) throw new Error('readHeadAndObjects: a name with a newline');
  const r = await execGitBuffer(['cat-file', '--batch'], { cwd: ctx.top, baseEnv: ctx.env, input: ['HEAD^{commit}', ...names].join('\n') + '\n', sync: true });
  const objects = parseCatFileBatch(r.stdout, names.length + 1);
  return { head: parseCatFileFirstId(r.stdout, 'commit'), headObject: objects[0] ?? null, objects: objects.slice(1) };
}

/**
 * What the index being committed changes relative to `base` (a commit or tree; the empty tree when
 * unborn). Synchronous (see GitOptions.sync): a few ms even for 50,000 files, never run beside other work.
 */
export async function readStagedChanges(ctx: RepoContext, base: string | null): Promise<RawEntry[]> {
  const out = await git(
    ['diff-index', '--cached', '--raw', '-z', '--no-renames', '--no-ext-diff', '--no-relative', '--ignore-submodules=none', base ?? EMPTY_TREE, '--'],
    { cwd: ctx.top, baseEnv: ctx.env, sync: true },
  );
  return parseRawDiff(out);
}

/**
 * Differences between two trees (or commits), recursively, without rename guessing; only under
 * `paths` when given. Synchronous (see GitOptions.sync).
 */
export async function readTreeDiff(ctx: RepoContext, from: string, to: string, paths: string[] = []): Promise<RawEntry[]> {
  const out = await git(
    ['diff-tree', '-r', '--raw', '-z', '--no-renames', '--no-ext-diff', '--no-relative', from, to, '--', ...paths.map((p) => `:(literal)${p}`)],
    {
      cwd: ctx.top,
      baseEnv: ctx.env,
      sync: true,
    },
  );
  return parseRawDiff(out);
}

export { readObjects, rememberIndexTree } from './objects.js';

/** Which of `paths` exist in `tree`. Synchronous (see GitOptions.sync). */
export async function readTreePaths(ctx: RepoContext, tree: string, paths: string[], o: { sync?: boolean } = {}): Promise<Set<string>> {
  const out = await git(['ls-tree', '-r', '-z', '--name-only', '--full-tree', tree, '--', ...paths.map((p) => `:(literal)${p}`)], {
    cwd: ctx.top,
    baseEnv: ctx.env,
    sync: o.sync ?? true,
  });
  return new Set(parseNulList(out));
}

/** The tree id of exactly what the index being committed holds, written from a private copy of it. */
export async function writeTreeFromIndexCopy(ctx: RepoContext, copy: string): Promise<string> {
  return (await git(['write-tree'], { cwd: ctx.top, baseEnv: { ...ctx.env, GIT_INDEX_FILE: copy }, sync: true })).trim();
}

/** Commit id → its tree id. Synchronous unless `sync: false` (see GitOptions.sync). */
export async function readCommitTree(ctx: RepoContext, commit: string, o: { sync?: boolean } = {}): Promise<string> {
  return (await git(['rev-parse', '--verify', `${commit}^{tree}`], { cwd: ctx.top, baseEnv: ctx.env, sync: o.sync ?? true })).trim();
}

/** How far back the trailer log reads HEAD's first-parent history (the state's rebuild, rollback's target). */
export const TRAILER_LOG_DEPTH = 1000;

/**
 * The trailer log: HEAD's last TRAILER_LOG_DEPTH first-parent commits, `<sha>\x1f<trailers>\x1e`
 * each, newest first (state/trailers.ts parseTrailerLog reads it).
 */
export async function readTrailerLog(ctx: RepoContext): Promise<string> {
  return git(['log', `-n${TRAILER_LOG_DEPTH}`, '--first-parent', '--format=%H%x1f%(trailers:only,unfold)%x1e', 'HEAD', '--'], {
    cwd: ctx.top,
    baseEnv: ctx.env,
  });
}

/** The paths a commit changes against its first parent (a root commit: all of its paths). */
export async function readCommitPaths(ctx: RepoContext, commit: string): Promise<string[]> {
  return parseNulList(await git(['diff-tree', '-r', '-z', '--name-only', '--no-commit-id', '--root', commit], { cwd: ctx.top, baseEnv: ctx.env }));
}

/** Every file path of a commit's tree (from its top, whatever the working folder). */
export async function readTreeFiles(ctx: RepoContext, treeish: string): Promise<string[]> {
  return parseNulList(await git(['ls-tree', '-r', '-z', '--name-only', '--full-tree', treeish], { cwd: ctx.top, baseEnv: ctx.env }));
}

/**
 * Every entry of a tree, recursively, from its top: path → mode and blob id. A tree this process
 * wrote from an index file (snapshot/read.ts readIndexTree) is read from that file's entries
 * (git/index-file.ts indexTreeOf), without `ls-tree -r`, unless the file leaves any doubt.
 */
export async function readWholeTree(ctx: RepoContext, tree: string): Promise<Map<string, { mode: string; blob: string }>> {
  const listed = listedFromIndex(ctx, tree);
  if (listed) return listed;
  return parseLsTree(await git(['ls-tree', '-r', '-z', '--full-tree', tree], { cwd: ctx.top, baseEnv: ctx.env }));
}

/** `git diff -U0` of two blobs (no colour, no external diff or textconv): the hunk headers are what callers read. */
export async function readBlobDiff(ctx: RepoContext, oldBlob: string, newBlob: string): Promise<string> {
  return git(['diff', '-U0', '--no-color', '--no-ext-diff', '--no-textconv', oldBlob, newBlob], { cwd: ctx.top, baseEnv: ctx.env });
}

/** A commit message as git keeps it: comment lines and surrounding blank lines stripped (`git stripspace --strip-comments`). */
export async function stripMessageComments(ctx: RepoContext, message: string): Promise<string> {
  return git(['stripspace', '--strip-comments'], { cwd: ctx.top, baseEnv: ctx.env, input: message });
}

/** The full name of the ref `rev` names (`@{upstream}` → refs/remotes/origin/main), or null when it names none. */
export async function readSymbolicRef(ctx: RepoContext, rev: string): Promise<string | null> {
  const r = await execGit(['rev-parse', '--verify', '-q', '--symbolic-full-name', rev], { cwd: ctx.top, baseEnv: ctx.env, okCodes: [1, 128] });
  return r.code === 0 ? r.stdout.trim() || null : null;
}

/** Each merge's own changes: the paths whose merged content matches no parent (combined diff), by merge. */
export async function readMergeChanges(ctx: RepoContext, merges: readonly string[]): Promise<Map<string, RawEntry[]>> {
  if (merges.length === 0) return new Map();
  const out = await git(['diff-tree', '-r', '-c', '--raw', '-z', '--no-renames', '--no-abbrev', '--no-ext-diff', '--stdin'], {
    cwd: ctx.top,
    baseEnv: ctx.env,
    input: merges.join('\n') + '\n',
  });
  return parseCombinedDiff(out);
}

/** `rev` as a commit id, or null when it names no commit. */
export async function resolveCommit(ctx: RepoContext, rev: string): Promise<string | null> {
  const r = await execGit(['rev-parse', '--verify', '-q', `${rev}^{commit}`], { cwd: ctx.top, baseEnv: ctx.env, okCodes: [1, 128] });
  return r.code === 0 ? r.stdout.trim() : null;
}

/** A commit's committer date, strict ISO 8601 ("2024-05-01T12:00:00+02:00"). */
export async function readCommitDate(ctx: RepoContext, commit: string): Promise<string> {
  return (await git(['show', '-s', '--format=%cI', commit, '--'], { cwd: ctx.top, baseEnv: ctx.env })).trim();
}

/** Which of `paths` the working tree has changed since they were staged (the index against the files; none when git cannot say). */
export async function readEditedSinceStaged(ctx: RepoContext, paths: readonly string[]): Promise<string[]> {
  const r = await execGit(['diff-files', '--name-only', '-z', '--no-renames', '--', ...paths.map((p) => `:(literal)${p}`)], {
    cwd: ctx.top,
    baseEnv: ctx.env,
    okCodes: [1, 128],
  });
  return r.code === 0 ? parseNulList(r.stdout) : [];
}

/** The files at or below `paths` that git tracks or would add (ignored ones left out); the paths literal, never globs. */
export async function readListedPaths(ctx: RepoContext, paths: readonly string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const out = await git(['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--full-name', '--', ...paths], {
    cwd: ctx.top,
    baseEnv: { ...ctx.env, GIT_LITERAL_PATHSPECS: '1' },
  });
  return parseNulList(out);
}

/** The files git tracks (the index) at or below `folder` ('' is the whole repository), as repository paths. */
export async function readTrackedPaths(ctx: RepoContext, folder: string): Promise<string[]> {
  const out = await git(['ls-files', '-z', '--cached', '--full-name', '--', folder === '' ? ':/' : `:(top,literal)${folder}`], {
    cwd: ctx.top,
    baseEnv: ctx.env,
  });
  return [...new Set(parseNulList(out))];
}

/** Stages (`add -A`) or unstages (`reset`; before the first commit `rm --cached`) exactly `paths`: literal, NUL-separated on stdin, so no name is a glob, an option or an argv entry. */
export async function stagePaths(ctx: RepoContext, how: 'add' | 'unstage', paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const args = how === 'add' ? ['add', '-A'] : ctx.head ? ['reset', '-q'] : ['rm', '-q', '--cached', '-r'];
  await execGit([...args, '--pathspec-from-file=-', '--pathspec-file-nul'], {
    cwd: ctx.top,
    baseEnv: { ...ctx.env, GIT_LITERAL_PATHSPECS: '1' },
    input: paths.join('\0'),
  });
}

/** A commit's subject line. */
export async function readCommitSubject(ctx: RepoContext, commit: string): Promise<string> {
  return (await git(['log', '-1', '--format=%s', commit, '--'], { cwd: ctx.top, baseEnv: ctx.env })).trim();
}

/**
 * Whether `commit` is an object of this repository and an ancestor of (or equal to) HEAD. HEAD
 * itself needs no git process (a GREEN right after its RED commit). Synchronous (see GitOptions.sync).
 */
export async function isAncestorOfHead(ctx: RepoContext, commit: string): Promise<boolean> {
  if (ctx.head !== null && commit === ctx.head) return true;
  const r = await execGit(['merge-base', '--is-ancestor', commit, 'HEAD'], { cwd: ctx.top, baseEnv: ctx.env, okCodes: [1, 128], sync: true });
  return r.code === 0;
}

/** Mode and blob id of `paths` in `tree` (absent paths are absent from the map). Synchronous (see GitOptions.sync). */
export async function readTreeEntries(ctx: RepoContext, tree: string, paths: string[]): Promise<Map<string, { mode: string; blob: string }>> {
  const out = await git(['ls-tree', '-r', '-z', '--full-tree', tree, '--', ...paths.map((p) => `:(literal)${p}`)], {
    cwd: ctx.top,
    baseEnv: ctx.env,
    sync: true,
  });
  return parseLsTree(out);
}

/** Every changed, staged or untracked path of the work tree (`git status`, which refreshes stale stat data first). */
export async function readWorkStatus(ctx: RepoContext): Promise<StatusEntry[]> {
  return parseStatusV2(
    await git(['status', '--porcelain=v2', '-z', '--untracked-files=all', '--no-renames', '--ignore-submodules=none'], { cwd: ctx.top, baseEnv: ctx.env }),
  );
}

/**
 * The texts of those of `paths` that the index being committed holds (`:path`, stage 0, read by
 * `git cat-file --batch`), by path: what a RED test file's helpers say in this commit, not on disk.
 */
export async function readStagedTexts(ctx: RepoContext, paths: readonly string[]): Promise<Map<string, string>> {
  const names = paths.filter((p) => !p.includes('\n'));
  const blobs = await readObjects(
    ctx,
    names.map((p) => `:${p}`),
    { sync: true },
  );
  const texts = new Map<string, string>();
  names.forEach((p, i) => blobs[i] && texts.set(p, blobs[i]!.toString('utf8')));
  return texts;
}

/** The staged files directly in `dir` ('' is the top), as repository paths. */
export async function readStagedFolder(ctx: RepoContext, dir: string): Promise<string[]> {
  // glob magic: `*` stops at '/'; the folder's own glob characters are escaped.
  const escaped = dir.replace(/[*?[\]\\]/g, '\\$&');
  const out = await git(['ls-files', '-z', '--cached', '--full-name', '--', `:(top,glob)${escaped === '' ? '' : `${escaped}/`}*`], {
    cwd: ctx.top,
    baseEnv: ctx.env,
    sync: true,
  });
  return [...new Set(parseNulList(out))];
}

/** The files directly in `dir` ('' is the top) of a commit or tree, as repository paths (folders and links left out). */
export async function readTreeFolder(ctx: RepoContext, treeish: string, dir: string): Promise<string[]> {
  // `dir/` lists what the folder holds, not the folder itself.
  const out = await git(['ls-tree', '-z', '--full-tree', treeish, '--', ...(dir === '' ? [] : [`:(literal)${dir}/`])], { cwd: ctx.top, baseEnv: ctx.env });
  return [...parseLsTree(out)].filter(([, e]) => e.mode.startsWith('100')).map(([path]) => path);
}

/** A merge, cherry-pick, revert or rebase that is being concluded (its commit is not a TDD step). */
export function readOperation(gitDir: string): string | null {
  const markers: [string, string][] = [
    ['MERGE_HEAD', 'merge'],
    ['CHERRY_PICK_HEAD', 'cherry-pick'],
    ['REVERT_HEAD', 'revert'],
    ['rebase-merge', 'rebase'],
    ['rebase-apply', 'rebase'],
  ];
  for (const [file, name] of markers) if (existsSync(join(gitDir, file))) return name;
  return null;
}

/**
 * The working tree's files that the index does not hold as they are: untracked (not ignored), and
 * tracked files with edits not staged. Read-only (ls-files and diff-files write no index), for a
 * refusal's message and RED's untracked imports only: never on a commit that passes.
 */
export async function readUnstagedFiles(ctx: RepoContext): Promise<{ path: string; state: 'untracked' | 'modified' }[]> {
  const opts = { cwd: ctx.top, baseEnv: ctx.env, sync: true };
  const [untracked, modified] = await Promise.all([
    git(['ls-files', '--others', '--exclude-standard', '-z', '--full-name', ':/'], opts).catch(() => ''),
    git(['diff-files', '--name-only', '-z', '--no-renames', '--ignore-submodules=all'], opts).catch(() => ''),
  ]);
  return [
    ...parseNulList(untracked).map((path) => ({ path, state: 'untracked' as const })),
    ...parseNulList(modified).map((path) => ({ path, state: 'modified' as const })),
  ];
}
