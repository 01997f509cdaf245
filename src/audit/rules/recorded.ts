import type { AuditFinding } from '../types.js';
import { finding, type RuleInput } from './types.js';

/**
 * The declared exits from TDD — `off` commits (failed unless `audit.allowOff` allows them), regression tests that passed at RED
 * (`TDD-Regression: true`), GREEN-impossible false-fails (`TDD-False-Fail`) — are listed, not
 * failed, unless the configuration's `audit.failOn*` says otherwise.
 */
export function evaluateRecorded({ commit: c, options }: RuleInput): AuditFinding[] {
  if (c.kind !== 'tdd') return [];
  const level = (fail: boolean): AuditFinding['severity'] => (fail ? 'error' : 'info');
  const findings: AuditFinding[] = [];
  // An off commit fails unless the policy at the range's base allows it (a count is settled over the range: evaluate.ts allowOffCommits).
  const off = options.failOnOff || options.allowOff !== true;
  if (c.phase === 'off') findings.push(finding(c, 'AUDIT_OFF', { severity: level(off), data: { reason: c.reason ?? '', allowOff: options.allowOff } }));
  if (c.phase === 'red' && c.regression) findings.push(finding(c, 'AUDIT_REGRESSION', { severity: level(options.failOnRegression), data: { task: c.task } }));
  if (c.falseFail && c.phase !== 'off') {
    findings.push(finding(c, 'AUDIT_FALSE_FAIL', { severity: level(options.failOnFalseFail), data: { patterns: c.falseFail, task: c.task } }));
  }
  // GREEN code no test demanded (greenCoverage "warn"): counted and listed.
  if (c.uncovered && c.phase === 'green') findings.push(finding(c, 'AUDIT_UNCOVERED', { severity: 'info', data: { lines: c.uncovered, task: c.task } }));
  return findings;
}
