/**
 * The real `go test` (Debian's go 1.19.8 on the machine that wrote this) on each fixture module,
 * through runTests: what a RED or GREEN gate will be handed. Builds land in the user's GOCACHE.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGoArgv, parseGoReport } from '../../../src/runners/go.js';
import { runTests, runnerEnv } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { runProcess } from '../../../src/process/spawn.js';
import { fixtureCopies, isAlive, runnerTestEnv, filesUnder } from './fixture.js';

const fixture = fixtureCopies('go');

const F = 'math_test.go';

async function run(name: string, o: { timeoutMs?: number; files?: string[] } = {}): Promise<RunResult & { root: string; before: string[] }> {
  const copy = fixture(name);
  const before = filesUnder(copy.root);
  const r = await runTests({
    runner: 'go',
    root: copy.root,
    files: o.files ?? [F],
    env: runnerTestEnv(),
    timeoutMs: o.timeoutMs ?? 30_000,
    sources: copy.sources,
  });
  return { ...r, root: copy.root, before };
}

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

describe('go adapter on real runs', () => {
  // The last column: the message of the first failed test, or else of the first file error.
  it.each([
    ['red-assertion', [F], [['TestSub', 'failed', 'assertion']], [], 'math_test.go:7: Sub(5, 3) = 8, want 2'],
    // Build failed (exit 2): the compiler's `./math_test.go:6:12: undefined: Add` on stderr.
    ['red-missing-symbol', [F], [], [[F, 'missing-symbol']], 'math_test.go:6: undefined: Add'],
    // ./shapes is not there yet, but its parent (the module root) is: the project's next package.
    ['red-missing-package-project', [F], [], [[F, 'missing-symbol']], 'math_test.go:6: no required module provides package example.com/mathlib/shapes'],
    // Setup failed (exit 1): go's parser at load time.
    ['amber-syntax', [F], [], [[F, 'syntax']], "math_test.go:7: missing ',' before newline in argument list"],
    ['amber-missing-module', [F], [], [[F, 'missing-module']], 'math_test.go:6: no required module provides package github.com/nonexistent/pkg'],
    ['amber-compile-error', [F], [], [[F, 'load-error']], 'math_test.go:6: cannot use Sub(5, 3) (value of type int) as type string in variable declaration'],
    // Exit 0, `[no tests to run]`.
    ['amber-no-tests', [F], [], [[F, 'no-tests']], 'declares no Test function'],
    ['amber-exception', [F], [['TestFirstOfNothingIsZero', 'failed', 'exception']], [], 'panic: runtime error: index out of range [0] with length 0'],
    [
      'green',
      [F],
      [
        ['TestSub', 'passed', undefined],
        ['TestNegatives', 'passed', undefined],
      ],
      [],
      undefined,
    ],
    [
      'skipped',
      [F],
      [
        ['TestSub', 'passed', undefined],
        ['TestFractions', 'skipped', undefined],
      ],
      [],
      undefined,
    ],
    // Leaves only, and a parent that failed on its own.
    [
      'subtests',
      [F],
      [
        ['TestTable > zero', 'passed', undefined],
        ['TestTable > neg_case', 'failed', 'assertion'],
        ['TestTable > nested > deep', 'passed', undefined],
        ['TestOwn', 'failed', 'assertion'],
        ['TestOwn > ok', 'passed', undefined],
      ],
      [],
      'math_test.go:13: Sub(1, 3) = -2, want 2',
    ],
    // other_test.go is not asked for, but it is in the package and does not compile.
    [
      'sibling-broken',
      [F],
      [],
      [[F, 'load-error']],
      'not built: other_test.go:6: cannot use Sub(5, 3) (value of type int) as type string in variable declaration',
    ],
    [
      'two-packages',
      [F, 'shapes/shapes_test.go'],
      [
        ['TestSub', 'passed', undefined],
        ['TestNegatives', 'passed', undefined],
        ['TestSquareArea', 'failed', 'assertion'],
      ],
      [],
      undefined,
    ],
    // extra_test.go's TestExtra fails, but only the asked file's tests count.
    [
      'unasked-test',
      [F],
      [
        ['TestSub', 'passed', undefined],
        ['TestNegatives', 'passed', undefined],
      ],
      [],
      undefined,
    ],
  ] as const)('%s', async (name, files, tests, fileErrors, message) => {
    const r = await run(name, { files: [...files] });
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('go');
    expect(r.files).toEqual(files);
    expect(r.command.slice(0, 4)).toEqual(['go', 'test', '-json', '-count=1']);
    if (message !== undefined) expect((r.tests.find((t) => t.status === 'failed') ?? r.fileErrors[0])?.message).toBe(message);
    // Test files of both packages are mapped to their own file.
    if (name === 'two-packages') expect(r.tests.map((t) => t.file)).toEqual([F, F, 'shapes/shapes_test.go']);
    // Nothing written into the tree: no go.sum, no binary, no cache.
    expect(filesUnder(r.root)).toEqual(r.before);
  });

  it('exit codes: 0 green, 1 a failing test or a setup failure, 2 a build failure', async () => {
    expect((await run('green')).exitCode).toBe(0);
    expect((await run('red-assertion')).exitCode).toBe(1);
    expect((await run('amber-syntax')).exitCode).toBe(1);
    expect((await run('red-missing-symbol')).exitCode).toBe(2);
  });

  it('with the sources, -run narrows the run to the asked tests (TestExtra never runs)', async () => {
    const copy = fixture('unasked-test');
    const built = buildGoArgv({ root: copy.root, files: [F], reportPath: '', nodePath: '', runnerPath: 'go', cacheDir: '', sources: copy.sources });
    if ('error' in built) throw new Error(built.error);
    expect(built.argv).toEqual(['go', 'test', '-json', '-count=1', '-run=^(TestSub|TestNegatives)$', './.']);
    const proc = await runProcess(built.argv, { cwd: copy.root, env: runnerEnv(runnerTestEnv(), built.env), timeoutMs: 30_000 });
    expect(proc.exitCode).toBe(0);
    expect(proc.stdout).not.toContain('TestExtra');
    const parsed = parseGoReport({
      report: undefined,
      exitCode: proc.exitCode,
      stdout: proc.stdout,
      stderr: proc.stderr,
      files: [F],
      root: copy.root,
      sources: copy.sources,
    });
    expect(parsed).toMatchObject({ status: 'completed', fileErrors: [] });
    expect(parsed.tests.map((t) => [t.name, t.status])).toEqual([
      ['TestSub', 'passed'],
      ['TestNegatives', 'passed'],
    ]);
  });

  it('a file that is not there is no-tests; the others still run', async () => {
    const r = await run('green', { files: [F, 'gone_test.go'] });
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['TestSub', 'passed', undefined],
        ['TestNegatives', 'passed', undefined],
      ],
      fileErrors: [['gone_test.go', 'no-tests']],
    });
  });

  it('a run past its time is a timeout, and the test binary is gone', async () => {
    const r = await run('hangs', { timeoutMs: 8000 });
    expect(r.status).toBe('timeout');
    expect(r.tests).toEqual([]);
    const pid = Number(readFileSync(join(r.root, 'pid.txt'), 'utf8'));
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
  });

  it('no go on PATH is runner-missing', async () => {
    const copy = fixture('green');
    const r = await runTests({
      runner: 'go',
      root: copy.root,
      files: [F],
      env: { ...runnerTestEnv(), PATH: '/nonexistent' },
      timeoutMs: 30_000,
      sources: copy.sources,
    });
    expect(r).toMatchObject({ status: 'runner-missing', tests: [] });
  });
});
