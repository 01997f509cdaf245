/**
 * The real vitest (this checkout's 4.1.12) on each fixture, through runTests: what a RED or GREEN
 * gate will be handed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, isAlive, runnerTestEnv, type FixtureCopy } from './fixture.js';

const RUNNER = 'vitest';

let copy: FixtureCopy | undefined;
const fixture = fixtureCopies(RUNNER);

async function run(name: string, timeoutMs = 30_000, files = ['test/math.test.ts']): Promise<RunResult> {
  copy = fixture(name);
  return runTests({ runner: 'vitest', root: copy.root, files, env: runnerTestEnv(), timeoutMs, sources: copy.sources });
}

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

describe('vitest adapter on real runs', () => {
  it.each([
    ['red-assertion', [['sub > subtracts', 'failed', 'assertion']], []],
    ['red-missing-symbol', [['add > adds', 'failed', 'missing-symbol']], []],
    ['red-missing-module-project', [], [['test/math.test.ts', 'missing-symbol']]],
    ['amber-syntax', [], [['test/math.test.ts', 'syntax']]],
    ['amber-missing-module', [], [['test/math.test.ts', 'missing-module']]],
    ['amber-no-tests', [], [['test/math.test.ts', 'no-tests']]],
    ['amber-exception', [['reads the first user', 'failed', 'exception']], []],
    ['amber-test-timeout', [['waits too long', 'failed', 'timeout']], []],
    [
      'skipped',
      [
        ['subtracts', 'passed', undefined],
        ['subtracts negatives', 'skipped', undefined],
        ['subtracts fractions', 'todo', undefined],
      ],
      [],
    ],
    // --allowOnly=false: the focused test fails, the other is skipped.
    [
      'focused',
      [
        ['subtracts', 'failed', 'exception'],
        ['subtracts zero', 'skipped', undefined],
      ],
      [],
    ],
  ])('%s', async (name, tests, fileErrors) => {
    const r = await run(name);
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('vitest');
    expect(r.files).toEqual(['test/math.test.ts']);
  });

  it('green: reports exactly the file asked for, not the ones vitest matched by substring', async () => {
    const r = await run('green');
    expect(summary(r)).toEqual({ status: 'completed', tests: [['sub > subtracts', 'passed', undefined]], fileErrors: [] });
    // vitest did run test/math.test.tsx and legacy/test/math.test.ts (both fail): the exit code says so.
    expect(r.exitCode).toBe(1);
  });

  it('messages are first lines without vite internals', async () => {
    const r = await run('red-missing-symbol');
    expect(r.tests[0]?.message).toBe('TypeError: add is not a function');
  });

  it('writes nothing into the project (no cache, no snapshots)', async () => {
    await run('green');
    expect(existsSync(join(copy!.root, 'node_modules', '.vite'))).toBe(false);
    expect(existsSync(join(copy!.root, 'test', '__snapshots__'))).toBe(false);
  });

  it('a file that is not there is no-tests; the others still run', async () => {
    const r = await run('green', 30_000, ['test/math.test.ts', 'test/gone.test.ts']);
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [['sub > subtracts', 'passed', undefined]],
      fileErrors: [['test/gone.test.ts', 'no-tests']],
    });
  });

  it('a run past its time is a timeout, and the whole process group is gone', async () => {
    const r = await run('hangs', 8000);
    expect(r.status).toBe('timeout');
    expect(r.tests).toEqual([]);
    const pid = Number(readFileSync(join(copy!.root, 'pid.txt'), 'utf8'));
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
  });

  it('Ctrl-C while vitest runs: the group is killed and the run is interrupted, not a result', async () => {
    copy = fixture('hangs');
    const before = process.listeners('SIGINT');
    const pending = runTests({
      runner: 'vitest',
      root: copy.root,
      files: ['test/math.test.ts'],
      env: runnerTestEnv(),
      timeoutMs: 30_000,
      sources: copy.sources,
    });
    const pidFile = join(copy.root, 'pid.txt');
    await expect.poll(() => existsSync(pidFile), { timeout: 15_000 }).toBe(true);
    // Only our listener: emitting SIGINT would also reach this test runner's own handlers.
    for (const l of process.listeners('SIGINT').filter((x) => !before.includes(x))) (l as () => void)();
    const r = await pending;
    expect(r).toMatchObject({ status: 'interrupted', tests: [], fileErrors: [] });
    await expect.poll(() => isAlive(Number(readFileSync(pidFile, 'utf8'))), { timeout: 10_000 }).toBe(false);
  });

  it('no vitest in node_modules is runner-missing', async () => {
    copy = fixture('green', 'node');
    const r = await runTests({
      runner: 'vitest',
      root: copy.root,
      files: ['test/math.test.js'],
      env: runnerTestEnv(),
      timeoutMs: 10_000,
      sources: copy.sources,
    });
    expect(r.status).toBe('runner-missing');
  });
});
