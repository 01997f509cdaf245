/** The report for a terminal: a strip of lights per task, its facts, one line per step. Pure. */
import { paint } from './format.js';
import type { Light, LightKind, Report } from './types.js';
import {
  bypassBanner,
  describeLight,
  formatTime,
  KIND_GLYPH,
  KIND_LABEL,
  plain,
  reportNotes,
  STATUS_LABEL,
  summaryFacts,
  taskFacts,
  taskHeading,
} from './wording.js';

type Style = Parameters<typeof paint>[1];
const STYLE: Record<LightKind, Style> = { red: 'red', green: 'green', refactor: 'cyan', refused: 'yellow', off: 'dim' };

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function strip(lights: Light[], color: boolean): string {
  return lights.map((l) => paint(color, STYLE[l.kind], KIND_GLYPH[l.kind])).join(' ');
}

function step(l: Light, color: boolean): string {
  const d = describeLight(l);
  const label = paint(color, STYLE[l.kind], (l.kind === 'refused' ? 'refused' : d.label).padEnd(8));
  if (l.kind === 'refused') {
    const phase = (l.phase ?? 'no phase').toUpperCase();
    return `  ${formatTime(l.at)}  ${label}  ${phase.padEnd(8)} ${d.what}${l.exitCode === 3 ? ' (could not verify)' : ''}${d.detail ? `  ${paint(color, 'dim', clip(d.detail, 120))}` : ''}`;
  }
  const marks = d.marks.length ? `${paint(color, 'yellow', d.marks.join('; '))}  ` : '';
  return `  ${formatTime(l.at)}  ${label}  ${clip(d.what, 60).padEnd(60)}  ${marks}${paint(color, 'dim', d.detail)}`;
}

export function formatReportText(r: Report, color: boolean): string {
  const out: string[] = [];
  out.push(
    `${paint(color, 'bold', 'TDD report')}  ${plain(r.range.label)}  ·  ${r.summary.commits} commit${r.summary.commits === 1 ? '' : 's'}  ·  ${r.summary.tasks} task${r.summary.tasks === 1 ? '' : 's'}`,
  );
  const banner = bypassBanner(r);
  if (banner) out.push(paint(color, 'red', `✗ ${banner}`));
  out.push(paint(color, 'dim', `lights: ${(Object.keys(KIND_GLYPH) as LightKind[]).map((k) => `${KIND_GLYPH[k]} ${KIND_LABEL[k]}`).join(' · ')}`));
  for (const t of r.tasks) {
    out.push('');
    out.push(`${paint(color, 'bold', taskHeading(t))}  ${STATUS_LABEL[t.status]}   ${strip(t.lights, color)}`);
    out.push(
      `  ${taskFacts(t)
        .map(([k, v]) => `${k} ${v}`)
        .join(' · ')}`,
    );
    for (const l of t.lights) out.push(step(l, color));
  }
  out.push('');
  out.push(paint(color, 'bold', 'summary'));
  for (const [k, v] of summaryFacts(r)) out.push(`  ${k}: ${v}`);
  for (const n of reportNotes(r)) out.push(`  ${paint(color, 'dim', `note: ${n}`)}`);
  if (r.untracked.length) {
    out.push(paint(color, 'bold', 'without TDD trailers'));
    for (const c of r.untracked)
      out.push(
        `  ${formatTime(c.at)}  ${c.sha.slice(0, 7)}  ${clip(plain(c.subject), 70)}${c.merge ? ' (merge)' : ''}${c.bypass ? paint(color, 'red', ' (past the hooks)') : ''}`,
      );
  }
  return out.join('\n');
}
