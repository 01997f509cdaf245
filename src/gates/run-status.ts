import type { Finding, RunResult } from '../types.js';

/** A run that did not complete (timeout, interrupt, missing runner, unreadable report) proves nothing. */
export function evaluateRunStatus(run: RunResult): Finding[] {
  if (run.status === 'completed') return [];
  return [{ code: 'RUN_UNVERIFIED', severity: 'error', data: { status: run.status, reason: run.reason ?? run.status, runner: run.runner } }];
}

/** Requested files that produced neither a test result nor a file error. */
export function filesWithoutResults(run: RunResult): string[] {
  const seen = new Set([...run.tests.filter((t) => t.status === 'passed' || t.status === 'failed').map((t) => t.file), ...run.fileErrors.map((e) => e.file)]);
  return run.files.filter((f) => !seen.has(f));
}
