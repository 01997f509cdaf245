import type { Finding } from '../types.js';
import type { GateInput } from './types.js';
import { NULL_OID } from '../git/parse.js';

/**
 * GREEN and REFACTOR: test files and test support are frozen as the task's RED commit left them
 * (same blob ids and modes). An edit, an added or deleted file (a rename is both), and a mode
 * change all count; so do the test settings in package.json.
 */
export function evaluateFrozen(input: GateInput): Finding[] {
  if (input.phase !== 'green' && input.phase !== 'refactor') return [];
  const findings: Finding[] = [];
  for (const e of input.frozenChanges ?? []) {
    if (e.kind !== 'test' && e.kind !== 'support') continue;
    const change =
      e.status === 'A' ? 'added' : e.status === 'D' ? 'deleted' : e.oldBlob === e.newBlob && e.oldBlob !== NULL_OID ? 'mode' : 'edited';
    findings.push({ code: 'TESTS_CHANGED', severity: 'error', path: e.path, data: { change, kind: e.kind, base: input.frozenBase?.slice(0, 12) ?? 'HEAD' } });
  }
  if (input.testSettings && input.testSettings.before !== input.testSettings.after) {
    findings.push({ code: 'TEST_CONFIG_CHANGED', severity: 'error', path: 'package.json' });
  }
  return findings;
}
