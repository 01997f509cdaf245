/** The TDD-Evidence trailer read back into counts. Pure. */

export interface RunCounts {
  runner: string;
  passed: number;
  /** Failing tests and test files that did not load. */
  failed: number;
  skipped: number;
  /** Failure classes and their counts, e.g. { assertion: 1, 'missing-symbol': 1 }. */
  reasons: Record<string, number>;
}

// node: 0 passed, 2 failed (missing-symbol 1, assertion 1)
// vitest: 3 passed, 0 failed, 1 skipped
const EVIDENCE = /^(.+?): (\d+) passed, (\d+) failed(?: \(([^)]*)\))?(?:, (\d+) skipped)?$/;

/** The inverse of verify/evidence summarizeRun; undefined for a value that is not one of ours. */
export function parseEvidence(value: string | undefined): RunCounts | undefined {
  const m = value === undefined ? null : EVIDENCE.exec(value.trim());
  if (!m) return undefined;
  const reasons: Record<string, number> = {};
  for (const part of (m[4] ?? '').split(', ')) {
    const r = /^(.+) (\d+)$/.exec(part);
    if (r) reasons[r[1]!] = Number(r[2]);
  }
  return { runner: m[1]!, passed: Number(m[2]), failed: Number(m[3]), skipped: Number(m[5] ?? 0), reasons };
}
