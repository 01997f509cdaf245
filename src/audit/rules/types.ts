import type { Finding } from '../../types.js';
import type { AuditCode, AuditCommit, AuditFinding, AuditOptions, LineState, Tracked } from '../types.js';

/** What one rule sees of one commit. Pure data; a rule returns findings and never throws for a violation. */
export interface RuleInput {
  commit: AuditCommit;
  /** The line's TDD state before this commit. */
  before: LineState;
  /** The tracked paths (the records' test files) as this commit leaves them. */
  tracked: ReadonlyMap<string, Tracked>;
  options: AuditOptions;
  /** `<commit>\0<path>`: test changes already reported at the commit that made them. */
  reported: ReadonlySet<string>;
}

export type AuditRule = (input: RuleInput) => AuditFinding[];

export function finding(
  c: AuditCommit,
  code: AuditCode,
  rest: Omit<AuditFinding, 'code' | 'commit' | 'phase' | 'severity'> & { severity?: AuditFinding['severity'] } = {},
): AuditFinding {
  const { severity = 'error', ...more } = rest;
  return { code, severity, commit: c.sha, phase: c.phase, ...more };
}

/** A commit-time gate's finding, restated about a commit of the history (its code kept as `gate`). */
export function fromGate(c: AuditCommit, f: Finding, code: AuditCode): AuditFinding {
  return {
    code,
    severity: 'error',
    commit: c.sha,
    phase: c.phase,
    ...(f.path === undefined ? {} : { path: f.path }),
    ...(f.line === undefined ? {} : { line: f.line }),
    data: { gate: f.code, ...f.data },
  };
}

/** How a change reads: added, deleted, a mode change, or an edit. */
export function changeOf(e: { status: string; oldBlob: string; newBlob: string }): 'added' | 'deleted' | 'mode' | 'edited' {
  return e.status === 'A' ? 'added' : e.status === 'D' ? 'deleted' : e.oldBlob === e.newBlob ? 'mode' : 'edited';
}
