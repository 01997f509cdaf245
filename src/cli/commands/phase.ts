import { usageError } from '../../errors.js';
import { readRepoContext } from '../../git/queries.js';
import { paint } from '../../report/format.js';
import { appendEvent, writeState } from '../../state/store.js';
import type { Phase } from '../../types.js';
import { readCommitContext } from '../../verify/context.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';
import { NEXT_STEP } from '../../report/next-steps.js';

const help = `Usage: tdd phase [red|green|refactor|off] [--task ID|--no-task] [--regression] [--revise TEXT] [--reason TEXT] [--until TASK|TIME] [--json]

Without an argument, print the declared phase. With one, declare it:
  red        the next commit adds failing tests (only tests; they must fail for the right reason)
  green      the next commit makes them pass (implementation only; tests frozen)
  refactor   change the implementation with the tests frozen and passing
  off        one commit outside TDD, then the interrupted phase comes back; needs --reason,
             which the commit's trailers record (tdd audit fails off commits unless audit.allowOff)
Options:
  --task ID       make task ID active (its RED record and evidence are kept per task)
  --no-task       leave task mode: no task is active any more
  --regression    with red: the tests may already pass (regression tests of existing behaviour)
  --revise TEXT   with red: the next RED commit may change tests that passed at its parent
                  (edit, weaken, delete); why, recorded in its TDD-Revise trailer — one commit
  --reason TEXT   with off (required): why TDD does not apply; the trailers record it
  --until X       with off: stay off longer than one commit — a task id (while that task is
                  active) or an ISO time (2026-12-02T09:00Z); recorded in TDD-Off-Until
After each commit the phase advances red → green → refactor unless autoAdvance is false.`;

const PHASES = ['red', 'green', 'refactor', 'off'] as const;
const OPTIONS = {
  options: {
    task: { type: 'string' },
    'no-task': { type: 'boolean' },
    regression: { type: 'boolean' },
    reason: { type: 'string' },
    revise: { type: 'string' },
    until: { type: 'string' },
  },
  positionals: 1,
  words: { name: 'phase', values: PHASES },
} as const;

