import { evaluateScope } from '../../gates/scope.js';
import type { RedRecord } from '../../state/types.js';
import { openRecord, taskOf } from '../lineage.js';
import type { AuditCode, AuditFinding } from '../types.js';
import { fromGate, type RuleInput } from './types.js';

const CODES: Record<string, AuditCode> = {
  RED_IMPL_STAGED: 'AUDIT_RED_TOUCHES_IMPL',
  RED_NO_TESTS_STAGED: 'AUDIT_RED_WITHOUT_TESTS',
  RED_TEST_REMOVED: 'AUDIT_RED_TEST_REMOVED',
};

/**
 * RED holds tests and test support only (manifests and ignored paths allowed), adds or changes a
 * test file, and keeps the task's open RED tests — the commit-time scope gate, run on the diff.
 * A forged `TDD-Phase: red` does not make implementation a test.
 */
export function evaluateRedScope({ commit: c, before }: RuleInput): AuditFinding[] {
  if (c.kind !== 'tdd' || c.phase !== 'red') return [];
  const open = openRecord(before, taskOf(c));
  const red: RedRecord | undefined = open && { commit: open.commit, tree: '', files: [...open.files.keys()], blobs: {}, failing: [], regression: open.regression };
  return evaluateScope({ phase: 'red', regression: c.regression, entries: c.entries, ...(red ? { red } : {}) }).flatMap((f) => {
    const code = CODES[f.code];
    return code ? [fromGate(c, f, code)] : [];
  });
}
