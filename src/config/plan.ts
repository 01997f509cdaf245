/** The task plan named by the configuration, read from the working tree (an orchestrator's file, often untracked). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TddError } from '../errors.js';
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

/** The plan's tasks; undefined when no plan is configured or its file does not exist. */
export async function readTaskPlan(top: string, config: Config): Promise<{ file: string; tasks: PlanTask[] } | undefined> {
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
  const { tasks, problems } = parsePlanText(text, config.plan);
  if (problems.length > 0) throw planInvalid(config.plan, problems);
  return { file: config.plan, tasks };
}
