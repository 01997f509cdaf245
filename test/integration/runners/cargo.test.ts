/**
 * The real `cargo test` (1.95 on the machine that wrote this) on each fixture crate, through
 * runTests: what a RED or GREEN gate will be handed. One build cache for the whole file, as the
 * hook keeps one per repository.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, copyFixture, isAlive, runnerTestEnv, type FixtureCopy, filesUnder } from './fixture.js';

const cacheDir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-cargo-cache-')));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const fixture = fixtureCopies('cargo');

const F = 'tests/math.rs';

async function run(copy: FixtureCopy, o: { files?: string[]; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  return runTests({
    runner: 'cargo',
    root: copy.root,
    files: o.files ?? [F],
    env: o.env ?? runnerTestEnv(),
    timeoutMs: o.timeoutMs ?? 60_000,
    sources: copy.sources,
    cacheDir,
  });
}

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

describe('cargo adapter on real runs', () => {
  // The last column: the message of the first test, or else of the first file error.
  it.each([
    ['red-assertion', [F], [['subtracts', 'failed', 'assertion']], [], 'assertion `left == right` failed (left: 8, right: 2)'],
    ['red-missing-symbol', [F], [], [[F, 'missing-symbol']], 'error[E0425]: cannot find function `add` in crate `red_missing_symbol` (tests/math.rs:3)'],
    // `use shapes::Circle` ([lib] name = "shapes"); rustc names the type `Circle` alone.
    [
      'red-missing-method',
      [F],
      [],
      [[F, 'missing-symbol']],
      'error[E0599]: no method named `area` found for struct `Circle` in the current scope (tests/math.rs:6)',
    ],
    ['amber-syntax', [F], [], [[F, 'syntax']], 'error: mismatched closing delimiter: `}` (tests/math.rs:4)'],
    ['amber-missing-module', [F], [], [[F, 'missing-module']], 'error[E0432]: unresolved import `undeclared_crate_xyz` (tests/math.rs:1)'],
    ['amber-no-tests', [F], [], [[F, 'no-tests']], 'running 0 tests'],
    ['amber-exception', [F], [['first_of_nothing', 'failed', 'exception']], [], 'called `Option::unwrap()` on a `None` value'],
    ['amber-compile-error', [F], [], [[F, 'load-error']], 'error[E0308]: mismatched types (tests/math.rs:3)'],
    [
      'green',
      [F],
      [
        ['negatives > below_zero', 'passed', undefined],
        ['subtracts', 'passed', undefined],
      ],
      [],
      undefined,
    ],
    [
      'skipped',
      [F],
      [
        ['fractions', 'skipped', undefined],
        ['subtracts', 'passed', undefined],
      ],
      [],
      undefined,
    ],
    // Cargo runs the binaries in its own order; `tests/add/main.rs` holds `mod cases;`.
    [
      'two-files',
      ['tests/sub.rs', 'tests/add/main.rs'],
      [
        ['cases > adds', 'failed', 'assertion'],
        ['subtracts', 'passed', undefined],
      ],
      [],
      'assertion `left == right` failed (left: -1, right: 5)',
    ],
    // One target that does not build stops cargo before any test: the other is run again on its own.
    [
      'build-then-run',
      ['tests/mul.rs', 'tests/add.rs'],
      [['adds', 'failed', 'assertion']],
      [['tests/mul.rs', 'missing-symbol']],
      'assertion `left == right` failed (left: -1, right: 5)',
    ],
    ['lib-broken', [F], [], [[F, 'load-error']], 'src/lib.rs did not compile: error[E0277]: cannot divide `i32` by `&str` (src/lib.rs:6)'],
    [
      'panics',
      ['tests/panics.rs', 'tests/crash.rs', 'tests/exits.rs'],
      [
        ['any_panic_passes', 'passed', undefined],
        ['custom_message', 'failed', 'assertion'],
        ['equal', 'failed', 'assertion'],
        ['expects_a_panic', 'failed', 'assertion'],
        ['expects_another_panic', 'failed', 'assertion'],
        ['in_a_thread', 'failed', 'exception'],
        ['in_the_library', 'failed', 'exception'],
        ['nested > passes', 'passed', undefined],
        ['not_equal', 'failed', 'assertion'],
        ['not_written_yet', 'failed', 'exception'],
        ['out_of_bounds', 'failed', 'exception'],
        ['plain', 'failed', 'assertion'],
        // It printed lines that look like libtest's own.
        ['prints_like_libtest', 'failed', 'assertion'],
        ['returns_err', 'failed', 'exception'],
      ],
      // abort() and exit(0): no summary from either binary.
      [
        ['tests/crash.rs', 'load-error'],
        ['tests/exits.rs', 'load-error'],
      ],
      undefined,
    ],
  ])('%s', async (name, files, tests, fileErrors, message) => {
    const r = await run(fixture(name), { files });
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('cargo');
    expect(r.files).toEqual(files);
    if (message !== undefined) expect((r.tests.find((t) => t.status === 'failed') ?? r.fileErrors[0])?.message).toBe(message);
  });

  // One copy, one target per run: cargo stops starting targets after the first that fails.
  describe('compile errors, one test target each', () => {
    let zoo: FixtureCopy | undefined;
    afterAll(() => zoo?.cleanup());
    it.each([
      ['fn_in_crate', 'missing-symbol'],
      ['import', 'missing-symbol'],
      ['module_path', 'missing-symbol'],
      ['type_path', 'missing-symbol'],
      ['glob', 'missing-symbol'],
      ['alias', 'missing-symbol'],
      ['method', 'missing-symbol'],
      ['assoc_fn', 'missing-symbol'],
      ['field', 'missing-symbol'],
      ['crate_import', 'missing-module'],
      ['crate_path', 'missing-module'],
      ['std_import', 'load-error'],
      ['local_name', 'load-error'],
      ['std_method', 'load-error'],
      // `use mathlib::ToShout` unresolved, so str has no `to_shout` (E0599 on a std type): the trait is what is missing.
      ['ext_trait', 'missing-symbol'],
      ['mismatch', 'load-error'],
      // A missing symbol and a type mismatch: the mismatch is no reason to accept.
      ['mixed', 'load-error'],
      ['delimiter', 'syntax'],
      ['unterminated', 'syntax'],
    ])('tests/%s.rs → %s', async (target, kind) => {
      zoo ??= copyFixture('cargo', 'compile-errors');
      const file = `tests/${target}.rs`;
      const r = await run(zoo, { files: [file] });
      expect(summary(r)).toEqual({ status: 'completed', tests: [], fileErrors: [[file, kind]] });
    });
  });

  it('a target that does not compile stops cargo before any test: the others are run again without it', async () => {
    const r = await run(fixture('compile-errors'), { files: ['tests/compiles.rs', 'tests/fn_in_crate.rs'] });
    expect(summary(r)).toEqual({ status: 'completed', tests: [['subtracts', 'passed', undefined]], fileErrors: [['tests/fn_in_crate.rs', 'missing-symbol']] });
  });

  it('green exits 0 with the flags that keep the run whole, and builds outside the tree', async () => {
    const copy = fixture('green');
    const before = filesUnder(copy.root);
    const r = await run(copy);
    expect(r.exitCode).toBe(0);
    expect(r.command.slice(1)).toEqual(['test', '--message-format=json', '--no-fail-fast', '--offline', '--color', 'never', '--test=math']);
    // No target/: the build went to the cache. Cargo.lock is what any `cargo test` writes when it is missing.
    expect(filesUnder(copy.root)).toEqual([...before, 'Cargo.lock'].sort());
    expect(existsSync(join(cacheDir, 'cargo-target', 'debug'))).toBe(true);
  });

  it('a file that is not a test target is no-tests; the others still run', async () => {
    const r = await run(fixture('green'), { files: [F, 'src/lib.rs'] });
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['negatives > below_zero', 'passed', undefined],
        ['subtracts', 'passed', undefined],
      ],
      fileErrors: [['src/lib.rs', 'no-tests']],
    });
  });

  it('only files that are not test targets: nothing to run, unknown', async () => {
    const r = await run(fixture('green'), { files: ['src/lib.rs'] });
    expect(r).toMatchObject({ status: 'unknown', tests: [], fileErrors: [] });
  });

  it('a dependency that is not downloaded: unknown, asking for cargo fetch', async () => {
    const r = await run(fixture('deps-not-fetched'));
    expect(r).toMatchObject({ status: 'unknown', exitCode: 101, tests: [], fileErrors: [] });
    expect(r.reason).toMatch(/^cargo could not get the dependencies offline: run `cargo fetch` .*no matching package named `tdd-hooks-never-published`/);
  });

  it('a run past its time is a timeout, and the whole process group is gone', async () => {
    const copy = fixture('hangs');
    const r = await run(copy, { timeoutMs: 8000 });
    expect(r.status).toBe('timeout');
    expect(r.tests).toEqual([]);
    // The test binary was running (it wrote its pid) when the group was killed.
    const pid = Number(readFileSync(join(copy.root, 'pid.txt'), 'utf8'));
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
  });

  it('no cargo on PATH is runner-missing', async () => {
    const r = await run(fixture('green'), { env: { ...runnerTestEnv(), PATH: '/nonexistent' } });
    expect(r).toMatchObject({ status: 'runner-missing', tests: [] });
  });
});