const phase: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values, positionals } = argsOf(ctx, 'phase', OPTIONS);
    const target = positionals[0] as Phase | undefined;
    if (values.task !== undefined && values['no-task'])
      throw usageError('--task and --no-task contradict each other', 'tdd phase red --task 12, or tdd phase red --no-task');
    if (values.reason !== undefined && target !== 'off') throw usageError('--reason goes with off', 'tdd phase off --reason "why TDD does not apply"');
    if (values.until !== undefined && target !== 'off') throw usageError('--until goes with off', 'tdd phase off --reason "why" --until 2026-12-02T09:00Z');
    if (values.revise !== undefined && target !== 'red') throw usageError('--revise goes with red', 'tdd phase red --revise "why these tests change"');
    if (values.revise !== undefined && !values.revise.trim()) throw usageError('--revise needs a reason', 'tdd phase red --revise "why these tests change"');
    const repo = await readRepoContext(ctx.cwd, ctx.env);
    const { state } = await readCommitContext(repo);
    if (target === undefined) {
      if (values.task !== undefined || values['no-task'] || values.regression || values.revise !== undefined || values.until !== undefined) {
        throw usageError('options need a phase', 'e.g. `tdd phase red --task 12`');
      }
      const text = state.phase
        ? `${paint(ctx.color, 'bold', state.phase)}${state.task ? ` (task ${state.task})` : ''}${state.regression ? ' --regression' : ''}${describeExtras(state)}${state.reason ? ` — ${state.reason}` : ''}\n  next: ${NEXT_STEP[state.phase]}`
        : 'no phase declared\n  next: `tdd phase red` to start with a failing test';
      return {
        exitCode: 0,
        text,
        json: { phase: state.phase, task: state.task, regression: state.regression, reason: state.reason, since: state.since, ...extrasJson(state) },
      };
    }
    const next = target;
    if (next === 'off' && !values.reason?.trim()) throw usageError('phase off needs a reason', 'tdd phase off --reason "why TDD does not apply"');
    if (values.regression && next !== 'red') throw usageError('--regression goes with red', 'tdd phase red --regression');
    if (values.task !== undefined && !/^[\w.\-/#:]{1,64}$/.test(values.task)) {
      throw usageError(`invalid task id "${values.task}"`, 'use letters, digits and . - _ / # : (at most 64)');
    }
    const before = { phase: state.phase, task: state.task };
    const until = next === 'off' && values.until !== undefined ? parseUntil(values.until, values.task ?? (values['no-task'] ? null : state.task)) : null;
    // Off interrupts: the phase it interrupted comes back after the off commit (off after off keeps the first one's).
    state.resume = next === 'off' ? (state.phase === 'off' ? (state.resume ?? null) : { phase: state.phase, task: state.task }) : null;
    state.phase = next;
    if (values.task !== undefined) state.task = values.task;
    if (values['no-task']) state.task = null;
    state.regression = Boolean(values.regression);
    state.revise = next === 'red' && values.revise !== undefined ? values.revise.replace(/\s+/g, ' ').trim() : null;
    state.until = until;
    state.reason = values.reason?.trim() || 'declared';
    state.since = new Date().toISOString();
    await writeState(repo.stateDir, state);
    await appendEvent(repo.stateDir, { event: 'phase', from: before.phase, to: next, task: state.task, regression: state.regression, reason: state.reason });
    const text = `phase ${before.phase ?? 'none'} → ${paint(ctx.color, 'bold', next)}${state.task ? ` (task ${state.task})` : ''}${state.regression ? ' (regression)' : ''}${describeExtras(state)}\n  next: ${NEXT_STEP[next]}`;
    return {
      exitCode: 0,
      text,
      json: { phase: next, previous: before.phase, task: state.task, regression: state.regression, reason: state.reason, ...extrasJson(state) },
    };
  },
};
export default phase;

/** `--until 12` (a task: off while it is active) or `--until 2026-12-02T09:00Z` (a time in the future). */
function parseUntil(value: string, task: string | null): string {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) {
    const t = Date.parse(v);
    if (!Number.isFinite(t)) throw usageError(`--until ${value}: not a valid time`, 'an ISO time, e.g. --until 2026-12-02T09:00Z');
    if (t <= Date.now()) throw usageError(`--until ${value}: that time has passed`, 'a time in the future, or no --until for one off commit');
    return new Date(t).toISOString();
  }
  if (!/^[\w.\-/#:]{1,64}$/.test(v))
    throw usageError(`--until ${value}: neither a task id nor an ISO time`, '--until 12 (a task) or --until 2026-12-02T09:00Z');
  if (task !== v)
    throw usageError(`--until ${v}: task ${v} is not the active task (${task ?? 'none'})`, `tdd phase off --task ${v} --reason "why" --until ${v}`);
  return `task:${v}`;
}

/** The one-commit declarations, as `tdd phase` shows them. */
function describeExtras(state: { phase: Phase | null; revise?: string | null; until?: string | null; resume?: { phase: Phase | null } | null }): string {
  if (state.phase === 'red' && state.revise) return ` --revise (${state.revise}): the next RED may change tests that passed`;
  if (state.phase !== 'off') return '';
  const back = state.resume?.phase ?? 'none';
  if (!state.until) return ` for one commit, then ${back}`;
  return state.until.startsWith('task:') ? ` while task ${state.until.slice(5)} is active, then ${back}` : ` until ${state.until}, then ${back}`;
}

function extrasJson(state: { revise?: string | null; until?: string | null; resume?: { phase: Phase | null } | null }) {
  return { revise: state.revise ?? null, until: state.until ?? null, resumes: state.resume?.phase ?? null };
}
