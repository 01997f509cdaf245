/**
 * Saving what is about to be overwritten, before anything is: blobs of the exact working-tree
 * bytes, two trees built in a private index (the user's index is only read), two commits and a
 * numbered ref under refs/tdd/, created only if it does not exist yet.
 */
import { lstat, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { TddError } from '../errors.js';
import { isEmptyBlob } from '../git/ids.js';
import type { RepoContext } from '../git/queries.js';
import { commitTree, createRef, deleteRef, hashBytes, hashFiles, readBackupRefs, writeTreeOf } from '../git/rollback.js';
import { formatBackupMessage } from './meta.js';
import type { BackupMeta, Entry, SavedWorktree, WorktreeState } from './types.js';

/** Backups are private objects: a fixed identity, never signed, whatever the user's config says. */
const IDENTITY = {
  GIT_AUTHOR_NAME: 'tdd-hooks',
  GIT_AUTHOR_EMAIL: 'tdd-hooks@localhost',
  GIT_COMMITTER_NAME: 'tdd-hooks',
  GIT_COMMITTER_EMAIL: 'tdd-hooks@localhost',
};

/**
 * Writes the blobs of these files as they are now, without filters (undo writes them back byte
 * for byte). A file that is gone or became a directory since it was read is saved as absent.
 */
export async function writeWorktreeBlobs(repo: RepoContext, paths: { path: string; state: WorktreeState }[]): Promise<Map<string, SavedWorktree | null>> {
  const saved = new Map<string, SavedWorktree | null>();
  const files: { path: string; mode: '100644' | '100755'; perm: number }[] = [];
  for (const { path, state } of paths) {
    if (state.kind === 'missing' || state.kind === 'dir') {
      saved.set(path, null);
      continue;
    }
    // Read again: what is saved must be what is there now, mode included.
    const abs = join(repo.top, path);
    const st = await lstat(abs).catch(() => null);
    if (st?.isSymbolicLink()) saved.set(path, { mode: '120000', oid: await hashBytes(repo, await readlink(abs, { encoding: 'buffer' }), true) });
    else if (st?.isFile()) files.push({ path, mode: st.mode & 0o100 ? '100755' : '100644', perm: st.mode & 0o7777 });
    else saved.set(path, null);
  }
  const oids = await hashFiles(
    repo,
    files.map((f) => f.path),
    { write: true, filters: false },
  );
  files.forEach((f, i) => saved.set(f.path, { mode: f.mode, oid: oids[i]!, perm: f.perm }));
  return saved;
}

/** A tree holding exactly these entries. */
async function writeTree(repo: RepoContext, entries: { path: string; entry: Entry }[]): Promise<string> {
  // An intent-to-add entry names the empty blob, which need not exist yet.
  if (entries.some((e) => isEmptyBlob(e.entry.oid))) await hashBytes(repo, Buffer.alloc(0), true);
  return writeTreeOf(repo, entries);
}

/**
 * The backup commit: its tree holds the saved files, its parent's tree the saved index entries (the
 * parent's parent is HEAD, for context), its message the meta record. Pointed at by `<prefix><n>`
 * with n one past the highest; creation fails rather than move an existing ref.
 */
export async function writeBackup(repo: RepoContext, prefix: string, meta: BackupMeta): Promise<{ ref: string; n: number; commit: string }> {
  const indexTree = await writeTree(
    repo,
    meta.paths.flatMap((p) => (p.index ? [{ path: p.path, entry: p.index }] : [])),
  );
  const worktreeTree = await writeTree(
    repo,
    meta.paths.flatMap((p) => (p.worktree ? [{ path: p.path, entry: p.worktree }] : [])),
  );
  const existing = await readBackupRefs(repo, prefix);
  const n = (existing.at(-1)?.n ?? 0) + 1;
  const ref = `${prefix}${n}`;
  const indexCommit = await commitTree(repo, indexTree, meta.head ? [meta.head] : [], `${ref}: index entries of the saved paths\n`, IDENTITY);
  const commit = await commitTree(repo, worktreeTree, [indexCommit], formatBackupMessage(meta, n), IDENTITY);
  // The empty old value: the ref must not exist (two rollbacks at once cannot share a number).
  await createRef(repo, ref, commit, `tdd rollback: ${meta.kind}`);
  return { ref, n, commit };
}

/** Deletes a backup ref if it still points at `commit`. */
export async function dropBackup(repo: RepoContext, ref: string, commit: string): Promise<void> {
  const r = await deleteRef(repo, ref, commit);
  if (!r.deleted) {
    throw new TddError('ROLLBACK_REF_MOVED', `could not drop ${ref}: ${r.reason}`, 3, {
      hint: `the files are back; look at \`git show --stat ${ref}\` and drop it with \`git update-ref -d ${ref}\` when it is no longer needed`,
    });
  }
}
