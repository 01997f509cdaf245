/**
 * Attempt arithmetic: record one tester (red) or builder (green) dispatch against the task's
 * ceiling and its time budget. Pure: the clock is passed in, the ledger is never mutated.
 *
 * Ceiling semantics: the ceiling is the number of dispatches allowed. The orchestrator records an
 * attempt BEFORE each dispatch, so with `green: 3` attempts 1, 2 and 3 are accepted (3/3 is the
 * last one) and attempt 4 is refused. A refused attempt is not recorded: the ledger keeps 3/3,
 * and every further call is refused the same way until `tdd attempt reset`.
 *
 * Budget semantics: the clock starts at the first accepted non-batch attempt (batch attempts
 * count toward the ceiling but leave it unstarted: waiting behind wave siblings is not work).
 * Once more than `perTaskMinutes` have passed since then, every attempt is refused, batch or not.
 * Exactly `perTaskMinutes` is still within the budget.
 */
import { emptyTask, taskOf, type AttemptLedger, type AttemptPhase, type TaskAttempts } from './ledger.js';
import type { AttemptLimits } from './limits.js';

export * from './ledger.js';

/** Why an attempt was refused; both may apply at once. */
export type AttemptRefusal = 'ATTEMPT_CEILING' | 'TIME_BUDGET_EXCEEDED';

export interface AttemptVerdict {
  task: string;
  phase: AttemptPhase;
  batch: boolean;
  accepted: boolean;
  /** Empty when accepted. */
  refusals: AttemptRefusal[];
  /** This phase's count after the call (unchanged when refused). */
  count: number;
  ceiling: number;
  /** Dispatches left in this phase after this one. */
  remaining: number;
  /** This attempt started the task's clock. */
  startedClock: boolean;
  startedAt: string | null;
  /** Since the clock started; 0 while it has not. */
  elapsedMs: number;
  budgetMs: number;
}

export interface RecordOptions {
  batch: boolean;
  now: Date;
}

export const budgetMs = (limits: AttemptLimits): number => Math.round(limits.perTaskMinutes * 60_000);

/** Milliseconds on the task's clock at `now` (0 before it starts; never negative if clocks disagree). */
export function elapsedMs(task: TaskAttempts | undefined, now: Date): number {
  if (!task?.startedAt) return 0;
  return Math.max(0, now.getTime() - Date.parse(task.startedAt));
}

export function recordAttempt(
  ledger: AttemptLedger,
  id: string,
  phase: AttemptPhase,
  { batch, now }: RecordOptions,
  limits: AttemptLimits,
): { ledger: AttemptLedger; verdict: AttemptVerdict } {
  const before = taskOf(ledger, id) ?? emptyTask();
  const ceiling = limits[phase];
  const budget = budgetMs(limits);
  const elapsed = elapsedMs(before, now);
  const refusals: AttemptRefusal[] = [];
  if (before[phase] >= ceiling) refusals.push('ATTEMPT_CEILING');
  if (before.startedAt !== null && elapsed > budget) refusals.push('TIME_BUDGET_EXCEEDED');
  const base = { task: id, phase, batch, ceiling, budgetMs: budget };
  if (refusals.length > 0) {
    const verdict: AttemptVerdict = {
      ...base,
      accepted: false,
      refusals,
      count: before[phase],
      remaining: Math.max(0, ceiling - before[phase]),
      startedClock: false,
      startedAt: before.startedAt,
      elapsedMs: elapsed,
    };
    return { ledger, verdict };
  }
  const at = now.toISOString();
  const startedClock = !batch && before.startedAt === null;
  const after: TaskAttempts = {
    ...before,
    [phase]: before[phase] + 1,
    startedAt: startedClock ? at : before.startedAt,
    history: [...before.history, { phase, at, batch }],
  };
  const verdict: AttemptVerdict = {
    ...base,
    accepted: true,
    refusals: [],
    count: after[phase],
    remaining: ceiling - after[phase],
    startedClock,
    startedAt: after.startedAt,
    elapsedMs: elapsedMs(after, now),
  };
  // A computed key makes an own property even for `__proto__`.
  return { ledger: { version: 1, tasks: { ...ledger.tasks, [id]: after } }, verdict };
}

/** Forget one task (after its commit): a fresh ceiling and a stopped clock. */
export function resetTask(ledger: AttemptLedger, id: string): { ledger: AttemptLedger; removed: boolean } {
  if (!taskOf(ledger, id)) return { ledger, removed: false };
  // fromEntries defines properties (no setter runs), so `__proto__` stays a plain key.
  const tasks = Object.fromEntries(Object.entries(ledger.tasks).filter(([k]) => k !== id));
  return { ledger: { version: 1, tasks }, removed: true };
}
