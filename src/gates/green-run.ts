import { testId, type Finding } from '../types.js';
import { snapshotFileOf } from '../lang/snapshots.js';
import { evaluateRunStatus, filesWithoutResults } from './run-status.js';
import type { GateInput } from './types.js';

/**
 * GREEN and REFACTOR evidence: everything that ran passed, at least one test ran in each test
 * file, nothing was skipped or todo, and every test that failed at RED is among the passes.
 */
export function evaluateGreenRun(input: GateInput): Finding[] {
  const run = input.run;
  if ((input.phase !== 'green' && input.phase !== 'refactor') || !run) return [];
  const unverified = evaluateRunStatus(run);
  if (unverified.length > 0) return unverified;
  const findings: Finding[] = [];
  if (run.files.length === 0) findings.push({ code: 'GREEN_NO_TESTS_RAN', severity: 'error' });
  for (const e of run.fileErrors) {
    findings.push({ code: 'GREEN_FILE_ERROR', severity: 'error', path: e.file, data: { kind: e.kind, message: e.message } });
  }
  for (const file of filesWithoutResults(run)) {
    if (run.fileErrors.some((e) => e.file === file)) continue;
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
    } else if (t.status === 'skipped' || t.status === 'todo') {
      findings.push({ code: 'GREEN_TEST_SKIPPED', severity: 'error', path: t.file, data: { test: t.name, status: t.status } });
    }
  }
  const ran = new Set(run.tests.map(testId));
  for (const id of input.red?.failing ?? []) {
    if (ran.has(id)) continue;
    const file = id.slice(0, id.indexOf(' > '));
    findings.push({ code: 'GREEN_RED_TEST_MISSING', severity: 'error', path: file, data: { test: id.slice(file.length + 3) } });
  }
  return findings;
}
