/**
 * What `tdd stage` does to each path, decided from facts read beforehand. Pure. Two promises:
 * the index it builds is one the phase's gates accept (RED holds no implementation; GREEN and
 * REFACTOR change no test), and no staged version is ever lost — a file whose staged content is
 * only in the index (`git add -p`, then more edits) is kept as staged when it belongs to the task,
 * and named, with nothing changed, when it would have to be unstaged.
 */
import { inTask } from '../gates/task-scope.js';
import type { FileKind, Phase } from '../types.js';

export interface StagePath {
  path: string;
  kind: FileKind;
  /** The index differs from HEAD. */
  staged: boolean;
  /** The working tree differs from the index (an untracked file, a deletion on disk). */
  dirty: boolean;
  /** The staged version is nowhere else: staged, then changed on disk (not an intent-to-add entry). */
  indexOnly: boolean;
  /** Not in HEAD, and empty on disk: a new module a RED test may need to exist. */
  newEmpty?: boolean;
  /** A snapshot file of a declared test that, as it is on disk, only adds entries to HEAD's. */
  snapshotAdds?: boolean;
}

export interface StageInput {
  phase: Phase | null;
  /** The task's declared files and tests (folders cover what is below them). */
  declared: string[];
  /** Paths left as they are whatever the task (the plan, the configuration). */
  always: ReadonlySet<string>;
  paths: StagePath[];
}

/** Why a path of the task is not staged: RED holds no implementation; GREEN and REFACTOR change no test. */
export type HoldReason = 'red-impl' | 'frozen';

export interface StagePlan {
  add: string[];
  /** In the task and staged already, as on disk: nothing to do. */
  already: string[];
  unstage: string[];
  /** In the task and staged by hand with later edits on disk: the staged version is kept. */
  kept: string[];
  /** In the task, changed on disk, not staged: the phase's gates would refuse them. */
  held: { path: string; reason: HoldReason }[];
  /** Staged versions that only the index holds and that would have to be unstaged: nothing is done. */
  refused: { path: string; reason: HoldReason | 'outside-task' }[];
}

function holdReason(phase: Phase | null, p: StagePath): HoldReason | null {
  if (phase === 'red') return p.kind === 'impl' && !p.newEmpty ? 'red-impl' : null;
  if (phase === 'green' || phase === 'refactor') return (p.kind === 'test' || p.kind === 'support') && !p.snapshotAdds ? 'frozen' : null;
  return null;
}

export function planStage(input: StageInput): StagePlan {
  const plan: StagePlan = { add: [], already: [], unstage: [], kept: [], held: [], refused: [] };
  for (const p of [...input.paths].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    if (!inTask(input.declared, p.path)) {
      if (p.kind === 'ignored' || input.always.has(p.path) || !p.staged) continue;
      if (p.indexOnly) plan.refused.push({ path: p.path, reason: 'outside-task' });
      else plan.unstage.push(p.path);
      continue;
    }
    const hold = holdReason(input.phase, p);
    if (hold) {
      if (p.staged && p.indexOnly) plan.refused.push({ path: p.path, reason: hold });
      else if (p.staged) plan.unstage.push(p.path);
      else if (p.dirty) plan.held.push({ path: p.path, reason: hold });
      continue;
    }
    if (!p.dirty) {
      if (p.staged) plan.already.push(p.path);
      continue;
    }
    if (p.indexOnly) plan.kept.push(p.path);
    else plan.add.push(p.path);
  }
  return plan;
}
