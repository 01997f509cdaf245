import type { AuditFinding } from '../types.js';
import { finding, type RuleInput } from './types.js';

/**
 * The rules are the base's, not the commit's: a commit whose implementation (by the configuration
 * at the range's base, plus what allowed `off` commits changed) the history's own, widened rules
 * call ignored or test support — `ignore: ["src/**"]` slipped in — is reported, the files named.
 * The commit itself is judged by the base's rules (so an untested implementation commit is also
 * AUDIT_NO_TRAILERS, a frozen-test change AUDIT_FROZEN_TEST_CHANGED…).
 */
export function evaluateRulesWidened({ commit: c }: RuleInput): AuditFinding[] {
  if (!c.widened?.length || c.kind === 'merge' || c.kind === 'cut') return [];
  return [
    finding(c, 'AUDIT_RULES_WIDENED', {
      path: c.widened[0]!.path,
      data: { files: c.widened.length, paths: c.widened.slice(0, 20).map((w) => w.path), as: [...new Set(c.widened.map((w) => w.as))] },
    }),
  ];
}
