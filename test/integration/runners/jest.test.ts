/**
 * The real jest (this checkout's 30.5.2) on each fixture, through runTests: what a RED or GREEN
 * gate will be handed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, isAlive, runnerTestEnv, type FixtureCopy } from './fixture.js';

let copy: FixtureCopy | undefined;
const fixture = fixtureCopies('jest');

const F = 'test/math.test.js';

async function run(name: string, o: { timeoutMs?: number; files?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  copy = fixture(name);
  const env = o.env ?? runnerTestEnv();
  return runTests({ runner: 'jest', root: copy.root, files: o.files ?? [F], env, timeoutMs: o.timeoutMs ?? 30_000, sources: copy.sources });
}

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

describe('jest adapter on real runs', () => {
  it.each([
    ['red-assertion', [['sub > subtracts', 'failed', 'assertion']], []],
    // CommonJS destructuring: `add` is undefined, the test throws `TypeError: add is not a function`.
    ['red-missing-symbol', [['add > adds', 'failed', 'missing-symbol']], []],
    ['red-missing-module-project', [], [[F, 'missing-symbol']]],
    ['amber-syntax', [], [[F, 'syntax']]],
    ['amber-missing-module', [], [[F, 'missing-module']]],
    ['amber-no-tests', [], [[F, 'no-tests']]],
    ['amber-exception', [['reads the first user', 'failed', 'exception']], []],
    ['amber-test-timeout', [['waits too long', 'failed', 'timeout']], []],
    ['green', [['sub > subtracts', 'passed', undefined]], []],
    [
      'skipped',
      [
        ['subtracts', 'passed', undefined],
        ['subtracts negatives', 'skipped', undefined],
        ['subtracts fractions', 'todo', undefined],
        // test.failing that fails as told: an expected failure, not a pass.
        ['subtracts strings', 'todo', undefined],
      ],
      [],
    ],
    // The file's status is 'focused'; the test .only hid comes back pending.
    [
      'focused',
      [
        ['subtracts', 'passed', undefined],
        ['subtracts zero', 'skipped', undefined],
      ],
      [],
    ],
    // --ci: a new snapshot is never written; the test fails as a snapshot missing, not a mismatch.
    ['snapshot-unwritten', [['subtracts', 'failed', 'snapshot-missing']], []],
  ])('%s', async (name, tests, fileErrors) => {
    const r = await run(name);
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('jest');
    expect(r.files).toEqual([F]);
  });

  it('TypeScript compiled to CommonJS: `(0 , math_1.add) is not a function` is a missing symbol', async () => {
    const r = await run('red-missing-symbol-transpiled', { files: ['test/math.test.ts'] });
    expect(summary(r)).toEqual({ status: 'completed', tests: [['add > adds', 'failed', 'missing-symbol']], fileErrors: [] });
    expect(r.tests[0]?.message).toBe('TypeError: (0 , math_1.add) is not a function');
  });

  it('native ESM (NODE_OPTIONS=--experimental-vm-modules): a missing export fails the file, a missing symbol', async () => {
    const env = { ...runnerTestEnv(), NODE_OPTIONS: '--experimental-vm-modules' };
    const r = await run('esm-missing-symbol', { env });
    expect(summary(r)).toEqual({ status: 'completed', tests: [], fileErrors: [[F, 'missing-symbol']] });
    expect(r.fileErrors[0]?.message).toBe("SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'");
  });

  it('native ESM needs no setup: the adapter runs jest with --experimental-vm-modules itself', async () => {
    const r = await run('esm-missing-symbol');
    expect(summary(r)).toEqual({ status: 'completed', tests: [], fileErrors: [[F, 'missing-symbol']] });
    expect(r.command.slice(1, 2)).toEqual(['--experimental-vm-modules']);
    expect(r.outputTail ?? '').not.toContain('ExperimentalWarning');
  });

  it('messages: the first line, the file-level error line', async () => {
    expect((await run('red-missing-symbol')).tests[0]?.message).toBe('TypeError: add is not a function');
    expect((await run('red-missing-module-project')).fileErrors[0]?.message).toBe("Cannot find module '../src/notyet' from 'test/math.test.js'");
    expect((await run('amber-test-timeout')).tests[0]?.message).toBe('Exceeded timeout of 50 ms for a test');
  });

  it('green runs exactly the path asked for and exits 0', async () => {
    const r = await run('green');
    expect(r.exitCode).toBe(0);
    expect(r.command).toEqual(expect.arrayContaining(['--ci', '--runTestsByPath', `./${F}`]));
  });

  it('writes nothing into the project: no snapshot, no cache', async () => {
    await run('snapshot-unwritten');
    expect(existsSync(join(copy!.root, 'test', '__snapshots__'))).toBe(false);
    expect(readdirSync(copy!.root).sort()).toEqual(['node_modules', 'package.json', 'src', 'test']);
  });

  it('a file jest does not take for a test (testMatch) is no-tests; a missing one too', async () => {
    const r = await run('green', { files: [F, 'src/math.js', 'test/gone.test.js'] });
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [['sub > subtracts', 'passed', undefined]],
      fileErrors: [
        ['test/gone.test.js', 'no-tests'],
        ['src/math.js', 'no-tests'],
      ],
    });
  });

  it('a run past its time is a timeout, and the whole process group is gone', async () => {
    const r = await run('hangs', { timeoutMs: 8000 });
    expect(r.status).toBe('timeout');
    expect(r.tests).toEqual([]);
    const pid = Number(readFileSync(join(copy!.root, 'pid.txt'), 'utf8'));
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
  });

  it('Ctrl-C while jest runs: the group is killed and the run is interrupted, not a result', async () => {
    copy = fixture('hangs');
    const before = process.listeners('SIGINT');
    const pending = runTests({ runner: 'jest', root: copy.root, files: [F], env: runnerTestEnv(), timeoutMs: 30_000, sources: copy.sources });
    const pidFile = join(copy.root, 'pid.txt');
    await expect.poll(() => existsSync(pidFile), { timeout: 15_000 }).toBe(true);
    // Only our listener: emitting SIGINT would also reach this test runner's own handlers.
    for (const l of process.listeners('SIGINT').filter((x) => !before.includes(x))) (l as () => void)();
    const r = await pending;
    expect(r).toMatchObject({ status: 'interrupted', tests: [], fileErrors: [] });
    await expect.poll(() => isAlive(Number(readFileSync(pidFile, 'utf8'))), { timeout: 10_000 }).toBe(false);
  });

  it('no jest in node_modules is runner-missing', async () => {
    copy = fixture('green', 'node');
    const r = await runTests({ runner: 'jest', root: copy.root, files: [F], env: runnerTestEnv(), timeoutMs: 10_000, sources: copy.sources });
    expect(r).toMatchObject({ status: 'runner-missing', reason: 'jest is not installed in node_modules' });
  });
});
