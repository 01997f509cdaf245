import type { Finding, FindingCode, Phase, Severity } from '../../types.js';
import type { AuditCode, AuditCommit, AuditFinding, AuditOptions, GateOf, LineState, RestatingCode, Tracked } from '../types.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

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

/** Where a finding is: the commit (or the replayed plan's commit) and the phase its trailers declare. */
export interface FindingAt {
  sha: string;
  phase: Phase | null;
}

/** A finding of `code` about commit `c`; its data is checked against AuditFindingData (severity: error unless said). */
export function finding<A extends AuditCode>(
  c: FindingAt,
  code: A,
  rest: DistributiveOmit<AuditFinding<A>, 'code' | 'commit' | 'phase' | 'severity'> & { severity?: Severity },
): AuditFinding<A> {
  const { severity = 'error', ...more } = rest;
  return { code, severity, commit: c.sha, phase: c.phase, ...more } as unknown as AuditFinding<A>;
}

/** A commit-time gate's finding, restated about a commit of the history (its code kept as `gate`). */
export function fromGate<A extends RestatingCode>(c: FindingAt, f: Finding<GateOf<A>>, code: A): AuditFinding<A> {
  return {
    code,
    severity: 'error',
    commit: c.sha,
    phase: c.phase,
    ...(f.path === undefined ? {} : { path: f.path }),
    ...(f.line === undefined ? {} : { line: f.line }),
    data: { gate: f.code, ...(f.data as object | undefined) },
  } as unknown as AuditFinding<A>;
}

/** Which audit code restates gate code `G` (a table from gate codes to audit codes is checked with it). */
export type RestatedAs<G extends FindingCode> = { [A in RestatingCode]: G extends GateOf<A> ? A : never }[RestatingCode];
export type GateTable = { readonly [G in FindingCode]?: RestatedAs<G> };

/** The gate findings a table names, restated; the others are left out. */
export function restateGates(table: GateTable, c: FindingAt, findings: readonly Finding[]): AuditFinding<RestatingCode>[] {
  return findings.flatMap((f) => {
    const code = table[f.code];
    // The table's type says `code` restates `f.code`: its data is that gate's.
    return code ? [fromGate(c, f as Finding<never>, code)] : [];
  });
}

/** How a change reads: added, deleted, a mode change, or an edit. */
export function changeOf(e: { status: string; oldBlob: string; newBlob: string }): 'added' | 'deleted' | 'mode' | 'edited' {
  return e.status === 'A' ? 'added' : e.status === 'D' ? 'deleted' : e.oldBlob === e.newBlob ? 'mode' : 'edited';
}
