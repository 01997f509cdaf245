/**
 * Words for attempts: the verdict of `tdd attempt`, the latency report and the next step of each
 * refusal. Pure; all of this folder's user-facing wording is here.
 */
import type { AttemptRefusal, AttemptVerdict } from './attempts.js';
import type { AttemptsReport, TaskReport } from './report.js';

/** 0s · 45s · 14m 05s · 1h 02m */
export function formatDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

const budgetText = (ms: number) => formatDuration(ms).replace(/ 00s$/, '');

/** Why an attempt was refused, and the next legal step. */
export function formatRefusal(code: AttemptRefusal, v: AttemptVerdict): { what: string; next: string } {
  const reset = `\`tdd attempt reset ${v.task}\``;
  if (code === 'ATTEMPT_CEILING') {
    return {
      what: `attempt ceiling reached for task ${v.task} (${v.phase} ${v.count}/${v.ceiling})`,
      next: `stop and escalate (a human decides), or ${reset} to grant a fresh set of attempts`,
    };
  }
  return {
    what: `time budget exceeded for task ${v.task} (${formatDuration(v.elapsedMs)} of ${budgetText(v.budgetMs)} since its first non-batch attempt)`,
    next: `pause and escalate with this latency report, or ${reset} to restart its clock`,
  };
}

/** The one line an accepted attempt prints. */
export function formatAccepted(v: AttemptVerdict): string {
  const left = v.remaining === 0 ? 'the last one' : `${v.remaining} left`;
  const clock = v.startedClock
    ? `clock started, budget ${budgetText(v.budgetMs)}`
    : v.startedAt === null
      ? 'clock not started (batch)'
      : `clock ${formatDuration(v.elapsedMs)} of ${budgetText(v.budgetMs)}`;
  return `task ${v.task}: ${v.phase} attempt ${v.count}/${v.ceiling} recorded${v.batch ? ' (batch)' : ''}, ${left}; ${clock}`;
}

function taskLines(t: TaskReport): string[] {
  const phase = (p: 'red' | 'green') => {
    const r = t[p];
    return `${p} ${r.attempts}/${r.ceiling}${r.batch ? ` (${r.batch} batch)` : ''}`;
  };
  const clock =
    t.startedAt === null
      ? `clock not started, budget ${budgetText(t.budgetMs)}`
      : `elapsed ${formatDuration(t.elapsedMs)} of ${budgetText(t.budgetMs)}, ${t.overBudget ? 'OVER BUDGET' : `${formatDuration(t.remainingMs)} left`}`;
  const lines = [`task ${t.task}: ${phase('red')}, ${phase('green')}; ${clock}`];
  if (t.startedAt !== null) lines.push(`  time in red ${formatDuration(t.red.spentMs)}, in green ${formatDuration(t.green.spentMs)} (since ${t.startedAt})`);
  if (t.atCeiling.length > 0) lines.push(`  at the ceiling: ${t.atCeiling.join(', ')}`);
  return lines;
}

/** The latency report, one block per task. */
export function formatReport(report: AttemptsReport): string {
  if (report.tasks.length === 0) return 'no attempts recorded';
  return report.tasks.flatMap(taskLines).join('\n');
}
