/** Literal histories for the audit's unit tests: commits as readHistory gives them, blobs by id. */
import { createHash } from 'node:crypto';
import type { HistoryCommit } from '../../../src/audit/history.js';
import { auditHistory, type AuditHistoryOptions } from '../../../src/audit/index.js';
import { AUDIT_DEFAULTS, type AuditFinding, type AuditOptions } from '../../../src/audit/types.js';
import type { RawEntry } from '../../../src/git/parse.js';
import { parseTrailerLog } from '../../../src/state/trailers.js';

export const Z = '0000000000000000000000000000000000000000';
export const oid = (text: string): string =>
  createHash('sha1')
    .update(`blob ${Buffer.byteLength(text)}\0${text}`)
    .digest('hex');
export const sha = (name: string): string => createHash('sha1').update(`commit ${name}`).digest('hex');

/** A change: [path, text before (null: absent), text after (null: deleted)]; a mode change with `mode`. */
export type Change = [string, string | null, string | null] | [string, string, string, { mode: string }];

export interface Literal {
  name: string;
  /** Default: the commit before it in the list (none for the first). */
  parents?: string[];
  /** The trailer block, e.g. 'TDD-Phase: red\nTDD-Task: 1'. */
  trailers?: string;
  changes?: Change[];
}

export const TEST = (title = 'adds', body = 'assert.equal(add(2, 3), 5);') =>
  `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('${title}', () => {\n  ${body}\n});\n`;
export const IMPL = 'export const add = (a, b) => a + b;\n';

/** Literal commits (parents first) → HistoryCommit[] and the blob texts they reference. */
export function history(literals: Literal[]): { commits: HistoryCommit[]; texts: Map<string, string> } {
  const texts = new Map<string, string>();
  const blob = (t: string | null) => {
    if (t === null) return Z;
    texts.set(oid(t), t);
    return oid(t);
  };
  const commits = literals.map((l, i): HistoryCommit => {
    const changes: RawEntry[] = (l.changes ?? []).map(([path, before, after, extra]) => ({
      path,
      status: before === null ? 'A' : after === null ? 'D' : 'M',
      oldMode: before === null ? '000000' : '100644',
      newMode: after === null ? '000000' : (extra?.mode ?? '100644'),
      oldBlob: blob(before),
      newBlob: blob(after),
    }));
    const parents = l.parents ? l.parents.map(sha) : i > 0 ? [sha(literals[i - 1]!.name)] : [];
    const trailerText = l.trailers ? `${l.trailers}\n` : '';
    return {
      sha: sha(l.name),
      parents,
      time: 1_700_000_000 + i,
      subject: l.name,
      trailers: parseTrailerLog(`${sha(l.name)}\x1f${trailerText}\x1e`)[0]!,
      trailerText,
      changes,
    };
  });
  return { commits, texts };
}

/** The literal histories begin with an off commit (SKELETON): their policy allows off commits unless a test says otherwise. */
export const ALLOW_SKELETON: AuditOptions = { ...AUDIT_DEFAULTS, allowOff: true };

export function audit(literals: Literal[], opts: AuditHistoryOptions = {}) {
  const { commits, texts } = history(literals);
  return auditHistory(commits, { texts, options: ALLOW_SKELETON, ...opts });
}

/** `name CODE path` for each finding of severity error (or all with `all`), names instead of ids. */
export function codes(literals: Literal[], opts: AuditHistoryOptions & { all?: boolean } = {}): string[] {
  const names = new Map(literals.map((l) => [sha(l.name), l.name]));
  return audit(literals, opts)
    .findings.filter((f: AuditFinding) => opts.all || f.severity === 'error')
    .map((f) => `${names.get(f.commit) ?? f.commit} ${f.code}${f.path ? ` ${f.path}` : ''}`);
}

export const SKELETON: Literal = {
  name: 'skeleton',
  trailers: 'TDD-Phase: off\nTDD-Reason: skeleton',
  changes: [
    ['package.json', null, '{"name":"p","type":"module","scripts":{"test":"node --test"}}\n'],
    ['src/index.js', null, 'export const v = 1;\n'],
  ],
};
export const RED: Literal = { name: 'red', trailers: 'TDD-Phase: red\nTDD-Task: 1', changes: [['test/math.test.js', null, TEST()]] };
export const GREEN: Literal = { name: 'green', trailers: 'TDD-Phase: green\nTDD-Task: 1', changes: [['src/math.js', null, IMPL]] };
export const REFACTOR: Literal = {
  name: 'refactor',
  trailers: 'TDD-Phase: refactor\nTDD-Task: 1',
  changes: [['src/math.js', IMPL, 'export function add(a, b) {\n  return a + b;\n}\n']],
};
