/** Planner problems → one error naming every file at once, before anything is written. */
import { relative } from 'node:path';
import { TddError } from '../errors.js';
import type { FileOp, InstallProblem, Planned } from './plan.js';

const PROBLEM_TEXT: Record<InstallProblem['code'], [what: string, fix: string]> = {
  CHAIN_BACKUP_EXISTS: [
    "exists already, and the hook beside it is not tdd-hooks': there is no free name to keep that hook under",
    'merge the two hooks into one file (or delete the one you no longer need), then run install again',
  ],
  BLOCK_MALFORMED: [
    'has a "# >>> tdd-hooks >>>" or "# <<< tdd-hooks <<<" marker without its pair',
    'delete the tdd-hooks lines (or the stray marker) from that file, then run the command again',
  ],
  NOT_A_FILE: ['is not a regular file (a symlink?)', 'replace it with a regular file, then run install again'],
};

export function problemsError(problems: InstallProblem[], top: string): TddError {
  const lines = problems.map((p) => `${relative(top, p.path) || p.path}${p.line ? `:${p.line}` : ''} ${PROBLEM_TEXT[p.code][0]}`);
  return new TddError('INSTALL_CONFLICT', `nothing changed:\n  ${lines.join('\n  ')}`, 2, {
    hint: PROBLEM_TEXT[problems[0]!.code][1],
    data: { problems },
  });
}

/** The reports and operations of every hook, or a TddError listing every problem. */
export function collectPlans<T>(planned: Planned<T>[], top: string): { reports: T[]; ops: FileOp[] } {
  const problems = planned.flatMap((p) => (p.ok ? [] : [p.problem]));
  if (problems.length) throw problemsError(problems, top);
  const ok = planned.filter((p): p is Extract<Planned<T>, { ok: true }> => p.ok);
  return { reports: ok.map((p) => p.report), ops: ok.flatMap((p) => p.ops) };
}
