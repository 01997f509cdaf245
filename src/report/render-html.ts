/**
 * The report as one self-contained HTML page: a traffic-light timeline per task, in the spirit of
 * cyber-dojo's lights — read at a glance, the details on hover (title) and on expand (<details>).
 * Pure. Every string from the repository goes through escapeHtml; nothing from it reaches the
 * script, and the page's Content-Security-Policy allows no network and no other script.
 */
import { createHash } from 'node:crypto';
import { escapeHtml as h } from './escape.js';
import { CSS, SCRIPT } from './html-assets.js';
import type { Light, LightKind, Report, TaskReport } from './types.js';
import {
  bypassBanner,
  refusedList,
  describeLight,
  formatTime,
  KIND_LABEL,
  KIND_MEANING,
  lightSentence,
  reportNotes,
  shortSha,
  STATUS_LABEL,
  taskFacts,
  taskHeading,
  taskName,
  TERMINAL_MEANING,
  duration,
  countList,
  cycleCounts,
} from './wording.js';

/** Shape, colour and a glyph: no light depends on colour alone. */
export const HTML_GLYPH: Record<LightKind, string> = { red: 'R', green: 'G', refactor: '↻', refused: '✕', off: '–' };

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Nothing may load, and only the page's own style and script may run: they are allowed by hash,
 * so markup that slipped past escaping could still not run a script or an inline handler.
 */
const CSP = `default-src 'none'; style-src ${sha256(CSS)}; script-src ${sha256(SCRIPT)}; base-uri 'none'; form-action 'none'`;

function lightClass(l: Light): string {
  const extra = l.kind === 'red' && l.regression ? ' light--regression' : l.kind !== 'refused' && l.falseFail !== null ? ' light--false-fail' : '';
  return `light light--${l.kind}${extra}`;
}

/** Which lights open a new RED → GREEN cycle (after the first): a RED after a GREEN or REFACTOR. */
function cycleStarts(lights: Light[]): Set<number> {
  const starts = new Set<number>();
  let greenSince = false;
  lights.forEach((l, i) => {
    if (l.kind === 'red') {
      if (greenSince) starts.add(i);
      greenSince = false;
    } else if (l.kind === 'green' || l.kind === 'refactor') greenSince = true;
  });
  return starts;
}

function timeline(t: TaskReport, n: number): string {
  const starts = cycleStarts(t.lights);
  const items = t.lights.map((l, i) => {
    const say = h(lightSentence(l, i));
    return `<li${starts.has(i) ? ' class="cycle"' : ''} data-kind="${l.kind}"><a class="${lightClass(l)}" href="#t${n}-s${i + 1}" title="${say}" aria-label="${say}">${HTML_GLYPH[l.kind]}</a></li>`;
  });
  return `<ol class="lights" aria-label="Timeline of ${h(taskName(t.id))}: ${t.lights.length} lights">${items.join('')}</ol>`;
}

function stepRow(l: Light, i: number, n: number): string {
  const d = describeLight(l);
  const marks = d.marks.length ? ` <span class="muted">(${h(d.marks.join('; '))})</span>` : '';
  const commit = l.kind === 'refused' ? '' : `<code title="${h(l.sha)}">${shortSha(l.sha)}</code>`;
  const what = l.kind === 'refused' ? `<span class="mono">${h(d.what)}</span>` : h(l.subject);
  return (
    `<tr id="t${n}-s${i + 1}"><td class="muted">${i + 1}</td>` +
    `<td class="kind"><span class="${lightClass(l)} small" aria-hidden="true">${HTML_GLYPH[l.kind]}</span>${h(d.label)}${marks}</td>` +
    `<td class="when"><time datetime="${h(l.at)}">${formatTime(l.at)}</time></td><td>${commit}</td><td class="subject">${what}</td><td>${h(d.detail)}</td></tr>`
  );
}

function facts(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `<div><dt>${h(k)}</dt><dd>${h(v)}</dd></div>`).join('');
}

function taskSection(t: TaskReport, n: number): string {
  const rows = t.lights.map((l, i) => stepRow(l, i, n)).join('');
  return `<article class="panel task" id="t${n}" data-task="${h(t.id ?? '')}" data-lights="${t.lights.length}" aria-labelledby="t${n}-name">
<div class="task-head"><h2 id="t${n}-name">${h(taskHeading(t))}</h2><span class="status status--${t.status}">${h(STATUS_LABEL[t.status])}</span></div>
${timeline(t, n)}
<dl class="facts">${facts(taskFacts(t))}</dl>
<details class="steps"><summary>${t.lights.length} step${t.lights.length === 1 ? '' : 's'}: commits and refused attempts</summary>
<div class="table"><table><thead><tr><th>#</th><th>light</th><th>when (UTC)</th><th>commit</th><th>subject / codes</th><th>evidence / reason</th></tr></thead><tbody>${rows}</tbody></table></div>
</details></article>`;
}

