import { recordAttempt, resetTask, type AttemptVerdict } from '../../budget/attempts.js';
import { formatAccepted, formatRefusal, formatReport } from '../../budget/format.js';
import { TASK_ID, type AttemptPhase } from '../../budget/ledger.js';
import { limitsFromConfig, type AttemptLimits, type AttemptsConfig } from '../../budget/limits.js';
import { reportOf } from '../../budget/report.js';
import { loadConfig } from '../../config/load.js';
import { usageError } from '../../errors.js';
import { readRepoContext, type RepoContext } from '../../git/queries.js';
import { paint } from '../../report/format.js';
import { clearAttempts, readAttempts, updateAttempts } from '../../state/attempts.js';
import { appendEvent } from '../../state/store.js';
import { argsOf } from '../options.js';
import type { CommandContext, CommandModule, CommandResult } from '../types.js';

const help = `Usage: tdd attempt <ID> <red|green> [--batch] [--json]
       tdd attempt report [ID] [--json]
       tdd attempt reset <ID>|--all [--json]

Record a tester (red) or builder (green) dispatch for task ID, before the dispatch. Exits 0
while the task is within its limits and 1, with the latency report, once it is not:
  ceiling   attempts per phase (config attempts: red 2, green 3); with green 3, attempts 1-3
            are accepted and the 4th is refused (a refused attempt is not recorded)
  budget    minutes since the task's first non-batch attempt (config budgets.perTaskMinutes: 30)
Options:
  --batch   a wave attempt: counts toward the ceiling, does not start the task's clock
  --all     with reset: empty the whole ledger (also the fix for an unreadable ledger)
report      attempts per phase, time on the clock (split by phase) and budget left
reset       after a task's commit: fresh attempts and a stopped clock
The ledger is <git-dir>/tdd/attempts.json (local, never committed). TDD_NOW (an ISO time)
overrides the clock.`;

function nowOf(env: NodeJS.ProcessEnv): Date {
  const fixed = env.TDD_NOW;
  if (fixed === undefined || fixed === '') return new Date();
  const t = Date.parse(fixed);
  if (Number.isNaN(t)) throw usageError(`TDD_NOW is not a time: "${fixed}"`, 'use an ISO time such as 2025-01-31T10:00:00Z, or unset it');
  return new Date(t);
}

function taskId(id: string | undefined, usage: string): string {
  if (id === undefined) throw usageError('a task id is needed', usage);
  if (!TASK_ID.test(id)) throw usageError(`invalid task id "${id}"`, 'use letters, digits and . - _ / # : (at most 64)');
  return id;
}

async function readLimits(repo: RepoContext): Promise<AttemptLimits> {
  const { config } = await loadConfig(repo);
  const c = config as AttemptsConfig;
  return limitsFromConfig(c.attempts, c.budgets);
}

async function record(ctx: CommandContext, repo: RepoContext, id: string, phase: AttemptPhase, batch: boolean): Promise<CommandResult> {
  const now = nowOf(ctx.env);
  const limits = await readLimits(repo);
  const { verdict, ledger } = await updateAttempts(repo.stateDir, (before) => {
    const r = recordAttempt(before, id, phase, { batch, now }, limits);
    return { ledger: r.ledger, result: r, write: r.verdict.accepted };
  });
  await appendEvent(repo.stateDir, {
    event: 'attempt',
    at: now.toISOString(),
    task: id,
    phase,
    batch,
    accepted: verdict.accepted,
    refusals: verdict.refusals,
    count: verdict.count,
  });
  const report = reportOf(ledger, limits, now, id);
  const refusals = verdict.refusals.map((code) => ({ code, ...formatRefusal(code, verdict) }));
  return {
    exitCode: verdict.accepted ? 0 : 1,
    text: verdict.accepted ? formatAccepted(verdict) : refusedText(ctx.color, verdict, refusals, formatReport(report)),
    json: { ...verdict, messages: refusals, report: report.tasks[0] },
  };
}

function refusedText(color: boolean, v: AttemptVerdict, refusals: { what: string; next: string }[], report: string): string {
  const lines = refusals.flatMap((r) => [`${paint(color, 'red', '✗')} ${r.what}`, `  ${paint(color, 'cyan', 'next:')} ${r.next}`]);
  return [...lines, `latency report (${v.phase} attempt refused, not recorded):`, ...report.split('\n').map((l) => `  ${l}`)].join('\n');
}

const OPTIONS = { options: { batch: { type: 'boolean' }, all: { type: 'boolean' } }, positionals: 2 } as const;

const attempt: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values, positionals } = argsOf(ctx, 'attempt', OPTIONS);
    const [first, second] = positionals;
    if (first === undefined) throw usageError('tdd attempt needs a task id and a phase', 'tdd attempt <ID> <red|green> [--batch], or tdd attempt report');
    if (values.batch && (first === 'report' || first === 'reset'))
      throw usageError(`--batch goes with recording an attempt, not ${first}`, 'tdd attempt <ID> <red|green> --batch');
    if (values.all && first !== 'reset') throw usageError('--all goes with reset', 'tdd attempt reset --all');
    if (first === 'reset' && values.all && second !== undefined)
      throw usageError(`unexpected argument "${second}"`, 'tdd attempt reset --all, or tdd attempt reset <ID>');
    const repo = await readRepoContext(ctx.cwd, ctx.env);

    if (first === 'report') {
      const id = second === undefined ? undefined : taskId(second, 'tdd attempt report [ID]');
      const now = nowOf(ctx.env);
      const report = reportOf(await readAttempts(repo.stateDir), await readLimits(repo), now, id);
      return { exitCode: 0, text: formatReport(report), json: { ...report } };
    }

    if (first === 'reset') {
      const at = nowOf(ctx.env).toISOString();
      if (values.all) {
        const dropped = await clearAttempts(repo.stateDir);
        await appendEvent(repo.stateDir, { event: 'attempt-reset', at, task: null, dropped });
        const text = dropped === null ? 'the unreadable attempts ledger was replaced by an empty one' : `attempts reset for every task (${dropped} dropped)`;
        return { exitCode: 0, text, json: { reset: 'all', dropped } };
      }
      const id = taskId(second, 'tdd attempt reset <ID>|--all');
      const removed = await updateAttempts(repo.stateDir, (before) => {
        const r = resetTask(before, id);
        return { ledger: r.ledger, result: r.removed, write: r.removed };
      });
      await appendEvent(repo.stateDir, { event: 'attempt-reset', at, task: id, removed });
      return { exitCode: 0, text: removed ? `attempts reset for task ${id}` : `task ${id} had no attempts recorded`, json: { reset: id, removed } };
    }

    const id = taskId(first, 'tdd attempt <ID> <red|green>');
    if (second !== 'red' && second !== 'green') {
      throw usageError(
        second === undefined ? `which phase is task ${id}'s attempt for?` : `unknown phase "${second}"`,
        `tdd attempt ${id} red, or tdd attempt ${id} green`,
      );
    }
    return record(ctx, repo, id, second, Boolean(values.batch));
  },
};
export default attempt;
