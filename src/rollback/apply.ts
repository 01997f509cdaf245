/**
 * The writes, in the order that keeps a failure cheap: the index first (one atomic update-index;
 * if another git holds index.lock, nothing has changed yet), then removals, then files. Paths go
 * to git NUL-separated on stdin, never as arguments.
 */
import { chmod, lstat, mkdir, rmdir, symlink, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { execGit, git } from '../git/exec.js';
import { NULL_OID } from '../git/ids.js';
import { readObjects, type RepoContext } from '../git/queries.js';
import type { Entry, SavedWorktree } from './types.js';

/** Sets (or, for null, removes) the index entries of these paths. */
export async function writeIndexEntries(repo: RepoContext, records: { path: string; entry: Entry | null }[]): Promise<void> {
  if (records.length === 0) return;
  const input = records.map((r) => (r.entry ? `${r.entry.mode} ${r.entry.oid}\t${r.path}\0` : `0 ${NULL_OID}\t${r.path}\0`)).join('');
  await git(['update-index', '-z', '--index-info'], { cwd: repo.top, baseEnv: repo.env, input });
}

/** Writes the index's version of these paths to the working tree (filters, modes, symlinks as git does). */
export async function checkoutFromIndex(repo: RepoContext, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await git(['checkout-index', '-f', '-u', '-z', '--stdin'], { cwd: repo.top, baseEnv: repo.env, input: paths.join('\0') + '\0' });
}

/** `git add -N` again for entries that were intent-to-add (update-index cannot set that flag). */
export async function writeIntentToAdd(repo: RepoContext, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await git(['add', '--intent-to-add', '--force', '--pathspec-from-file=-', '--pathspec-file-nul'], {
    cwd: repo.top,
    baseEnv: { ...repo.env, GIT_LITERAL_PATHSPECS: '1' },
    input: paths.join('\0') + '\0',
  });
}

/** Stat data for entries set by update-index, so `git diff-files` agrees with `git status`. */
export async function refreshIndex(repo: RepoContext): Promise<void> {
  await execGit(['update-index', '-q', '--refresh'], { cwd: repo.top, baseEnv: repo.env, okCodes: [1] });
}

/** Removes the file or symlink at each path (never a directory), then the directories it leaves empty. */
export async function removeFiles(top: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    const abs = join(top, path);
    const st = await lstat(abs).catch(() => null);
    if (!st || st.isDirectory()) continue;
    await unlink(abs);
    for (let dir = dirname(path); dir !== '.' && dir !== '/' && dir !== ''; dir = dirname(dir)) {
      try {
        await rmdir(join(top, dir));
      } catch {
        break; // not empty: stop climbing
      }
    }
  }
}

/** Writes saved files back exactly: bytes from their blobs, permission bits, symlink targets. */
export async function writeSavedFiles(repo: RepoContext, files: { path: string; saved: SavedWorktree }[]): Promise<void> {
  if (files.length === 0) return;
  const blobs = await readObjects(
    repo,
    files.map((f) => f.saved.oid),
  );
  for (const [i, { path, saved }] of files.entries()) {
    const bytes = blobs[i];
    if (!bytes) throw new Error(`the saved blob ${saved.oid} of ${path} is missing`);
    const abs = join(repo.top, path);
    await mkdir(dirname(abs), { recursive: true });
    const st = await lstat(abs).catch(() => null);
    if (st && (st.isSymbolicLink() || saved.mode === '120000')) await unlink(abs);
    if (saved.mode === '120000') {
      await symlink(bytes, abs);
      continue;
    }
    const perm = saved.perm ?? (saved.mode === '100755' ? 0o755 : 0o644);
    await writeFile(abs, bytes, { mode: perm });
    // writeFile keeps an existing file's mode and a new one gets the umask: set it either way.
    await chmod(abs, perm);
  }
}
