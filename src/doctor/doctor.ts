/** `tdd doctor`: read the facts once → run the pure checks → results and an exit code (0 healthy, 1 problems). */
import { evaluateChecks, exitCodeOf } from './checks/index.js';
import { readDoctorFacts, type DoctorOptions } from './read.js';
import type { CheckResult, LayoutFacts } from './types.js';

export interface DoctorReport {
  where: Pick<LayoutFacts, 'cwd' | 'top'>;
  results: CheckResult[];
  exitCode: 0 | 1;
}

export async function runDoctor(o: DoctorOptions): Promise<DoctorReport> {
  const facts = await readDoctorFacts(o);
  const results = evaluateChecks(facts);
  return { where: { cwd: facts.layout.cwd, top: facts.layout.top }, results, exitCode: exitCodeOf(results) };
}
