/**
 * `cargo test` (1.95) on the package's integration tests: `tests/<name>.rs` and
 * `tests/<name>/main.rs`, each its own crate, picked by target name. One process:
 *
 *   cargo test --message-format=json --no-fail-fast --offline --color never --test=math --test=api
 *
 * stdout holds cargo's JSON build messages up to `{"reason":"build-finished","success":true}`, then
 * libtest's text from each test binary in turn (output captured, so a test's prints stay in its
 * section):
 *
 *   running 3 tests
 *   test subtracts ... FAILED
 *   test later ... ignored, not yet
 *   test negatives::below_zero ... ok
 *   failures:
 *   ---- subtracts stdout ----
 *   thread 'subtracts' (4605) panicked at tests/math.rs:3:5:
 *   assertion `left == right` failed
 *     left: 8
 *    right: 2
 *   failures:
 *       subtracts
 *   test result: FAILED. 1 passed; 1 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.00s
 *
 * Which binary printed a block is only on stderr, in the same order (cargo's, not argv's):
 *   `     Running tests/math.rs (/cache/cargo-target/debug/deps/math-bfd71c228db89797)`.
 * A module path `negatives::below_zero` becomes the name `negatives > below_zero`.
 *
 * A workspace member's tests (`crates/core/tests/math.rs`) run from the workspace's top with
 * `--manifest-path=crates/core/Cargo.toml`, one member a run: cargo then names the binaries from
 * the member (`Running tests/math.rs`) and the panics and compiler messages from the top
 * (`panicked at crates/core/tests/math.rs:3:5`).
 *
 * A failing test is an `assertion` when it panicked in tests/ with libtest's `assertion … failed`
 * (assert!, assert_eq!, assert_ne!) or at an assert-like macro call (`assert!(ok, "msg")` panics
 * with just "msg"; only files in `sources` can be looked at), or when a `#[should_panic]` test did
 * not panic or panicked with another message. Anything else is an `exception`: unwrap on None,
 * index out of bounds, todo!(), panic!(), an `Err` returned, an assert inside the library. This is
 * a heuristic on the message and the panic's place. A `#[should_panic]` test without
 * `expected = "…"` passes on any panic, a todo!() in the library included.
 *
 * A target that does not compile: what each asked file gets is in cargo-build.ts.
 *
 * `--offline`: the hook never touches the network. A dependency that is not downloaded fails
 * before the build ("no matching package", "attempting to make an HTTP request, but --offline
 * was specified"); that comes back 'unknown' with a reason asking for `cargo fetch`.
 */
import { compileAssertNames } from '../lang/scan/assert-names.js';
import type { FailureClass, FileError, TestCaseResult } from '../types.js';
import { parseBuildErrors, splitBuild } from './cargo-build.js';
import { cargoMember, cargoTestTarget } from './cargo-targets.js';
import { cargoTargetDir, toRepoPath } from './paths.js';

export { cargoMember, cargoTestTarget };
import { unknownRun } from './result.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

export function buildCargoArgv(o: BuildArgvInput): BuiltCommand {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  const targets = new Set(files.map(cargoTestTarget).filter((t) => t !== undefined));
  // Without a --test, cargo would run every target of the package.
  if (targets.size === 0) return { error: 'cargo runs tests/<name>.rs and tests/<name>/main.rs; no asked file is one' };
  const members = new Set(files.map(cargoMember).filter((m) => m !== undefined));
  // One package a run: two members may both have a tests/it.rs (run-staged splits a workspace's files).
  if (members.size > 1) return { error: `cargo runs one workspace member at a time; asked for ${[...members].map((m) => m || '.').join(', ')}` };
  const [member = ''] = members;
  return {
    // `--test=<name>`: a target named `-x` stays a value. No -q: libtest would print dots, not names.
    // A member is picked by its manifest, from the workspace's top (cargo names files from there).
    argv: [
      o.runnerPath,
      'test',
      '--message-format=json',
      '--no-fail-fast',
      '--offline',
      '--color',
      'never',
      ...(member ? [`--manifest-path=${member}/Cargo.toml`] : []),
      ...[...targets].map((t) => `--test=${t}`),
      // GREEN and REFACTOR: the `#[cfg(test)]` tests inside src/ too (no --bins target is no error; no library is).
      ...(o.unitTests ? [...(o.unitTests.lib ? ['--lib'] : []), '--bins'] : []),
    ],
    env: {
      // Never target/ in the tree; kept between runs so dependencies build once.
      CARGO_TARGET_DIR: cargoTargetDir(o.cacheDir),
      // A user's term.quiet makes libtest print dots instead of names; term.verbose adds rustc lines.
      CARGO_TERM_QUIET: 'false',
      CARGO_TERM_VERBOSE: 'false',
      // No backtrace under each panic: the sections stay short.
      RUST_BACKTRACE: '0',
      // A user's RUST_TEST_NOCAPTURE=1 would print panics to stderr, outside the test's section.
      RUST_TEST_NOCAPTURE: '0',
    },
  };
}

