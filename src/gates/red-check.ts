import type { Finding } from '../types.js';
import { evaluateAssertions } from './assertions.js';
import { evaluateMarkers } from './markers.js';
import type { RedFacts, TestFileFacts } from './types.js';

/**
 * `tdd red-check`'s verdict on one file read from disk: the RED gates' own assertion and marker
 * rules, as the hook runs them on a staged test file. Without the history a skip, todo or
 * expected-failure marker the file already had cannot be told from one this change adds (which the
 * hook refuses): a warning, an error with `strict`.
 */
export function evaluateRedCheckFile(path: string, facts: TestFileFacts, strict: boolean): Finding[] {
  const input: RedFacts = { phase: 'red', regression: false, entries: [], configChanges: [], testFiles: new Map([[path, { now: facts, before: undefined }]]) };
  return [...evaluateAssertions(input), ...evaluateMarkers(input)].map((f) =>
    f.code === 'MARKER_SKIP' ? { ...f, severity: strict ? 'error' : 'warn', data: { ...f.data, origin: 'unknown' } } : f,
  );
}
