/** The exit code of a set of findings, apart from the gates (the hook answers without them). */
import type { Finding } from '../types.js';

/** 0 accepted, 1 refused, 3 could not verify. */
export function verdictOf(findings: Finding[]): 0 | 1 | 3 {
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length === 0) return 0;
  return errors.every(
    (f) =>
      f.code === 'RUN_UNVERIFIED' ||
      f.code === 'RUN_LEAKED' ||
      f.code === 'GREEN_COVERAGE_UNMEASURED' ||
      f.code === 'LINK_STALE' ||
      f.code === 'RELATED_OVER_BUDGET',
  )
    ? 3
    : 1;
}
