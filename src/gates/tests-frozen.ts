import type { Finding } from '../types.js';
import type { GateInput } from './types.js';
import { NULL_OID } from '../git/ids.js';
import { onlyAdds } from '../lang/snapshots.js';

/**
 * GREEN and REFACTOR: test files and test support are frozen. This commit changes none of them
 * (an edit, an added or deleted file — a rename is both — or a mode change), the task's RED test
 * files still have the blob ids and modes of its RED commit, and the manifests' test settings
 * (config/test-settings) are unchanged. One exception: the snapshot file of a RED test file may
 * gain entries (`snapshotChanges`), never change or lose one.
 */
export function evaluateTestsFrozen(input: GateInput): Finding[] {
  if (input.phase !== 'green' && input.phase !== 'refactor') return [];
  const findings: Finding[] = [];
  const snapshots = new Map((input.snapshotChanges ?? []).map((c) => [c.path, c]));
  for (const e of input.frozenChanges ?? []) {
    if (e.kind !== 'test' && e.kind !== 'support') continue;
    const change = e.status === 'A' ? 'added' : e.status === 'D' ? 'deleted' : e.oldBlob === e.newBlob && e.oldBlob !== NULL_OID ? 'mode' : 'edited';
    // The snapshots of the task's RED tests are written once, when the code first passes: a new
    // entry (or file) is the expected value recorded, a changed or removed one a test rewritten.
    const snap = change === 'mode' ? undefined : snapshots.get(e.path);
    if (snap && onlyAdds(snap)) {
      findings.push({ code: 'SNAPSHOTS_ADDED', severity: 'info', path: e.path, data: { added: snap.added } });
      continue;
    }
    const entries = snap ? { snapshots: { changed: snap.changed, removed: snap.removed } } : {};
    findings.push({ code: 'TESTS_CHANGED', severity: 'error', path: e.path, data: { change, kind: e.kind, base: 'HEAD', ...entries } });
  }
  const reported = new Set(findings.map((f) => f.path));
  for (const d of input.redDrift ?? []) {
    if (reported.has(d.path)) continue;
    findings.push({
      code: 'TESTS_CHANGED',
      severity: 'error',
      path: d.path,
      data: { change: d.change, kind: 'test', base: input.frozenBase?.slice(0, 12) ?? 'HEAD', since: 'red' },
    });
  }
  for (const t of input.testSettings ?? []) {
    if (t.before !== t.after) findings.push({ code: 'TEST_CONFIG_CHANGED', severity: 'error', path: t.path });
  }
  return findings;
}
