/**
 * The state follows the history (pure; DESIGN §5). Every record names the commit it came from and
 * is valid only while that commit is an ancestor of HEAD. When HEAD moved outside the hooks, the
 * commits between the state's HEAD and the new one say what changed:
 *
 *   left — reachable from the old HEAD only (a reset, a rebase, an amend, the branch switched from);
 *   came — reachable from the new HEAD only (the branch switched to, rebased or cherry-picked commits).
 *
 * Records whose commit left are dropped (a GREEN that left reopens its RED). The phase follows the
 * newest TDD commit that came (as a rebuild from trailers would say it); with none, it goes back to
 * before the oldest TDD commit that left (a reset of a RED is back in red, on the same task).
 */
import { nextPhase, taskKey } from './machine.js';
import type { CommitTrailers } from './trailers.js';
import type { Dropped, Followed, State } from './types.js';

/** Both sides of the move, newest first (`git log --left-right old...new`). */
export interface HistoryMove {
  from: string | null;
  to: string;
  left: CommitTrailers[];
  came: CommitTrailers[];
}

/**
 * The state at `move.to`, and the task whose open RED record must be found again from this
 * branch's trailers (`refind`: its record left, or TDD commits came), or undefined.
 */
export function followHistory(state: State, move: HistoryMove, now: Date): { state: State; refind?: string | null } {
  const next: State = structuredClone(state);
  next.head = move.to;
  const gone = new Set(move.left.map((c) => c.commit));
  const dropped: Dropped[] = [];
  for (const [key, record] of Object.entries(next.red)) {
    const task = key === '' ? null : key;
    if (gone.has(record.commit)) {
      dropped.push({ record: 'red', task, commit: record.commit });
      delete next.red[key];
    } else if (record.greenCommit && gone.has(record.greenCommit)) {
      dropped.push({ record: 'green', task, commit: record.greenCommit });
      delete record.greenCommit;
    }
  }
  if (next.lastGreen && gone.has(next.lastGreen.commit)) {
    dropped.push({ record: 'last-green', task: next.lastGreen.task, commit: next.lastGreen.commit });
    next.lastGreen = null;
  }
  // An `off` commit is one commit: the phase it interrupted comes back, and the records stay (state/machine.ts).
  const came = move.came.find((c) => c.phase && c.phase !== 'off');
  const offOnly = !came && move.came.some((c) => c.phase === 'off');
  const left = move.left.filter((c) => c.phase).at(-1);
  const phase = came ? phaseAfter(came) : offOnly ? resumedAfterOff(state, move.to) : left ? phaseBefore(left) : undefined;
  if (dropped.length === 0 && !phase) return { state: next };
  const followed: Followed = { at: now.toISOString(), from: move.from, to: move.to, dropped };
  if (phase) {
    followed.phase = { from: state.phase, to: phase.phase, task: phase.task, commit: phase.commit };
    next.phase = phase.phase;
    next.task = phase.task;
    next.regression = phase.regression;
    next.reason = phase.reason;
    next.since = now.toISOString();
  }
  next.followed = followed;
  const key = taskKey(next.task);
  const lost = dropped.some((d) => d.record === 'red' && taskKey(d.task) === key);
  return { state: next, ...(came || lost ? { refind: next.task } : {}) };
}

interface FollowedPhase {
  phase: State['phase'];
  task: string | null;
  regression: boolean;
  reason: string;
  commit: string;
}

/** After a TDD commit of this branch: the phase it advanced to (an `off` commit leaves none declared). */
function phaseAfter(c: CommitTrailers): FollowedPhase {
  const phase = c.phase === 'off' ? null : nextPhase(c.phase!, c.regression);
  return { phase, task: c.task ?? null, regression: false, reason: `followed the history: after ${c.phase} commit ${c.commit.slice(0, 12)}`, commit: c.commit };
}

/** After off commits only: the phase they interrupted (the one declared now, or the one `tdd phase off` set aside). */
function resumedAfterOff(state: State, at: string): FollowedPhase | undefined {
  if (state.phase !== 'off') return undefined;
  const reason = `followed the history: back after off commit ${at.slice(0, 12)}`;
  return { phase: state.resume?.phase ?? null, task: state.resume ? state.resume.task : state.task, regression: false, reason, commit: at };
}

/** Before a TDD commit that left the history: the phase it was committed in, declared again. */
function phaseBefore(c: CommitTrailers): FollowedPhase {
  const reason = `followed the history: ${c.phase} commit ${c.commit.slice(0, 12)} left it, back to ${c.phase}`;
  return { phase: c.phase!, task: c.task ?? null, regression: c.phase === 'red' && c.regression, reason, commit: c.commit };
}
