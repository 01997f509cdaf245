import type { AuditFinding } from '../types.js';
import { fromGate, type RuleInput } from './types.js';

/**
 * The integrity rules (gates/integrity) over what a commit adds to implementation, on every commit
 * that changes it whatever its trailers say: the same pure functions the hook runs, no replay
 * needed. They ran when the facts were read (audit/integrity.ts addIntegrity): here, their findings.
 */
export function evaluateImplIntegrity({ commit: c }: RuleInput): AuditFinding[] {
  if (!c.integrity) return [];
  return c.integrity.map((f) => fromGate(c, f, 'AUDIT_IMPL_INTEGRITY'));
}
