/**
 * The attempts of a task as a commit trailer, so the history keeps them after the ledger is
 * reset: `TDD-Attempts: red 1/2, green 2/3, elapsed 14m/30m` (the elapsed part only once the
 * clock started). Pure; the commit-msg hook appends it.
 */
import { budgetMs, elapsedMs } from './attempts.js';
import type { TaskAttempts } from './ledger.js';
import type { AttemptLimits } from './limits.js';

export const ATTEMPTS_TRAILER = 'TDD-Attempts';

const minutes = (ms: number): string => `${Math.round(ms / 6_000) / 10}m`;

/** The trailer's value for a task; undefined when the task has no attempts. */
export function formatAttemptsTrailer(task: TaskAttempts | undefined, limits: AttemptLimits, now: Date): string | undefined {
  if (!task || task.red + task.green === 0) return undefined;
  const parts = [`red ${task.red}/${limits.red}`, `green ${task.green}/${limits.green}`];
  if (task.startedAt !== null) parts.push(`elapsed ${minutes(elapsedMs(task, now))}/${minutes(budgetMs(limits))}`);
  return parts.join(', ');
}

export interface ParsedAttemptsTrailer {
  red: { count: number; ceiling: number };
  green: { count: number; ceiling: number };
  elapsed?: { minutes: number; budgetMinutes: number };
}

// red 1/2, green 2/3, elapsed 14.5m/30m
const TRAILER = /^red (\d+)\/(\d+), green (\d+)\/(\d+)(?:, elapsed (\d+(?:\.\d+)?)m\/(\d+(?:\.\d+)?)m)?$/;

/** The inverse of formatAttemptsTrailer, for audit; undefined when the value is not one of ours. */
export function parseAttemptsTrailer(value: string): ParsedAttemptsTrailer | undefined {
  const m = TRAILER.exec(value.trim());
  if (!m) return undefined;
  const n = (i: number) => Number(m[i]);
  const pair = (i: number) => ({ count: n(i), ceiling: n(i + 1) });
  const out: ParsedAttemptsTrailer = { red: pair(1), green: pair(3) };
  if (m[5] !== undefined) out.elapsed = { minutes: n(5), budgetMinutes: n(6) };
  return out;
}
