import { describe, expect, it } from 'vitest';
import { evaluateGates, EVIDENCE_GATES, STATIC_GATES, verdictOf } from '../../../src/gates/index.js';
import type { GateInput, TestFileFacts } from '../../../src/gates/types.js';
import type { FileKind, RunResult, StagedEntry, TestCaseResult } from '../../../src/types.js';

const Z = '0'.repeat(40);
const entry = (
  path: string,
  kind: FileKind,
  status: StagedEntry['status'] = 'A',
  blobs: [string, string] = [Z, 'b'.repeat(40)],
  modes: [string, string] = ['000000', '100644'],
): StagedEntry => ({
  path,
  kind,
  status,
  oldMode: modes[0],
  newMode: modes[1],
  oldBlob: blobs[0],
  newBlob: blobs[1],
});
const facts = (assertions: number, markers: TestFileFacts['markers'] = [], printOnly = false): TestFileFacts => ({ assertions, markers, printOnly });
const run = (tests: TestCaseResult[], extra: Partial<RunResult> = {}): RunResult => ({
  runner: 'node',
  status: 'completed',
  command: ['node', '--test'],
  exitCode: 1,
  durationMs: 5,
  files: ['t/a.test.js'],
  tests,
  fileErrors: [],
  ...extra,
});
const t = (name: string, status: TestCaseResult['status'], failure?: TestCaseResult['failure'], file = 't/a.test.js'): TestCaseResult => ({
  file,
  name,
  status,
  ...(failure ? { failure } : {}),
});
const codes = (input: GateInput, gates = STATIC_GATES) => evaluateGates(gates, input).map((f) => f.code);

