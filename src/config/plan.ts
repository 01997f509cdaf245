/**
 * The task plan named by the configuration. Verdicts read it from the index, like the
 * configuration: an untracked or unstaged plan decides nothing. Commands that help build a commit
 * (`tdd stage`, `tdd rollback`) read the working tree's, an orchestrator's file that is often untracked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TddError } from '../errors.js';
import { readObjects, type RepoContext } from '../git/queries.js';
import { formatPlanProblem } from '../plan/format.js';
import { parsePlanText, type PlanProblem } from '../plan/parse.js';
import type { PlanTask } from '../plan/waves.js';
import type { Config } from './schema.js';

export function planInvalid(file: string, problems: PlanProblem[]): TddError {
  const shown = problems.slice(0, 20).map(formatPlanProblem);
  if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more (all of them with --json)`);
  return new TddError('PLAN_INVALID', `invalid plan:\n  ${shown.join('\n  ')}`, 2, {
    hint: `fix ${file} (a task is {"id", "title", "files", "tests", "deps"}; see tdd waves --help)`,
    data: { file, problems },
  });
}

export type TaskPlan = { file: string; tasks: PlanTask[] };

/** The plan's tasks as staged; undefined when no plan is configured or the index holds none. */
export async function readStagedTaskPlan(repo: RepoContext, config: Config): Promise<TaskPlan | undefined> {
  if (!config.plan) return undefined;
  const [blob] = await readObjects(repo, [`:${config.plan}`]);
  return blob ? parsedPlan(blob.toString('utf8'), config.plan) : undefined;
}

/** The plan's tasks; undefined when no plan is configured or its file does not exist. */
export async function readTaskPlan(top: string, config: Config): Promise<TaskPlan | undefined> {
  if (!config.plan) return undefined;
  let text: string;
  try {
    text = readFileSync(join(top, config.plan), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new TddError('PLAN_UNREADABLE', `cannot read the plan ${config.plan}: ${(e as Error).message}`, 2, {
      hint: `make ${config.plan} a readable file, or set "plan" to null in the configuration`,
    });
  }
  return parsedPlan(text, config.plan);
}

function parsedPlan(text: string, file: string): TaskPlan {
  const { tasks, problems } = parsePlanText(text, file);
  if (problems.length > 0) throw planInvalid(file, problems);
  return { file, tasks };
}
