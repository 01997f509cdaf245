/**
 * `tdd rollback --undo`: put back exactly what the newest rollback saved (index entries, file bytes,
 * modes; files it restored that did not exist before are removed), then drop its ref. Refused when
 * a saved path changed since the rollback, unless forced — and then what it overwrites is saved too.
 */
import { TddError } from '../errors.js';
import type { RepoContext } from '../git/queries.js';
import { appendEvent } from '../state/store.js';
import { readFileMode } from '../git/config.js';
import { readBackupRefs, readIndex, refreshIndex, writeIndexEntries, writeIntentToAdd } from '../git/rollback.js';
import { removeFiles, writeSavedFiles } from './apply.js';
import { dropBackup, writeBackup, writeWorktreeBlobs } from './backup.js';
import { assertNoOperation, assertNoUnmerged } from './guard.js';
import { OVERWRITTEN_REFS, ROLLBACK_REFS } from './meta.js';
import { findChangedSince, findUndoBlocked, isClearedBy, isSameEntry, undoActionOf } from './plan.js';
import { readBackup } from './read.js';
import { readFilesUnder, readWorktreeStates } from './worktree.js';
import type { Backup, RollbackAction, SavedPath } from './types.js';

export interface UndoOptions {
  force: boolean;
  dryRun: boolean;
  now: Date;
}

export interface UndoOutcome {
  dryRun: boolean;
  backup: Backup;
  paths: { path: string; action: RollbackAction; changes: SavedPath['changes'] }[];
  /** Paths changed since the rollback (overwritten only with --force). */
  changed: string[];
  /** Where a forced undo saved what it overwrote. */
  overwritten: { ref: string; n: number; commit: string } | null;
  /** HEAD when the rollback ran, if it has moved since. */
  headWas: string | null;
  /** Older backups, still undoable in order. */
  remaining: string[];
}

export async function runUndo(repo: RepoContext, opts: UndoOptions): Promise<UndoOutcome> {
  assertNoOperation(repo, 'tdd rollback --undo');
  const { refs, backup } = await readNewestBackup(repo);
  const saved = backup.meta.paths;
  const [index, worktree, fileMode] = await Promise.all([
    readIndex(repo),
    readWorktreeStates(
      repo,
      saved.map((s) => s.path),
    ),
    readFileMode(repo),
  ]);
  assertNoUnmerged(index.unmerged, 'tdd rollback --undo');
  const changed = findChangedSince(saved, index.entries, worktree, fileMode);
  if (changed.length > 0 && !opts.force) {
    throw new TddError('ROLLBACK_UNDO_CHANGED', `undo would overwrite changes made since the rollback to: ${changed.join(', ')}; nothing was changed`, 2, {
      hint: `commit or copy those changes first, or \`tdd rollback --undo --force\` (it saves what it overwrites under ${OVERWRITTEN_REFS})`,
      data: { paths: changed, backup: backup.ref },
    });
  }
  const changedSet = new Set(changed);
  const touchesFile = (s: SavedPath) => s.changes.worktree || changedSet.has(s.path);
  const removing = new Set(saved.filter((s) => s.worktree === null && touchesFile(s)).map((s) => s.path));
  const blocked: string[] = [];
  for (const path of findUndoBlocked(saved, worktree)) if (!isClearedBy(await readFilesUnder(repo.top, path), removing)) blocked.push(path);
  if (blocked.length > 0) {
    throw new TddError('ROLLBACK_BLOCKED', `a directory now stands where ${backup.ref} has a file: ${blocked.join(', ')}; nothing was changed`, 2, {
      hint: 'move that directory away, then run tdd rollback --undo again',
      data: { paths: blocked },
    });
  }
  const outcome: UndoOutcome = {
    dryRun: opts.dryRun,
    backup,
    paths: saved.map((s) => ({ path: s.path, action: undoActionOf(s.action), changes: s.changes })),
    changed,
    overwritten: null,
    headWas: backup.meta.head !== repo.head ? backup.meta.head : null,
    remaining: refs
      .slice(0, -1)
      .map((r) => r.ref)
      .reverse(),
  };
  if (opts.dryRun) return outcome;

  // Forced: work done since the rollback is saved the same way before it is overwritten.
  if (changed.length > 0) outcome.overwritten = await saveOverwritten(repo, backup, changed, { index, worktree }, opts.now);
  await restoreSaved(repo, backup, index, touchesFile);
  await dropBackup(repo, backup.ref, backup.commit);
  await appendEvent(repo.stateDir, {
    event: 'rollback-undo',
    backup: backup.ref,
    commit: backup.commit,
    forced: changed.length > 0,
    overwritten: outcome.overwritten?.ref ?? null,
  }).catch(() => {});
  return outcome;
}

