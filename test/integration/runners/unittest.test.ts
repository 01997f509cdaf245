/**
 * The real unittest (python3 on PATH, 3.11.7 on the machine that wrote this) through our shim, on
 * each fixture, through runTests: what a RED or GREEN gate will be handed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, isAlive, runnerTestEnv, filesUnder } from './fixture.js';

const fixture = fixtureCopies('unittest');
const F = 'tests/test_math.py';

async function run(name: string, o: { timeoutMs?: number; files?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult & { root: string }> {
  const copy = fixture(name);
  const r = await runTests({
    runner: 'unittest',
    root: copy.root,
    files: o.files ?? [F],
    env: o.env ?? runnerTestEnv(),
    timeoutMs: o.timeoutMs ?? 30_000,
    sources: copy.sources,
  });
  return { ...r, root: copy.root };
}

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

describe('unittest adapter on real runs', () => {
  // The last column: the message of the first test, or else of the first file error (<root>: the copy's path).
  it.each<[string, unknown[], unknown[], string | RegExp | undefined]>([
    ['red-assertion', [['TestSub > test_subtracts', 'failed', 'assertion']], [], 'AssertionError: 8 != 2'],
    // `from mathlib import add`: the file fails to import, ImportError naming mathlib.py inside the tree.
    ['red-missing-symbol', [], [[F, 'missing-symbol']], "ImportError: cannot import name 'add' from 'mathlib' (<root>/mathlib.py)"],
    // `mathlib.add(…)`: the test runs and errors with AttributeError on a project module.
    ['red-missing-symbol-attr', [['TestAdd > test_adds', 'failed', 'missing-symbol']], [], "AttributeError: module 'mathlib' has no attribute 'add'"],
    // The wording changes between Python versions; the place does not.
    ['amber-syntax', [], [[F, 'syntax']], /^SyntaxError: .+ \(tests\/test_math\.py:7\)$/],
    ['amber-missing-module', [], [[F, 'missing-module']], "ModuleNotFoundError: No module named 'notinstalled_pkg_xyz'"],
    ['amber-no-tests', [], [[F, 'no-tests']], undefined],
    ['amber-exception', [['TestRatio > test_ratio_of_nothing_is_zero', 'failed', 'exception']], [], 'ZeroDivisionError: division by zero'],
    // setUpClass raised: unittest runs neither test and names only the class.
    [
      'amber-setup-class',
      [
        ['TestSub > test_negatives', 'failed', 'exception'],
        ['TestSub > test_subtracts', 'failed', 'exception'],
      ],
      [],
      'setUpClass: RuntimeError: database down',
    ],
    // A package with a relative import (`from .cases import CASES`) and subTests; unittest sorts by name.
    [
      'green',
      [
        ['TestNegatives > test_negatives', 'passed', undefined],
        ['TestSub > test_subtracts', 'passed', undefined],
        ['TestSub > test_table', 'passed', undefined],
      ],
      [],
      undefined,
    ],
    // @skip, @skipIf and self.skipTest.
    [
      'skipped',
      [
        ['TestSub > test_fractions', 'skipped', undefined],
        ['TestSub > test_huge', 'skipped', undefined],
        ['TestSub > test_negative_zero', 'skipped', undefined],
        ['TestSub > test_subtracts', 'passed', undefined],
      ],
      [],
      'later',
    ],
    // @expectedFailure that fails: not a pass; one that passes: a failure.
    [
      'expected-failure',
      [
        ['TestSub > test_negative_zero', 'skipped', undefined],
        ['TestSub > test_unexpectedly_passes', 'failed', 'exception'],
      ],
      [],
      "expected failure: AssertionError: '0.0' != '-0.0'",
    ],
  ])('%s', async (name, tests, fileErrors, message) => {
    const r = await run(name);
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('unittest');
    expect(r.files).toEqual([F]);
    const first = (r.tests[0] ?? r.fileErrors[0])?.message;
    if (typeof message === 'string') expect(first).toBe(message.replace('<root>', r.root));
    else if (message) expect(first).toMatch(message);
  });

  it('green exits 0, runs python3 with the shim, and writes nothing into the tree', async () => {
    // Without the variable from outside (this machine sets it), only the adapter's own keeps bytecode out.
    const { PYTHONDONTWRITEBYTECODE: _, ...env } = runnerTestEnv();
    const r = await run('green', { env });
    expect(r.exitCode).toBe(0);
    expect(r.command[0]).toBe('python3');
    expect(r.command[1]).toMatch(/\/unittest_shim\.py$/);
    expect(r.command.slice(2)).toEqual([expect.stringMatching(/^\/.*\/report$/), '--', `./${F}`]);
    // No __pycache__: the scratch tree stays what git put there.
    expect(filesUnder(r.root).sort()).toEqual(['mathlib.py', 'tests/__init__.py', 'tests/cases.py', F]);
  });

  it('two files, one with a syntax error: both are reported', async () => {
    const r = await run('two-files', { files: ['tests/test_sub.py', 'tests/test_add.py'] });
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [['TestSub > test_subtracts', 'passed', undefined]],
      fileErrors: [['tests/test_add.py', 'syntax']],
    });
    expect(r.tests[0]!.file).toBe('tests/test_sub.py');
    expect(r.exitCode).toBe(1);
  });

  it('a file whose path is no Python name is loaded by path', async () => {
    const file = 'unit-tests/test_math.py';
    const r = await run('by-path', { files: [file] });
    expect(summary(r)).toEqual({ status: 'completed', tests: [['TestSub > test_subtracts', 'passed', undefined]], fileErrors: [] });
    expect(r.tests[0]!.file).toBe(file);
  });

  it('a file that is not there is no-tests; the others still run', async () => {
    const r = await run('green', { files: [F, 'tests/test_gone.py'] });
    expect(summary(r).fileErrors).toEqual([['tests/test_gone.py', 'no-tests']]);
    expect(r.tests).toHaveLength(3);
  });

  it('a test that ends the process (os._exit) leaves no report: unknown', async () => {
    const r = await run('dies');
    expect(r).toMatchObject({ status: 'unknown', exitCode: 3, tests: [], fileErrors: [], reason: 'unittest wrote no report (exit 3)' });
  });

  // Python ≥ 3.8 ends itself by SIGINT on an uncaught KeyboardInterrupt (3.6 and 3.7 exit 1: no report, unknown).
  it('a test that raises KeyboardInterrupt: python3 ends by SIGINT, interrupted', async () => {
    const r = await run('interrupted');
    expect(r).toMatchObject({ status: 'interrupted', reason: 'runner killed by SIGINT', tests: [], fileErrors: [] });
  });

  it('a run past its time is a timeout, and the python process is gone', async () => {
    const r = await run('hangs', { timeoutMs: 6000 });
    expect(r.status).toBe('timeout');
    expect(r.tests).toEqual([]);
    const pid = Number(readFileSync(join(r.root, 'pid.txt'), 'utf8'));
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
  });

  it('no python3 on PATH is runner-missing', async () => {
    const r = await run('green', { env: { ...runnerTestEnv(), PATH: '/nonexistent' } });
    expect(r).toMatchObject({ status: 'runner-missing', tests: [] });
  });
});
