/**
 * The real mocha (this checkout's 12.0.3) on each fixture, through runTests: what a RED or GREEN
 * gate will be handed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, isAlive, runnerTestEnv, type FixtureCopy } from './fixture.js';

let copy: FixtureCopy | undefined;
const fixture = fixtureCopies('mocha');

const F = 'test/math.test.js';

async function run(name: string, timeoutMs = 30_000, files = [F]): Promise<RunResult> {
  copy = fixture(name);
  return runTests({ runner: 'mocha', root: copy.root, files, env: runnerTestEnv(), timeoutMs, sources: copy.sources });
}

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

describe('mocha adapter on real runs', () => {
  it.each([
    ['red-assertion', [['sub > subtracts', 'failed', 'assertion']], []],
    // CommonJS destructuring: `add` is undefined, the test throws `TypeError: add is not a function`.
    ['red-missing-symbol', [['add > adds', 'failed', 'missing-symbol']], []],
    // Load errors stop mocha before any test: no report, `Exception during run` on stderr.
    ['red-missing-module-project', [], [[F, 'missing-symbol']]],
    ['amber-syntax', [], [[F, 'syntax']]],
    ['amber-missing-module', [], [[F, 'missing-module']]],
    // --fail-zero makes the exit code 1; the report has no test for the file.
    ['amber-no-tests', [], [[F, 'no-tests']]],
    ['amber-exception', [['reads the first user', 'failed', 'exception']], []],
    ['amber-test-timeout', [['waits too long', 'failed', 'timeout']], []],
    // A failing before(): its tests are not reported at all, the hook is.
    ['amber-hook', [], [[F, 'load-error']]],
    // Suite titles are only known joined by spaces: 'sub integers', then the test's own.
    ['green', [['sub integers > subtracts', 'passed', undefined]], []],
    // No todo in mocha: it.skip and a test without a body are both pending.
    [
      'skipped',
      [
        ['subtracts', 'passed', undefined],
        ['subtracts negatives', 'skipped', undefined],
        ['subtracts fractions', 'skipped', undefined],
      ],
      [],
    ],
    // --forbid-only: `.only` stops the run at load (without it mocha would hide the other test).
    ['focused', [], [[F, 'load-error']]],
  ])('%s', async (name, tests, fileErrors) => {
    const r = await run(name);
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('mocha');
    expect(r.files).toEqual([F]);
  });

  it('messages: the error line of a failed test and of a load error', async () => {
    expect((await run('red-missing-symbol')).tests[0]?.message).toBe('TypeError: add is not a function');
    expect((await run('red-missing-module-project')).fileErrors[0]?.message).toBe("Error: Cannot find module '../src/notyet'");
    expect((await run('amber-hook')).fileErrors[0]?.message).toBe('sub "before all" hook for "subtracts": Error: database down');
    expect((await run('focused')).fileErrors[0]?.message).toBe('Error: `.only` forbidden by --forbid-only');
  });

  it('green exits 0 with the flags that keep the run whole', async () => {
    const r = await run('green');
    expect(r.exitCode).toBe(0);
    expect(r.command).toEqual(expect.arrayContaining(['--forbid-only', '--fail-zero', '--no-parallel', '--exit', `./${F}`]));
  });

  it('a .mocharc spec adds its files to the run; only the files asked for are reported', async () => {
    const r = await run('config-spec');
    expect(summary(r)).toEqual({ status: 'completed', tests: [['sub integers > subtracts', 'passed', undefined]], fileErrors: [] });
    // legacy/test/math.test.js ran and failed: the exit code (number of failures) says so.
    expect(r.exitCode).toBe(1);
  });

  it('one file that cannot load stops the run: it is named, the other is "not run"', async () => {
    const r = await run('load-stops-run', 30_000, [F, 'test/mul.test.js']);
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [],
      fileErrors: [
        [F, 'load-error'],
        ['test/mul.test.js', 'missing-symbol'],
      ],
    });
    expect(r.fileErrors[0]?.message).toBe('not run: mocha stopped loading at test/mul.test.js');
  });

  it('ESM: a missing export names no file; the one file importing that module is the one', async () => {
    const r = await run('esm-missing-symbol', 30_000, ['test/sub.test.js', F]);
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [],
      fileErrors: [
        ['test/sub.test.js', 'load-error'],
        [F, 'missing-symbol'],
      ],
    });
    expect(r.fileErrors[1]?.message).toBe("SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'");
  });

  it('a file that is not there is no-tests; the others still run', async () => {
    const r = await run('green', 30_000, [F, 'test/gone.test.js']);
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [['sub integers > subtracts', 'passed', undefined]],
      fileErrors: [['test/gone.test.js', 'no-tests']],
    });
  });

  it('a run past its time is a timeout, and the whole process group is gone', async () => {
    const r = await run('hangs', 6000);
    expect(r.status).toBe('timeout');
    expect(r.tests).toEqual([]);
    const pid = Number(readFileSync(join(copy!.root, 'pid.txt'), 'utf8'));
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
  });

  it('Ctrl-C while mocha runs: the group is killed and the run is interrupted, not a result', async () => {
    copy = fixture('hangs');
    const before = process.listeners('SIGINT');
    const pending = runTests({ runner: 'mocha', root: copy.root, files: [F], env: runnerTestEnv(), timeoutMs: 30_000, sources: copy.sources });
    const pidFile = join(copy.root, 'pid.txt');
    await expect.poll(() => existsSync(pidFile), { timeout: 15_000 }).toBe(true);
    // Only our listener: emitting SIGINT would also reach this test runner's own handlers.
    for (const l of process.listeners('SIGINT').filter((x) => !before.includes(x))) (l as () => void)();
    const r = await pending;
    expect(r).toMatchObject({ status: 'interrupted', tests: [], fileErrors: [] });
    await expect.poll(() => isAlive(Number(readFileSync(pidFile, 'utf8'))), { timeout: 10_000 }).toBe(false);
  });

  it('no mocha in node_modules is runner-missing', async () => {
    copy = fixture('green', 'node');
    const r = await runTests({ runner: 'mocha', root: copy.root, files: [F], env: runnerTestEnv(), timeoutMs: 10_000, sources: copy.sources });
    expect(r).toMatchObject({ status: 'runner-missing', reason: 'mocha is not installed in node_modules' });
  });
});
