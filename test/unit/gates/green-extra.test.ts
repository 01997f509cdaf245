/** GREEN's coverage and related-tests gates: literal facts in, codes and verdicts out. */
import { describe, expect, it } from 'vitest';
import { evaluateGreenBreaksTest } from '../../../src/gates/green-breaks-test.js';
import { evaluateGreenCoverage } from '../../../src/gates/green-coverage.js';
import { verdictOf } from '../../../src/gates/index.js';
import { formatUncovered, testsRan } from '../../../src/verify/pending.js';
import { parsePending } from '../../../src/state/parse.js';
import type { GateInput } from '../../../src/gates/types.js';
import type { RunResult, TestCaseResult } from '../../../src/types.js';

const run = (tests: TestCaseResult[], extra: Partial<RunResult> = {}): RunResult => ({
  runner: 'node',
  status: 'completed',
  command: [],
  exitCode: 0,
  durationMs: 1,
  files: [...new Set(tests.map((t) => t.file))],
  tests,
  fileErrors: [],
  ...extra,
});
const pass = (file: string, name = 't'): TestCaseResult => ({ file, name, status: 'passed' });
const fail = (file: string, name = 't'): TestCaseResult => ({ file, name, status: 'failed', failure: 'assertion', message: 'no' });
const input = (extra: Partial<GateInput>): GateInput => ({ phase: 'green', regression: false, entries: [], ...extra });

describe('evaluateGreenCoverage', () => {
  const coverage = (mode: 'warn' | 'refuse', unmeasured = false) => ({
    mode,
    files: [
      { path: 'src/a.js', uncovered: [3, 4] },
      { path: 'src/b.js', uncovered: [] },
    ],
    unmeasured: unmeasured ? [{ runner: 'vitest', reason: 'no provider', install: 'npm i -D @vitest/coverage-v8', files: ['src/c.ts'] }] : [],
  });
  it.each([
    ['warn: named, accepted', 'warn' as const, false, ['GREEN_UNCOVERED_CODE'], 0],
    ['refuse: refused', 'refuse' as const, false, ['GREEN_UNCOVERED_CODE'], 1],
    ['warn, a file not measured: said, accepted', 'warn' as const, true, ['GREEN_UNCOVERED_CODE', 'GREEN_COVERAGE_UNMEASURED'], 0],
  ])('%s', (_, mode, unmeasured, codes, verdict) => {
    const findings = evaluateGreenCoverage(input({ run: run([pass('t.js')]), coverage: coverage(mode, unmeasured) }));
    expect(findings.map((f) => f.code)).toEqual(codes);
    expect(findings[0]).toMatchObject({ path: 'src/a.js', line: 3, data: { lines: [3, 4] } });
    expect(verdictOf(findings)).toBe(verdict);
  });
  it('refuse, only a file not measured: could not verify (3)', () => {
    const findings = evaluateGreenCoverage(input({ run: run([pass('t.js')]), coverage: { ...coverage('refuse', true), files: [] } }));
    expect(verdictOf(findings)).toBe(3);
  });
  it('names the first 20 files of a generated tree and counts the rest; the trailer stays bounded (no E2BIG)', () => {
    const files = Array.from({ length: 1000 }, (_, i) => ({ path: `src/gen/${i}.js`, uncovered: Array.from({ length: 200 }, (_, j) => j + 1) }));
    const findings = evaluateGreenCoverage(input({ run: run([pass('t.js')]), coverage: { mode: 'warn', files, unmeasured: [] } }));
    expect(findings).toHaveLength(20);
    expect(findings.at(-1)).toMatchObject({ path: 'src/gen/19.js', data: { more: 980 } });
    const trailer = formatUncovered(findings)!;
    expect(trailer).toContain('and 980 more files');
    expect(trailer.length).toBeLessThan(20 * 200);
  });
  it('says nothing of a run that failed, or of another phase', () => {
    expect(evaluateGreenCoverage(input({ run: run([fail('t.js')]), coverage: coverage('refuse') }))).toEqual([]);
    expect(evaluateGreenCoverage(input({ phase: 'refactor', run: run([pass('t.js')]), coverage: coverage('refuse') }))).toEqual([]);
  });
});

