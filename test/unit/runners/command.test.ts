import { describe, expect, it } from 'vitest';
import { buildCommandArgv, parseCommandReport } from '../../../src/runners/command.js';
import type { BuildArgvInput, ParseInput } from '../../../src/runners/types.js';

const ROOT = '/scratch/tree';
const REPORT = '/tmp/tdd-run-1/report';

type Command = NonNullable<BuildArgvInput['command']>;

function argv(command: Command | undefined, files = ['spec/a_spec.rb']) {
  return buildCommandArgv({
    root: ROOT,
    files,
    reportPath: REPORT,
    nodePath: '/usr/bin/node',
    runnerPath: '',
    cacheDir: '/tmp/c',
    ...(command ? { command } : {}),
  });
}

describe('buildCommandArgv', () => {
  it('testTargetedCommand: {files} → one ./path per file, {report} anywhere in a word; no shell', () => {
    const targeted = ['bundle', 'exec', 'rspec', '--format', 'RspecJunitFormatter', '--out', '{report}', '--junit={report}', '{files}', '--', '$HOME'];
    expect(argv({ full: ['make', 'test'], targeted }, ['spec/a_spec.rb', '-x spec.rb', '/abs/b_spec.rb'])).toEqual({
      argv: [
        'bundle',
        'exec',
        'rspec',
        '--format',
        'RspecJunitFormatter',
        '--out',
        REPORT,
        `--junit=${REPORT}`,
        './spec/a_spec.rb',
        './-x spec.rb',
        '/abs/b_spec.rb',
        '--',
        '$HOME',
      ],
      env: {},
    });
  });

  it('testCommand when there is no targeted one', () => {
    expect(argv({ full: ['make', 'test', 'JUNIT_OUT={report}'], targeted: null })).toEqual({ argv: ['make', 'test', `JUNIT_OUT=${REPORT}`], env: {} });
  });

  it.each([
    [undefined, 'runner "command" needs testCommand or testTargetedCommand in .tddrc.json'],
    [{ full: null, targeted: null }, 'runner "command" needs testCommand or testTargetedCommand in .tddrc.json'],
    [{ full: null, targeted: [] }, 'runner "command" needs testCommand or testTargetedCommand in .tddrc.json'],
    [{ full: null, targeted: ['phpunit', '--filter={files}'] }, '{files} must be a word of its own in the test command, not part of --filter={files}'],
  ])('%j → error', (command, error) => {
    expect(argv(command)).toEqual({ error });
  });
});

const TARGETED: Command = { full: null, targeted: ['run', '--junit', '{report}', '{files}'] };

function parse(o: Partial<ParseInput> & { command?: Command }) {
  return parseCommandReport({
    report: undefined,
    exitCode: 0,
    stdout: '',
    stderr: '',
    files: ['test/a.test.js'],
    root: ROOT,
    sources: new Map(),
    command: TARGETED,
    ...o,
  });
}

const suite = (...cases: string[]) => `<?xml version="1.0"?><testsuites><testsuite name="s">${cases.join('')}</testsuite></testsuites>`;
const summary = (r: ReturnType<typeof parse>) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.file, t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

