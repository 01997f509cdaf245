import { isSetupPath } from '../../snapshot/kinds.js';
import type { FileKind } from '../../types.js';
import { changeOf, finding, type RuleInput } from './types.js';
import type { AuditFinding } from '../types.js';

/**
 * A commit that touches tests, test support, manifests or implementation carries TDD trailers:
 * without them it was made past the hooks (`--no-verify`, `TDD_HOOKS=0`, a rebase that rewrote
 * it without them…). Docs-only, ignored-only and empty commits need none, nor does a setup commit (configuration and
 * manifests only) before the line's first TDD step. The tests the line's
 * last TDD step froze stay frozen for such a commit too: changing them is reported as well.
 */
export function evaluateNoTrailers({ commit: c, before }: RuleInput): AuditFinding[] {
  if (c.kind !== 'no-trailers') return [];
  const touched = c.entries.filter((e) => e.kind !== 'ignored');
  // The setup commit after install (configuration and manifests, before any TDD step) needs no phase.
  if (!before.current && before.records.size === 0 && !before.open && c.entries.every(isSetupPath)) return [];
  const kinds: Partial<Record<FileKind, number>> = {};
  for (const e of touched) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
  const findings: AuditFinding[] = [finding(c, 'AUDIT_NO_TRAILERS', { path: touched[0]!.path, data: { files: touched.length, kinds } })];
  const current = before.current;
  const record = current ? before.records.get(current.task) : undefined;
  if (!current || !record) return findings;
  for (const e of c.entries) {
    if (!record.files.has(e.path)) continue;
    findings.push(
      finding(c, 'AUDIT_FROZEN_TEST_CHANGED', {
        path: e.path,
        data: { change: changeOf(e), kind: e.kind, since: 'red', red: record.commit, task: current.task },
      }),
    );
  }
  return findings;
}