function legend(): string {
  const kinds = (Object.keys(HTML_GLYPH) as LightKind[]).map(
    (k) =>
      `<li><span class="light light--${k} small" aria-hidden="true">${HTML_GLYPH[k]}</span><span><b>${KIND_LABEL[k]}</b> <span class="muted">${KIND_MEANING[k]}</span></span></li>`,
  );
  kinds.push(
    `<li><span class="light light--red light--regression small" aria-hidden="true">R</span><span class="muted">${TERMINAL_MEANING.regression}</span></li>`,
    `<li><span class="light light--green light--false-fail small" aria-hidden="true">G</span><span class="muted">${TERMINAL_MEANING.falseFail}</span></li>`,
  );
  return `<section class="panel legend" aria-labelledby="legend"><h3 id="legend">Legend</h3><ul>${kinds.join('')}</ul></section>`;
}

function summary(r: Report): string {
  const s = r.summary;
  const stats: [string, string][] = [
    ['tasks', String(s.tasks)],
    ['cycles green', `${s.cyclesGreen} / ${s.cycles}`],
    ['median time in red (per cycle)', duration(s.medianTimeInRedMs)],
    ['median time to green (per cycle)', duration(s.medianTimeToGreenMs)],
    ['tests added', String(s.testsAdded)],
    ['refused', String(s.lights.refused)],
    ['off TDD', String(s.lights.off)],
    ['without trailers', String(s.untracked)],
  ];
  const tally: [string, string][] = [['lights', (Object.keys(HTML_GLYPH) as LightKind[]).map((k) => `${s.lights[k]} ${KIND_LABEL[k]}`).join(' · ')]];
  const cycles = cycleCounts(r.tasks.flatMap((t) => t.cycles));
  if (s.cycles) tally.push(['cycles', cycles]);
  if (s.lights.refused) tally.push(['refused', refusedList(r)]);
  if (s.lights.off) tally.push(['off', countList(s.offReasons)]);
  // Our own words; `code` spans become <code> after escaping.
  const notes = reportNotes(r).map((x) => `<li>${h(x).replace(/`([^`]+)`/g, '<code>$1</code>')}</li>`);
  return `<section aria-labelledby="summary"><h3 id="summary">Summary</h3><dl class="stats">${facts(stats)}</dl>
<div class="panel"><dl class="facts tally">${facts(tally)}</dl>${notes.length ? `<ul class="notes">${notes.join('')}</ul>` : ''}</div></section>`;
}

function untracked(r: Report): string {
  if (!r.untracked.length) return '';
  const rows = r.untracked.map(
    (c) =>
      `<tr${c.bypass ? ' class="bypass"' : ''}><td class="when">${formatTime(c.at)}</td><td><code title="${h(c.sha)}">${shortSha(c.sha)}</code></td><td class="subject">${h(c.subject)}${c.merge ? ' <span class="muted">(merge)</span>' : ''}${c.bypass ? ' <b>(past the hooks)</b>' : ''}</td></tr>`,
  );
  return `<section class="panel" aria-labelledby="untracked"><h3 id="untracked">Without TDD trailers</h3><details${r.summary.bypasses ? ' open' : ''}><summary>${r.untracked.length} commit${r.untracked.length === 1 ? '' : 's'}: docs only, merges, made before the hooks, or past them — <code>tdd audit</code> judges them</summary>
<div class="table"><table><thead><tr><th>when (UTC)</th><th>commit</th><th>subject</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></details></section>`;
}

/** Commits made past the hooks: first thing on the page, in red, announced to screen readers. */
function banner(r: Report): string {
  const text = bypassBanner(r);
  return text ? `<div class="banner banner--bypass" role="alert"><b aria-hidden="true">✗</b> ${h(text).replace(/`([^`]+)`/g, '<code>$1</code>')}</div>\n` : '';
}

export function formatReportHtml(r: Report): string {
  const tasks = r.tasks.map((t, i) => taskSection(t, i + 1)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="referrer" content="no-referrer">
<title>TDD report · ${h(r.range.label)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<header><h1>TDD report</h1><p class="sub"><code>${h(r.range.label)}</code> · ${r.summary.commits} commit${r.summary.commits === 1 ? '' : 's'} · generated <time datetime="${h(r.generatedAt)}">${formatTime(r.generatedAt)} UTC</time></p></header>
${banner(r)}${summary(r)}
${legend()}
<div class="tools"><h3>Tasks</h3><button type="button" id="toggle-all" aria-pressed="false" hidden>Expand all steps</button></div>
<section class="tasks" aria-label="Tasks">
${tasks || '<p class="muted">No TDD commits in this range.</p>'}
</section>
${untracked(r)}
<footer>Made by tdd-hooks from the commit trailers and the local event log. Hover a light for its commit; select it for the step.</footer>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
