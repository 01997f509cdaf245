import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';
import { buildCargoArgv, cargoMember, cargoTestTarget, parseCargoReport } from '../../../src/runners/cargo.js';
import { parseRustUses } from '../../../src/runners/cargo-build.js';
import type { ParseInput } from '../../../src/runners/types.js';

const ROOT = '/scratch/tree';
const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'runners', 'cargo');

/**
 * recorded/<crate>.stdout|stderr: real runs of cargo 1.95 on the fixture crate of that name, with
 * the adapter's argv and env plus `-j 32` for compile-errors (so that every target got built); the
 * crate at /scratch/tree and CARGO_TARGET_DIR=/cache/cargo-target. The JSON lines are trimmed to
 * the fields the adapter reads (no `explanation`, `rendered`, span texts).
 */
const recorded = (name: string, ext: 'stdout' | 'stderr'): string => readFileSync(join(FIXTURES, 'recorded', `${name}.${ext}`), 'utf8');

/** The fixture crate's tests/**.rs, as the hook passes the staged test files. */
function sourcesOf(crate: string): Map<string, string> {
  const dir = join(FIXTURES, crate, 'tests');
  const sources = new Map<string, string>();
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) {
      const abs = join(e.parentPath, e.name);
      sources.set(abs.slice(FIXTURES.length + crate.length + 2), readFileSync(abs, 'utf8'));
    }
  }
  return sources;
}

function input(o: Partial<ParseInput> & Pick<ParseInput, 'files' | 'stdout' | 'stderr'>): ParseInput {
  return { report: undefined, exitCode: 101, root: ROOT, sources: new Map(), ...o };
}

const summary = (r: ReturnType<typeof parseCargoReport>) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.file, t.name, t.status, t.failure, t.message]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind, e.message]),
});

/** red-assertion: tests/math.rs, `assert_eq!(red_assertion::sub(5, 3), 2)` with sub adding. */
const RED_STDOUT = `{"reason":"compiler-artifact","package_id":"path+file:///scratch/tree#red-assertion@0.1.0","target":{"kind":["lib"],"name":"red_assertion","src_path":"/scratch/tree/src/lib.rs"},"executable":null,"fresh":false}
{"reason":"compiler-artifact","package_id":"path+file:///scratch/tree#red-assertion@0.1.0","target":{"kind":["test"],"name":"math","src_path":"/scratch/tree/tests/math.rs"},"executable":"/cache/cargo-target/debug/deps/math-bfd71c228db89797","fresh":false}
{"reason":"build-finished","success":true}

running 1 test
test subtracts ... FAILED

failures:

---- subtracts stdout ----

thread 'subtracts' (4605) panicked at tests/math.rs:3:5:
assertion \`left == right\` failed
  left: 8
 right: 2
note: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace


failures:
    subtracts

test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s

`;
const RED_STDERR = `   Compiling red-assertion v0.1.0 (/scratch/tree)
    Finished \`test\` profile [unoptimized + debuginfo] target(s) in 0.33s
     Running tests/math.rs (/cache/cargo-target/debug/deps/math-bfd71c228db89797)
error: test failed, to rerun pass \`--test math\`
error: 1 target failed:
    \`--test math\`
`;

/** two-files: cargo ran tests/add/main.rs (\`mod cases;\`) before tests/sub.rs, whatever argv's order. */
const TWO_STDOUT = `{"reason":"build-finished","success":true}

running 1 test
test cases::adds ... FAILED

failures:

---- cases::adds stdout ----

thread 'cases::adds' (5248) panicked at tests/add/cases.rs:3:5:
assertion \`left == right\` failed
  left: -1
 right: 5
note: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace


failures:
    cases::adds

test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s


running 2 tests
test subtracts ... ok
test later ... ignored, not yet

test result: ok. 1 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.00s

`;
const TWO_STDERR = `   Compiling two-files v0.1.0 (/scratch/tree)
    Finished \`test\` profile [unoptimized + debuginfo] target(s) in 0.32s
     Running tests/add/main.rs (/cache/cargo-target/debug/deps/add-25cdc60df6678e96)
error: test failed, to rerun pass \`--test add\`
     Running tests/sub.rs (/cache/cargo-target/debug/deps/sub-f1c0c4da14a1f62b)
error: 1 target failed:
    \`--test add\`
`;
const TWO_FILES = ['tests/sub.rs', 'tests/add/main.rs'];

