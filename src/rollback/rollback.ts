/**
 * `tdd rollback`: put the tracked implementation files (of the active task, when the plan declares
 * them) back as they were at the last green commit, after saving everything it overwrites.
 * read → plan → save → apply.
 */
import { TddError } from '../errors.js';
import type { RepoContext } from '../git/queries.js';
import { appendEvent } from '../state/store.js';
import type { State } from '../state/types.js';
import type { FileKind } from '../types.js';
import { readFileMode } from '../git/config.js';
import { checkoutFromIndex, readCandidates, readGitignored, readIndex, readIntentToAdd, refreshIndex, writeIndexEntries } from '../git/rollback.js';
import { removeFiles } from './apply.js';
import { dropBackup, writeBackup, writeWorktreeBlobs } from './backup.js';
import { assertNoOperation, assertNoUnmerged } from './guard.js';
import { ROLLBACK_REFS } from './meta.js';
import { findFilesInTheWay, isClearedBy, planRollback } from './plan.js';
import { readTreeAll } from './read.js';
import { readTarget, type Target } from './target.js';
import { readFilesUnder, readWorktreeStates } from './worktree.js';
import type { KeptPath, PlanEntry, SavedPath } from './types.js';

export interface RollbackOptions {
  /** A commit to roll back to instead of the last green one. */
  to?: string;
  dryRun: boolean;
  now: Date;
  /** The active task's declared files and tests (the plan's): other implementation files are left alone. */
  task?: readonly string[];
}

export interface RollbackOutcome {
  dryRun: boolean;
  target: Target;
  head: string | null;
  entries: PlanEntry[];
  kept: KeptPath[];
  /** The ref holding what was overwritten; null for a dry run or when nothing differed. */
  backup: { ref: string; n: number; commit: string } | null;
}

export async function runRollback(repo: RepoContext, state: State, classify: (path: string) => FileKind, opts: RollbackOptions): Promise<RollbackOutcome> {
  assertNoOperation(repo, 'tdd rollback');
  const target = await readTarget(repo, state, opts.to);
  const { plan, worktree } = await readPlan(repo, target, classify, opts.task);
  await assertNotBlocked(repo, target, plan, worktree);
  const outcome: RollbackOutcome = { dryRun: opts.dryRun, target, head: repo.head, entries: plan.entries, kept: plan.kept, backup: null };
  if (opts.dryRun || plan.entries.length === 0) return outcome;
  outcome.backup = await applyRollback(repo, target, plan, opts.now);
  return outcome;
}

/** What the target, the index and the working tree say: the plan (pure, rollback/plan.ts). */
async function readPlan(repo: RepoContext, target: Target, classify: (path: string) => FileKind, task: RollbackOptions['task']) {
  const [index, tree, candidates, fileMode] = await Promise.all([
    readIndex(repo),
    readTreeAll(repo, target.commit),
    readCandidates(repo, target.commit),
    readFileMode(repo),
  ]);
  assertNoUnmerged(index.unmerged, 'tdd rollback');
  const paths = [...new Set(candidates)];
  // Content matters for implementation files and for tracked ones (a stale stat is no change);
  // an untracked file of another kind is kept whatever it holds.
  const worktree = await readWorktreeStates(repo, paths, (p) => classify(p) === 'impl' || index.entries.has(p) || tree.has(p));
  const untrackedImpl = paths.filter((p) => !index.entries.has(p) && classify(p) === 'impl' && ['file', 'symlink'].includes(worktree.get(p)?.kind ?? ''));
  const gitignored = await readGitignored(repo, untrackedImpl);
  const plan = planRollback({ candidates: paths, classify, target: tree, index: index.entries, worktree, gitignored, fileMode, ...(task ? { task } : {}) });
  return { plan, worktree };
}

type Plan = ReturnType<typeof planRollback>;

