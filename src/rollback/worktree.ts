/** The working tree as git would store it: lstat, then ids computed by git hash-object (src/git/rollback.ts). Reads only. */
import { lstat, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { RepoContext } from '../git/queries.js';
import { hashBytes, hashFiles } from '../git/rollback.js';
import type { WorktreeState } from './types.js';

/**
 * lstat + git's id of each path (clean filters applied, as `git add` would store it). Paths for
 * which `needsId` says no are only lstat'ed (oid ''): untracked files that are never touched need
 * not be read, however big.
 */
export async function readWorktreeStates(
  repo: RepoContext,
  paths: string[],
  needsId: (path: string) => boolean = () => true,
): Promise<Map<string, WorktreeState>> {
  const states = new Map<string, WorktreeState>();
  const files: { path: string; mode: '100644' | '100755'; perm: number }[] = [];
  const links: string[] = [];
  await Promise.all(
    paths.map(async (path) => {
      let st;
      try {
        st = await lstat(join(repo.top, path));
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return states.set(path, { kind: 'missing' });
        throw e;
      }
      const mode = st.mode & 0o100 ? '100755' : '100644';
      if (!needsId(path))
        states.set(
          path,
          st.isSymbolicLink() ? { kind: 'symlink', oid: '' } : st.isFile() ? { kind: 'file', mode, perm: st.mode & 0o7777, oid: '' } : { kind: 'dir' },
        );
      else if (st.isSymbolicLink()) links.push(path);
      else if (st.isFile()) files.push({ path, mode, perm: st.mode & 0o7777 });
      // A directory, or a fifo/socket: not a file git would store; never written over.
      else states.set(path, { kind: 'dir' });
      return undefined;
    }),
  );
  for (const path of links)
    states.set(path, { kind: 'symlink', oid: await hashBytes(repo, await readlink(join(repo.top, path), { encoding: 'buffer' }), false) });
  const oids = await hashFiles(
    repo,
    files.map((f) => f.path),
    { write: false, filters: true },
  );
  files.forEach((f, i) => states.set(f.path, { kind: 'file', mode: f.mode, perm: f.perm, oid: oids[i]! }));
  return states;
}

/** What a directory of the work tree holds, top-relative: files and symlinks, and empty directories as `dir/`. */
export async function readFilesUnder(top: string, dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    const entries = await readdir(join(top, rel), { withFileTypes: true });
    if (entries.length === 0) out.push(`${rel}/`);
    for (const e of entries) {
      const path = `${rel}/${e.name}`;
      if (e.isDirectory()) await walk(path);
      else out.push(path);
    }
  };
  await walk(dir);
  return out;
}