describe('parseCommandReport: testcases → files', () => {
  const files = ['tests/test_a.py', 'tests/test_b.py', 'src/test/java/com/example/CalcTest.java', 'spec/calc_spec.rb'];
  it.each([
    ['a file attribute, relative', '<testcase classname="x" name="t" file="spec/calc_spec.rb"/>', ['spec/calc_spec.rb', 'x > t']],
    ['a file attribute, absolute and ./', '<testcase name="t" file="/scratch/tree/./tests/test_a.py"/>', ['tests/test_a.py', 't']],
    ['pytest classname with classes', '<testcase classname="tests.test_b.TestSub.TestNested" name="t"/>', ['tests/test_b.py', 'TestSub > TestNested > t']],
    [
      'a Java class from its package down',
      '<testcase classname="com.example.CalcTest$Nested" name="t"/>',
      ['src/test/java/com/example/CalcTest.java', 'Nested > t'],
    ],
    ['a path with its extension (vitest)', '<testcase classname="tests/test_a.py" name="t"/>', ['tests/test_a.py', 't']],
    [
      'a file attribute with a matching classname',
      '<testcase classname="spec.calc_spec" name="Calc adds" file="./spec/calc_spec.rb"/>',
      ['spec/calc_spec.rb', 'Calc adds'],
    ],
  ])('%s', (_, xml, [file, name]) => {
    const r = parse({ report: suite(xml), files });
    expect(r.tests).toEqual([{ file, name, status: 'passed' }]);
  });

  it('drops a testcase of a file not asked (testCommand runs everything), and one whose classname is ambiguous', () => {
    const r = parse({
      report: suite(
        '<testcase name="t" file="tests/other.py"/>',
        '<testcase classname="test_a" name="u"/>',
        '<testcase classname="tests.test_a" name="v"/>',
        '<testcase classname="tests.test_a_extra" name="w"/>',
      ),
      files: ['tests/test_a.py', 'lib/tests/test_a.py'],
    });
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [['tests/test_a.py', 'v', 'passed', undefined]],
      fileErrors: [['lib/tests/test_a.py', 'no-tests']],
    });
  });

  it('one file asked: a testcase that names no file is that file’s (node: classname "test")', () => {
    const r = parse({ report: suite('<testcase classname="test" name="adds"/>', '<testcase name="subs"/>') });
    expect(r.tests.map((t) => [t.file, t.name])).toEqual([
      ['test/a.test.js', 'test > adds'],
      ['test/a.test.js', 'subs'],
    ]);
  });

  it('a file with no testcase: no-tests; a testcase listed twice keeps its failure', () => {
    const r = parse({
      files: ['test/a.test.js', 'test/b.test.js'],
      exitCode: 1,
      report: suite(
        '<testcase classname="test/a.test.js" name="t"/>',
        '<testcase classname="test/a.test.js" name="t"><failure type="AssertionError"/></testcase>',
      ),
    });
    expect(summary(r)).toEqual({ status: 'completed', tests: [['test/a.test.js', 't', 'failed', 'assertion']], fileErrors: [['test/b.test.js', 'no-tests']] });
  });
});

describe('parseCommandReport: why a test failed', () => {
  const SRC = new Map([['test/a.test.js', "const { add } = require('../src/math.js');\nconst pad = require('left-pad');\n"]]);
  const failure = (attrs: string, text = '') => suite(`<testcase classname="test/a.test.js" name="t"><failure ${attrs}>${text}</failure></testcase>`);
  it.each([
    ['type="AssertionError"', '', 'assertion'],
    ['type="org.opentest4j.AssertionFailedError" message="expected: &lt;3&gt; but was: &lt;2&gt;"', '', 'assertion'],
    ['type="junit.framework.ComparisonFailure"', '', 'assertion'],
    ['type="Minitest::Assertion" message="Expected: 3"', '', 'assertion'],
    ['type="RSpec::Expectations::ExpectationNotMetError" message="expected: 3 got: 2"', '', 'assertion'],
    ['type="PHPUnit\\Framework\\ExpectationFailedException"', '', 'assertion'],
    ['message="assert 2 == 3"', '', 'assertion'],
    ['message="expected 2 to equal 3"', '', 'assertion'],
    ['', 'Error: expect(received).toBe(expected)\n\nExpected: 3', 'assertion'],
    ['', 'AssertionError [ERR_ASSERTION]: 2 == 3\n    at x', 'assertion'],
    ['type="TypeError" message="add is not a function"', '', 'missing-symbol'],
    ['type="TypeError" message="pad is not a function"', '', 'exception'],
    ['', 'expected a number\nError: expected a number\n    at f (src/math.js:1:1)', 'exception'],
    ['type="RuntimeError" message="expected a number"', '', 'exception'],
    ['type="NoMethodError" message="undefined method `add&apos; for Calc"', '', 'exception'],
    ['message="ImportError: cannot import name &apos;add&apos; from &apos;calc&apos; (/scratch/tree/calc.py)"', '', 'missing-symbol'],
    ['type="Error" message="Timeout of 2000ms exceeded. For async tests and hooks, ensure done() is called"', '', 'timeout'],
  ])('<failure %s>%s → %s', (attrs, text, failure_) => {
    const r = parse({ report: failure(attrs, text), sources: SRC, exitCode: 1 });
    expect(summary(r).tests).toEqual([['test/a.test.js', 't', 'failed', failure_]]);
  });

  it('the message names the class', () => {
    const r = parse({ report: failure('type="TypeError" message="add is not a function"'), sources: SRC, exitCode: 1 });
    expect(r.tests[0]!.message).toBe('TypeError: add is not a function');
  });

  it('<error> is an exception, never an assertion (JUnit: an unexpected throwable)', () => {
    const r = parse({ report: suite('<testcase classname="test/a.test.js" name="t"><error type="java.lang.AssertionError"/></testcase>'), exitCode: 1 });
    expect(summary(r).tests).toEqual([['test/a.test.js', 't', 'failed', 'exception']]);
  });

  it('<skipped> is skipped, no child passed', () => {
    const r = parse({
      report: suite('<testcase classname="test/a.test.js" name="s"><skipped message="later"/></testcase>', '<testcase classname="test/a.test.js" name="p"/>'),
    });
    expect(summary(r).tests).toEqual([
      ['test/a.test.js', 's', 'skipped', undefined],
      ['test/a.test.js', 'p', 'passed', undefined],
    ]);
  });
});

