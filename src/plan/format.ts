/**
 * The words of `tdd waves` (pure): planning errors → what is wrong and the next step; a plan →
 * its text and JSON. Tests assert codes and, for the CLI's contract, these exact renderings.
 */
import { paint } from '../report/format.js';
import type { PlanProblem } from './parse.js';
import type { PlanError, WavePlan } from './waves.js';

const q = (id: string) => JSON.stringify(id);
const list = (ids: readonly string[]) => ids.map(q).join(', ');

export function formatPlanError(e: PlanError): { what: string; next: string } {
  switch (e.code) {
    case 'DUPLICATE_ID':
      return {
        what: `task id ${q(e.id)} is used by ${e.indices.length} tasks (positions ${e.indices.join(', ')} of the task list)`,
        next: 'give each task its own id, or merge the duplicates into one task',
      };
    case 'UNKNOWN_DEP':
      return {
        what: `task ${q(e.id)} depends on ${q(e.dep)}, which is not a task of the plan`,
        next: `add task ${q(e.dep)} to the plan, or remove it from the deps of ${q(e.id)}`,
      };
    case 'CYCLE':
      if (e.ids.length === 1) return { what: `task ${q(e.ids[0]!)} depends on itself`, next: `remove ${q(e.ids[0]!)} from its own deps` };
      return {
        what: `dependency cycle: ${e.cycle.map(q).join(' → ')}${e.ids.length > e.cycle.length - 1 ? ` (tasks caught in it: ${list(e.ids)})` : ''}`,
        next: 'break the cycle: remove one of these dependencies, or merge the tasks into one',
      };
    case 'SHARED_TEST':
      return {
        what: `test file ${e.path} is declared by tasks ${list(e.ids)}; each test file belongs to one task`,
        next: 'give each task its own test file, or merge the tasks into one',
      };
  }
}

/** Text: one line per wave (`wave 1: a, b`); with errors, each error and its next step, then the
 *  fallback as one task per wave. */
export function formatPlanText(plan: WavePlan, color: boolean): string {
  if (plan.errors.length === 0) {
    if (plan.waves.length === 0) return 'no tasks: nothing to plan';
    return plan.waves.map((wave, i) => `wave ${i + 1}: ${wave.join(', ')}`).join('\n');
  }
  const n = plan.errors.length;
  const lines = [`${n} planning error${n === 1 ? '' : 's'}; the waves are withheld:`];
  for (const e of plan.errors) {
    const { what, next } = formatPlanError(e);
    lines.push(`  ${paint(color, 'red', '✗')} ${what} ${paint(color, 'dim', `[${e.code}]`)}`, `    ${paint(color, 'cyan', 'next:')} ${next}`);
  }
  lines.push('fallback plan: one task per wave, dependencies first where the graph allows:');
  plan.fallback.forEach((id, i) => lines.push(`wave ${i + 1}: ${id}`));
  return lines.join('\n');
}

/** JSON: the plan as data, each error with its wording for readers that do not map codes. */
export function planJson(plan: WavePlan): { waves: string[][]; errors: Record<string, unknown>[]; fallback: string[] } {
  return {
    waves: plan.waves,
    errors: plan.errors.map((e) => {
      const { what, next } = formatPlanError(e);
      return { ...e, message: what, next };
    }),
    fallback: plan.fallback,
  };
}

/** One line per input problem: `plan.json: tasks[3].files (task "12"): expected …, found …`. */
export function formatPlanProblem(p: PlanProblem): string {
  return `${p.file}: ${p.key}${p.id === undefined ? '' : ` (task ${q(p.id)})`}: expected ${p.expected}, found ${p.found}`;
}
