import { evaluateAssertions } from '../../gates/assertions.js';
import { evaluateMarkers } from '../../gates/markers.js';
import type { AuditFinding } from '../types.js';
import { fromGate, type RuleInput } from './types.js';

/**
 * What the test files a TDD commit adds or changes say, read from their blobs: in RED each has a
 * real assertion (not only prints); in any TDD phase no focus marker, and no skip or todo marker
 * that the commit adds. A file in a language without a profile is not checked.
 */
export function evaluateTestContent({ commit: c }: RuleInput): AuditFinding[] {
  if (c.kind !== 'tdd' || c.phase === 'off' || !c.phase || !c.testFiles) return [];
  const input = { phase: c.phase, regression: c.regression, entries: c.entries, testFiles: c.testFiles };
  const assertions = evaluateAssertions(input)
    .filter((f) => f.code === 'ASSERTION_MISSING' || f.code === 'ASSERTION_PRINT_ONLY')
    .map((f) => fromGate(c, f, 'AUDIT_ASSERTION_MISSING'));
  // Each marker's data has its kind ('focus' for MARKER_FOCUS).
  const markers = evaluateMarkers(input).map((f) => fromGate(c, f, 'AUDIT_MARKER_ADDED'));
  return [...assertions, ...markers];
}
