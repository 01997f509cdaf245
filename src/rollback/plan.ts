/**
 * Pure: which paths a rollback changes and how, and which paths an undo would overwrite. Inputs are
 * the target tree's entries, the index's stage-0 entries and lstat + hash of the working tree.
 */
import { inTask } from '../gates/task-scope.js';
import type { FileKind } from '../types.js';
import type { Entry, KeptPath, PlanEntry, RollbackAction, RollbackPlan, SavedPath, WorktreeState } from './types.js';

const GITLINK = '160000';

export interface PlanInput {
  /** Every path that may differ from the target (false positives are fine: they are compared here). */
  candidates: Iterable<string>;
  classify: (path: string) => FileKind;
  target: ReadonlyMap<string, Entry>;
  index: ReadonlyMap<string, Entry>;
  /** States of the candidates; a path not in the map is missing. */
  worktree: ReadonlyMap<string, WorktreeState>;
  /** Untracked candidates that .gitignore (or info/exclude) matches: never touched. */
  gitignored: ReadonlySet<string>;
  /** core.fileMode: whether the executable bit counts. */
  fileMode: boolean;
  /** The active task's declared files and tests, when the plan declares them: only those are touched. */
  task?: readonly string[];
}

export function isSameEntry(a: Entry | null, b: Entry | null): boolean {
  return a === null || b === null ? a === b : a.mode === b.mode && a.oid === b.oid;
}

/** Whether the working tree holds exactly `target` at this path (a directory counts as no file). */
export function isWorktreeAt(target: Entry | null, w: WorktreeState, fileMode: boolean): boolean {
  switch (w.kind) {
    case 'missing':
    case 'dir':
      return target === null;
    case 'symlink':
      return target !== null && target.mode === '120000' && target.oid === w.oid;
    case 'file':
      return target !== null && (target.mode === '100644' || target.mode === '100755') && target.oid === w.oid && (!fileMode || target.mode === w.mode);
  }
}

function actionFor(target: Entry | null, w: WorktreeState): RollbackAction {
  if (target === null) return 'removed';
  return w.kind === 'missing' || w.kind === 'dir' ? 'recreated' : 'restored';
}

/**
 * Tracked implementation paths (of the active task, when the plan declares its files) whose index
 * entry or file differs from the target become entries; other kinds (tests, support, manifests,
 * configured-ignored), submodules, untracked files and other tasks' files are kept as they are. A directory standing where the target has a file is also listed in
 * `blocked`: the rollback may go ahead only if it removes everything under it.
 */
export function planRollback(input: PlanInput): RollbackPlan {
  const plan: RollbackPlan = { entries: [], kept: [], blocked: [] };
  for (const path of [...new Set(input.candidates)].sort()) {
    const target = input.target.get(path) ?? null;
    const index = input.index.get(path) ?? null;
    const worktree = input.worktree.get(path) ?? { kind: 'missing' };
    const changes = { index: !isSameEntry(target, index), worktree: !isWorktreeAt(target, worktree, input.fileMode) };
    if (!changes.index && !changes.worktree) continue;
    const kind = input.classify(path);
    let kept: KeptPath['reason'] | undefined;
    // Submodules, and the file that configures them, belong to git submodule.
    if (target?.mode === GITLINK || index?.mode === GITLINK || path === '.gitmodules') kept = 'submodule';
    else if (kind !== 'impl') kept = kind;
    else if (index === null && input.gitignored.has(path)) kept = 'gitignored';
    // Only tracked files: an untracked one (the next task's new module, a scratch file) is yours.
    else if (index === null && (worktree.kind === 'file' || worktree.kind === 'symlink')) kept = 'untracked';
    else if (input.task && input.task.length > 0 && !inTask(input.task, path)) kept = 'other-task';
    if (kept) {
      plan.kept.push({ path, reason: kept });
      continue;
    }
    // A directory where the target has a file: fine only if the rollback empties it (see isClearedBy).
    if (target !== null && worktree.kind === 'dir') plan.blocked.push({ path, reason: 'directory' });
    plan.entries.push({ path, action: actionFor(target, worktree), target, index, worktree, changes });
  }
  return plan;
}

/** The inverse of a rollback action, as undo reports it. */
export function undoActionOf(action: RollbackAction): RollbackAction {
  return action === 'removed' ? 'recreated' : action === 'recreated' ? 'removed' : 'restored';
}

/**
 * Saved paths whose index entry or file is no longer what the rollback left (the target's):
 * putting the saved state back would overwrite work done since.
 */
export function findChangedSince(
  saved: readonly SavedPath[],
  index: ReadonlyMap<string, Entry>,
  worktree: ReadonlyMap<string, WorktreeState>,
  fileMode: boolean,
): string[] {
  return saved
    .filter((s) => {
      const w = worktree.get(s.path) ?? { kind: 'missing' as const };
      return !isSameEntry(s.target, index.get(s.path) ?? null) || !isWorktreeAt(s.target, w, fileMode);
    })
    .map((s) => s.path);
}

/**
 * Whether removing `removing` empties a directory: `under` lists what it holds (files, symlinks,
 * and empty directories with a trailing `/`, which nothing removes).
 */
export function isClearedBy(under: readonly string[], removing: ReadonlySet<string>): boolean {
  return under.every((p) => removing.has(p));
}

/** Files or symlinks the rollback keeps where a path it writes needs a directory (`src/lib` for `src/lib/x.js`). */
export function findFilesInTheWay(entries: readonly PlanEntry[], worktree: ReadonlyMap<string, WorktreeState>, removing: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const e of entries) {
    if (e.target === null) continue;
    for (let i = e.path.indexOf('/'); i > 0; i = e.path.indexOf('/', i + 1)) {
      const dir = e.path.slice(0, i);
      const kind = worktree.get(dir)?.kind;
      if ((kind === 'file' || kind === 'symlink') && !removing.has(dir)) found.add(dir);
    }
  }
  return [...found].sort();
}

/** Saved paths whose file undo must write where a directory now stands. */
export function findUndoBlocked(saved: readonly SavedPath[], worktree: ReadonlyMap<string, WorktreeState>): string[] {
  return saved.filter((s) => s.worktree !== null && worktree.get(s.path)?.kind === 'dir').map((s) => s.path);
}
