/**
 * Pure: the audit's outcome → its exit code, the lines CI logs show (one per finding: sha, phase,
 * code, path, words) and the JSON agents read.
 */
import { paint } from '../report/format.js';
import { formatAuditFinding, REWRITE_STEP } from './messages.js';
import { UNVERIFIED_CODES, type AuditCounts, type AuditFinding } from './types.js';

export interface AuditReport {
  /** The revision arguments audited, as given (or chosen by default). */
  range: string[];
  counts: AuditCounts;
  findings: AuditFinding[];
  /** Commits whose tests --replay ran (undefined without --replay). */
  replayed?: number;
  /** With --shard i/n: this job's part; findings and replays are this shard's commits only. */
  shard?: { index: number; total: number; commits: number };
}

/** 0 clean · 1 findings · 3 could not verify (every error is one: a shallow cut, a replay that could not run). */
export function auditExitCode(findings: AuditFinding[]): 0 | 1 | 3 {
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length === 0) return 0;
  return errors.every((f) => UNVERIFIED_CODES.has(f.code)) ? 3 : 1;
}

const MARK = { error: ['✗', 'red'], warn: ['!', 'yellow'], info: ['·', 'dim'] } as const;

function summary(c: AuditCounts): string {
  const parts: [number, string][] = [
    [c.red, 'red'],
    [c.green, 'green'],
    [c.refactor, 'refactor'],
    [c.off, 'off'],
    [c.noTrailers, 'without trailers'],
    [c.merge, 'merge'],
    [c.ignored, 'docs/ignored only'],
    [c.empty, 'empty'],
    [c.cut, 'cut by the shallow clone'],
    [c.beforeHooks ?? 0, 'made before the hooks were in use (before tdd-hooks)'],
  ];
  const listed = parts.filter(([n]) => n > 0).map(([n, w]) => `${w} ${n}`);
  return `${c.commits} commit${c.commits === 1 ? '' : 's'}${listed.length ? ` (${listed.join(', ')})` : ''}`;
}

/** `3f2c1a9b0c1d green    AUDIT_FROZEN_TEST_CHANGED test/a.test.js — <what>` */
export function formatFindingLine(f: AuditFinding, color: boolean): string {
  const [mark, style] = MARK[f.severity];
  const where = f.path ? `${f.path}${f.line ? `:${f.line}` : ''}` : '-';
  return `${paint(color, style, mark)} ${f.commit.slice(0, 12)} ${(f.phase ?? '-').padEnd(8)} ${paint(color, 'bold', f.code)} ${where} — ${formatAuditFinding(f).what}`;
}

/** `12 commits (red 4, green 4, …), shard 2/4: 3 of them, tests replayed at 3` */
export function auditHeadline(report: AuditReport): string {
  const shard = report.shard ? `, shard ${report.shard.index}/${report.shard.total}: ${report.shard.commits} of them` : '';
  return `${summary(report.counts)}${shard}${report.replayed === undefined ? '' : `, tests replayed at ${report.replayed}`}`;
}

export function formatAuditText(report: AuditReport, color: boolean): string {
  const lines = [`tdd audit ${report.range.join(' ')}: ${auditHeadline(report)}`];
  // An empty range proves nothing: not "clean".
  if (report.counts.commits === 0)
    return [...lines, `${paint(color, 'yellow', '0 commits: nothing audited')} (the range holds no commit; the whole history: tdd audit HEAD)`].join('\n');
  const order = { error: 0, warn: 1, info: 2 } as const;
  const shown = [...report.findings].sort((a, b) => order[a.severity] - order[b.severity]);
  for (const f of shown) lines.push(formatFindingLine(f, color));
  const next = new Map<string, string>();
  for (const f of shown) {
    const step = formatAuditFinding(f).next;
    if (f.severity !== 'info' && step && !next.has(f.code)) next.set(f.code, step);
  }
  for (const [code, step] of next) lines.push(`  ${paint(color, 'cyan', 'next:')} ${code}: ${step}`);
  const code = auditExitCode(report.findings);
  if (code === 1) lines.push(`  ${paint(color, 'cyan', 'next:')} ${REWRITE_STEP}`);
  const errors = report.findings.filter((f) => f.severity === 'error');
  const commits = new Set(errors.map((f) => f.commit)).size;
  lines.push(
    code === 0
      ? `${paint(color, 'green', 'clean')}: every commit keeps the TDD invariants the history can show${report.findings.length ? ' (listed above: allowed, recorded)' : ''}`
      : code === 3
        ? `${paint(color, 'yellow', 'could not verify')}: ${errors.length} problem(s) (exit 3)`
        : `${paint(color, 'red', `${errors.length} finding(s) in ${commits} commit(s)`)} (exit 1)`,
  );
  return lines.join('\n');
}

export function auditJson(report: AuditReport): Record<string, unknown> {
  return {
    range: report.range,
    counts: report.counts,
    ...(report.replayed === undefined ? {} : { replayed: report.replayed }),
    ...(report.shard ? { shard: report.shard } : {}),
    audited: report.counts.commits > 0,
    findings: report.findings.map((f) => {
      const { what, next } = formatAuditFinding(f);
      return { ...f, message: what, ...(next ? { next } : {}) };
    }),
  };
}
