import { evaluateTestsFrozen } from '../../gates/tests-frozen.js';
import { NULL_OID } from '../../git/ids.js';
import { testFileOfSnapshot } from '../../lang/snapshots.js';
import { openRecord, taskOf } from '../lineage.js';
import type { AuditFinding } from '../types.js';
import { fromGate, type RuleInput } from './types.js';

/**
 * GREEN and REFACTOR leave tests and test support alone — the commit-time frozen gate, run on the
 * diff: no test or support file of this commit is added, edited, deleted (a rename is both) or
 * changes mode, package.json's test settings stay, and the task's RED test files still have the
 * blobs its RED commit left (a change by an earlier commit is named with that commit, unless it
 * was already reported there); the snapshot file of a RED test file may gain entries, never change
 * or lose one. The label is a claim: a commit that says `refactor` and edits a
 * frozen test is still reported.
 */
export function evaluateFrozenTests({ commit: c, before, tracked, reported }: RuleInput): AuditFinding[] {
  if (c.kind !== 'tdd' || (c.phase !== 'green' && c.phase !== 'refactor')) return [];
  const task = taskOf(c);
  const record = c.phase === 'green' ? openRecord(before, task) : before.records.get(task);
  const redDrift: { path: string; change: 'edited' | 'deleted' | 'mode' }[] = [];
  for (const [path, then] of record?.files ?? []) {
    const now = tracked.get(path);
    if (!now || (now.blob === then.blob && now.mode === then.mode) || reported.has(`${now.by}\0${path}`)) continue;
    redDrift.push({ path, change: now.blob === NULL_OID ? 'deleted' : now.blob === then.blob ? 'mode' : 'edited' });
  }
  const findings = evaluateTestsFrozen({
    phase: c.phase,
    regression: c.regression,
    entries: c.entries,
    frozenChanges: c.entries.filter((e) => e.kind === 'test' || e.kind === 'support'),
    redDrift,
    ...(record ? { frozenBase: record.commit } : {}),
    ...(c.testSettings ? { testSettings: c.testSettings } : {}),
    // Only the snapshot files of the task's RED test files may gain entries.
    snapshotChanges: (c.snapshotChanges ?? []).filter((s) => record?.files.has(testFileOfSnapshot(s.path) ?? '\0')),
  });
  return findings
    .filter((f) => f.severity === 'error')
    .flatMap((f): AuditFinding[] => {
      if (f.code === 'TEST_CONFIG_CHANGED') return [fromGate(c, f, 'AUDIT_TEST_CONFIG_CHANGED')];
      if (f.code !== 'TESTS_CHANGED') return [];
      const out = fromGate(c, f, 'AUDIT_FROZEN_TEST_CHANGED');
      const since = f.data.since === 'red';
      return [{ ...out, data: { ...out.data, base: since ? record?.commit : c.parents[0], ...(since ? { by: tracked.get(f.path!)?.by } : {}) } }];
    });
}
