/** What the rollback reads: the target, the index, the working tree, the backups. No writes. */
import { lstat, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { TddError, usageError } from '../errors.js';
import { execGit, git } from '../git/exec.js';
import { isAncestorOfHead, type RepoContext } from '../git/queries.js';
import { parseLsTree, parseNulList, parseRawDiff } from '../git/parse.js';
import { parseTrailerLog } from '../state/trailers.js';
import type { State } from '../state/types.js';
import { parseBackupMessage, parseBackupRefs, parseLsFilesStage, type RefRecord } from './meta.js';
import type { Backup, Entry, WorktreeState } from './types.js';

const at = (repo: RepoContext) => ({ cwd: repo.top, baseEnv: repo.env });

export interface Target {
  commit: string;
  /** Where it came from: `--to`, the state's last green, or the trailers of the history. */
  source: 'argument' | 'state' | 'trailers';
  subject: string;
}

/** `--to <rev>`, else the state's last GREEN/REFACTOR commit, else the newest such commit in `git log`. */
export async function readTarget(repo: RepoContext, state: State, to: string | undefined): Promise<Target> {
  const resolve = async (rev: string) => {
    const r = await execGit(['rev-parse', '--verify', '-q', `${rev}^{commit}`], { ...at(repo), okCodes: [1, 128] });
    return r.code === 0 ? r.stdout.trim() : null;
  };
  let found: { commit: string; source: Target['source'] } | null = null;
  if (to !== undefined) {
    // Never let a name become an option.
    if (to === '' || to.startsWith('-')) throw usageError(`"${to}" is not a commit`, 'tdd rollback --to <commit>');
    const commit = await resolve(to);
    if (!commit) throw new TddError('ROLLBACK_BAD_TARGET', `"${to}" names no commit of this repository`, 2, { hint: 'give a commit id, branch or tag: tdd rollback --to <commit>' });
    found = { commit, source: 'argument' };
  }
  if (!found && state.lastGreen?.commit && repo.head) {
    const commit = await resolve(state.lastGreen.commit);
    if (commit && (await isAncestorOfHead(repo, commit))) found = { commit, source: 'state' };
  }
  if (!found && repo.head) {
    const out = await git(['log', '-n1000', '--first-parent', '--format=%H%x1f%(trailers:only,unfold)%x1e', 'HEAD', '--'], at(repo));
    const green = parseTrailerLog(out).find((c) => c.phase === 'green' || c.phase === 'refactor');
    if (green) found = { commit: green.commit, source: 'trailers' };
  }
  if (!found) {
    throw new TddError('ROLLBACK_NO_TARGET', 'no green commit to roll back to: the state records none and no commit of the history has a TDD-Phase: green or refactor trailer', 2, {
      hint: 'name the commit to roll back to: tdd rollback --to <commit>',
    });
  }
  const subject = (await git(['log', '-1', '--format=%s', found.commit, '--'], at(repo))).trim();
  return { ...found, subject };
}

/** core.fileMode (default true): whether the executable bit counts. */
export async function readFileMode(repo: RepoContext): Promise<boolean> {
  const r = await execGit(['config', '--bool', '--get', 'core.fileMode'], { ...at(repo), okCodes: [1] });
  return r.stdout.trim() !== 'false';
}

/** Stage-0 index entries and unmerged paths of the index git names. */
export async function readIndex(repo: RepoContext): Promise<{ entries: Map<string, Entry>; unmerged: string[] }> {
  return parseLsFilesStage(await git(['ls-files', '-s', '-z', '--full-name'], at(repo)));
}

/** Every entry of a commit's tree. */
export async function readTreeAll(repo: RepoContext, commit: string): Promise<Map<string, Entry>> {
  const map = parseLsTree(await git(['ls-tree', '-r', '-z', '--full-tree', commit], at(repo)));
  return new Map([...map].map(([p, e]) => [p, { mode: e.mode, oid: e.blob }]));
}

/**
 * Paths that may differ from the target: the index against it, the working tree against it (git
 * reports files whose stat data is stale too; the plan compares their content), and untracked
 * files that no ignore rule matches (nested repositories, listed as `dir/`, are left out).
 */
export async function readCandidates(repo: RepoContext, target: string): Promise<string[]> {
  const diff = ['diff-index', '--raw', '-z', '--no-renames', '--no-ext-diff', '--no-relative', '--ignore-submodules=none'];
  const [cached, worktree, untracked] = await Promise.all([
    git([...diff, '--cached', target, '--'], at(repo)),
    git([...diff, target, '--'], at(repo)),
    git(['ls-files', '-z', '--others', '--exclude-standard', '--full-name'], at(repo)),
  ]);
  return [
    ...parseRawDiff(cached).map((e) => e.path),
    ...parseRawDiff(worktree).map((e) => e.path),
    ...parseNulList(untracked).filter((p) => !p.endsWith('/')),
  ];
}

/** Untracked paths that .gitignore, info/exclude or core.excludesFile match. */
export async function readGitignored(repo: RepoContext, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const r = await execGit(['check-ignore', '-z', '--stdin'], { ...at(repo), input: paths.join('\0') + '\0', okCodes: [1] });
  return new Set(parseNulList(r.stdout));
}

/** `git hash-object [-w] [--no-filters] -- <paths>` in chunks that stay far from ARG_MAX. */
export async function hashFiles(repo: RepoContext, paths: string[], opts: { write: boolean; filters: boolean }): Promise<string[]> {
  const flags = [...(opts.write ? ['-w'] : []), ...(opts.filters ? [] : ['--no-filters'])];
  const oids: string[] = [];
  for (let i = 0; i < paths.length; ) {
    const chunk: string[] = [];
    let size = 0;
    while (i < paths.length && chunk.length < 1000 && size < 64 * 1024) {
      chunk.push(paths[i]!);
      size += paths[i]!.length + 1;
      i++;
    }
    oids.push(...(await git(['hash-object', ...flags, '--', ...chunk], at(repo))).trim().split('\n'));
  }
  if (oids.length !== paths.length) throw new TddError('GIT_FAILED', `git hash-object returned ${oids.length} ids for ${paths.length} files`, 3);
  return oids;
}

/** A blob of exactly these bytes (a symlink's target text), optionally written. */
export async function hashBytes(repo: RepoContext, bytes: Buffer, write: boolean): Promise<string> {
  return (await git(['hash-object', ...(write ? ['-w'] : []), '--stdin'], { ...at(repo), input: bytes })).trim();
}

/** lstat + git's id of each path (clean filters applied, as `git add` would store it). */
export async function readWorktreeStates(repo: RepoContext, paths: string[]): Promise<Map<string, WorktreeState>> {
  const states = new Map<string, WorktreeState>();
  const files: { path: string; mode: '100644' | '100755'; perm: number }[] = [];
  await Promise.all(
    paths.map(async (path) => {
      const abs = join(repo.top, path);
      let st;
      try {
        st = await lstat(abs);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return states.set(path, { kind: 'missing' });
        throw e;
      }
      if (st.isSymbolicLink()) {
        states.set(path, { kind: 'symlink', oid: await hashBytes(repo, await readlink(abs, { encoding: 'buffer' }), false) });
      } else if (st.isFile()) {
        files.push({ path, mode: st.mode & 0o100 ? '100755' : '100644', perm: st.mode & 0o7777 });
      } else {
        // A directory, or a fifo/socket: not a file git would store; never written over.
        states.set(path, { kind: 'dir' });
      }
      return undefined;
    }),
  );
  const oids = await hashFiles(repo, files.map((f) => f.path), { write: false, filters: true });
  files.forEach((f, i) => states.set(f.path, { kind: 'file', mode: f.mode, perm: f.perm, oid: oids[i]! }));
  return states;
}

/** The numbered backup refs under `prefix`, oldest first. */
export async function readBackupRefs(repo: RepoContext, prefix: string): Promise<RefRecord[]> {
  return parseBackupRefs(await git(['for-each-ref', '--format=%(objectname) %(refname)', prefix], at(repo)), prefix);
}

export async function readBackup(repo: RepoContext, rec: RefRecord): Promise<Backup> {
  const meta = parseBackupMessage(await git(['cat-file', 'commit', rec.commit], at(repo)));
  if ('error' in meta) {
    throw new TddError('ROLLBACK_BACKUP_UNREADABLE', `${rec.ref} is not a backup tdd rollback can read (${meta.error})`, 2, {
      hint: `look at it with \`git show --stat ${rec.ref}\`; once its content is safe, \`git update-ref -d ${rec.ref}\``,
    });
  }
  return { ...rec, meta };
}