/** Nothing is changed when a directory or a file the rollback leaves stands in the target's way. */
async function assertNotBlocked(repo: RepoContext, target: Target, plan: Plan, worktree: Awaited<ReturnType<typeof readWorktreeStates>>): Promise<void> {
  const removing = new Set(plan.entries.filter((e) => e.target === null && e.changes.worktree).map((e) => e.path));
  const stuck: string[] = [];
  for (const b of plan.blocked) if (!isClearedBy(await readFilesUnder(repo.top, b.path), removing)) stuck.push(b.path);
  if (stuck.length > 0) {
    throw new TddError('ROLLBACK_BLOCKED', `a directory stands where ${target.commit.slice(0, 12)} has a file: ${stuck.join(', ')}; nothing was changed`, 2, {
      hint: 'move that directory away (it holds files tdd rollback does not remove), then run tdd rollback again',
      data: { paths: stuck },
    });
  }
  // A file it leaves (untracked, another task's) where the target needs a directory.
  const inTheWay = findFilesInTheWay(plan.entries, worktree, removing);
  if (inTheWay.length > 0) {
    throw new TddError(
      'ROLLBACK_BLOCKED',
      `a file tdd rollback leaves alone stands where ${target.commit.slice(0, 12)} has a directory: ${inTheWay.join(', ')}; nothing was changed`,
      2,
      {
        hint: 'move that file away (or commit it), then run tdd rollback again',
        data: { paths: inTheWay },
      },
    );
  }
}

/** Save, then the index, then the working tree; the backup that `tdd rollback --undo` restores. */
async function applyRollback(repo: RepoContext, target: Target, plan: Plan, now: Date): Promise<NonNullable<RollbackOutcome['backup']>> {
  // 1. Save: nothing is written to the index or the working tree before the backup ref exists.
  const intentToAdd = await readIntentToAdd(repo);
  const files = await writeWorktreeBlobs(
    repo,
    plan.entries.map((e) => ({ path: e.path, state: e.worktree })),
  );
  const saved: SavedPath[] = plan.entries.map((e) => ({
    path: e.path,
    action: e.action,
    target: e.target,
    index: e.index,
    ...(intentToAdd.has(e.path) ? { intentToAdd: true } : {}),
    worktree: files.get(e.path) ?? null,
    changes: e.changes,
  }));
  const backup = await writeBackup(repo, ROLLBACK_REFS, {
    version: 1,
    kind: 'rollback',
    target: target.commit,
    head: repo.head,
    worktree: repo.top,
    at: now.toISOString(),
    paths: saved,
  });

  // 2. The index, in one atomic step: if it fails (index.lock), nothing changed and the backup goes.
  try {
    await writeIndexEntries(
      repo,
      plan.entries.filter((e) => e.changes.index).map((e) => ({ path: e.path, entry: e.target })),
    );
  } catch (e) {
    await dropBackup(repo, backup.ref, backup.commit).catch(() => {});
    throw new TddError('ROLLBACK_FAILED', `could not update the index; nothing was changed: ${(e as Error).message}`, 3, {
      hint: 'if another git command is running (index.lock), wait for it and run tdd rollback again',
      cause: e,
    });
  }
  // 3. The working tree: removals first (a file may stand where the target has a directory).
  try {
    await removeFiles(
      repo.top,
      plan.entries.filter((e) => e.target === null && e.changes.worktree).map((e) => e.path),
    );
    await checkoutFromIndex(
      repo,
      plan.entries.filter((e) => e.target !== null && e.changes.worktree).map((e) => e.path),
    );
    await refreshIndex(repo);
  } catch (e) {
    throw new TddError('ROLLBACK_INCOMPLETE', `the rollback stopped half-way: ${(e as Error).message}`, 3, {
      hint: `everything it overwrote is saved in ${backup.ref}: \`tdd rollback --undo --force\` puts it all back`,
      cause: e,
      data: { backup: backup.ref },
    });
  }
  await appendEvent(repo.stateDir, {
    event: 'rollback',
    target: target.commit,
    backup: backup.ref,
    commit: backup.commit,
    paths: plan.entries.map((e) => ({ path: e.path, action: e.action })),
  }).catch(() => {});
  return backup;
}
