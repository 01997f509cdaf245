import type { AuditFinding } from '../types.js';
import { finding, type RuleInput } from './types.js';

/**
 * What the history itself keeps from being judged: a commit whose parents a shallow clone cut
 * off (its diff against them is unknown), and a configuration that entered the history malformed.
 */
export function evaluateHistoryGaps({ commit: c }: RuleInput): AuditFinding[] {
  const findings: AuditFinding[] = [];
  if (c.kind === 'cut') findings.push(finding(c, 'AUDIT_SHALLOW', { data: { reason: 'cut' } }));
  const problems = c.configProblems;
  if (problems?.length) findings.push(finding(c, 'AUDIT_CONFIG_INVALID', { path: problems[0]!.file, data: { problems } }));
  return findings;
}
