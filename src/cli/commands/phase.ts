import { usageError } from '../../errors.js';
import { readRepoContext } from '../../git/queries.js';
import { paint } from '../../report/format.js';
import { appendEvent, writeState } from '../../state/store.js';
import type { Phase } from '../../types.js';
import { readCommitContext } from '../../verify/context.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';
import { NEXT_STEP } from '../../report/next-steps.js';

const help = `Usage: tdd phase [red|green|refactor|off] [--task ID|--no-task] [--regression] [--reason TEXT] [--json]

Without an argument, print the declared phase. With one, declare it:
  red        the next commit adds failing tests (only tests; they must fail for the right reason)
  green      the next commit makes them pass (implementation only; tests frozen)
  refactor   change the implementation with the tests frozen and passing
  off        commit outside TDD; needs --reason, which the commit's trailers record
Options:
  --task ID       make task ID active (its RED record and evidence are kept per task)
  --no-task       leave task mode: no task is active any more
  --regression    with red: the tests may already pass (regression tests of existing behaviour)
  --reason TEXT   with off (required): why TDD does not apply; the trailers record it
After each commit the phase advances red → green → refactor unless autoAdvance is false.`;

const PHASES = ['red', 'green', 'refactor', 'off'] as const;
const OPTIONS = {
  options: { task: { type: 'string' }, 'no-task': { type: 'boolean' }, regression: { type: 'boolean' }, reason: { type: 'string' } },
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
    const repo = await readRepoContext(ctx.cwd, ctx.env);
    const { state } = await readCommitContext(repo);
    if (target === undefined) {
      if (values.task !== undefined || values['no-task'] || values.regression) {
        throw usageError('options need a phase', 'e.g. `tdd phase red --task 12`');
      }
      const text = state.phase
        ? `${paint(ctx.color, 'bold', state.phase)}${state.task ? ` (task ${state.task})` : ''}${state.regression ? ' --regression' : ''}${state.reason ? ` — ${state.reason}` : ''}\n  next: ${NEXT_STEP[state.phase]}`
        : 'no phase declared\n  next: `tdd phase red` to start with a failing test';
      return { exitCode: 0, text, json: { phase: state.phase, task: state.task, regression: state.regression, reason: state.reason, since: state.since } };
    }
    const next = target;
    if (next === 'off' && !values.reason?.trim()) throw usageError('phase off needs a reason', 'tdd phase off --reason "why TDD does not apply"');
    if (values.regression && next !== 'red') throw usageError('--regression goes with red', 'tdd phase red --regression');
    if (values.task !== undefined && !/^[\w.\-/#:]{1,64}$/.test(values.task)) {
      throw usageError(`invalid task id "${values.task}"`, 'use letters, digits and . - _ / # : (at most 64)');
    }
    const before = { phase: state.phase, task: state.task };
    state.phase = next;
    if (values.task !== undefined) state.task = values.task;
    if (values['no-task']) state.task = null;
    state.regression = Boolean(values.regression);
    state.reason = values.reason?.trim() || 'declared';
    state.since = new Date().toISOString();
    await writeState(repo.stateDir, state);
    await appendEvent(repo.stateDir, { event: 'phase', from: before.phase, to: next, task: state.task, regression: state.regression, reason: state.reason });
    const text = `phase ${before.phase ?? 'none'} → ${paint(ctx.color, 'bold', next)}${state.task ? ` (task ${state.task})` : ''}${state.regression ? ' (regression)' : ''}\n  next: ${NEXT_STEP[next]}`;
    return { exitCode: 0, text, json: { phase: next, previous: before.phase, task: state.task, regression: state.regression, reason: state.reason } };
  },
};
export default phase;
