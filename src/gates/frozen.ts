import type { Finding } from '../types.js';
import type { GateInput } from './types.js';
import { NULL_OID } from '../git/parse.js';

/**
 * GREEN and REFACTOR: test files and test support are frozen. This commit changes none of them
 * (an edit, an added or deleted file — a rename is both — or a mode change), the task's RED test
 * files still have the blob ids and modes of its RED commit, and the manifests' test settings
 * (config/test-settings) are unchanged.
 */
export function evaluateFrozen(input: GateInput): Finding[] {
  if (input.phase !== 'green' && input.phase !== 'refactor') return [];
  const findings: Finding[] = [];
  for (const e of input.frozenChanges ?? []) {
    if (e.kind !== 'test' && e.kind !== 'support') continue;
    const change =
      e.status === 'A' ? 'added' : e.status === 'D' ? 'deleted' : e.oldBlob === e.newBlob && e.oldBlob !== NULL_OID ? 'mode' : 'edited';
    findings.push({ code: 'TESTS_CHANGED', severity: 'error', path: e.path, data: { change, kind: e.kind, base: 'HEAD' } });
  }
  const reported = new Set(findings.map((f) => f.path));
  for (const d of input.redDrift ?? []) {
    if (reported.has(d.path)) continue;
    findings.push({ code: 'TESTS_CHANGED', severity: 'error', path: d.path, data: { change: d.change, kind: 'test', base: input.frozenBase?.slice(0, 12) ?? 'HEAD', since: 'red' } });
  }
  for (const t of input.testSettings ?? []) {
    if (t.before !== t.after) findings.push({ code: 'TEST_CONFIG_CHANGED', severity: 'error', path: t.path });
  }
  return findings;
}
