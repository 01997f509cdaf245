/** What rollback and undo read from git: the index, a tree, what differs, the backups. No writes. */
import { TddError } from '../errors.js';
import { execGit, git } from '../git/exec.js';
import type { RepoContext } from '../git/queries.js';
import { parseLsTree, parseNulList, parseRawDiff } from '../git/parse.js';
import { parseBackupMessage, parseBackupRefs, parseLsFilesStage, type RefRecord } from './meta.js';
import type { Backup, Entry } from './types.js';

const at = (repo: RepoContext) => ({ cwd: repo.top, baseEnv: repo.env });

/** core.fileMode (default true): whether the executable bit counts. */
export async function readFileMode(repo: RepoContext): Promise<boolean> {
  const r = await execGit(['config', '--bool', '--get', 'core.fileMode'], { ...at(repo), okCodes: [1] });
  return r.stdout.trim() !== 'false';
}

/** Stage-0 index entries and unmerged paths of the index git names. */
export async function readIndex(repo: RepoContext): Promise<{ entries: Map<string, Entry>; unmerged: string[] }> {
  return parseLsFilesStage(await git(['ls-files', '-s', '-z', '--full-name'], at(repo)));
}

/**
 * Intent-to-add entries (`git add -N`) whose file exists: diff-files reports them as added, which
 * it never does for an ordinary entry. (`ls-files -s` shows them as the empty blob.)
 */
export async function readIntentToAdd(repo: RepoContext): Promise<Set<string>> {
  const out = await git(['diff-files', '--raw', '-z', '--no-renames', '--no-ext-diff', '--diff-filter=A', '--ignore-submodules=none'], at(repo));
  return new Set(parseRawDiff(out).map((e) => e.path));
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
  return [...parseRawDiff(cached).map((e) => e.path), ...parseRawDiff(worktree).map((e) => e.path), ...parseNulList(untracked).filter((p) => !p.endsWith('/'))];
}

/** Untracked paths that .gitignore, info/exclude or core.excludesFile match. */
export async function readGitignored(repo: RepoContext, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const r = await execGit(['check-ignore', '-z', '--stdin'], { ...at(repo), input: paths.join('\0') + '\0', okCodes: [1] });
  return new Set(parseNulList(r.stdout));
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