describe('static gates', () => {
  const red = (entries: StagedEntry[], tf?: GateInput['testFiles']): GateInput => ({ phase: 'red', regression: false, entries, testFiles: tf });
  it.each([
    ['a RED commit of tests only passes', red([entry('t/a.test.js', 'test')], new Map([['t/a.test.js', { now: facts(1), before: undefined }]])), []],
    [
      'implementation staged in RED',
      red([entry('t/a.test.js', 'test'), entry('src/a.js', 'impl')], new Map([['t/a.test.js', { now: facts(1), before: undefined }]])),
      ['RED_IMPL_STAGED'],
    ],
    [
      'a new empty module in RED (nothing implemented)',
      red(
        [entry('t/a.test.js', 'test'), entry('calc.py', 'impl', 'A', [Z, 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391'])],
        new Map([['t/a.test.js', { now: facts(1), before: undefined }]]),
      ),
      [],
    ],
    [
      'an existing module emptied in RED',
      red(
        [entry('t/a.test.js', 'test'), entry('calc.py', 'impl', 'M', ['c'.repeat(40), 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391'])],
        new Map([['t/a.test.js', { now: facts(1), before: undefined }]]),
      ),
      ['RED_IMPL_STAGED'],
    ],
    [
      'support and manifests are fine in RED',
      red(
        [entry('t/a.test.js', 'test'), entry('test/fixtures/x.json', 'support'), entry('package.json', 'manifest'), entry('README.md', 'ignored')],
        new Map([['t/a.test.js', { now: facts(1), before: undefined }]]),
      ),
      [],
    ],
    ['no test file in RED', red([entry('test/fixtures/x.json', 'support')], new Map()), ['RED_NO_TESTS_STAGED']],
    [
      'the tdd-hooks configuration changed in RED (a widened ignore)',
      {
        ...red([entry('t/a.test.js', 'test'), entry('.tddrc.json', 'support', 'M')], new Map([['t/a.test.js', { now: facts(1), before: undefined }]])),
        configChanges: ['.tddrc.json'],
      },
      ['CONFIG_CHANGED'],
    ],
    [
      "package.json's tdd key changed in RED",
      {
        ...red([entry('t/a.test.js', 'test'), entry('package.json', 'manifest', 'M')], new Map([['t/a.test.js', { now: facts(1), before: undefined }]])),
        configChanges: ['package.json'],
      },
      ['CONFIG_CHANGED'],
    ],
    ['a deleted test is not a RED test', red([entry('t/a.test.js', 'test', 'D')], new Map()), ['RED_NO_TESTS_STAGED']],
    ['no assertion', red([entry('t/a.test.js', 'test')], new Map([['t/a.test.js', { now: facts(0), before: undefined }]])), ['ASSERTION_MISSING']],
    ['print only', red([entry('t/a.test.js', 'test')], new Map([['t/a.test.js', { now: facts(0, [], true), before: undefined }]])), ['ASSERTION_PRINT_ONLY']],
    [
      'focus marker',
      red([entry('t/a.test.js', 'test')], new Map([['t/a.test.js', { now: facts(1, [{ kind: 'focus', line: 3, text: 'it.only' }]), before: undefined }]])),
      ['MARKER_FOCUS'],
    ],
    [
      'skip marker added',
      red([entry('t/a.test.js', 'test', 'M')], new Map([['t/a.test.js', { now: facts(1, [{ kind: 'skip', line: 3, text: 'it.skip' }]), before: facts(1) }]])),
      ['MARKER_SKIP'],
    ],
    [
      'skip marker that was already there',
      red(
        [entry('t/a.test.js', 'test', 'M')],
        new Map([
          ['t/a.test.js', { now: facts(2, [{ kind: 'skip', line: 9, text: 'it.skip' }]), before: facts(1, [{ kind: 'skip', line: 3, text: 'it.skip' }]) }],
        ]),
      ),
      [],
    ],
    [
      'expected-failure marker added',
      red([entry('t/a.test.js', 'test')], new Map([['t/a.test.js', { now: facts(1, [{ kind: 'xfail', line: 2, text: 'test.failing' }]), before: undefined }]])),
      ['MARKER_SKIP'],
    ],
    [
      'todo marker added',
      red([entry('t/a.test.js', 'test')], new Map([['t/a.test.js', { now: facts(1, [{ kind: 'todo', line: 2, text: 'test.todo' }]), before: undefined }]])),
      ['MARKER_SKIP'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(codes(input)).toEqual(expected);
  });

  const green = (frozenChanges: StagedEntry[], settings = { before: '{}', after: '{}' }): GateInput => ({
    phase: 'green',
    regression: false,
    entries: [entry('src/a.js', 'impl', 'M')],
    frozenChanges,
    testSettings: [{ path: 'package.json', ...settings }],
  });
  it.each([
    ['implementation only', green([entry('src/a.js', 'impl', 'M')]), []],
    ['a test edited', green([entry('t/a.test.js', 'test', 'M', ['a'.repeat(40), 'b'.repeat(40)])]), ['TESTS_CHANGED']],
    ['a test deleted', green([entry('t/a.test.js', 'test', 'D')]), ['TESTS_CHANGED']],
    ['a test added', green([entry('t/b.test.js', 'test', 'A')]), ['TESTS_CHANGED']],
    ['a test mode change', green([entry('t/a.test.js', 'test', 'M', ['a'.repeat(40), 'a'.repeat(40)], ['100644', '100755'])]), ['TESTS_CHANGED']],
    ['a fixture edited', green([entry('test/fixtures/x.json', 'support', 'M', ['a'.repeat(40), 'c'.repeat(40)])]), ['TESTS_CHANGED']],
    [
      'package.json test settings changed',
      green([], { before: '{"scripts":{"test":"node --test"}}', after: '{"scripts":{"test":"true"}}' }),
      ['TEST_CONFIG_CHANGED'],
    ],
  ])('GREEN: %s', (_name, input, expected) => {
    expect(codes(input)).toEqual(expected);
  });

  const snap = (added: string[], changed: string[] = [], removed: string[] = []) => ({ path: 't/__snapshots__/a.test.js.snap', added, changed, removed });
  it.each([
    ['a snapshot file of a RED test gains entries', [entry('t/__snapshots__/a.test.js.snap', 'support', 'A')], [snap(['a > b 1'])], ['SNAPSHOTS_ADDED']],
    [
      'an entry added, one changed',
      [entry('t/__snapshots__/a.test.js.snap', 'support', 'M', ['a'.repeat(40), 'c'.repeat(40)])],
      [snap(['a > c 1'], ['a > b 1'])],
      ['TESTS_CHANGED'],
    ],
    [
      'an entry removed',
      [entry('t/__snapshots__/a.test.js.snap', 'support', 'M', ['a'.repeat(40), 'c'.repeat(40)])],
      [snap([], [], ['a > b 1'])],
      ['TESTS_CHANGED'],
    ],
    [
      'a snapshot file of another test (no snapshotChanges for it)',
      [entry('t/__snapshots__/b.test.js.snap', 'support', 'A')],
      [snap(['a > b 1'])],
      ['TESTS_CHANGED'],
    ],
  ])('GREEN: %s', (_name, frozen, snapshotChanges, expected) => {
    expect(codes({ ...green(frozen), snapshotChanges })).toEqual(expected);
  });

  it('a rewritten snapshot names its entries', () => {
    const input = {
      ...green([entry('t/__snapshots__/a.test.js.snap', 'support', 'M', ['a'.repeat(40), 'c'.repeat(40)])]),
      snapshotChanges: [snap([], ['a > b 1'])],
    };
    expect(evaluateGates(STATIC_GATES, input)[0]?.data).toMatchObject({ snapshots: { changed: ['a > b 1'], removed: [] } });
  });

  it('reports the kind of change', () => {
    const [f] = evaluateGates(STATIC_GATES, green([entry('t/a.test.js', 'test', 'M', ['a'.repeat(40), 'a'.repeat(40)], ['100644', '100755'])]));
    expect(f?.data?.change).toBe('mode');
  });

  it('a focus chosen at run time is a warning; an expected failure reads as such', () => {
    const red = (m: TestFileFacts['markers']): GateInput => ({
      phase: 'red',
      regression: false,
      entries: [entry('t/a.test.js', 'test')],
      testFiles: new Map([['t/a.test.js', { now: facts(1, m), before: undefined }]]),
    });
    const [focus] = evaluateGates(STATIC_GATES, red([{ kind: 'focus', line: 1, text: 'it.only', conditional: true }]));
    expect([focus?.code, focus?.severity, focus?.data?.conditional]).toEqual(['MARKER_FOCUS', 'warn', true]);
    const [xfail] = evaluateGates(STATIC_GATES, red([{ kind: 'xfail', line: 4, text: 'test.failing' }]));
    expect([xfail?.code, xfail?.severity, xfail?.line, xfail?.data?.kind]).toEqual(['MARKER_SKIP', 'error', 4, 'xfail']);
  });
});

describe('evidence gates', () => {
  const red = (r: RunResult, extra: Partial<GateInput> = {}): GateInput => ({ phase: 'red', regression: false, entries: [], run: r, ...extra });
  it.each([
    ['assertion failure', red(run([t('x', 'failed', 'assertion')])), []],
    ['missing symbol', red(run([t('x', 'failed', 'missing-symbol')])), []],
    ['missing project module (file level)', red(run([], { fileErrors: [{ file: 't/a.test.js', kind: 'missing-symbol', message: 'no ./x.js' }] })), []],
    ['exception is the wrong reason', red(run([t('x', 'failed', 'exception')])), ['RED_WRONG_REASON']],
    ['timeout is the wrong reason', red(run([t('x', 'failed', 'timeout')])), ['RED_WRONG_REASON']],
    ['a snapshot nobody wrote is the wrong reason', red(run([t('x', 'failed', 'snapshot-missing')])), ['RED_WRONG_REASON']],
    ['syntax error', red(run([], { fileErrors: [{ file: 't/a.test.js', kind: 'syntax', message: 'Unexpected token' }] })), ['RED_WRONG_REASON']],
    [
      'missing package',
      red(run([], { fileErrors: [{ file: 't/a.test.js', kind: 'missing-module', message: "Cannot find package 'x'" }] })),
      ['RED_WRONG_REASON'],
    ],
    ['no tests in a file', red(run([])), ['RED_WRONG_REASON']],
    ['everything passes', red(run([t('x', 'passed')], { exitCode: 0 })), ['RED_TESTS_PASS']],
    ['a new test passes beside a failing one', red(run([t('x', 'failed', 'assertion'), t('y', 'passed')])), ['RED_NEW_TEST_PASSES']],
    ['an old test passes beside a failing one', red(run([t('x', 'failed', 'assertion'), t('y', 'passed')]), { preexisting: new Set(['t/a.test.js > y']) }), []],
    ['regression: passing tests accepted', red(run([t('x', 'passed')], { exitCode: 0 }), { regression: true }), ['RED_REGRESSION_ACCEPTED']],
    ['regression: a crash is still refused', red(run([t('x', 'failed', 'exception')]), { regression: true }), ['RED_WRONG_REASON']],
    ['timeout of the run', red(run([], { status: 'timeout' })), ['RUN_UNVERIFIED']],
    ['missing runner', red(run([], { status: 'runner-missing' })), ['RUN_UNVERIFIED']],
  ])('RED: %s', (_name, input, expected) => {
    expect(evaluateGates(EVIDENCE_GATES, input).map((f) => f.code)).toEqual(expected);
  });

  const redRecord = { commit: 'c', tree: 't', files: ['t/a.test.js'], blobs: {}, failing: ['t/a.test.js > x'], regression: false };
  const green = (r: RunResult, entries: StagedEntry[] = []): GateInput => ({ phase: 'green', regression: false, entries, run: r, red: redRecord });
  const TEST_CHANGED: StagedEntry = { path: 't/a.test.js', status: 'M', oldMode: '100644', newMode: '100644', oldBlob: 'a', newBlob: 'b', kind: 'test' };
  it.each([
    ['all pass', green(run([t('x', 'passed')], { exitCode: 0 })), []],
    ['a failure', green(run([t('x', 'failed', 'assertion')])), ['GREEN_TESTS_FAIL']],
    ['a snapshot missing, not mismatched', green(run([t('x', 'failed', 'snapshot-missing')])), ['GREEN_SNAPSHOT_MISSING']],
    ['a skipped test in a file the commit changes', green(run([t('x', 'passed'), t('y', 'skipped')]), [TEST_CHANGED]), ['GREEN_TEST_SKIPPED']],
    ['a todo test in a file the commit changes', green(run([t('x', 'passed'), t('y', 'todo')]), [TEST_CHANGED]), ['GREEN_TEST_SKIPPED']],
    // Skips the commit did not add: its files unchanged, not the task's RED tests.
    ['a skip in a file the commit does not change', green(run([t('x', 'passed'), t('y', 'skipped'), t('z', 'todo')])), ['SKIPS_NOT_ADDED']],
    [
      'a file the commit does not change, all of it skipped (a platform’s)',
      green(run([t('x', 'passed'), t('w', 'skipped', undefined, 't/win.test.js')], { files: ['t/a.test.js', 't/win.test.js'] })),
      ['SKIPS_NOT_ADDED'],
    ],
    ['the RED test itself skipped, its file unchanged', green(run([t('x', 'skipped')])), ['GREEN_NO_TESTS_RAN', 'GREEN_TEST_SKIPPED']],
    [
      'file error',
      green(run([], { fileErrors: [{ file: 't/a.test.js', kind: 'load-error', message: 'boom' }] })),
      ['GREEN_FILE_ERROR', 'GREEN_RED_TEST_MISSING'],
    ],
    ['no tests ran', green(run([])), ['GREEN_NO_TESTS_RAN', 'GREEN_RED_TEST_MISSING']],
    ['the RED test vanished', green(run([t('z', 'passed')])), ['GREEN_RED_TEST_MISSING']],
    ['interrupted', green(run([t('x', 'passed')], { status: 'interrupted' })), ['RUN_UNVERIFIED']],
  ])('GREEN: %s', (_name, input, expected) => {
    expect(evaluateGates(EVIDENCE_GATES, input).map((f) => f.code)).toEqual(expected);
  });

  it('names a near-miss import beside a failure of that file, a warning at RED', () => {
    const nearMisses = [{ file: 't/a.test.js', specifier: '../src/slugfy.js', nearest: 'src/slugify.js' }];
    const failing = run([], { fileErrors: [{ file: 't/a.test.js', kind: 'missing-symbol', message: "Cannot find module '../src/slugfy.js'" }] });
    const found = evaluateGates(EVIDENCE_GATES, red(failing, { nearMisses }));
    expect(found.map((f) => [f.code, f.severity])).toEqual([['IMPORT_NEAR_MISS', 'warn']]);
    expect(verdictOf(found)).toBe(0);
    expect(evaluateGates(EVIDENCE_GATES, green(run([t('x', 'passed')], { exitCode: 0 }))).map((f) => f.code)).toEqual([]);
  });

  it('maps findings to exit codes', () => {
    expect(verdictOf([])).toBe(0);
    expect(verdictOf([{ code: 'IGNORED_ONLY', severity: 'info' }])).toBe(0);
    expect(verdictOf([{ code: 'RED_TESTS_PASS', severity: 'error' }])).toBe(1);
    expect(verdictOf([{ code: 'RUN_UNVERIFIED', severity: 'error' }])).toBe(3);
  });
});
