/**
 * The latency report: per task, attempts per phase against their ceilings, time on the clock and
 * how it splits between phases, and what is left of the budget. Pure.
 */
import { budgetMs, elapsedMs } from './attempts.js';
import { ATTEMPT_PHASES, emptyTask, taskOf, type AttemptLedger, type AttemptPhase, type TaskAttempts } from './ledger.js';
import type { AttemptLimits } from './limits.js';

export interface PhaseReport {
  /** All attempts of this phase, batch included (they count toward the ceiling). */
  attempts: number;
  batch: number;
  ceiling: number;
  remaining: number;
  /**
   * Clock time spent in this phase: the clock's span split at the first green attempt
   * (red before it, green after it). 0 while the clock has not started.
   */
  spentMs: number;
}

export interface TaskReport {
  task: string;
  red: PhaseReport;
  green: PhaseReport;
  startedAt: string | null;
  elapsedMs: number;
  budgetMs: number;
  /** Budget left; the whole budget while the clock has not started, 0 once exceeded. */
  remainingMs: number;
  overBudget: boolean;
  /** Phases whose next attempt would be refused by the ceiling. */
  atCeiling: AttemptPhase[];
}

export interface AttemptsReport {
  at: string;
  limits: AttemptLimits;
  tasks: TaskReport[];
}

function taskReport(id: string, t: TaskAttempts, limits: AttemptLimits, now: Date): TaskReport {
  const elapsed = elapsedMs(t, now);
  const budget = budgetMs(limits);
  const start = t.startedAt === null ? null : Date.parse(t.startedAt);
  const firstGreen = t.history.find((r) => r.phase === 'green');
  let greenMs = 0;
  if (start !== null && firstGreen) {
    const split = Math.min(Math.max(Date.parse(firstGreen.at), start), start + elapsed);
    greenMs = start + elapsed - split;
  }
  const spent: Record<AttemptPhase, number> = { red: elapsed - greenMs, green: greenMs };
  const phase = (p: AttemptPhase): PhaseReport => ({
    attempts: t[p],
    batch: t.history.filter((r) => r.phase === p && r.batch).length,
    ceiling: limits[p],
    remaining: Math.max(0, limits[p] - t[p]),
    spentMs: spent[p],
  });
  return {
    task: id,
    red: phase('red'),
    green: phase('green'),
    startedAt: t.startedAt,
    elapsedMs: elapsed,
    budgetMs: budget,
    remainingMs: Math.max(0, budget - elapsed),
    overBudget: start !== null && elapsed > budget,
    atCeiling: ATTEMPT_PHASES.filter((p) => t[p] >= limits[p]),
  };
}

const byId = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** One task (zeros when it has no attempts yet) or every task in the ledger, in natural id order. */
export function reportOf(ledger: AttemptLedger, limits: AttemptLimits, now: Date, id?: string): AttemptsReport {
  const ids = id === undefined ? Object.keys(ledger.tasks).sort(byId) : [id];
  return {
    at: now.toISOString(),
    limits,
    tasks: ids.map((k) => taskReport(k, taskOf(ledger, k) ?? emptyTask(), limits, now)),
  };
}
