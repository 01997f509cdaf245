import { testId, type Finding, type TestCaseResult } from '../types.js';
import { snapshotFileOf } from '../lang/snapshots.js';
import { evaluateRunStatus, filesWithoutResults } from './run-status.js';
import type { GateInput } from './types.js';

/**
 * GREEN and REFACTOR evidence: everything that ran passed, at least one test ran in each test
 * file, nothing was skipped or todo, and every test that failed at RED is among the passes. A skip
 * in a test file the commit does not change, not one of the task's RED tests, is one the commit
 * did not add (a platform's skipif, a test marked todo long ago): said once (SKIPS_NOT_ADDED), never a refusal.
 */
export function evaluateGreenRun(input: GateInput): Finding[] {
  const run = input.run;
  if ((input.phase !== 'green' && input.phase !== 'refactor') || !run) return [];
  const unverified = evaluateRunStatus(run);
  if (unverified.length > 0) return unverified;
  const findings: Finding[] = [];
  const changed = new Set(input.entries.map((e) => e.path));
  const redTests = new Set(input.red?.failing ?? []);
  const notAdded = new Map<string, number>();
  const skipNotAdded = (t: TestCaseResult) => (t.status === 'skipped' || t.status === 'todo') && !changed.has(t.file) && !redTests.has(testId(t));
  for (const t of run.tests) if (skipNotAdded(t)) notAdded.set(t.file, (notAdded.get(t.file) ?? 0) + 1);
  if (run.files.length === 0) findings.push({ code: 'GREEN_NO_TESTS_RAN', severity: 'error' });
  for (const e of run.fileErrors) {
    findings.push({ code: 'GREEN_FILE_ERROR', severity: 'error', path: e.file, data: { kind: e.kind, message: e.message } });
  }
  for (const file of filesWithoutResults(run)) {
    if (run.fileErrors.some((e) => e.file === file) || notAdded.has(file)) continue;
    findings.push({ code: 'GREEN_NO_TESTS_RAN', severity: 'error', path: file });
  }
  for (const t of run.tests) {
    if (t.status === 'failed' && t.failure === 'snapshot-missing') {
      // Not a mismatch: nobody has written this snapshot yet (the runner never writes one here).
      findings.push({
        code: 'GREEN_SNAPSHOT_MISSING',
        severity: 'error',
        path: t.file,
        data: { test: t.name, snapshot: snapshotFileOf(t.file), message: t.message ?? '' },
      });
    } else if (t.status === 'failed') {
      findings.push({
        code: 'GREEN_TESTS_FAIL',
        severity: 'error',
        path: t.file,
        data: { test: t.name, kind: t.failure ?? 'exception', message: t.message ?? '' },
      });
    } else if ((t.status === 'skipped' || t.status === 'todo') && !skipNotAdded(t)) {
      findings.push({ code: 'GREEN_TEST_SKIPPED', severity: 'error', path: t.file, data: { test: t.name, status: t.status } });
    }
  }
  if (notAdded.size > 0) {
    const count = [...notAdded.values()].reduce((a, b) => a + b, 0);
    findings.push({ code: 'SKIPS_NOT_ADDED', severity: 'info', data: { count, files: [...notAdded.keys()].sort() } });
  }
  const ran = new Set(run.tests.map(testId));
  for (const id of input.red?.failing ?? []) {
    if (ran.has(id)) continue;
    const file = id.slice(0, id.indexOf(' > '));
    findings.push({ code: 'GREEN_RED_TEST_MISSING', severity: 'error', path: file, data: { test: id.slice(file.length + 3) } });
  }
  return findings;
}
