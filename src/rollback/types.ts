/** The data of `tdd rollback`: what each affected path was, is, and becomes. Pure types. */
import type { IndexEntry } from '../git/parse.js';
import type { FileKind } from '../types.js';

/** An index or tree entry: git's mode (`100644`, `100755`, `120000`) and object id. */
export type Entry = IndexEntry;

/**
 * A path in the working tree, as read by lstat. `oid` is the id git would store for it (clean
 * filters applied, so it compares with index and tree blobs); a symlink's blob is its target text.
 */
export type WorktreeState =
  { kind: 'missing' } | { kind: 'dir' } | { kind: 'file'; mode: '100644' | '100755'; perm: number; oid: string } | { kind: 'symlink'; oid: string };

/**
 * What the rollback does to a path, seen from the working tree: `restored` (the target's version
 * over another), `removed` (absent at the target), `recreated` (absent now, present at the target).
 */
export type RollbackAction = 'restored' | 'removed' | 'recreated';

export interface PlanEntry {
  path: string;
  action: RollbackAction;
  /** The target commit's entry; null when the path is absent there. */
  target: Entry | null;
  /** The index entry before the rollback; null when not in the index. */
  index: Entry | null;
  worktree: WorktreeState;
  /** Which of the two the rollback changes (an "index only" restore leaves the file's bytes). */
  changes: { index: boolean; worktree: boolean };
}

/** A path that differs from the target but that the rollback leaves as it is, and why. */
export interface KeptPath {
  path: string;
  /** `untracked`: not in the index (a new file of yours, or the next task's); `other-task`: not the active task's. */
  reason: Exclude<FileKind, 'impl'> | 'gitignored' | 'untracked' | 'other-task' | 'submodule';
}

/** A path the rollback cannot restore without losing something (a directory stands where the target has a file). */
export interface BlockedPath {
  path: string;
  reason: 'directory';
}

export interface RollbackPlan {
  entries: PlanEntry[];
  kept: KeptPath[];
  blocked: BlockedPath[];
}

/** A working-tree file as saved in the backup: exact bytes (no filters), its mode and permission bits. */
export interface SavedWorktree {
  mode: '100644' | '100755' | '120000';
  oid: string;
  /** Permission bits (`stat.mode & 0o7777`) of a regular file, restored by undo. */
  perm?: number;
}

export interface SavedPath {
  path: string;
  action: RollbackAction;
  target: Entry | null;
  /** The index entry before the rollback (stage 0), or null. */
  index: Entry | null;
  /** The index entry was `git add -N` (intent to add): undo makes it so again. */
  intentToAdd?: boolean;
  /** The file before the rollback, or null when there was none (missing, or a directory). */
  worktree: SavedWorktree | null;
  /** Which of the two the rollback changed (undo puts back the same sides). */
  changes: { index: boolean; worktree: boolean };
}

/** Stored in the backup commit's message: everything undo needs besides the objects. */
export interface BackupMeta {
  version: 1;
  /** What the saved state was overwritten with: a rollback, or a forced undo. */
  kind: 'rollback' | 'overwritten';
  target: string;
  head: string | null;
  /** The work tree it was made in: refs/tdd/ is shared by linked worktrees, the files are not. */
  worktree: string;
  at: string;
  paths: SavedPath[];
}

/** A backup ref and what its commit says. */
export interface Backup {
  ref: string;
  n: number;
  commit: string;
  meta: BackupMeta;
}