describe('cargoTestTarget', () => {
  it.each([
    ['tests/math.rs', 'math'],
    ['tests/api/main.rs', 'api'],
    ['tests/my-test.rs', 'my-test'],
    ['tests/api/helpers.rs', undefined],
    ['tests/common/mod.rs', undefined],
    ['src/lib.rs', undefined],
    // A workspace member's integration test: run from the top for that member (see cargoMember).
    ['crates/core/tests/math.rs', 'math'],
    ['crates/core/tests/api/main.rs', 'api'],
    ['crates/core/src/tests.rs', undefined],
  ])('%s → %s', (file, target) => {
    expect(cargoTestTarget(file)).toBe(target);
  });
});

describe('cargoMember', () => {
  it.each([
    ['tests/math.rs', ''],
    ['tests/api/main.rs', ''],
    ['crates/core/tests/math.rs', 'crates/core'],
    ['a/b/c/tests/x/main.rs', 'a/b/c'],
    ['crates/core/src/lib.rs', undefined],
  ])('%s → %s', (file, member) => {
    expect(cargoMember(file)).toBe(member);
  });

  it('one member a run, picked by its manifest from the top', () => {
    const base = { root: '/w', reportPath: '', nodePath: '', runnerPath: 'cargo', cacheDir: '/c' };
    const one = buildCargoArgv({ ...base, files: ['crates/core/tests/math.rs', 'crates/core/tests/api/main.rs'] });
    expect('argv' in one && one.argv.filter((a) => a.startsWith('--manifest-path') || a.startsWith('--test='))).toEqual([
      '--manifest-path=crates/core/Cargo.toml',
      '--test=math',
      '--test=api',
    ]);
    const top = buildCargoArgv({ ...base, files: ['tests/math.rs'] });
    expect('argv' in top && top.argv.some((a) => a.startsWith('--manifest-path'))).toBe(false);
    expect(buildCargoArgv({ ...base, files: ['crates/a/tests/x.rs', 'crates/b/tests/x.rs'] })).toHaveProperty('error');
  });
});

describe('buildCargoArgv', () => {
  const base = { root: ROOT, reportPath: '/tmp/r/report', nodePath: '/usr/bin/node', runnerPath: 'cargo', cacheDir: '/cache' };

  it('one --test per target, the build in the cache, output that can be read', () => {
    const built = buildCargoArgv({ ...base, files: ['tests/math.rs', './tests/api/main.rs', 'tests/-odd.rs', 'src/lib.rs', 'tests/math.rs'] });
    expect(built).toEqual({
      argv: ['cargo', 'test', '--message-format=json', '--no-fail-fast', '--offline', '--color', 'never', '--test=math', '--test=api', '--test=-odd'],
      env: {
        CARGO_TARGET_DIR: '/cache/cargo-target',
        CARGO_TERM_QUIET: 'false',
        CARGO_TERM_VERBOSE: 'false',
        RUST_BACKTRACE: '0',
        RUST_TEST_NOCAPTURE: '0',
      },
    });
  });

  it("GREEN and REFACTOR: the library's and binaries' inline unit tests too; --lib only when there is a library", () => {
    const argv = (lib: boolean) => {
      const built = buildCargoArgv({ ...base, files: ['tests/math.rs'], unitTests: { lib } });
      return 'argv' in built ? built.argv.slice(7) : built;
    };
    expect(argv(true)).toEqual(['--test=math', '--lib', '--bins']);
    expect(argv(false)).toEqual(['--test=math', '--bins']);
  });

  it('no test target among the files: an error, never a bare `cargo test` of everything', () => {
    expect(buildCargoArgv({ ...base, files: ['src/lib.rs', 'tests/common/mod.rs'] })).toEqual({ error: expect.stringContaining('tests/<name>.rs') });
  });
});

describe('parseRustUses', () => {
  it('names, aliases, nested groups, self and globs', () => {
    const uses = parseRustUses(
      `use mathlib::{sub, Circle as C, shapes::{self, Square}};\npub(crate) use ::other::*;\nuse std::time::Duration;\nuse a::b::{*, c};\nuse mathlib as m;\nuse x::y as _;`,
    );
    expect(Object.fromEntries(uses.names)).toEqual({
      sub: 'mathlib::sub',
      C: 'mathlib::Circle',
      shapes: 'mathlib::shapes',
      Square: 'mathlib::shapes::Square',
      Duration: 'std::time::Duration',
      c: 'a::b::c',
      m: 'mathlib',
    });
    expect(uses.globs).toEqual(['other', 'a::b']);
  });
});