// ---- libtest's text

interface Block {
  count: number;
  /** Lines before `failures:`: the `test … ... ok` lines. */
  results: string[];
  /** `---- name stdout ----` → the lines under it. */
  sections: Map<string, string[]>;
  summary?: string;
}

const RUNNING_TESTS = /^running (\d+) tests?$/;
const SECTION = /^---- (.+) stdout ----$/;

/**
 * A block starts at `running N tests` and ends at `test result:`. A binary that crashed leaves a
 * block without a summary, so `running` starts the next one. Between `failures:` and the list of
 * names are the tests' sections: what a test printed there is never read as libtest's own lines.
 */
function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let cur: (Block & { section?: string[]; listing: boolean; inFailures: boolean }) | undefined;
  for (const line of lines) {
    const start = RUNNING_TESTS.exec(line);
    if (start && (!cur || cur.summary !== undefined || !cur.inFailures)) {
      cur = { count: Number(start[1]), results: [], sections: new Map(), listing: false, inFailures: false };
      blocks.push(cur);
      continue;
    }
    if (!cur || cur.summary !== undefined) continue;
    if (!cur.inFailures || cur.listing) {
      if (line.startsWith('test result: ')) cur.summary = line;
      else if (line === 'failures:' && !cur.inFailures) cur.inFailures = true;
      else if (!cur.inFailures) cur.results.push(line);
    } else {
      const header = SECTION.exec(line);
      if (header) cur.sections.set(header[1]!, (cur.section = []));
      // The second `failures:` starts the list of names; the summary follows it.
      else if (line === 'failures:' && cur.section) cur.listing = true;
      else cur.section?.push(line);
    }
  }
  return blocks;
}

const PANICKED = /^thread '.*'(?: \(\d+\))? panicked at (.+):(\d+):(\d+):$/;
const ASSERTION_MESSAGE = /^assertion\b.*\bfailed\b/;
/** `assert!(`, `assert_eq!(`, `pretty_assertions::assert_eq!(`, `prop_assert!(` at the panic's column. */
const ASSERT_CALL = /^(?:\w+\s*::\s*)*\w*assert\w*\s*!/;
/** A macro call at the panic's column (a panic inside a macro_rules! expansion is reported where the macro is called). */
const MACRO_CALL = /^((?:\w+\s*::\s*)*\w+)\s*!/;
const SHOULD_PANIC = /^note: (test did not panic as expected.*|panic did not contain expected string)$/;

