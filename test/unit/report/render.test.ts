import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeMarkdown } from '../../../src/report/escape.js';
import { parseEventLog } from '../../../src/report/events.js';
import { assembleReport } from '../../../src/report/model.js';
import { formatReportHtml } from '../../../src/report/render-html.js';
import { formatReportMarkdown } from '../../../src/report/render-md.js';
import { formatReportText } from '../../../src/report/render-text.js';
import { commit, DEFAULT_RULES, EVENT_TEXT, HISTORY } from './sample.js';

const HOSTILE_SUBJECT = 'feat: <script>window.__pwned = 1</script><img src=x onerror="alert(1)"> | `code` *bold* \x1b[31mred';
const HOSTILE_TASK = '"><script>alert(2)</script>';
const hostile = [
  commit('f', 50, HOSTILE_SUBJECT, { 'TDD-Phase': 'green', 'TDD-Task': HOSTILE_TASK, 'TDD-Evidence': 'node: 1 passed, 0 failed' }),
  commit('e', 45, 'test: <b>bold</b>', { 'TDD-Phase': 'red', 'TDD-Task': HOSTILE_TASK, 'TDD-Evidence': 'node: 0 passed, 1 failed (assertion 1)' }),
  commit('d', 44, 'chore: <off>', { 'TDD-Phase': 'off', 'TDD-Reason': '<em>deps</em>' }),
];
const report = assembleReport({
  commits: [...hostile, ...HISTORY],
  range: { label: 'main..<HEAD>', revisions: ['main..HEAD'] },
  eventLog: parseEventLog(EVENT_TEXT),
  includeOpen: true,
  now: '2025-05-02T15:00:00.000Z',
  ...DEFAULT_RULES,
});

describe('escaping', () => {
  it('HTML: markup, quotes and control characters are inert', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;</a>\x1b\0`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;\uFFFD\uFFFD');
  });
  it('Markdown: HTML, emphasis, code, links and table pipes are inert', () => {
    expect(escapeMarkdown('<b>x</b> | `c` *e* _u_ [l](u) #h ~s~')).toBe('&lt;b&gt;x&lt;/b&gt; \\| \\`c\\` \\*e\\* \\_u\\_ \\[l\\](u) \\#h \\~s\\~');
  });
});

describe('formatReportHtml', () => {
  const html = formatReportHtml(report);

  it('keeps a hostile subject, task id, reason and range as text', () => {
    expect(html).not.toContain('<script>window');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>bold');
    expect(html).not.toContain('<em>');
    expect(html).not.toContain('\x1b');
    expect(html).toContain('feat: &lt;script&gt;window.__pwned = 1&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('data-task="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    expect(html).toContain('<code>main..&lt;HEAD&gt;</code>');
    // The page's own script is the only one.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('is self-contained: no URL to fetch, and a policy that forbids fetching', () => {
    expect(html).not.toMatch(/https?:\/\/|\bsrc=["']?[^x]|@import|url\(/i);
    expect(html).toMatch(/content="default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; script-src 'sha256-[A-Za-z0-9+/=]+';/);
  });

  it('draws one light per step for each task, each with a text label', () => {
    const sections = html.split('<article').slice(1);
    expect(sections).toHaveLength(report.tasks.length);
    sections.forEach((s, i) => {
      const lights = [...s.matchAll(/<a class="light light--(\w+)[^"]*"[^>]*aria-label="([^"]+)"/g)];
      expect(lights.map((m) => m[1])).toEqual(report.tasks[i]!.lights.map((l) => l.kind));
      expect(lights.every((m) => m[2]!.trim().length > 10)).toBe(true);
    });
  });

  it('has a legend naming every kind of light', () => {
    const legend = html.slice(html.indexOf('id="legend"'), html.indexOf('</section>', html.indexOf('id="legend"')));
    for (const word of ['RED', 'GREEN', 'REFACTOR', 'refused', 'off', 'regression', 'false-fail']) expect(legend).toContain(word);
  });
});

describe('formatReportMarkdown', () => {
  const md = formatReportMarkdown(report);
  it('keeps hostile text inert, and tables intact', () => {
    expect(md).not.toMatch(/<script|<img|<b>|<em>/);
    expect(md).toContain('&lt;script&gt;window.\\_\\_pwned = 1&lt;/script&gt;');
    expect(md).toContain('\\| \\`code\\` \\*bold\\*');
    expect(md).not.toContain('\x1b');
  });
  it('has a section and a steps table per task', () => {
    for (const t of report.tasks) {
      expect(md).toContain(`## ${t.id === null ? '(no task)' : `task ${escapeMarkdown(t.id)}`}: `);
    }
    expect(md.match(/^\| 1 \| /gm)).toHaveLength(report.tasks.length);
  });
});

describe('formatReportText', () => {
  it('a strip of lights per task, one line per step, a summary', () => {
    const text = formatReportText(report, false);
    expect(text).toContain('task T1  green, false-fail   x x R x G F R G x');
    expect(text).toMatch(/2025-05-02 14:07 {2}refused {3}GREEN {4}TESTS_CHANGED/);
    expect(text).toContain('cycles: 3 green, 1 regression');
    expect(text).toContain('note: event log: 1 unreadable line skipped');
  });
  it('never lets repository text drive the terminal', () => {
    const text = formatReportText(report, false);
    expect(text).not.toContain('\x1b');
    expect(formatReportText(report, true)).not.toContain('\x1b[31mred');
  });
});
