/** Pure: a RunResult → the evidence kept in state and the one-line summary in the trailer. */
import type { Evidence } from '../state/types.js';
import { testId, type RunResult } from '../types.js';

export function toEvidence(run: RunResult): Evidence {
  const count = (s: string) => run.tests.filter((t) => t.status === s).length;
  return {
    runner: run.runner,
    command: run.command,
    exitCode: run.exitCode,
    durationMs: run.durationMs,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped') + count('todo'),
    failures: run.tests
      .filter((t) => t.status === 'failed')
      .map((t) => ({ id: testId(t), status: t.status, ...(t.failure ? { failure: t.failure } : {}), ...(t.message ? { message: t.message } : {}) })),
    fileErrors: run.fileErrors.map((e) => ({ file: e.file, kind: e.kind, message: e.message })),
    ...(run.build ? { build: { command: run.build.command, status: run.build.status, key: run.build.key } } : {}),
  };
}

/** e.g. "vitest: 3 passed, 2 failed (assertion 1, missing-symbol 1)". */
export function summarizeRun(run: RunResult): string {
  const e = toEvidence(run);
  const classes = new Map<string, number>();
  for (const f of e.failures) classes.set(f.failure ?? 'exception', (classes.get(f.failure ?? 'exception') ?? 0) + 1);
  for (const f of e.fileErrors) classes.set(f.kind, (classes.get(f.kind) ?? 0) + 1);
  const why = classes.size ? ` (${[...classes].map(([k, n]) => `${k} ${n}`).join(', ')})` : '';
  const failed = e.failed + e.fileErrors.length;
  return `${run.runner}: ${e.passed} passed, ${failed} failed${why}${e.skipped ? `, ${e.skipped} skipped` : ''}`;
}
