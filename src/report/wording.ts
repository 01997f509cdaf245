/**
 * The report's words, shared by the text, Markdown and HTML renderings (one place, as
 * report/messages.ts is for findings). Pure. Everything here returns plain text: each renderer
 * escapes it for its own format.
 */
import type { ParsedAttemptsTrailer } from '../budget/trailer.js';
import { formatDuration } from '../budget/format.js';
import type { Cycle, Light, LightKind, Report, TaskReport, TaskStatus } from './types.js';

export const KIND_LABEL: Record<LightKind, string> = { red: 'RED', green: 'GREEN', refactor: 'REFACTOR', refused: 'refused', off: 'off' };

/** One character per light, so the timeline reads without colour too. */
export const KIND_GLYPH: Record<LightKind, string> = { red: 'R', green: 'G', refactor: 'F', refused: 'x', off: 'o' };

export const KIND_MEANING: Record<LightKind, string> = {
  red: 'failing tests committed',
  green: 'tests made to pass',
  refactor: 'code improved, tests still pass',
  refused: 'commit refused by the hooks',
  off: 'committed outside TDD, with a reason',
};

export const STATUS_LABEL: Record<TaskStatus, string> = {
  red: 'in red',
  green: 'green',
  refactored: 'refactored',
  regression: 'regression tests',
  'false-fail': 'green, false-fail',
  off: 'off TDD',
  refused: 'refused only',
  denied: 'edits denied only',
};

export const TERMINAL_MEANING = {
  regression: 'regression: tests of existing behaviour, passing at RED (RED impossible)',
  falseFail: 'false-fail: green except failures a missing tool causes (GREEN impossible)',
};

/** Repository text (subjects, task ids, paths) without control characters: a subject must not drive the terminal. */
export function plain(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\uFFFD');
}

export const taskName = (id: string | null): string => (id === null ? '(no task)' : `task ${plain(id)}`);

/** `task 12 — parser rejects empty input`: the id, and its title when the plan gives one. */
export const taskHeading = (t: Pick<TaskReport, 'id' | 'title'>): string => (t.title ? `${taskName(t.id)} — ${plain(t.title)}` : taskName(t.id));

/** 2025-05-02 14:02 (UTC: the same on every machine that renders the report). */
export function formatTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

/** 0.8s · 45s · 14m 05s · 1h 02m; an em dash when unknown. */
export function duration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 10_000) return `${(Math.max(0, ms) / 1000).toFixed(1)}s`;
  return formatDuration(ms).replace(/ 00s$/, '');
}

export const shortSha = (sha: string): string => sha.slice(0, 7);

export function formatAttempts(a: ParsedAttemptsTrailer | null): string | null {
  if (!a) return null;
  const clock = a.elapsed ? `, ${a.elapsed.minutes}m of ${a.elapsed.budgetMinutes}m` : '';
  return `red ${a.red.count}/${a.red.ceiling}, green ${a.green.count}/${a.green.ceiling}${clock}`;
}

/** What a light says: a short label, its terminal-state marks, the commit (or codes), the evidence (or reason). */
export function describeLight(l: Light): { label: string; marks: string[]; what: string; detail: string } {
  if (l.kind === 'refused') {
    const phase = l.phase ? l.phase.toUpperCase() : 'no phase';
    // Each code with the file it names; the words of the first (older event logs kept codes only).
    const what = l.findings.length ? l.findings.map((f) => `${plain(f.code)}${f.path ? ` ${plain(f.path)}` : ''}`).join(', ') : l.codes.map(plain).join(', ');
    const words = l.findings.find((f) => f.what)?.what;
    const ran = l.testMs !== null ? `tests ran ${duration(l.testMs)}` : '';
    return {
      label: l.exitCode === 3 ? `could not verify ${phase}` : `refused ${phase}`,
      marks: [],
      what: what || `exit ${l.exitCode}`,
      detail: [words ? plain(words) : '', ran].filter(Boolean).join(' · '),
    };
  }
  const marks = [
    l.regression ? 'regression' : '',
    l.falseFail !== null ? `false-fail: ${plain(l.falseFail)}` : '',
    l.uncovered ? `uncovered: ${plain(l.uncovered)}` : '',
  ].filter(Boolean);
  const detail = l.kind === 'off' ? `reason: ${plain(l.reason ?? '—')}` : plain(l.evidence ?? 'no evidence trailer');
  return { label: KIND_LABEL[l.kind], marks, what: `${shortSha(l.sha)} ${plain(l.subject)}`, detail };
}

/** The sentence a light carries for screen readers and on hover. */
export function lightSentence(l: Light, index: number): string {
  const d = describeLight(l);
  const label = `${index + 1}. ${d.label}${d.marks.length ? ` (${d.marks.join('; ')})` : ''}`;
  return [label, d.what, d.detail, `${formatTime(l.at)} UTC`].filter(Boolean).join(' — ');
}

/** "2 green, 1 regression, 1 in red" */
export function cycleCounts(cycles: Cycle[]): string {
  const green = cycles.filter((c) => c.greenAt !== null).length;
  const regression = cycles.filter((c) => c.greenAt === null && c.regression).length;
  const red = cycles.length - green - regression;
  return [`${green} green`, regression ? `${regression} regression` : '', red ? `${red} in red` : ''].filter(Boolean).join(', ');
}

