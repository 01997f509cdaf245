/**
 * `tdd audit --format github`: the audit as GitHub Actions reads it. Pure. Each finding becomes a
 * workflow command (`::error file=test/a.test.js,line=3,title=AUDIT_…::…`) that the runner turns
 * into an annotation on the pull request; the job summary ($GITHUB_STEP_SUMMARY) is Markdown.
 * GitHub shows ten annotations of a kind per step: errors come first.
 */
import { formatAuditFinding, REWRITE_STEP } from './messages.js';
import { auditExitCode, auditHeadline, type AuditReport } from './format.js';
import type { AuditFinding } from './types.js';

const COMMAND = { error: 'error', warn: 'warning', info: 'notice' } as const;
const ORDER = { error: 0, warn: 1, info: 2 } as const;

/** A command's message: `%`, CR and LF escaped. */
export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** A property value (file=, title=): also `:` and `,`, which end the value. */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

function sorted(findings: AuditFinding[]): AuditFinding[] {
  return findings
    .map((f, i) => [f, i] as const)
    .sort(([a, i], [b, j]) => ORDER[a.severity] - ORDER[b.severity] || i - j)
    .map(([f]) => f);
}

export function formatGithubAnnotations(report: AuditReport): string[] {
  return sorted(report.findings).map((f) => {
    const { what, next } = formatAuditFinding(f);
    const props = [
      ...(f.path ? [`file=${escapeProperty(f.path)}`] : []),
      ...(f.path && f.line ? [`line=${f.line}`] : []),
      `title=${escapeProperty(`${f.code} (${f.commit.slice(0, 12)}${f.phase ? ` ${f.phase}` : ''})`)}`,
    ];
    return `::${COMMAND[f.severity]} ${props.join(',')}::${escapeData(`${what}${next ? `\nnext: ${next}` : ''}`)}`;
  });
}

/** Markdown table cell: no pipe or line break breaks the row. */
function cell(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replace(/\r?\n/g, ' ');
}

const ICON = { error: '❌', warn: '⚠️', info: 'ℹ️' } as const;

export function formatGithubSummary(report: AuditReport): string {
  const code = auditExitCode(report.findings);
  const verdict =
    report.counts.commits === 0
      ? '⚪ **0 commits: nothing audited**'
      : code === 0
        ? '✅ **clean**'
        : code === 3
          ? '⚠️ **could not verify** (exit 3)'
          : `❌ **${report.findings.filter((f) => f.severity === 'error').length} finding(s)** (exit 1)`;
  const lines = [`### tdd audit \`${report.range.join(' ')}\``, '', `${verdict} — ${auditHeadline(report)}`, ''];
  if (report.findings.length > 0) {
    lines.push('| | commit | phase | code | file | what |', '|---|---|---|---|---|---|');
    for (const f of sorted(report.findings)) {
      const where = f.path ? `\`${cell(f.path)}${f.line ? `:${f.line}` : ''}\`` : '';
      lines.push(`| ${ICON[f.severity]} | \`${f.commit.slice(0, 12)}\` | ${f.phase ?? ''} | \`${f.code}\` | ${where} | ${cell(formatAuditFinding(f).what)} |`);
    }
    const next = new Map<string, string>();
    for (const f of sorted(report.findings)) {
      const step = formatAuditFinding(f).next;
      if (f.severity !== 'info' && step && !next.has(f.code)) next.set(f.code, step);
    }
    if (next.size > 0 || code === 1) lines.push('', '**Next**', '');
    for (const [c, step] of next) lines.push(`- \`${c}\`: ${cell(step)}`);
    if (code === 1) lines.push(`- ${REWRITE_STEP}`);
  }
  return lines.join('\n') + '\n';
}
