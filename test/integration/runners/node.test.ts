/**
 * The real `node --test` (this machine's Node) on each fixture, through runTests and our compiled
 * reporter (dist/runners/node-reporter.js: `npm run build` first).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, isAlive, runnerTestEnv, type FixtureCopy } from './fixture.js';

const RUNNER = 'node';

let copy: FixtureCopy | undefined;
const fixture = fixtureCopies(RUNNER);

beforeAll(() => {
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'runners', 'node-reporter.js'))) {
    throw new Error('dist/runners/node-reporter.js is missing: run `npm run build` first');
  }
});

async function run(name: string, timeoutMs = 30_000, files = ['test/math.test.js']): Promise<RunResult> {
  copy = fixture(name);
  return runTests({ runner: 'node', root: copy.root, files, env: runnerTestEnv(), timeoutMs, sources: copy.sources });
}

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

const F = 'test/math.test.js';

describe('node adapter on real runs', () => {
  it.each([
    ['red-assertion', [['sub > subtracts', 'failed', 'assertion']], []],
    // ESM: a missing named export fails the whole file at link time.
    ['red-missing-symbol', [], [[F, 'missing-symbol']]],
    ['red-missing-symbol-namespace', [['add > adds', 'failed', 'missing-symbol']], []],
    ['red-missing-module-project', [], [[F, 'missing-symbol']]],
    ['amber-syntax', [], [[F, 'syntax']]],
    ['amber-missing-module', [], [[F, 'missing-module']]],
    // node reports an empty file as one passing test named by its path.
    ['amber-no-tests', [], [[F, 'no-tests']]],
    ['amber-exception', [['reads the first user', 'failed', 'exception']], []],
    ['amber-test-timeout', [['waits too long', 'failed', 'timeout']], []],
    ['amber-collection-error', [], [[F, 'load-error']]],
    ['green', [['sub > integers > subtracts', 'passed', undefined]], []],
    [
      'skipped',
      [
        ['subtracts', 'passed', undefined],
        ['subtracts negatives', 'skipped', undefined],
        ['subtracts fractions', 'todo', undefined],
      ],
      [],
    ],
    // Without --test-only node ignores `.only`: both run (the static check catches the marker).
    [
      'focused',
      [
        ['subtracts', 'passed', undefined],
        ['subtracts zero', 'passed', undefined],
      ],
      [],
    ],
  ])('%s', async (name, tests, fileErrors) => {
    const r = await run(name);
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('node');
    expect(r.files).toEqual([F]);
  });

  it('the load error carries the real error line from the child stderr', async () => {
    const r = await run('red-missing-symbol');
    expect(r.fileErrors[0]?.message).toBe("SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'");
    expect((await run('amber-missing-module')).fileErrors[0]?.message).toMatch(/Cannot find package 'left-pad-nonexistent'/);
  });

  it('green exits 0 and says so', async () => {
    const r = await run('green');
    expect(r.exitCode).toBe(0);
    expect(r.command).toContain('--test');
    expect(r.command).not.toContain('--test-only');
  });

  it('a file that is not there is no-tests; the others still run', async () => {
    const r = await run('green', 30_000, [F, 'test/gone.test.js']);
    expect(summary(r).fileErrors).toEqual([['test/gone.test.js', 'no-tests']]);
    expect(r.tests.map((t) => t.status)).toEqual(['passed']);
  });

  it('asks each file once, and never for one outside the tree', async () => {
    const r = await run('green', 30_000, [F, `./${F}`, '../escape.test.js']);
    expect(r.files).toEqual([F, '../escape.test.js']);
    expect(r.tests).toHaveLength(1);
    expect(summary(r).fileErrors).toEqual([['../escape.test.js', 'no-tests']]);
  });

  it('a run past its time is a timeout, and the whole process group is gone', async () => {
    const r = await run('hangs', 6000);
    expect(r.status).toBe('timeout');
    const pid = Number(readFileSync(join(copy!.root, 'pid.txt'), 'utf8'));
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
  });
});