/** Facts of a task, each a [name, value] pair. */
export function taskFacts(t: TaskReport): [string, string][] {
  const facts: [string, string][] = [];
  if (t.cycles.length) {
    facts.push(
      // A task's times: the total of its cycles in red, and its first cycle's time to green.
      ['time in red (total)', duration(t.timeInRedMs)],
      ['time to green (first cycle)', duration(t.timeToGreenMs)],
      ['tests added', String(t.testsAdded)],
      ['cycles', cycleCounts(t.cycles)],
    );
  }
  const refused = Object.entries(t.refusedCodes);
  if (t.counts.refused) facts.push(['refused', `${t.counts.refused} (${refused.map(([c, n]) => (n > 1 ? `${c} ×${n}` : c)).join(', ')})`]);
  if (t.counts.off) facts.push(['off', `${t.counts.off} (${t.offReasons.map(plain).join('; ')})`]);
  if (t.revisions?.length) facts.push(['revised tests', `${t.revisions.length} (${t.revisions.map(plain).join('; ')})`]);
  if (t.denied.count) facts.push(['denied edits', `${t.denied.count} (${countList(t.denied.codes)})`]);
  const attempts = formatAttempts(t.attempts);
  if (attempts) facts.push(['attempts', attempts]);
  return facts;
}

export const countList = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${plain(k)} ${n}`)
    .join(', ');

/** What each refusal code said the first time it refused (the event log keeps the words), cut short. */
function codeWords(r: Report): Map<string, string> {
  const words = new Map<string, string>();
  for (const t of r.tasks) {
    for (const l of t.lights) {
      if (l.kind !== 'refused') continue;
      for (const f of l.findings) if (f.what && !words.has(f.code)) words.set(f.code, plain(f.what.length > 90 ? `${f.what.slice(0, 89)}…` : f.what));
    }
  }
  return words;
}

/** `TESTS_CHANGED 2 (test/a.test.js (test) is edited by this commit…), RED_WRONG_REASON 1 (…)` */
export function refusedList(r: Report): string {
  const words = codeWords(r);
  return Object.entries(r.summary.refusedCodes)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, n]) => `${plain(code)} ${n}${words.has(code) ? ` (${words.get(code)})` : ''}`)
    .join(', ');
}

/** The lines under "summary" in every format. */
export function summaryFacts(r: Report): [string, string][] {
  const s = r.summary;
  const facts: [string, string][] = [
    ['commits', String(s.commits)],
    ['tasks', String(s.tasks)],
    ['cycles', cycleCounts(r.tasks.flatMap((t) => t.cycles))],
    ['median time in red (per cycle)', duration(s.medianTimeInRedMs)],
    ['median time to green (per cycle)', duration(s.medianTimeToGreenMs)],
    ['tests added', String(s.testsAdded)],
    ['lights', (['red', 'green', 'refactor', 'refused', 'off'] as const).map((k) => `${s.lights[k]} ${KIND_LABEL[k]}`).join(', ')],
  ];
  if (s.regressions) facts.push(['regression', String(s.regressions)]);
  if (s.falseFails) facts.push(['false-fail', String(s.falseFails)]);
  if (s.lights.refused) facts.push(['refused codes', refusedList(r)]);
  if (s.lights.off) facts.push(['off reasons', countList(s.offReasons)]);
  if (s.deniedEdits) facts.push(['denied edits (agent guard)', `${s.deniedEdits} (${countList(s.deniedCodes)})`]);
  return facts;
}

/**
 * The banner at the top: commits that change code without TDD trailers once the hooks were in use
 * — made past them (--no-verify, TDD_HOOKS=0). Null when there are none.
 */
export function bypassBanner(r: Report): string | null {
  const b = r.untracked.filter((c) => c.bypass);
  if (!b.length) return null;
  const shown = b
    .slice(0, 3)
    .map((c) => `${shortSha(c.sha)} ${plain(c.subject)}`)
    .join('; ');
  return `${b.length} commit${b.length > 1 ? 's' : ''} without TDD trailers change${b.length > 1 ? '' : 's'} code: made past the hooks (--no-verify or TDD_HOOKS=0): ${shown}${b.length > 3 ? '; …' : ''}. \`tdd audit\` fails on ${b.length > 1 ? 'them' : 'it'}`;
}

/** The notes under the summary: what the report could not see. */
export function reportNotes(r: Report): string[] {
  const notes: string[] = [];
  const quiet = r.untracked.length - r.summary.bypasses;
  if (quiet) {
    notes.push(`${quiet} commit${quiet > 1 ? 's' : ''} without TDD trailers (docs only, merges, or made before the hooks were in use)`);
  }
  const log = r.eventLog;
  if (!log.found) notes.push('no event log in this clone: refused attempts are not known (the history keeps only what landed)');
  if (log.corrupt) notes.push(`event log: ${log.corrupt} unreadable line${log.corrupt > 1 ? 's' : ''} skipped`);
  if (log.outsideRange) notes.push(`event log: ${log.outsideRange} refused attempt${log.outsideRange > 1 ? 's' : ''} outside the range not shown`);
  if (!r.tasks.length) notes.push(r.summary.commits ? 'no commit in the range carries TDD trailers' : 'the range holds no commits');
  return notes;
}
