import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { TddError, usageError } from '../../errors.js';
import { formatPlanProblem, formatPlanText, planJson } from '../../plan/format.js';
import { parsePlanText } from '../../plan/parse.js';
import { planWaves } from '../../plan/waves.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';

export const DEFAULT_PLAN = 'tdd-plan.json';

const help = `Usage: tdd waves [FILE|-] [--json]

Plan the tasks of a plan into waves that can be worked on side by side: every task's deps land in
an earlier wave, and the tasks of one wave share no file, source or test.
  FILE   the plan: a JSON array of tasks, or {"tasks": [...]} (other keys, such as "title", are
         ignored); - reads standard input. Default: the "plan" key of the configuration
         (${DEFAULT_PLAN} at the repository root); outside a git repository, ${DEFAULT_PLAN}
         in the current directory
A task: {"id": "12", "files": ["src/a.ts"], "tests": ["test/a.test.ts"], "deps": ["11"]}.
id is a string or a number; files, tests and deps default to []; other keys are ignored.
Paths are compared after normalising (./src\\a.ts is src/a.ts).
Output: one line per wave, "wave 1: a, b", ids in natural order (2 before 10); with --json,
{"waves": [[...]], "errors": [...], "fallback": [...]}. The same input gives byte-identical output.
Planning errors, all listed with the fix: DUPLICATE_ID, UNKNOWN_DEP, CYCLE (also a task that
depends on itself), SHARED_TEST (two tasks declare one test file: test paths belong to one task).
With errors the waves are withheld and a sequential fallback plan is printed (one task per wave,
dependencies first where the graph allows), so a build can still proceed.
Exit codes: 0 planned, 1 planning errors (fallback printed), 2 unreadable or invalid input.`;

const OPTIONS = { options: {}, positionals: 1 } as const;

const waves: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { positionals } = argsOf(ctx, 'waves', OPTIONS);
    const { name, text } = await readPlan(positionals[0] ?? (await locateDefaultPlan(ctx.cwd, ctx.env)), ctx.cwd);
    const { tasks, problems } = parsePlanText(text, name);
    if (problems.length > 0) {
      const shown = problems.slice(0, 20).map(formatPlanProblem);
      if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more (all of them with --json)`);
      throw new TddError('PLAN_INVALID', `invalid plan:\n  ${shown.join('\n  ')}`, 2, {
        hint: `fix ${name} (a task is {"id", "files", "tests", "deps"}; see tdd waves --help)`,
        data: { file: name, problems },
      });
    }
    const plan = planWaves(tasks);
    return { exitCode: plan.errors.length > 0 ? 1 : 0, text: formatPlanText(plan, ctx.color), json: planJson(plan) };
  },
};
export default waves;

/**
 * Where the plan is when no FILE is given: the configured `plan` (relative to the repository
 * root), or tdd-plan.json in the working directory outside a repository. Git and the
 * configuration are loaded only on this path: `tdd waves FILE` and `tdd waves -` need neither.
 */
async function locateDefaultPlan(cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { readRepoContext } = await import('../../git/queries.js');
  const repo = await readRepoContext(cwd, env).catch(() => undefined); // not a repository, or no git
  if (!repo) return DEFAULT_PLAN;
  const { loadConfig } = await import('../../config/load.js');
  const { config, source } = await loadConfig(repo);
  if (config.plan === null) {
    throw usageError(
      `no plan file: "plan" is null in ${source}`,
      'pass the plan (tdd waves FILE), pipe it in (tdd waves -), or set "plan" in the configuration',
    );
  }
  return relative(cwd, resolve(repo.top, config.plan)) || config.plan;
}

async function readPlan(source: string, cwd: string): Promise<{ name: string; text: string }> {
  if (source === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return { name: '(stdin)', text: Buffer.concat(chunks).toString('utf8') };
  }
  try {
    return { name: source, text: await readFile(resolve(cwd, source), 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    throw new TddError('PLAN_UNREADABLE', `cannot read the plan ${source}: ${why}`, 2, {
      hint: 'check the path, pass the plan (tdd waves FILE), or pipe it in (tdd waves -)',
      data: { file: source },
    });
  }
}
