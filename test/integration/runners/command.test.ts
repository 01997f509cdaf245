/**
 * runner "command" on real commands through runTests: a tiny Python runner of our own that writes
 * JUnit XML (test/fixtures/runners/command/py/run_tests.py), and mocha's xunit and node's junit
 * reporters as a user would configure them.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, runnerTestEnv } from './fixture.js';

const fixture = fixtureCopies('command');

type Command = { full: string[] | null; targeted: string[] | null };

async function run(name: 'py' | 'js', files: string[], command: Command | undefined): Promise<RunResult> {
  const copy = fixture(name);
  return runTests({
    runner: 'command',
    root: copy.root,
    files,
    env: runnerTestEnv(),
    timeoutMs: 30_000,
    sources: copy.sources,
    ...(command === undefined ? {} : { command }),
  });
}

const targeted = (...argv: string[]): Command => ({ full: null, targeted: argv });
const PY = targeted('python3', 'run_tests.py', '--junit', '{report}', '{files}');

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.file, t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

describe('command adapter with a JUnit report', () => {
  it.each([
    [
      'test_assertion.py',
      [
        ['test_assertion.py', 'test_subtracts', 'failed', 'assertion'],
        ['test_assertion.py', 'test_subtracts_zero', 'passed', undefined],
      ],
      [],
    ],
    ['test_syntax.py', [], [['test_syntax.py', 'syntax']]],
    ['test_missing_package.py', [], [['test_missing_package.py', 'missing-module']]],
    // `from calc import add`: ImportError naming calc.py inside the tree.
    ['test_missing_symbol.py', [], [['test_missing_symbol.py', 'missing-symbol']]],
    [
      'test_skipped.py',
      [
        ['test_skipped.py', 'test_later', 'skipped', undefined],
        ['test_skipped.py', 'test_subtracts', 'passed', undefined],
      ],
      [],
    ],
  ])('%s', async (file, tests, fileErrors) => {
    const r = await run('py', [file], PY);
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
  });

  it('passes a file named "-a test.py" as one argument that is no option', async () => {
    const r = await run('py', ['-a test.py'], PY);
    expect(r.command).toEqual(['python3', 'run_tests.py', '--junit', expect.stringMatching(/\/report$/), './-a test.py']);
    expect(summary(r)).toEqual({ status: 'completed', tests: [['-a test.py', 'test_dashed', 'passed', undefined]], fileErrors: [] });
  });

  it('maps testcases by classname when the report has no file attribute', async () => {
    const r = await run(
      'py',
      ['test_assertion.py', 'test_syntax.py', 'test_skipped.py'],
      targeted('python3', 'run_tests.py', '--classname-only', '--junit', '{report}', '{files}'),
    );
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['test_assertion.py', 'test_subtracts', 'failed', 'assertion'],
        ['test_assertion.py', 'test_subtracts_zero', 'passed', undefined],
        ['test_skipped.py', 'test_later', 'skipped', undefined],
        ['test_skipped.py', 'test_subtracts', 'passed', undefined],
      ],
      fileErrors: [['test_syntax.py', 'syntax']],
    });
  });

  it('testCommand runs every test; only the asked file counts', async () => {
    const r = await run('py', ['test_pass.py'], { full: ['python3', 'run_tests.py', '--junit', '{report}'], targeted: null });
    expect(r.exitCode).toBe(1);
    expect(summary(r)).toEqual({ status: 'completed', tests: [['test_pass.py', 'test_subtracts', 'passed', undefined]], fileErrors: [] });
  });

  it('a command that writes its report elsewhere proves nothing, even on exit 0', async () => {
    const r = await run('py', ['test_pass.py'], targeted('python3', 'run_tests.py', '--junit', '{report}.xml', '{files}'));
    expect(r.exitCode).toBe(0);
    expect(r.status).toBe('unknown');
    expect(r.reason).toMatch(/wrote no JUnit report to \{report\}/);
  });

  it('a command that fails before running any test proves nothing', async () => {
    const r = await run('py', ['test_pass.py'], targeted('python3', 'run_tests.py', '--setup', 'broken_setup.py', '--junit', '{report}', '{files}'));
    expect(r.status).toBe('unknown');
    expect(r.reason).toBe('the command exited 3 and its report holds no test (it stopped before any, or the files declare none): RuntimeError: database down');
  });

  it('mocha --reporter xunit: assertion, a missing project function, passed, skipped', async () => {
    const mocha = join(PROJECT_ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
    const r = await run('js', ['mocha.test.js'], targeted(process.execPath, mocha, '--reporter', 'xunit', '--reporter-option', 'output={report}', '{files}'));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['mocha.test.js', 'math > subtracts', 'failed', 'assertion'],
        ['mocha.test.js', 'math > adds', 'failed', 'missing-symbol'],
        ['mocha.test.js', 'math > subtracts zero', 'passed', undefined],
        ['mocha.test.js', 'math > divides', 'skipped', undefined],
      ],
      fileErrors: [],
    });
  });

  it("node --test's junit reporter (no file attribute, one file asked)", async () => {
    const r = await run(
      'js',
      ['node.test.js'],
      targeted(process.execPath, '--test', '--test-reporter=junit', '--test-reporter-destination={report}', '{files}'),
    );
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['node.test.js', 'test > subtracts', 'failed', 'assertion'],
        ['node.test.js', 'test > adds', 'failed', 'missing-symbol'],
        ['node.test.js', 'test > subtracts zero', 'passed', undefined],
      ],
      fileErrors: [],
    });
  });
});

describe('command adapter on the exit code alone', () => {
  it('0: one passed test per file', async () => {
    const r = await run('py', ['test_pass.py', 'test_skipped.py'], targeted('python3', 'run_tests.py', '{files}'));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['test_pass.py', '(exit code 0)', 'passed', undefined],
        ['test_skipped.py', '(exit code 0)', 'passed', undefined],
      ],
      fileErrors: [],
    });
  });

  it('non-zero: could not verify, and says to add {report}', async () => {
    const r = await run('py', ['test_assertion.py'], targeted('python3', 'run_tests.py', '{files}'));
    expect(r.status).toBe('unknown');
    expect(r.reason).toBe(
      'the command exited 1 and wrote no report: add {report} (a JUnit XML file) to testTargetedCommand so tdd-hooks can tell why tests fail',
    );
  });
});

describe('command adapter misconfigured', () => {
  it('no command: could not verify', async () => {
    const r = await run('py', ['test_pass.py'], undefined);
    expect(r.status).toBe('unknown');
    expect(r.reason).toBe('runner "command" needs testCommand or testTargetedCommand in .tddrc.json');
  });

  it('a program that does not exist: runner-missing', async () => {
    const r = await run('py', ['test_pass.py'], targeted('tdd-hooks-no-such-program', '{files}'));
    expect(r.status).toBe('runner-missing');
  });
});
