import { openRecord, taskOf } from '../lineage.js';
import type { AuditFinding } from '../types.js';
import { finding, type RuleInput } from './types.js';

/**
 * A GREEN commit closes an open RED record of its task that lies in its own history (a GREEN
 * cherry-picked away from its RED has none). When the RED may lie beyond a shallow clone's cut,
 * the audit cannot tell: that is AUDIT_SHALLOW, not a finding against the commit.
 */
export function evaluateGreenWithoutRed({ commit: c, before }: RuleInput): AuditFinding[] {
  if (c.kind !== 'tdd' || c.phase !== 'green') return [];
  const task = taskOf(c);
  if (openRecord(before, task)) return [];
  if (before.truncated) return [finding(c, 'AUDIT_SHALLOW', { data: { reason: 'red-beyond-cut', task: c.task } })];
  const closed = before.records.get(task)?.greenCommit;
  return [
    finding(c, 'AUDIT_GREEN_WITHOUT_RED', { data: { task: c.task, ...(closed ? { closedBy: closed } : {}), ...(before.open ? { beyond: 'look-back' } : {}) } }),
  ];
}
