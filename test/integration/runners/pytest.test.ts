/**
 * The real pytest (`python3 -m pytest`, 9.0.3 on the machine that wrote this) on each fixture,
 * through runTests: what a RED or GREEN gate will be handed.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, isAlive, runnerTestEnv, filesUnder } from './fixture.js';

const fixture = fixtureCopies('pytest');

const F = 'test_math.py';

async function run(name: string, o: { timeoutMs?: number; files?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult & { root: string }> {
  const copy = fixture(name);
  const r = await runTests({
    runner: 'pytest',
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

describe('pytest adapter on real runs', () => {
  // The last column: the message of the first test, or else of the first file error (<root>: the copy's path).
  it.each([
    ['red-assertion', [['test_subtracts', 'failed', 'assertion']], [], 'assert 8 == 2'],
    // `from mathlib import add`: a collection error, ImportError naming mathlib.py inside the tree.
    ['red-missing-symbol', [], [[F, 'missing-symbol']], "ImportError: cannot import name 'add' from 'mathlib' (<root>/mathlib.py)"],
    // `mathlib.add(…)`: the test runs and fails with AttributeError on a project module.
    ['red-missing-symbol-attr', [['test_adds', 'failed', 'missing-symbol']], [], "AttributeError: module 'mathlib' has no attribute 'add'"],
    // `from shapes.circle import area`: shapes/ is the project's, circle.py is next.
    ['red-missing-module-project', [], [[F, 'missing-symbol']], "ModuleNotFoundError: No module named 'shapes.circle'"],
    ['amber-syntax', [], [[F, 'syntax']], 'SyntaxError: invalid syntax (<root>/test_math.py:4)'],
    ['amber-missing-module', [], [[F, 'missing-module']], "ModuleNotFoundError: No module named 'tdd_hooks_not_installed_package'"],
    // `from mathlib import add` with no mathlib at all: a missing module, not the project's next symbol.
    ['amber-missing-module-top', [], [[F, 'missing-module']], "ModuleNotFoundError: No module named 'mathlib'"],
    // Exit 5: nothing collected.
    ['amber-no-tests', [], [[F, 'no-tests']], undefined],
    ['amber-exception', [['test_first_of_nothing_is_none', 'failed', 'exception']], [], 'IndexError: list index out of range'],
    // A fixture that raises: `<error message="failed on setup …">`, the test did not run.
    ['amber-fixture', [['test_subtracts', 'failed', 'exception']], [], 'failed on setup with "RuntimeError: database down"'],
    // The conftest fails to import: exit 4, no report, the error on stderr.
    ['amber-conftest', [], [[F, 'missing-module']], "conftest.py: ModuleNotFoundError: No module named 'tdd_hooks_not_installed_plugin'"],
    [
      'green',
      [
        ['TestSub > test_subtracts', 'passed', undefined],
        ['TestSub > test_table[1-1-0]', 'passed', undefined],
        ['TestSub > test_table[0-2--2]', 'passed', undefined],
        ['test_negatives', 'passed', undefined],
      ],
      [],
      undefined,
    ],
    // skip → skipped; xfail → todo; an xfail that passes is XPASS(strict) → todo, never a pass.
    [
      'skipped',
      [
        ['test_subtracts', 'passed', undefined],
        ['test_fractions', 'skipped', undefined],
        ['test_negative_zero', 'todo', undefined],
        ['test_unexpectedly_passes', 'todo', undefined],
      ],
      [],
      undefined,
    ],
  ])('%s', async (name, tests, fileErrors, message) => {
    const r = await run(name);
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('pytest');
    expect(r.files).toEqual([F]);
    if (message !== undefined) expect((r.tests[0] ?? r.fileErrors[0])?.message).toBe(message.replace('<root>', r.root));
  });

  it('green exits 0, with the flags that keep the run whole, and writes nothing into the tree', async () => {
    const r = await run('green');
    expect(r.exitCode).toBe(0);
    expect(r.command.slice(1, 3)).toEqual(['-m', 'pytest']);
    expect(r.command).toEqual(expect.arrayContaining(['--continue-on-collection-errors', '--maxfail=0', '-o', 'xfail_strict=true', `./${F}`]));
    // No __pycache__, no .pytest_cache: the scratch tree stays what git put there.
    expect(filesUnder(r.root).filter((f) => /__pycache__|\.pytest_cache|\.pyc$/.test(f))).toEqual([]);
  });

  // The suite turns the machine's pytest plugins off (test/vitest.config.ts); a user's load: the same verdicts.
  it.each([
    ['green', 'passed'],
    ['red-assertion', 'failed'],
  ])('%s with the installed plugins autoloading', async (name, status) => {
    const env = runnerTestEnv();
    delete env.PYTEST_DISABLE_PLUGIN_AUTOLOAD;
    const r = await run(name, { env });
    expect(r.status).toBe('completed');
    expect(r.tests.length).toBeGreaterThan(0);
    expect(r.tests.every((t) => t.status === status)).toBe(true);
  });

  it('one file that fails to import does not stop the others', async () => {
    const copy = fixture('red-missing-symbol');
    cpSync(join(PROJECT_ROOT, 'test', 'fixtures', 'runners', 'pytest', 'red-assertion', 'test_math.py'), join(copy.root, 'test_sub.py'));
    copy.sources.set('test_sub.py', readFileSync(join(copy.root, 'test_sub.py'), 'utf8'));
    const r = await runTests({ runner: 'pytest', root: copy.root, files: [F, 'test_sub.py'], env: runnerTestEnv(), timeoutMs: 30_000, sources: copy.sources });
    // mathlib.sub is right here: test_sub.py passes.
    expect(summary(r)).toEqual({ status: 'completed', tests: [['test_subtracts', 'passed', undefined]], fileErrors: [[F, 'missing-symbol']] });
    expect(r.exitCode).toBe(1);
  });

  it("pytest's rootdir in a subfolder (its own pyproject.toml): classnames are relative to it", async () => {
    const file = 'backend/tests/test_math.py';
    const r = await run('rootdir-subfolder', { files: [file] });
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['TestSub > test_subtracts', 'failed', 'assertion'],
        // A local `from app.mathlib import add`: ImportError naming a file in the tree.
        ['TestSub > test_adds', 'failed', 'missing-symbol'],
      ],
      fileErrors: [],
    });
  });

  it('a file that is not there is no-tests; the others still run', async () => {
    const r = await run('green', { files: [F, 'test_gone.py'] });
    expect(summary(r).fileErrors).toEqual([['test_gone.py', 'no-tests']]);
    expect(r.tests).toHaveLength(4);
  });

  it('a test that raises KeyboardInterrupt ends the session: exit 2, unknown', async () => {
    const r = await run('interrupted');
    expect(r).toMatchObject({ status: 'unknown', exitCode: 2, tests: [], fileErrors: [] });
  });

  it('a run past its time is a timeout, and the whole process group is gone', async () => {
    const r = await run('hangs', { timeoutMs: 6000 });
    expect(r.status).toBe('timeout');
    expect(r.tests).toEqual([]);
    const pid = Number(readFileSync(join(r.root, 'pid.txt'), 'utf8'));
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
  });

  it('Ctrl-C while pytest runs: the group is killed and the run is interrupted, not a result', async () => {
    const copy = fixture('hangs');
    const before = process.listeners('SIGINT');
    const pending = runTests({ runner: 'pytest', root: copy.root, files: [F], env: runnerTestEnv(), timeoutMs: 30_000, sources: copy.sources });
    const pidFile = join(copy.root, 'pid.txt');
    await expect.poll(() => existsSync(pidFile), { timeout: 15_000 }).toBe(true);
    // Only our listener: emitting SIGINT would also reach this test runner's own handlers.
    for (const l of process.listeners('SIGINT').filter((x) => !before.includes(x))) (l as () => void)();
    const r = await pending;
    expect(r).toMatchObject({ status: 'interrupted', tests: [], fileErrors: [] });
    await expect.poll(() => isAlive(Number(readFileSync(pidFile, 'utf8'))), { timeout: 3000 }).toBe(false);
  });

  it('no python3 on PATH is runner-missing', async () => {
    const r = await run('green', { env: { ...runnerTestEnv(), PATH: '/nonexistent' } });
    expect(r).toMatchObject({ status: 'runner-missing', tests: [] });
  });

  // Debian's own python3 has no pytest (the one this suite uses comes from pyenv).
  const bare = '/usr/bin/python3';
  const bareHasNoPytest = existsSync(bare) && spawnSync(bare, ['-c', 'import pytest']).status === 1;
  it.skipIf(!bareHasNoPytest)('a python3 without pytest is runner-missing', async () => {
    const bin = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-bare-python-')));
    fixture.keep({ cleanup: () => rmSync(bin, { recursive: true, force: true }) });
    symlinkSync(bare, join(bin, 'python3'));
    const r = await run('green', { env: { ...runnerTestEnv(), PATH: `${bin}:/usr/bin:/bin` } });
    expect(r).toMatchObject({ status: 'runner-missing', reason: 'pytest is not installed for python3', tests: [] });
  });
});