/** A failed test's section → its class and a one-line message. `member`: the workspace member's folder and '/', or ''. */
function classifyFailure(section: string[], o: ParseInput, member: string): { failure: FailureClass; message?: string } {
  const note = section.findIndex((l) => SHOULD_PANIC.test(l));
  if (note >= 0) {
    const detail = section
      .slice(note + 1, note + 3)
      .map((l) => l.trim())
      .filter((l) => l !== '');
    const text = SHOULD_PANIC.exec(section[note]!)![1]!;
    return { failure: 'assertion', message: (detail.length ? `${text} (${detail.join(', ')})` : text).slice(0, 300) };
  }
  const at = section.findIndex((l) => PANICKED.test(l));
  if (at < 0) {
    // A test that returned Err: `Error: "no config"`.
    const line = section.find((l) => l.trim() !== '')?.trim();
    return { failure: 'exception', ...(line === undefined ? {} : { message: line.slice(0, 300) }) };
  }
  const [, where, line, column] = PANICKED.exec(section[at]!)!;
  const body: string[] = [];
  for (const l of section.slice(at + 1)) {
    if (l === '' || l.startsWith('note: ') || PANICKED.test(l)) break;
    body.push(l);
  }
  const head = (body[0] ?? '').trim();
  const left = body
    .find((l) => /^\s*left: /.test(l))
    ?.trim()
    .slice(6);
  const right = body
    .find((l) => /^\s*right: /.test(l))
    ?.trim()
    .slice(7);
  const message = (left !== undefined && right !== undefined ? `${head} (left: ${left}, right: ${right})` : head).slice(0, 300);
  const file = toRepoPath(o.root, where!);
  if (!file.startsWith(`${member}tests/`)) return { failure: 'exception', message };
  const text = o.sources.get(file);
  const call =
    text === undefined
      ? ''
      : Array.from(text.split('\n')[Number(line) - 1] ?? '')
          .slice(Number(column) - 1)
          .join('');
  // A macro the configuration names an assertion (`eqnice!`, which panics with its own message).
  const macro = MACRO_CALL.exec(call)?.[1]?.replace(/\s*::\s*/g, '.');
  const named = macro !== undefined && compileAssertNames(o.assertNames ?? [])?.test(`${macro}!`) === true;
  return { failure: ASSERTION_MESSAGE.test(head) || ASSERT_CALL.test(call) || named ? 'assertion' : 'exception', message };
}

const TEST_LINE = /^test (.+?)(?: - should panic)? \.\.\. (ok|FAILED|ignored)(?:, (.*))?$/;
const SUMMARY = /^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored;/;
const STATUS = { ok: 'passed', FAILED: 'failed', ignored: 'skipped' } as const;

/** One binary's block → its tests, a file error, or why the block cannot be trusted. */
function parseBlock(
  block: Block,
  file: string,
  exit: string | undefined,
  o: ParseInput,
  member: string,
): { tests: TestCaseResult[]; error?: FileError } | string {
  const tests: TestCaseResult[] = [];
  for (const line of block.results) {
    const m = TEST_LINE.exec(line);
    if (!m) continue;
    const [, name, outcome, reason] = m;
    const t: TestCaseResult = { file, name: name!.split('::').join(' > '), status: STATUS[outcome as keyof typeof STATUS] };
    if (t.status === 'failed') Object.assign(t, classifyFailure(block.sections.get(name!) ?? [], o, member));
    else if (reason !== undefined) t.message = reason;
    tests.push(t);
  }
  // libtest prints a test when it finishes; by name, a run reads the same every time.
  tests.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (block.summary === undefined) {
    return { tests, error: { file, kind: 'load-error', message: `the test binary stopped before its summary${exit ? ` (${exit})` : ''}` } };
  }
  const counts = SUMMARY.exec(block.summary)?.slice(1).map(Number);
  const tally = (['passed', 'failed', 'skipped'] as const).map((s) => tests.filter((t) => t.status === s).length);
  if (!counts || tests.length !== block.count || counts.some((n, i) => n !== tally[i])) return `the output of ${file} does not add up (${block.summary})`;
  if (block.count === 0) return { tests, error: { file, kind: 'no-tests', message: 'running 0 tests' } };
  return { tests };
}

const RUNNING_BINARY = /^\s+Running (unittests )?(.+?) \((.*)\)$/;
const CRASHED = /process didn't exit successfully: `.*` \((.+)\)$/;

