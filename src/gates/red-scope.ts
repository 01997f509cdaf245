import type { Finding } from '../types.js';
import { isEmptyBlob } from '../git/ids.js';
import type { GateInput } from './types.js';

/**
 * RED holds only tests and test support (manifests for test dependencies, ignored paths allowed).
 * A new empty file is allowed too: it implements nothing, and a Python test can only fail on what
 * a module lacks once the module exists (`No module named 'calc'` reads like a missing package).
 */
export function evaluateRedScope(input: GateInput): Finding[] {
  if (input.phase !== 'red') return [];
  const findings: Finding[] = input.entries
    .filter((e) => e.kind === 'impl' && !(e.status === 'A' && isEmptyBlob(e.newBlob)))
    .map((e) => ({ code: 'RED_IMPL_STAGED', severity: 'error', path: e.path }) satisfies Finding);
  // The open RED record froze its failing tests until GREEN: a later RED commit may improve them, not drop them.
  // A rename is no removal: the same blob added as another test file keeps the tests (the record follows them).
  const frozen = new Set(input.red?.files ?? []);
  const added = new Set(input.entries.filter((e) => e.status === 'A' && e.kind === 'test').map((e) => e.newBlob));
  for (const e of input.entries) {
    if (e.status === 'D' && frozen.has(e.path) && !added.has(e.oldBlob)) findings.push({ code: 'RED_TEST_REMOVED', severity: 'error', path: e.path });
  }
  const tests = input.entries.filter((e) => e.kind === 'test' && e.status !== 'D');
  if (tests.length === 0) findings.push({ code: 'RED_NO_TESTS_STAGED', severity: 'error' });
  return findings;
}