/** The newest rollback backup, made in this work tree. */
async function readNewestBackup(repo: RepoContext): Promise<{ refs: Awaited<ReturnType<typeof readBackupRefs>>; backup: Backup }> {
  const refs = await readBackupRefs(repo, ROLLBACK_REFS);
  const latest = refs.at(-1);
  if (!latest) {
    throw new TddError('ROLLBACK_NOTHING_TO_UNDO', `nothing to undo: no backup under ${ROLLBACK_REFS}`, 2, {
      hint: 'tdd rollback saves one each time it changes files; `tdd rollback --list` shows them',
    });
  }
  const backup = await readBackup(repo, latest);
  if (backup.meta.worktree !== repo.top) {
    throw new TddError(
      'ROLLBACK_OTHER_WORKTREE',
      `the newest backup, ${backup.ref}, was made in another work tree (${backup.meta.worktree}); nothing was changed`,
      2,
      {
        hint: `run tdd rollback --undo in ${backup.meta.worktree} (backups under refs/tdd/ are shared by linked worktrees)`,
        data: { backup: backup.ref, worktree: backup.meta.worktree },
      },
    );
  }
  return { refs, backup };
}

/** What a forced undo overwrites, saved under OVERWRITTEN_REFS first. */
async function saveOverwritten(
  repo: RepoContext,
  backup: Backup,
  changed: string[],
  now: { index: Awaited<ReturnType<typeof readIndex>>; worktree: Awaited<ReturnType<typeof readWorktreeStates>> },
  at: Date,
): Promise<UndoOutcome['overwritten']> {
  const states = changed.map((path) => ({ path, state: now.worktree.get(path) ?? { kind: 'missing' as const } }));
  const files = await writeWorktreeBlobs(repo, states);
  const paths: SavedPath[] = backup.meta.paths
    .filter((s) => changed.includes(s.path))
    .map((s) => ({
      path: s.path,
      action: 'restored',
      target: s.index,
      index: now.index.entries.get(s.path) ?? null,
      worktree: files.get(s.path) ?? null,
      changes: { index: true, worktree: true },
    }));
  return writeBackup(repo, OVERWRITTEN_REFS, {
    version: 1,
    kind: 'overwritten',
    target: backup.commit,
    head: repo.head,
    worktree: repo.top,
    at: at.toISOString(),
    paths,
  });
}

/** The backup's index entries, then its files: the index first, so a failure there changes nothing. */
async function restoreSaved(
  repo: RepoContext,
  backup: Backup,
  index: Awaited<ReturnType<typeof readIndex>>,
  touchesFile: (s: SavedPath) => boolean,
): Promise<void> {
  const saved = backup.meta.paths;
  try {
    // An intent-to-add entry is removed here and added back with `git add -N` once its file exists.
    const indexRecords = saved.filter((s) => s.intentToAdd || !isSameEntry(s.index, index.entries.get(s.path) ?? null));
    await writeIndexEntries(
      repo,
      indexRecords.map((s) => ({ path: s.path, entry: s.intentToAdd && s.worktree ? null : s.index })),
    );
  } catch (e) {
    throw new TddError('ROLLBACK_FAILED', `could not update the index; nothing was changed: ${(e as Error).message}`, 3, {
      hint: 'if another git command is running (index.lock), wait for it and run tdd rollback --undo again',
      cause: e,
    });
  }
  try {
    await removeFiles(
      repo.top,
      saved.filter((s) => s.worktree === null && touchesFile(s)).map((s) => s.path),
    );
    await writeSavedFiles(
      repo,
      saved.flatMap((s) => (s.worktree && touchesFile(s) ? [{ path: s.path, saved: s.worktree }] : [])),
    );
    await writeIntentToAdd(
      repo,
      saved.filter((s) => s.intentToAdd && s.worktree).map((s) => s.path),
    );
    await refreshIndex(repo);
  } catch (e) {
    throw new TddError('ROLLBACK_INCOMPLETE', `the undo stopped half-way: ${(e as Error).message}`, 3, {
      hint: `${backup.ref} is kept: \`tdd rollback --undo --force\` finishes it`,
      cause: e,
    });
  }
}