function parseTestRuns(text: string[], asked: string[], o: ParseInput): { tests: TestCaseResult[]; fileErrors: FileError[] } | string {
  // cargo names a member's binaries from the member (`Running tests/it.rs`), its panics from the top.
  const member = asked.length > 0 ? `${cargoMember(asked[0]!) ?? ''}/`.replace(/^\/$/, '') : '';
  // `unit`: a library's or binary's own tests (`Running unittests src/lib.rs`), named by its root file.
  const runs: { file: string; exit?: string; unit: boolean }[] = [];
  for (const line of o.stderr.split('\n')) {
    const running = RUNNING_BINARY.exec(line);
    if (running) runs.push({ file: toRepoPath(o.root, member + running[2]!), unit: running[1] !== undefined });
    const crashed = CRASHED.exec(line);
    if (crashed && runs.length > 0) runs[runs.length - 1]!.exit = crashed[1];
  }
  const blocks = parseBlocks(text);
  if (blocks.length !== runs.length) return `cargo ran ${runs.length} test binaries but ${blocks.length} printed results`;
  const tests: TestCaseResult[] = [];
  const fileErrors: FileError[] = [];
  for (const [i, run] of runs.entries()) {
    if (!run.unit && !asked.includes(run.file)) return `cargo ran ${run.file}, which was not asked for`;
    const parsed = parseBlock(blocks[i]!, run.file, run.exit, o, member);
    if (typeof parsed === 'string') return parsed;
    tests.push(...parsed.tests);
    // A library without inline tests prints `running 0 tests`: nothing was asked of it.
    if (parsed.error && !(run.unit && parsed.error.kind === 'no-tests')) fileErrors.push(parsed.error);
  }
  const notRun = asked.find((f) => !runs.some((r) => r.file === f));
  return notRun === undefined ? { tests, fileErrors } : `cargo ran no test binary for ${notRun}`;
}

// ---- the whole run

function noBuildReason(o: ParseInput): string {
  const error = o.stderr
    .split('\n')
    .find((l) => /^error\b/.test(l))
    ?.trim()
    .slice(0, 300);
  if (/\boffline\b/.test(o.stderr)) return `cargo could not get the dependencies offline: run \`cargo fetch\` in the repository${error ? ` (${error})` : ''}`;
  // The tail run.ts keeps lost the start of a long output.
  if (/^running \d+ tests?$/m.test(o.stdout)) return "cargo's output was cut before its build result";
  return `built nothing (exit ${o.exitCode})${error ? `: ${error}` : ''}`;
}

export function parseCargoReport(o: ParseInput): ParsedRun {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  const unknown = (reason: string): ParsedRun => unknownRun(o, files, reason);
  const build = splitBuild(o.stdout);
  if (!build) return unknown(noBuildReason(o));
  if (o.exitCode !== 0 && o.exitCode !== 101) return unknown(`cargo stopped (exit ${o.exitCode})`);
  const asked = files.filter((f) => cargoTestTarget(f) !== undefined);
  const notTargets = files
    .filter((f) => cargoTestTarget(f) === undefined)
    .map((file): FileError => ({ file, kind: 'no-tests', message: 'not a test target: cargo runs tests/<name>.rs and tests/<name>/main.rs' }));
  if (!build.success) {
    const errors = parseBuildErrors(build.messages, asked, o);
    // Cargo runs no test once one target fails to build: the targets it never ran are run again without it (run.ts).
    const notRun = errors.filter((e) => e.message.endsWith('and cargo runs no test when the build fails'));
    const own = errors.filter((e) => !notRun.includes(e));
    const rerun = notRun.length > 0 && own.length > 0 ? { rerun: notRun.map((e) => e.file) } : {};
    return { status: 'completed', exitCode: o.exitCode, files, tests: [], fileErrors: [...notTargets, ...(rerun.rerun ? own : errors)], ...rerun };
  }

  const runs = parseTestRuns(build.text, asked, o);
  if (typeof runs === 'string') return unknown(runs);
  return { status: 'completed', exitCode: o.exitCode, files, tests: runs.tests, fileErrors: [...notTargets, ...runs.fileErrors] };
}

export const cargoAdapter: RunnerAdapter = { name: 'cargo', program: 'cargo', stdoutReport: true, buildArgv: buildCargoArgv, parse: parseCargoReport };
