/**
 * `tdd report` on a history made through the real hooks: the model has the expected lights, the
 * event log adds the refused commit, the range defaults to upstream (or origin/HEAD) .. HEAD.
 */
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reportCommand from '../../../src/cli/commands/report.js';
import { TddError } from '../../../src/errors.js';
import type { Report } from '../../../src/report/types.js';
import type { Repo } from '../../helpers/repo.js';
import { BYPASS_SUBJECT, EXPECTED_LIGHTS, HOSTILE_SUBJECT, makeReportRepo } from './scenario.js';

let repo: Repo;
beforeAll(() => {
  repo = makeReportRepo();
});
afterAll(() => repo?.cleanup());

// As cli/main does: --json is taken out of argv and becomes ctx.json.
const run = (...argv: string[]) =>
  reportCommand.run({ argv: argv.filter((a) => a !== '--json'), cwd: repo.dir, env: repo.env, json: argv.includes('--json'), color: false });
const model = async (...argv: string[]) => (await run(...argv, '--json')).json as unknown as Report;
const lightsOf = (r: Report) => r.tasks.map((t) => [t.id, t.lights.map((l) => l.kind)]);

describe('tdd report (in process)', () => {
  it('--all: each task with its lights, the refused commit from the event log', async () => {
    const r = await model('--all');
    expect(lightsOf(r)).toEqual(EXPECTED_LIGHTS);
    const t1 = r.tasks.find((t) => t.id === 'T1')!;
    expect(t1.lights[1]).toMatchObject({ kind: 'refused', phase: 'green', codes: expect.arrayContaining(['TESTS_CHANGED']), exitCode: 1 });
    expect(t1).toMatchObject({ status: 'refactored', testsAdded: 1, testFiles: ['test/add.test.js'] });
    expect(t1.timeInRedMs).toBeGreaterThanOrEqual(0);
    expect(r.tasks.find((t) => t.id === 'T2')).toMatchObject({ status: 'green', offReasons: ['bump version'] });
    expect(r.untracked.map((c) => [c.subject, c.bypass])).toEqual([
      ['docs: readme', false],
      [BYPASS_SUBJECT, true],
    ]);
    expect(r.summary).toMatchObject({
      commits: 9,
      tasks: 2,
      cycles: 2,
      cyclesGreen: 2,
      bypasses: 1,
      lights: { red: 2, green: 2, refactor: 1, refused: 1, off: 2 },
    });
    // The plan's titles; the refused attempt names its file, with the finding's words.
    expect(r.tasks.map((t) => t.title)).toEqual([null, 'add two numbers', 'multiply']);
    expect(t1.lights[1]).toMatchObject({ findings: [{ code: 'TESTS_CHANGED', path: 'test/add.test.js', what: expect.stringContaining('test/add.test.js') }] });
    expect(r.eventLog).toMatchObject({ found: true, corrupt: 0 });
  });

  it('defaults to origin/HEAD..HEAD, and says clearly when there is no range', async () => {
    await expect(run()).rejects.toMatchObject({ code: 'NO_RANGE', exitCode: 2 });
    await expect(run()).rejects.toBeInstanceOf(TddError);
    const skeleton = repo.git('rev-list', '--max-parents=0', 'HEAD').trim();
    repo.git('update-ref', 'refs/remotes/origin/main', skeleton);
    repo.git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
    try {
      const r = await model();
      expect(r.range.label).toBe('origin/main..HEAD');
      expect(lightsOf(r)).toEqual(EXPECTED_LIGHTS.slice(1));
      const explicit = await model('origin/main..HEAD~2');
      expect(lightsOf(explicit)).toEqual([EXPECTED_LIGHTS[1], ['T2', ['red', 'green']]]);
    } finally {
      repo.git('symbolic-ref', '--delete', 'refs/remotes/origin/HEAD');
      repo.git('update-ref', '-d', 'refs/remotes/origin/main');
    }
  });

  it('reads the history alone when the event log is missing, and skips corrupt lines', async () => {
    const log = join(repo.dir, '.git', 'tdd', 'events.jsonl');
    const saved = readFileSync(log, 'utf8');
    try {
      appendFileSync(log, '{"at": "cut short\nnot json at all\n');
      expect((await model('--all')).eventLog).toMatchObject({ found: true, corrupt: 2 });
      rmSync(log);
      const r = await model('--all');
      expect(r.eventLog.found).toBe(false);
      expect(lightsOf(r)).toEqual(EXPECTED_LIGHTS.map(([id, ls]) => [id, ls.filter((k) => k !== 'refused')]));
    } finally {
      appendFileSync(log, saved);
    }
  });

  it('writes text, Markdown and a self-contained HTML page', async () => {
    const text = await run('--all');
    expect(text.exitCode).toBe(0);
    expect(text.text).toMatch(/task T1 — add two numbers {2}refactored {3}R x G F/);
    const out = join(repo.dir, '.git', 'report.html');
    const written = await run('--all', '--html', '--out', out);
    expect(written.text).toContain(out);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    expect(html).not.toContain(HOSTILE_SUBJECT);
    const md = (await run('--all', '--md')).text;
    expect(md).toContain('## task T1 — add two numbers: refactored');
    // The bypass comes first, as a caution, in every format.
    expect(md.indexOf('[!CAUTION]')).toBeLessThan(md.indexOf('## Summary'));
    expect(text.text.split('\n')[1]).toMatch(/^✗ 1 commit without TDD trailers changes code/);
    expect(html.indexOf('class="banner banner--bypass" role="alert"')).toBeLessThan(html.indexOf('id="summary"'));
  });

  it('refuses conflicting options as usage errors', async () => {
    await expect(run('--md', '--html')).rejects.toMatchObject({ code: 'USAGE', exitCode: 2 });
    await expect(run('--all', 'HEAD~1..HEAD')).rejects.toMatchObject({ code: 'USAGE' });
    await expect(run('a..b', 'c..d')).rejects.toMatchObject({ code: 'USAGE' });
    await expect(run('--html', '--json')).rejects.toMatchObject({ code: 'USAGE' });
    await expect(run('nope..HEAD')).rejects.toMatchObject({ code: 'BAD_RANGE', exitCode: 2 });
  });
});

describe('tdd report (spawned CLI)', () => {
  it('prints the model with --json and the text report without', () => {
    const json = repo.tdd('report', '--all', '--json');
    expect(json.status, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout) as Report & { exitCode: number };
    expect(r.exitCode).toBe(0);
    expect(lightsOf(r)).toEqual(EXPECTED_LIGHTS);
    const text = repo.tdd('report', '--all');
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('task T2');
    const none = repo.tdd('report');
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('no range to report');
  });
});