describe('parseCargoReport', () => {
  it("a panic inside a macro assertFunctionNames names (ripgrep's eqnice!): an assertion; unnamed, an exception", () => {
    // rustc reports a panic inside a macro_rules! expansion where the macro is called (tests/math.rs:3:5).
    const stdout = RED_STDOUT.replace('assertion `left == right` failed\n  left: 8\n right: 2\n', '\nprinted outputs differ!\n');
    const sources = new Map([['tests/math.rs', 'use m::sub;\n#[test] fn subtracts() {\n    eqnice!("2", sub(5, 3).to_string());\n}\n']]);
    const at = (names?: string[]) =>
      parseCargoReport(input({ files: ['tests/math.rs'], stdout, stderr: RED_STDERR, sources, ...(names ? { assertNames: names } : {}) })).tests[0]?.failure;
    expect(at(['eqnice!'])).toBe('assertion');
    expect(at(['util::eqnice!', 'eqnice'])).toBe('exception'); // a function pattern names no macro
    expect(at()).toBe('exception');
  });

  it('an assertion: the panic message with left and right', () => {
    const r = parseCargoReport(input({ files: ['tests/math.rs'], stdout: RED_STDOUT, stderr: RED_STDERR }));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [['tests/math.rs', 'subtracts', 'failed', 'assertion', 'assertion `left == right` failed (left: 8, right: 2)']],
      fileErrors: [],
    });
    expect(r.exitCode).toBe(101);
  });

  it('binaries are told apart by the Running lines on stderr, in cargo\'s order; modules become " > "', () => {
    const r = parseCargoReport(input({ files: TWO_FILES, stdout: TWO_STDOUT, stderr: TWO_STDERR }));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['tests/add/main.rs', 'cases > adds', 'failed', 'assertion', 'assertion `left == right` failed (left: -1, right: 5)'],
        // By name within a file: libtest prints them as they finish.
        ['tests/sub.rs', 'later', 'skipped', undefined, 'not yet'],
        ['tests/sub.rs', 'subtracts', 'passed', undefined, undefined],
      ],
      fileErrors: [],
    });
  });

  it('every kind of panic, a should_panic test, a crashed binary and one that exited early', () => {
    const r = parseCargoReport(
      input({
        files: ['tests/panics.rs', 'tests/crash.rs', 'tests/exits.rs'],
        stdout: recorded('panics', 'stdout'),
        stderr: recorded('panics', 'stderr'),
        sources: sourcesOf('panics'),
      }),
    );
    const P = 'tests/panics.rs';
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        // #[should_panic] on todo!(): any panic passes.
        [P, 'any_panic_passes', 'passed', undefined, undefined],
        // `assert!(cond, "one by one was {}", …)` panics with the message alone; the source at the panic's place is assert!.
        [P, 'custom_message', 'failed', 'assertion', 'one by one was 1'],
        [P, 'equal', 'failed', 'assertion', 'assertion `left == right` failed: six by 3 (left: 2, right: 3)'],
        [P, 'expects_a_panic', 'failed', 'assertion', 'test did not panic as expected at tests/panics.rs:56:4'],
        [P, 'expects_another_panic', 'failed', 'assertion', 'panic did not contain expected string (panic message: "overflow", expected substring: "by zero")'],
        // The first panic is the worker's `panic!`, not the unwrap of its join.
        [P, 'in_a_thread', 'failed', 'exception', 'worker died'],
        // An assert! in src/: the library refused, the test asserted nothing.
        [P, 'in_the_library', 'failed', 'exception', 'division by zero'],
        [P, 'nested > passes', 'passed', undefined, undefined],
        [P, 'not_equal', 'failed', 'assertion', 'assertion `left != right` failed (left: 2, right: 2)'],
        [P, 'not_written_yet', 'failed', 'exception', 'not yet implemented'],
        [P, 'out_of_bounds', 'failed', 'exception', 'index out of bounds: the len is 0 but the index is 0'],
        [P, 'plain', 'failed', 'assertion', 'assertion failed: div(1, 1) == 2'],
        // It printed `running 9 tests`, `test fake ... ok` and a `test result:` line of its own.
        [P, 'prints_like_libtest', 'failed', 'assertion', 'assertion `left == right` failed (left: 3, right: 9)'],
        [P, 'returns_err', 'failed', 'exception', 'Error: "no config"'],
      ],
      fileErrors: [
        ['tests/crash.rs', 'load-error', 'the test binary stopped before its summary (signal: 6, SIGABRT: process abort signal)'],
        ['tests/exits.rs', 'load-error', 'the test binary stopped before its summary'],
      ],
    });
  });

  it('without the test sources, an assert! with a custom message cannot be told from a panic!', () => {
    const r = parseCargoReport(
      input({ files: ['tests/panics.rs', 'tests/crash.rs', 'tests/exits.rs'], stdout: recorded('panics', 'stdout'), stderr: recorded('panics', 'stderr') }),
    );
    expect(r.tests.find((t) => t.name === 'custom_message')?.failure).toBe('exception');
    expect(r.tests.find((t) => t.name === 'equal')?.failure).toBe('assertion');
  });

  const ZOO = [
    'fn_in_crate',
    'import',
    'module_path',
    'type_path',
    'glob',
    'alias',
    'method',
    'assoc_fn',
    'field',
    'crate_import',
    'crate_path',
    'std_import',
    'local_name',
    'std_method',
    'mismatch',
    'mixed',
    'delimiter',
    'unterminated',
    'compiles',
  ].map((t) => `tests/${t}.rs`);
  const zoo = (o: Partial<ParseInput> = {}) =>
    parseCargoReport(
      input({
        files: ZOO,
        stdout: recorded('compile-errors', 'stdout'),
        stderr: recorded('compile-errors', 'stderr'),
        sources: sourcesOf('compile-errors'),
        ...o,
      }),
    );

  it('compile errors, per test target ([lib] name = "mathlib")', () => {
    const r = zoo();
    expect(r.status).toBe('completed');
    expect(r.tests).toEqual([]);
    expect(r.fileErrors.map((e) => [e.file.slice(6, -3), e.kind, e.message])).toEqual([
      ['fn_in_crate', 'missing-symbol', 'error[E0425]: cannot find function `add` in crate `mathlib` (tests/fn_in_crate.rs:3)'],
      ['import', 'missing-symbol', 'error[E0432]: unresolved import `mathlib::add` (tests/import.rs:1)'],
      ['module_path', 'missing-symbol', 'error[E0432]: unresolved import `mathlib::shapes` (tests/module_path.rs:1)'],
      ['type_path', 'missing-symbol', 'error[E0433]: cannot find `Point` in `mathlib` (tests/type_path.rs:3)'],
      // `use mathlib::*;` then `mul(2, 3)`.
      ['glob', 'missing-symbol', 'error[E0425]: cannot find function `mul` in this scope (tests/glob.rs:5)'],
      // `use mathlib as m;`
      ['alias', 'missing-symbol', 'error[E0425]: cannot find function `mul` in crate `m` (tests/alias.rs:5)'],
      ['method', 'missing-symbol', 'error[E0599]: no method named `area` found for struct `Circle` in the current scope (tests/method.rs:6)'],
      // `use mathlib::{sub, Circle as C};` then `C::unit()`: rustc says `Circle`.
      [
        'assoc_fn',
        'missing-symbol',
        'error[E0599]: no function or associated item named `unit` found for struct `Circle` in the current scope (tests/assoc_fn.rs:5)',
      ],
      // `mathlib::Circle { r: 1.0 }` without a use.
      ['field', 'missing-symbol', 'error[E0609]: no field `d` on type `Circle` (tests/field.rs:4)'],
      ['crate_import', 'missing-module', 'error[E0432]: unresolved import `undeclared_crate_xyz` (tests/crate_import.rs:1)'],
      ['crate_path', 'missing-module', 'error[E0433]: cannot find module or crate `undeclared_crate_xyz` in this scope (tests/crate_path.rs:3)'],
      ['std_import', 'load-error', 'error[E0432]: unresolved import `std::collections::HashMapp` (tests/std_import.rs:1)'],
      ['local_name', 'load-error', 'error[E0425]: cannot find function `helper` in this scope (tests/local_name.rs:3)'],
      ['std_method', 'load-error', 'error[E0599]: no method named `shout` found for struct `String` in the current scope (tests/std_method.rs:3)'],
      ['mismatch', 'load-error', 'error[E0308]: mismatched types (tests/mismatch.rs:3)'],
      // E0425 on mathlib::add and E0308: the worse one.
      ['mixed', 'load-error', 'error[E0308]: mismatched types (tests/mixed.rs:4)'],
      ['delimiter', 'syntax', 'error: mismatched closing delimiter: `}` (tests/delimiter.rs:4)'],
      ['unterminated', 'syntax', 'error[E0765]: unterminated double quote string (tests/unterminated.rs:3)'],
    ]);
    // Built, never run (cargo runs no test when the build failed): for run.ts to run again without the others.
    expect(r.rerun).toEqual(['tests/compiles.rs']);
  });

  it('without the sources, only paths that name a project crate are its symbols', () => {
    const kinds = Object.fromEntries(zoo({ sources: new Map() }).fileErrors.map((e) => [e.file.slice(6, -3), e.kind]));
    expect(kinds).toMatchObject({ fn_in_crate: 'missing-symbol', import: 'missing-symbol', type_path: 'missing-symbol' });
    expect(kinds).toMatchObject({ glob: 'load-error', alias: 'load-error', method: 'load-error', assoc_fn: 'load-error', field: 'load-error' });
  });

  it('the crate name comes from the package id too, when the lib artifact line was cut', () => {
    const stdout = `{"reason":"compiler-message","package_id":"path+file:///scratch/tree#red-missing-symbol@0.1.0","target":{"kind":["test"],"name":"math","src_path":"/scratch/tree/tests/math.rs"},"message":{"level":"error","message":"cannot find function \`add\` in crate \`red_missing_symbol\`","code":{"code":"E0425"},"spans":[{"file_name":"tests/math.rs","line_start":3,"is_primary":true,"label":"not found in \`red_missing_symbol\`"}]}}
{"reason":"build-finished","success":false}
`;
    const r = parseCargoReport(input({ files: ['tests/math.rs'], stdout, stderr: '' }));
    expect(summary(r).fileErrors).toEqual([
      ['tests/math.rs', 'missing-symbol', 'error[E0425]: cannot find function `add` in crate `red_missing_symbol` (tests/math.rs:3)'],
    ]);
  });

  it('the library does not compile: every asked file is a load-error', () => {
    const stdout = `{"reason":"compiler-message","package_id":"path+file:///scratch/tree#lib-broken@0.1.0","target":{"kind":["lib"],"name":"lib_broken","src_path":"/scratch/tree/src/lib.rs"},"message":{"level":"error","message":"cannot divide \`i32\` by \`&str\`","code":{"code":"E0277"},"spans":[{"file_name":"src/lib.rs","line_start":6,"is_primary":true,"label":"no implementation for \`i32 / &str\`"}]}}
{"reason":"compiler-message","package_id":"path+file:///scratch/tree#lib-broken@0.1.0","target":{"kind":["lib"],"name":"lib_broken","src_path":"/scratch/tree/src/lib.rs"},"message":{"level":"failure-note","message":"For more information about this error, try \`rustc --explain E0277\`.","code":null,"spans":[]}}
{"reason":"build-finished","success":false}
`;
    const stderr = '   Compiling lib-broken v0.1.0 (/scratch/tree)\nerror: could not compile `lib-broken` (lib) due to 1 previous error\n';
    const r = parseCargoReport(input({ files: ['tests/math.rs', 'tests/other.rs'], stdout, stderr }));
    const message = 'src/lib.rs did not compile: error[E0277]: cannot divide `i32` by `&str` (src/lib.rs:6)';
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [],
      fileErrors: [
        ['tests/math.rs', 'load-error', message],
        ['tests/other.rs', 'load-error', message],
      ],
    });
  });

  it('running 0 tests: no-tests', () => {
    const stdout =
      '{"reason":"build-finished","success":true}\n\nrunning 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\n';
    const stderr = '     Running tests/math.rs (/cache/cargo-target/debug/deps/math-c0cb77225d7d2f04)\n';
    const r = parseCargoReport(input({ files: ['tests/math.rs'], stdout, stderr, exitCode: 0 }));
    expect(summary(r)).toEqual({ status: 'completed', tests: [], fileErrors: [['tests/math.rs', 'no-tests', 'running 0 tests']] });
  });

  it("a crate's unit tests are its root file's (src/lib.rs); one without any is no error", () => {
    const block = (tests: string[], result: string) => `\nrunning ${tests.length} test${tests.length === 1 ? '' : 's'}\n${tests.join('\n')}\n\n${result}\n`;
    const failing = `test kebab::tests::dashes ... FAILED\n\nfailures:\n\n---- kebab::tests::dashes stdout ----\n\nthread 'kebab::tests::dashes' (7) panicked at src/kebab.rs:40:9:\nassertion \`left == right\` failed\n  left: "a~b"\n right: "a-b"\n\nfailures:\n    kebab::tests::dashes`;
    const stdout =
      '{"reason":"build-finished","success":true}\n' +
      block([failing], 'test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s') +
      block([], 'test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s') +
      block(['test subtracts ... ok'], 'test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s');
    const stderr = [
      '     Running unittests src/lib.rs (/cache/cargo-target/debug/deps/heck-6bb597212f01ded3)',
      '     Running unittests src/main.rs (/cache/cargo-target/debug/deps/heck-0c1d2e3f4a5b6c7d)',
      '     Running tests/math.rs (/cache/cargo-target/debug/deps/math-c0cb77225d7d2f04)',
    ].join('\n');
    const r = parseCargoReport(input({ files: ['tests/math.rs'], stdout, stderr }));
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['src/lib.rs', 'kebab > tests > dashes', 'failed', 'exception', 'assertion `left == right` failed (left: "a~b", right: "a-b")'],
        ['tests/math.rs', 'subtracts', 'passed', undefined, undefined],
      ],
      fileErrors: [],
    });
    // A test binary that is neither asked nor a crate's own unit tests is still not trusted.
    expect(parseCargoReport(input({ files: ['tests/other.rs'], stdout, stderr })).status).toBe('unknown');
  });

  it('a file that is no test target is no-tests, next to the results of the others', () => {
    const r = parseCargoReport(input({ files: ['tests/math.rs', 'tests/common/mod.rs'], stdout: RED_STDOUT, stderr: RED_STDERR }));
    expect(summary(r).fileErrors).toEqual([['tests/common/mod.rs', 'no-tests', 'not a test target: cargo runs tests/<name>.rs and tests/<name>/main.rs']]);
    expect(r.tests).toHaveLength(1);
  });

  describe('what cannot be trusted is unknown, never a pass', () => {
    it.each([
      [
        'a dependency not downloaded (--offline)',
        {
          files: TWO_FILES,
          stdout: '',
          stderr:
            "error: no matching package named `serde` found\nlocation searched: crates.io index\nrequired by package `cy v0.1.0 (/scratch/tree)`\nAs a reminder, you're using offline mode (--offline) which can sometimes cause surprising resolution failures, if this error is too confusing you may wish to retry without `--offline`.\n",
        },
        'cargo could not get the dependencies offline: run `cargo fetch` in the repository (error: no matching package named `serde` found)',
      ],
      [
        'no such target (a [[test]] with another name)',
        {
          files: TWO_FILES,
          stdout: '',
          stderr: 'error: no test target named `nope` in default-run packages\n\nhelp: a target with a similar name exists: `e`\n',
        },
        'built nothing (exit 101): error: no test target named `nope` in default-run packages',
      ],
      [
        'the start of the output cut off',
        { files: TWO_FILES, stdout: TWO_STDOUT.slice(TWO_STDOUT.indexOf('\n') + 1), stderr: TWO_STDERR },
        "cargo's output was cut before its build result",
      ],
      ['an exit code cargo never gives for a run', { files: ['tests/math.rs'], stdout: RED_STDOUT, stderr: RED_STDERR, exitCode: 1 }, 'cargo stopped (exit 1)'],
      [
        'a test line missing',
        { files: ['tests/math.rs'], stdout: RED_STDOUT.replace('test subtracts ... FAILED\n', ''), stderr: RED_STDERR },
        expect.stringMatching(/^the output of tests\/math\.rs does not add up/),
      ],
      [
        'a Running line missing',
        { files: TWO_FILES, stdout: TWO_STDOUT, stderr: TWO_STDERR.replace(/ +Running tests\/sub.*\n/, '') },
        'cargo ran 1 test binaries but 2 printed results',
      ],
      [
        'a binary that was not asked for',
        { files: ['tests/math.rs'], stdout: RED_STDOUT, stderr: RED_STDERR.replace('tests/math.rs', 'tests/other.rs') },
        'cargo ran tests/other.rs, which was not asked for',
      ],
    ])('%s', (_case, o, reason) => {
      const r = parseCargoReport(input(o));
      expect(r).toMatchObject({ status: 'unknown', tests: [], fileErrors: [], reason });
    });

    it('an asked file cargo ran no binary for', () => {
      const r = parseCargoReport(input({ files: ['tests/math.rs', 'tests/other.rs'], stdout: RED_STDOUT, stderr: RED_STDERR }));
      expect(r).toMatchObject({ status: 'unknown', tests: [], reason: 'cargo ran no test binary for tests/other.rs' });
    });
  });
});
