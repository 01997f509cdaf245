import { describe, expect, it } from 'vitest';
import { parseEventLog } from '../../../src/report/events.js';
import { assembleReport, trailerValue, type ReportInput } from '../../../src/report/model.js';
import { planCycles } from '../../../src/report/task.js';
import type { Report } from '../../../src/report/types.js';
import { commit, DEFAULT_RULES, EVENT_TEXT, HISTORY, M, SHA } from './sample.js';

const RANGE = { label: 'origin/main..HEAD', revisions: ['origin/main..HEAD'] };
const NOW = '2025-05-02T15:00:00.000Z';
const build = (extra: Partial<ReportInput> = {}): Report =>
  assembleReport({ commits: HISTORY, range: RANGE, eventLog: parseEventLog(EVENT_TEXT), includeOpen: true, now: NOW, ...DEFAULT_RULES, ...extra });
const kinds = (r: Report) => Object.fromEntries(r.tasks.map((t) => [t.id ?? '-', t.lights.map((l) => l.kind).join(' ')]));
const MIN = 60_000;

describe('assembleReport', () => {
  it('gives each task its lights in order: commits from the trailers, refusals from the log', () => {
    expect(kinds(build())).toEqual({
      '-': 'off',
      T1: 'refused refused red refused green refactor red green refused',
      T2: 'red',
    });
  });

  it('without an event log: the history alone, and says so', () => {
    const r = build({ eventLog: undefined });
    expect(kinds(r)).toEqual({ '-': 'off', T1: 'red green refactor red green', T2: 'red' });
    expect(r.eventLog).toEqual({ found: false, lines: 0, corrupt: 0, outsideRange: 0 });
  });

  it('counts the unreadable lines of the log and the refusals outside the range', () => {
    expect(build().eventLog).toEqual({ found: true, lines: 18, corrupt: 1, outsideRange: 1 });
  });

  it('measures each cycle: time in red from RED to GREEN, time to green from the start of the cycle', () => {
    const t1 = build().tasks.find((t) => t.id === 'T1')!;
    expect(t1.cycles).toHaveLength(2);
    // RED at 14:04, GREEN at 14:10; the TDD-Attempts clock says the task started 6 minutes before its RED.
    expect(t1.cycles[0]).toMatchObject({
      redAt: '2025-05-02T14:04:00.000Z',
      greenAt: '2025-05-02T14:10:00.000Z',
      timeInRedMs: 6 * MIN,
      timeToGreenMs: 12 * MIN,
      refactors: 1,
      testsAdded: 2,
    });
    // The second cycle: nothing before its RED commit at 14:30; GREEN with a false-fail at 14:35.
    expect(t1.cycles[1]).toMatchObject({ timeInRedMs: 5 * MIN, timeToGreenMs: 5 * MIN, testsAdded: 1, falseFail: true, refactors: 0 });
    expect(t1).toMatchObject({ status: 'false-fail', timeInRedMs: 11 * MIN, timeToGreenMs: 12 * MIN, testsAdded: 3, testFiles: ['test/parser.test.js'] });
    expect(t1.refusedCodes).toEqual({ RED_WRONG_REASON: 1, REFUSED: 1, TESTS_CHANGED: 1, RUN_UNVERIFIED: 1 });
    expect(t1.attempts).toEqual({ red: { count: 1, ceiling: 2 }, green: { count: 2, ceiling: 3 }, elapsed: { minutes: 12, budgetMinutes: 30 } });
  });

  it('starts the clock at `tdd phase red` when the log has it and no attempts clock is older', () => {
    const commits = [commit('3', 10, 'feat', { 'TDD-Phase': 'green', 'TDD-Task': 'T9' }), commit('2', 4, 'test', { 'TDD-Phase': 'red', 'TDD-Task': 'T9' })];
    const at = (m: number) => new Date(Date.parse('2025-05-02T14:00:00Z') + m * MIN).toISOString();
    const log = parseEventLog(
      [
        { at: at(1), event: 'phase', to: 'red', task: 'T9' },
        { at: at(4), event: 'commit', commit: SHA('2'), task: 'T9' },
        { at: at(10), event: 'commit', commit: SHA('3'), task: 'T9' },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    const [t9] = build({ commits, eventLog: log }).tasks;
    expect(t9).toMatchObject({ id: 'T9', status: 'green', timeInRedMs: 6 * MIN, timeToGreenMs: 9 * MIN, startedAt: at(1) });
  });

  it('records the terminal states: regression tests, false-fails, off commits with their reasons', () => {
    const r = build();
    const t2 = r.tasks.find((t) => t.id === 'T2')!;
    expect(t2).toMatchObject({ status: 'regression', testsAdded: 3, timeInRedMs: null, timeToGreenMs: null });
    expect(t2.lights[0]).toMatchObject({ kind: 'red', regression: true, counts: { passed: 3 } });
    const off = r.tasks.find((t) => t.id === null)!;
    expect(off).toMatchObject({ status: 'off', offReasons: ['skeleton'] });
    const t1 = r.tasks.find((t) => t.id === 'T1')!;
    expect(t1.lights.find((l) => l.kind === 'green' && l.falseFail)).toMatchObject({ falseFail: 'cds: command not found' });
  });

  it('sums up across tasks', () => {
    const r = build();
    expect(r.summary).toEqual({
      commits: 8,
      tasks: 2,
      lights: { red: 3, green: 2, refactor: 1, refused: 4, off: 1 },
      cycles: 3,
      cyclesGreen: 2,
      regressions: 1,
      falseFails: 1,
      testsAdded: 6,
      medianTimeInRedMs: 5.5 * MIN,
      medianTimeToGreenMs: 8.5 * MIN,
      refusedCodes: { RED_WRONG_REASON: 1, REFUSED: 1, TESTS_CHANGED: 1, RUN_UNVERIFIED: 1 },
      offReasons: { skeleton: 1 },
      untracked: 1,
      deniedEdits: 0,
      deniedCodes: {},
      bypasses: 0,
    });
    expect(r.untracked).toEqual([{ sha: SHA('5'), at: '2025-05-02T14:13:00.000Z', subject: 'docs: readme', merge: false, bypass: false }]);
    expect(r).toMatchObject({ range: RANGE, generatedAt: NOW });
  });

  it('counts the edits the agent guard denied per task, with their codes and paths, and no light for them', () => {
    const at = (m: number) => new Date(Date.parse('2025-05-02T14:00:00Z') + m * MIN).toISOString();
    const commits = [commit('3', 10, 'feat', { 'TDD-Phase': 'green', 'TDD-Task': 'T9' }), commit('2', 4, 'test', { 'TDD-Phase': 'red', 'TDD-Task': 'T9' })];
    const guard = (m: number, decision: string, codes: string[], paths: string[], task = 'T9') => ({
      at: at(m),
      event: 'guard',
      agent: 'claude',
      tool: 'Write',
      decision,
      phase: 'red',
      task,
      codes,
      paths,
    });
    const log = parseEventLog(
      [
        guard(1, 'deny', ['RED_IMPL_WRITE'], ['src/a.js']),
        guard(2, 'allow', [], ['test/a.test.js']),
        guard(3, 'deny', ['RED_IMPL_WRITE'], ['src/a.js']),
        { at: at(4), event: 'commit', commit: SHA('2'), task: 'T9' },
        guard(6, 'deny', ['TESTS_FROZEN'], ['test/a.test.js']),
        guard(7, 'deny', ['NO_VERIFY'], [], 'T8'),
        { at: at(10), event: 'commit', commit: SHA('3'), task: 'T9' },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    const r = build({ commits, eventLog: log });
    expect(r.tasks.find((t) => t.id === 'T9')).toMatchObject({
      status: 'green',
      denied: { count: 3, codes: { RED_IMPL_WRITE: 2, TESTS_FROZEN: 1 }, paths: ['src/a.js', 'test/a.test.js'] },
    });
    expect(kinds(r)).toEqual({ T9: 'red green', T8: '' });
    expect(r.tasks.find((t) => t.id === 'T8')).toMatchObject({ status: 'denied', denied: { count: 1 } });
    expect(r.summary).toMatchObject({ deniedEdits: 4, deniedCodes: { RED_IMPL_WRITE: 2, TESTS_FROZEN: 1, NO_VERIFY: 1 } });
  });

  it('counts errors only as refusals, and names the refused file with its words', () => {
    const refused = build()
      .tasks.find((t) => t.id === 'T1')!
      .lights.find((l) => l.kind === 'refused' && l.phase === 'green')!;
    expect(refused).toMatchObject({
      codes: ['TESTS_CHANGED'],
      findings: [{ code: 'TESTS_CHANGED', path: 'test/parser.test.js', what: expect.stringContaining('edited') }],
    });
  });

  it('a commit without trailers that changes code once TDD commits began is a bypass; docs, merges and earlier commits are not', () => {
    const history = [
      commit('1', 0, 'initial import', {}),
      commit('2', 1, 'test: a', { 'TDD-Phase': 'red', 'TDD-Task': 'T1' }),
      commit('3', 2, 'docs: notes', {}, [M('docs/notes.md')]),
      commit('4', 3, 'merge', {}, [M('src/a.js')], [SHA('2'), SHA('3')]),
      commit('5', 4, 'fix: quick', {}),
    ].reverse();
    const r = assembleReport({
      commits: history,
      range: RANGE,
      includeOpen: true,
      now: NOW,
      ...DEFAULT_RULES,
      isIgnoredPath: (p) => p.startsWith('docs/'),
      titles: new Map([['T1', 'parse input']]),
    });
    expect(r.untracked.map((c) => [c.subject, c.bypass])).toEqual([
      ['initial import', false],
      ['docs: notes', false],
      ['merge', false],
      ['fix: quick', true],
    ]);
    expect(r.summary.bypasses).toBe(1);
    expect(r.tasks[0]!.title).toBe('parse input');
  });

  it('finds test files with the project matcher when given one', () => {
    const r = build({ isTestPath: (p) => p.endsWith('.js') && p.startsWith('src/') });
    expect(r.tasks.find((t) => t.id === 'T1')!.testFiles).toEqual([]);
  });

  it('an empty range, or one without TDD trailers', () => {
    expect(assembleReport({ commits: [], range: RANGE, includeOpen: true, now: NOW, ...DEFAULT_RULES })).toMatchObject({
      tasks: [],
      untracked: [],
      summary: { commits: 0, tasks: 0, medianTimeInRedMs: null },
    });
    const docs = assembleReport({ commits: [commit('5', 0, 'docs', {})], range: RANGE, includeOpen: true, now: NOW, ...DEFAULT_RULES });
    expect(docs).toMatchObject({ tasks: [], summary: { commits: 1, untracked: 1 } });
  });

  it('reads raw trailers: the last one wins, keys in any case', () => {
    expect(trailerValue('TDD-Attempts: red 1/2, green 0/3\ntdd-attempts: red 2/2, green 0/3\nOther: x\n', 'TDD-Attempts')).toBe('red 2/2, green 0/3');
    expect(trailerValue('Signed-off-by: a\n', 'TDD-False-Fail')).toBeNull();
  });
});

describe('cycles', () => {
  const MINUTE = 60_000;
  const t0 = Date.parse('2025-05-02T14:00:00Z');
  const iso = (m: number) => new Date(t0 + m * MINUTE).toISOString();
  const light = (kind: 'red' | 'green' | 'refactor', m: number, extra: object = {}) => ({
    kind,
    at: iso(m),
    task: 'T',
    sha: String(m).repeat(40).slice(0, 40),
    subject: kind,
    evidence: null,
    counts: null,
    regression: false,
    falseFail: null,
    reason: null,
    attempts: null,
    testFiles: [],
    testMs: null,
    ...extra,
  });

  it('regression tests, a refactor, then a new RED: two cycles, no time in red for the first', () => {
    const cycles = planCycles([light('red', 0, { regression: true }), light('refactor', 5), light('red', 10), light('green', 14)]);
    expect(cycles).toHaveLength(2);
    expect(cycles[0]).toMatchObject({ regression: true, greenAt: null, refactors: 1, timeInRedMs: null });
    expect(cycles[1]).toMatchObject({ regression: false, timeInRedMs: 4 * MINUTE, timeToGreenMs: 4 * MINUTE });
  });

  it('a range that starts mid-cycle: GREEN without its RED measures nothing', () => {
    expect(planCycles([light('green', 0), light('refactor', 3)])).toEqual([
      expect.objectContaining({ redAt: null, greenAt: iso(0), refactors: 1, timeInRedMs: null, timeToGreenMs: null }),
    ]);
  });

  it('RED commits in a row belong to one cycle', () => {
    const cycles = planCycles([
      light('red', 0, { counts: { runner: 'node', passed: 0, failed: 1, skipped: 0, reasons: {} } }),
      light('red', 2, { counts: { runner: 'node', passed: 0, failed: 2, skipped: 0, reasons: {} } }),
      light('green', 7),
    ]);
    expect(cycles).toEqual([expect.objectContaining({ testsAdded: 3, timeInRedMs: 7 * MINUTE })]);
  });
});