describe('parseCommandReport: a file that did not load', () => {
  const error = (type: string, message: string) =>
    suite(`<testcase classname="test/a.test.js" name="t"><error type="${type}" message="${message}"/></testcase>`);
  it.each([
    [error('SyntaxError', 'invalid syntax (test_a.py, line 4)'), 'syntax'],
    [error('ModuleNotFoundError', 'No module named &apos;requests&apos;'), 'missing-module'],
    [error('ImportError', 'cannot import name &apos;add&apos; from &apos;calc&apos; (/scratch/tree/calc.py)'), 'missing-symbol'],
    [error('ImportError', 'cannot import name &apos;x&apos; from &apos;numpy&apos; (/usr/lib/python3/site-packages/numpy/__init__.py)'), 'load-error'],
    [error('LoadError', 'cannot load such file -- httparty'), 'missing-module'],
    [error('LoadError', 'cannot load such file -- /scratch/tree/lib/calc'), 'missing-symbol'],
    [error('Error', 'Cannot find module &apos;../src/notyet.js&apos; imported from /scratch/tree/test/a.test.js'), 'missing-symbol'],
    [error('Error', 'Cannot find package &apos;left-pad&apos; imported from /scratch/tree/test/a.test.js'), 'missing-module'],
    // vitest: a testcase named by the file, its failure the reason the file did not load.
    [
      suite(
        '<testcase classname="test/a.test.js" name="test/a.test.js"><failure type="Error" message="Failed to parse source for import analysis because the content contains invalid JS syntax."/></testcase>',
      ),
      'syntax',
    ],
    // node: the same, by absolute path, with nothing to tell why.
    [suite('<testcase classname="test" name="/scratch/tree/test/a.test.js"><failure type="testCodeFailure" message="test failed"/></testcase>'), 'load-error'],
  ])('%s → %s', (report, kind) => {
    const r = parse({ report, exitCode: 1 });
    expect(summary(r)).toEqual({ status: 'completed', tests: [], fileErrors: [['test/a.test.js', kind]] });
  });
});

describe('parseCommandReport: runs that prove nothing', () => {
  it.each([
    ['no report although the command has {report}', { exitCode: 0 }, 'the command wrote no JUnit report to {report} (exit 0)'],
    ['a report that is not JUnit', { report: '{"tests": []}', exitCode: 1 }, "the command's report is not JUnit XML"],
    ['a truncated report', { report: '<testsuites><testsuite><testcase name="a">', exitCode: 1 }, "the command's report is not JUnit XML"],
    [
      'no testcase and a failing exit',
      { report: suite(), exitCode: 2, stderr: 'Traceback (most recent call last):\n  raise RuntimeError("x")\nRuntimeError: database down\n' },
      'the command exited 2 and its report holds no test (it stopped before any, or the files declare none): RuntimeError: database down',
    ],
    [
      'a failing exit and no failure in the report',
      { report: suite('<testcase classname="test/a.test.js" name="t"/>'), exitCode: 1, stdout: 'FAILURE: Build failed with an exception.' },
      'the command exited 1 but its report holds no failure: FAILURE: Build failed with an exception.',
    ],
    [
      'no {report}, a failing exit',
      { command: { full: ['make', 'test'], targeted: null }, exitCode: 2 },
      'the command exited 2 and wrote no report: add {report} (a JUnit XML file) to testTargetedCommand so tdd-hooks can tell why tests fail',
    ],
  ])('%s', (_, o, reason) => {
    expect(parse(o)).toMatchObject({ status: 'unknown', tests: [], fileErrors: [], reason });
  });

  it('no testcase and exit 0: every file has no tests', () => {
    expect(summary(parse({ report: suite() }))).toEqual({ status: 'completed', tests: [], fileErrors: [['test/a.test.js', 'no-tests']] });
  });

  it('no {report} and exit 0: one passed test per file', () => {
    const r = parse({ command: { full: null, targeted: ['make', 'test', 'FILES={files}'] }, files: ['t/a_test.c', 't/b_test.c'] });
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['t/a_test.c', '(exit code 0)', 'passed', undefined],
        ['t/b_test.c', '(exit code 0)', 'passed', undefined],
      ],
      fileErrors: [],
    });
  });
});
