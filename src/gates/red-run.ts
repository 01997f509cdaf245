import { testId, type Finding } from '../types.js';
import { evaluateRunStatus, filesWithoutResults } from './run-status.js';
import type { GateInput } from './types.js';

const RIGHT_REASONS = new Set(['assertion', 'missing-symbol']);

/**
 * RED evidence: the staged tests fail, each for the right reason (an assertion, or a symbol of the
 * project that does not exist yet), and every test this commit adds fails. `--regression` accepts
 * faithful tests that already pass.
 */
export function evaluateRedRun(input: GateInput): Finding[] {
  const run = input.run;
  if (input.phase !== 'red' || !run) return [];
  const unverified = evaluateRunStatus(run);
  if (unverified.length > 0) return unverified;
  const findings: Finding[] = [];
  let rightFailures = 0;
  for (const e of run.fileErrors) {
    if (e.kind === 'missing-symbol') rightFailures++;
    else {
      const unbuilt = e.unbuiltPackage === undefined ? {} : { unbuiltPackage: e.unbuiltPackage };
      findings.push({ code: 'RED_WRONG_REASON', severity: 'error', path: e.file, data: { kind: e.kind, message: e.message, ...unbuilt } });
    }
  }
  for (const file of filesWithoutResults(run)) {
    findings.push({ code: 'RED_WRONG_REASON', severity: 'error', path: file, data: { kind: 'no-tests', message: 'no test ran in this file' } });
  }
  for (const t of run.tests) {
    if (t.status !== 'failed') continue;
    if (RIGHT_REASONS.has(t.failure ?? '')) rightFailures++;
    else
      findings.push({
        code: 'RED_WRONG_REASON',
        severity: 'error',
        path: t.file,
        data: { kind: t.failure ?? 'exception', test: t.name, message: t.message ?? '' },
      });
  }
  if (input.regression) {
    if (findings.length === 0 && rightFailures === 0) findings.push({ code: 'RED_REGRESSION_ACCEPTED', severity: 'info' });
    return findings;
  }
  if (rightFailures === 0) {
    if (findings.length === 0) findings.push({ code: 'RED_TESTS_PASS', severity: 'error' });
    return findings;
  }
  const passingNew = run.tests.filter((t) => t.status === 'passed' && !input.preexisting?.has(testId(t)));
  for (const t of passingNew) {
    findings.push({ code: 'RED_NEW_TEST_PASSES', severity: 'error', path: t.file, data: { test: t.name } });
  }
  return findings;
}
