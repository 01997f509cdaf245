/**
 * The writes, in the order that keeps a failure cheap: the index first (one atomic update-index;
 * if another git holds index.lock, nothing has changed yet), then removals, then files. Paths go
 * to git NUL-separated on stdin, never as arguments.
 */
import { chmod, lstat, mkdir, rmdir, symlink, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readObjects, type RepoContext } from '../git/queries.js';
import type { SavedWorktree } from './types.js';

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
