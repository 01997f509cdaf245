import { openRecord, taskOf } from '../lineage.js';
import type { AuditFinding } from '../types.js';
import { finding, type RuleInput } from './types.js';

/**
 * RED adds; it does not take away — the hook's RED_CHANGES_PASSING_TEST, from the diffs: a RED
 * commit that edits or removes a test its parent had (or takes code from beside them) is reported,
 * the test named, unless its `TDD-Revise` trailer declares it (then listed). What the task's open
 * RED commits wrote themselves (files they created, tests they added) they may still improve.
 */
export function evaluateRedChangesPassingTest({ commit: c, before }: RuleInput): AuditFinding[] {
  if (c.kind !== 'tdd' || c.phase !== 'red' || !c.oldTestChanges?.length) return [];
  const own = openRecord(before, taskOf(c))?.own ?? new Set<string>();
  const changes = c.oldTestChanges.filter((x) => !own.has(x.path) && !own.has(`${x.path}\0${x.test}`));
  if (changes.length === 0) return [];
  if (c.revise) {
    const tests = changes.map((x) => (x.test ? `${x.path} > ${x.test}` : `${x.path} (outside the tests)`));
    return [finding(c, 'AUDIT_RED_REVISED', { severity: 'info', path: changes[0]!.path, data: { why: c.revise, tests } })];
  }
  return changes.map((x) => finding(c, 'AUDIT_RED_CHANGES_PASSING_TEST', { path: x.path, data: { test: x.test, change: x.change, task: c.task } }));
}