describe('evaluateGreenBreaksTest', () => {
  const codes = (related: GateInput['related']) => evaluateGreenBreaksTest(input({ ...(related ? { related } : {}) })).map((f) => f.code);
  it.each([
    ['passed at the parent, fails now', { run: run([fail('test/b.test.js')]), parent: run([pass('test/b.test.js')]), red: [] }, ['GREEN_BREAKS_TEST']],
    ['failed at the parent too', { run: run([fail('test/b.test.js')]), parent: run([fail('test/b.test.js')]), red: [] }, ['GREEN_RELATED_FAILING_BEFORE']],
    ["the task's own test is not judged here", { run: run([fail('test/a.test.js')]), parent: run([pass('test/a.test.js')]), red: ['test/a.test.js > t'] }, []],
    ['all pass', { run: run([pass('test/b.test.js')]), red: [] }, []],
    ['over the bound', { unrun: { reason: 'too-many' as const, count: 500, limit: 200 }, red: [] }, ['GREEN_RELATED_UNRUN']],
    ['a run that did not finish', { run: run([], { status: 'timeout', reason: 'slow' }), red: [] }, ['GREEN_RELATED_UNRUN']],
    [
      'a file that loaded at the parent and cannot now',
      { run: run([], { fileErrors: [{ file: 'test/b.test.js', kind: 'missing-symbol', message: 'x' }] }), parent: run([pass('test/b.test.js')]), red: [] },
      ['GREEN_BREAKS_TEST'],
    ],
  ])('%s', (_, related, expected) => expect(codes(related)).toEqual(expected));
  it('a breaking test refuses the commit', () => {
    const findings = evaluateGreenBreaksTest(input({ related: { run: run([fail('test/b.test.js')]), parent: run([pass('test/b.test.js')]), red: [] } }));
    expect(verdictOf(findings)).toBe(1);
  });
});

describe('testsRan (TDD-Tests says what ran to the end)', () => {
  const claimed = "related: the task's tests, then vitest related";
  const unrun = (related: GateInput['related']) => evaluateGreenBreaksTest(input({ related }));
  it.each([
    ['all ran', [], claimed],
    [
      'did not finish',
      unrun({ run: run([], { status: 'timeout', reason: 'took\nlonger than 60s' }), red: [] }),
      /^related: the task's tests; vitest related did not complete \(took longer/,
    ],
    [
      'over the bound',
      unrun({ unrun: { reason: 'too-many', count: 500, limit: 200 }, red: [] }),
      "related: the task's tests; vitest related not run (500 files, over 200)",
    ],
  ])('%s', (_, findings, expected) => {
    const said = testsRan(claimed, findings)!;
    if (typeof expected === 'string') expect(said).toBe(expected);
    else expect(said).toMatch(expected);
    expect(said).not.toMatch(/[\r\n]/);
  });
  it("leaves REFACTOR's and a targeted GREEN's line as it is", () => {
    const findings = unrun({ unrun: { reason: 'too-many', count: 500, limit: 200 }, red: [] });
    expect(testsRan('related: import graph', findings)).toBe('related: import graph');
    expect(testsRan(undefined, findings)).toBeUndefined();
  });
});

describe('parsePending: the kept findings', () => {
  const base = {
    tree: 'a'.repeat(40),
    phase: 'green',
    task: 'T1',
    regression: false,
    reason: null,
    testFiles: [],
    blobs: {},
    failing: [],
    summary: 's',
    at: 'now',
  };
  it.each([
    ['warnings and notes', [{ code: 'GREEN_RELATED_UNRUN', severity: 'warn', data: {} }], true],
    ['an error (no accepted verdict has one)', [{ code: 'GREEN_BREAKS_TEST', severity: 'error' }], false],
    ['not a list', { code: 'X' }, false],
  ])('%s', (_, findings, ok) => expect(parsePending({ ...base, findings }) !== undefined).toBe(ok));
  it('a TDD-Tests line with a newline is refused (it would smuggle in a trailer)', () => {
    expect(parsePending({ ...base, tests: 'related: x\nTDD-Phase: green' })).toBeUndefined();
  });
});
