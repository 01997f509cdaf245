import type { Finding } from '../types.js';
import type { GateInput } from './types.js';

/**
 * The first law of TDD on a GREEN: the lines and branches it adds to implementation are run by
 * the task's tests. Warn (the default) names them and lets the commit through; refuse refuses
 * it, and a file whose coverage could not be measured is then "could not verify". Judged only on
 * a run that passed: a failing run is refused for that, and its coverage says nothing.
 */
/** Files named one by one; past them, a count. */
const NAMED_FILES = 20;

export function evaluateGreenCoverage(input: GateInput): Finding[] {
  const { coverage, run } = input;
  if (input.phase !== 'green' || !coverage || !run || !passed(run)) return [];
  const { mode } = coverage;
  const findings: Finding[] = [];
  const files = coverage.files.filter((f) => f.uncovered.length > 0);
  // A generated tree of thousands of files is named by its first files, the rest counted (the output and the trailer stay readable).
  for (const [i, f] of files.slice(0, NAMED_FILES).entries()) {
    const more = i === NAMED_FILES - 1 ? files.length - NAMED_FILES : 0;
    findings.push({
      code: 'GREEN_UNCOVERED_CODE',
      severity: mode === 'refuse' ? 'error' : 'warn',
      path: f.path,
      line: f.uncovered[0]!,
      data: { lines: f.uncovered, mode, ...(more > 0 ? { more } : {}) },
    });
  }
  for (const u of coverage.unmeasured) {
    findings.push({
      code: 'GREEN_COVERAGE_UNMEASURED',
      severity: mode === 'refuse' ? 'error' : 'info',
      data: { runner: u.runner, reason: u.reason, files: u.files, mode, ...(u.install ? { install: u.install } : {}) },
    });
  }
  return findings;
}

function passed(run: NonNullable<GateInput['run']>): boolean {
  return run.status === 'completed' && run.fileErrors.length === 0 && run.tests.length > 0 && run.tests.every((t) => t.status === 'passed');
}
