/**
 * The report as GitHub-flavoured Markdown: for a pull request comment or a CI job summary
 * ($GITHUB_STEP_SUMMARY). Pure.
 */
import { escapeMarkdown as md } from './escape.js';
import type { Light, LightKind, Report } from './types.js';
import {
  bypassBanner,
  describeLight,
  formatTime,
  KIND_LABEL,
  KIND_MEANING,
  reportNotes,
  STATUS_LABEL,
  summaryFacts,
  taskFacts,
  taskHeading,
} from './wording.js';

/** Coloured circles read at a glance; each also has its word in the steps table and the legend. */
export const KIND_EMOJI: Record<LightKind, string> = { red: '🔴', green: '🟢', refactor: '🔵', refused: '🟠', off: '⚪' };

const lights = (ls: Light[]): string => ls.map((l) => KIND_EMOJI[l.kind]).join('');

function stepRow(l: Light, i: number): string {
  const d = describeLight(l);
  const label = `${KIND_EMOJI[l.kind]} ${d.label}${d.marks.length ? ` (${d.marks.join('; ')})` : ''}`;
  const commit = l.kind === 'refused' ? '' : `\`${l.sha.slice(0, 7)}\``;
  const what = l.kind === 'refused' ? d.what : d.what.slice(8);
  return `| ${i + 1} | ${formatTime(l.at)} | ${md(label)} | ${commit} | ${md(what)} | ${md(d.detail)} |`;
}

export function formatReportMarkdown(r: Report): string {
  const out: string[] = [];
  out.push(`# TDD report: ${md(r.range.label)}`, '');
  const banner = bypassBanner(r);
  if (banner) out.push(`> [!CAUTION]\n> ⛔ **${md(banner).replace(/\\`/g, '`')}**`, '');
  out.push(`Legend: ${(Object.keys(KIND_EMOJI) as LightKind[]).map((k) => `${KIND_EMOJI[k]} ${KIND_LABEL[k]} (${KIND_MEANING[k]})`).join(' · ')}`, '');
  out.push('## Summary', '', '| | |', '|---|---|');
  for (const [k, v] of summaryFacts(r)) out.push(`| ${md(k)} | ${md(v)} |`);
  out.push('');
  for (const n of reportNotes(r)) out.push(`> ${md(n).replace(/\\`/g, '`')}`, '');
  if (r.tasks.length) {
    out.push('| task | status | lights | time in red (total) | time to green (first cycle) | tests added |', '|---|---|---|---|---|---|');
    for (const t of r.tasks) {
      const facts = Object.fromEntries(taskFacts(t));
      out.push(
        `| ${md(taskHeading(t))} | ${STATUS_LABEL[t.status]} | ${lights(t.lights)} | ${facts['time in red (total)'] ?? '—'} | ${facts['time to green (first cycle)'] ?? '—'} | ${facts['tests added'] ?? '—'} |`,
      );
    }
    out.push('');
  }
  for (const t of r.tasks) {
    out.push(`## ${md(taskHeading(t))}: ${STATUS_LABEL[t.status]}`, '', lights(t.lights), '');
    out.push(
      taskFacts(t)
        .map(([k, v]) => `${md(k)}: **${md(v)}**`)
        .join(' · '),
      '',
    );
    out.push('| # | when (UTC) | light | commit | subject / codes | evidence |', '|---|---|---|---|---|---|');
    t.lights.forEach((l, i) => out.push(stepRow(l, i)));
    out.push('');
  }
  if (r.untracked.length) {
    out.push('## Without TDD trailers', '', '| when (UTC) | commit | subject |', '|---|---|---|');
    for (const c of r.untracked)
      out.push(
        `| ${formatTime(c.at)} | \`${c.sha.slice(0, 7)}\` | ${c.bypass ? '⛔ ' : ''}${md(c.subject)}${c.merge ? ' (merge)' : ''}${c.bypass ? ' (past the hooks)' : ''} |`,
      );
    out.push('');
  }
  out.push(`<sub>Generated ${formatTime(r.generatedAt)} UTC by tdd-hooks.</sub>`);
  return out.join('\n') + '\n';
}
