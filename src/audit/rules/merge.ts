import type { AuditFinding } from '../types.js';
import { finding, type RuleInput } from './types.js';

/**
 * A merge is not a TDD step: the commits it brings are judged one by one. What the merge itself
 * changes — a path whose merged content matches no parent: a conflict resolution, or an edit made
 * in the merge — was never checked by a hook; it is listed (a failure with
 * `audit.failOnMergeChanges`), ignored paths aside.
 */
export function evaluateMergeChanges({ commit: c, options }: RuleInput): AuditFinding[] {
  if (c.kind !== 'merge') return [];
  const own = (c.mergeOwn ?? []).filter((e) => e.kind !== 'ignored');
  if (own.length === 0) return [];
  return [
    finding(c, 'AUDIT_MERGE_CHANGES', {
      severity: options.failOnMergeChanges ? 'error' : 'warn',
      path: own[0]!.path,
      data: { files: own.length, paths: own.slice(0, 20).map((e) => e.path), kinds: [...new Set(own.map((e) => e.kind))] },
    }),
  ];
}
