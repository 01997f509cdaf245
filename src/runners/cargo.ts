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
 * When a target does not compile, cargo runs no test at all, and it starts no new target after
 * the first failure (`cargo test` has no --keep-going): every other asked file gets 'load-error'
 * "not run", built or not. A test target's own errors (level "error" in `compiler-message`) are:
 *   syntax          parser errors (no code: `expected …`, `mismatched closing delimiter`), E0765 …
 *   missing-module  `use of unresolved module or unlinked crate` (a crate not in Cargo.toml), E0463
 *   missing-symbol  E0425/E0412/E0433/E0432 on a path into a crate of the project (a `path+`
 *                   package's lib or package name, `-` → `_`, or a local alias of one; or
 *                   `crate::`/`super::`/`self::`, the test crate's own modules), an unqualified
 *                   name under a glob import of such a crate, E0599/E0609 on a project type
 *   load-error      any other error (a type mismatch, a typo in a std path)
 * and the file takes the first kind in that order. An error in the library or any other
 * non-test target makes every asked file a 'load-error': the tests were never compiled.
 *
 * `--offline`: the hook never touches the network. A dependency that is not downloaded fails
 * before the build ("no matching package", "attempting to make an HTTP request, but --offline
 * was specified"); that comes back 'unknown' with a reason asking for `cargo fetch`.
 */
import { compileAssertNames } from '../lang/assert-names.js';
import { blankCLike, RUST } from '../lang/blank-c.js';
import type { FailureClass, FileError, FileErrorKind, TestCaseResult } from '../types.js';
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
    argv: [o.runnerPath, 'test', '--message-format=json', '--no-fail-fast', '--offline', '--color', 'never', ...(member ? [`--manifest-path=${member}/Cargo.toml`] : []), ...[...targets].map((t) => `--test=${t}`)],
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

// ---- cargo's JSON messages

interface Span {
  file_name: string;
  line_start: number;
  is_primary: boolean;
  label: string | null;
}
interface Diagnostic {
  level: string;
  message: string;
  code: { code: string } | null;
  spans: Span[];
}
interface CargoMessage {
  reason: string;
  package_id?: string;
  target?: { kind: string[]; name: string; src_path: string };
  message?: Diagnostic;
  success?: boolean;
}

/** The JSON messages before `build-finished`, and the text after it; undefined when cargo never got there. */
function splitBuild(stdout: string): { messages: CargoMessage[]; success: boolean; text: string[] } | undefined {
  const lines = stdout.split('\n');
  const end = lines.findIndex((l) => l.startsWith('{"reason":"build-finished"'));
  if (end < 0) return undefined;
  const messages: CargoMessage[] = [];
  for (const line of lines.slice(0, end)) {
    try {
      messages.push(JSON.parse(line) as CargoMessage);
    } catch {
      // The first line of a tail that was cut.
    }
  }
  return { messages, success: (JSON.parse(lines[end]!) as CargoMessage).success === true, text: lines.slice(end + 1) };
}

const LIB_KINDS = new Set(['lib', 'rlib', 'dylib', 'proc-macro']);

/** `path+file:///x/tree#red-assertion@0.1.0` → `red-assertion`; `path+file:///x/mathlib#0.1.0` → `mathlib`. */
function packageName(id: string): string | undefined {
  const m = /\/([^/#]*)#(?:([^#@]+)@)?[^#@]*$/.exec(id);
  return m ? (m[2] ?? m[1]) : undefined;
}

/** Crate names a test can `use` from the project: every local (`path+`) package's lib and package name. */
function projectCrates(messages: CargoMessage[]): Set<string> {
  const crates = new Set<string>();
  for (const m of messages) {
    if (!m.package_id?.startsWith('path+') || !m.target) continue;
    if (m.target.kind.some((k) => LIB_KINDS.has(k))) crates.add(m.target.name.replace(/-/g, '_'));
    const name = packageName(m.package_id);
    if (name) crates.add(name.replace(/-/g, '_'));
  }
  return crates;
}

// ---- what a test file's code refers to

export interface RustUses {
  /** Local name → the path it was imported as: `use a::{b, c as d}` → b → a::b, d → a::c. */
  names: Map<string, string>;
  /** `use a::b::*` → a::b. */
  globs: string[];
}

/** Splits `a, b::{c, d}, e` at the commas outside braces. */
function splitTop(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '{') depth++;
    else if (list[i] === '}') depth--;
    else if (list[i] === ',' && depth === 0) {
      items.push(list.slice(start, i));
      start = i + 1;
    }
  }
  return [...items, list.slice(start)].map((s) => s.trim()).filter((s) => s !== '');
}

/** The `use` declarations of Rust code whose comments and strings are blanked (lang/blank-c). */
export function parseRustUses(code: string): RustUses {
  const uses: RustUses = { names: new Map(), globs: [] };
  const expand = (tree: string, prefix: string): void => {
    for (const item of splitTop(tree)) {
      const brace = item.indexOf('{');
      if (brace >= 0 && item.endsWith('}')) {
        expand(item.slice(brace + 1, -1), prefix + item.slice(0, brace));
        continue;
      }
      const [, path, alias] = /^(.*?)(?: as (\w+))?$/.exec(prefix + item)!;
      const full = path!.replace(/^::/, '');
      if (full.endsWith('*')) uses.globs.push(full.replace(/:*\*$/, ''));
      else {
        const target = full.replace(/::self$/, '');
        const local = alias ?? target.split('::').pop()!;
        if (local !== '_' && !uses.names.has(local)) uses.names.set(local, target);
      }
    }
  };
  for (const m of code.matchAll(/\buse\s+([^;]+);/g)) expand(m[1]!.replace(/\s*(::|[{},])\s*/g, '$1').replace(/\s+/g, ' '), '');
  return uses;
}

interface RustContext {
  crates: Set<string>;
  uses: RustUses;
  /** Every name after a project crate in a path of the code or an import: `mathlib::shapes::Circle` → shapes, Circle. */
  reached: Set<string>;
}

/** The test crate's own modules: its support files (tests/<name>/*.rs, a `#[path]` module). */
const LOCAL_ROOTS = new Set(['crate', 'super', 'self']);

function contextOf(code: string, crates: Set<string>): RustContext {
  const ctx: RustContext = { crates, uses: parseRustUses(code), reached: new Set() };
  // rustc names a type by its own name: `use mathlib::Circle as C; C::unit()` → "… for struct `Circle`".
  const paths = [...ctx.uses.names.values(), ...Array.from(code.matchAll(/(?<![\w:])\w+(?:\s*::\s*\w+)+/g), (m) => m[0].replace(/\s+/g, ''))];
  for (const path of paths) {
    const [head, ...rest] = path.split('::');
    if (isProjectPath(head!, ctx)) for (const seg of rest) ctx.reached.add(seg);
  }
  return ctx;
}

/** `mathlib::add`, `crate::common`, `m::mul` (use mathlib as m), `Circle` (use mathlib::Circle), `&mut Circle<T>`. */
function isProjectPath(path: string, ctx: RustContext): boolean {
  const clean = path.replace(/^&(?:mut )?/, '').replace(/<[\s\S]*$/, '').replace(/^::/, '');
  const [head, ...rest] = clean.split('::');
  const isRoot = (name: string): boolean => LOCAL_ROOTS.has(name) || ctx.crates.has(name);
  if (isRoot(head!)) return true;
  const imported = ctx.uses.names.get(head!);
  if (imported !== undefined) return isRoot(imported.split('::')[0]!);
  return rest.length === 0 && ctx.reached.has(head!);
}

// ---- compile errors

const SYNTAX_MESSAGE =
  /^(?:expected |unexpected |unclosed |unterminated |unmatched |mismatched closing delimiter|this file contains an unclosed delimiter|missing |incorrect |invalid |found |non-item in item list)/;
/** Unterminated block comment, character, byte, string, byte string. */
const SYNTAX_CODES = new Set(['E0758', 'E0762', 'E0763', 'E0765', 'E0766']);

/** The path an error is about: the container of what was not found, or the type that lacks a method or field. */
const ABOUT = [
  /^unresolved import `([^`]+)`/, // E0432
  /^cannot find (?:[\w ,]+ )?`[^`]+` in (?:\w+ )?`([^`]+)`/, // E0425, E0412, E0433, E0422: … in crate `mathlib`
  /^no (?:[\w ]+ )?named `[^`]+` found for (?:[\w ]+ )?`([^`]+)`/, // E0599
  /^no field `[^`]+` on type `([^`]+)`/, // E0609
];
const IN_SCOPE = /^cannot find (?:[\w ,]+ )?`[^`]+` in this scope/;

function classifyCompileError(d: Diagnostic, ctx: RustContext): FileErrorKind {
  const code = d.code?.code;
  if (code === undefined ? SYNTAX_MESSAGE.test(d.message) : SYNTAX_CODES.has(code)) return 'syntax';
  if (code === 'E0463' || d.spans.some((s) => /\bunlinked crate\b/.test(s.label ?? ''))) return 'missing-module';
  if (IN_SCOPE.test(d.message)) return ctx.uses.globs.some((g) => ctx.crates.has(g.split('::')[0]!)) ? 'missing-symbol' : 'load-error';
  const about = ABOUT.map((re) => re.exec(d.message)?.[1]).find((p) => p !== undefined);
  return about !== undefined && isProjectPath(about, ctx) ? 'missing-symbol' : 'load-error';
}

/** `error[E0425]: cannot find function `add` in crate `mathlib` (tests/math.rs:3)` */
function describe(d: Diagnostic): string {
  const at = d.spans.find((s) => s.is_primary) ?? d.spans[0];
  return `error${d.code ? `[${d.code.code}]` : ''}: ${d.message}${at ? ` (${at.file_name}:${at.line_start})` : ''}`.slice(0, 300);
}

/** Worst first: a file with a syntax error and a missing symbol is a syntax error. */
const KIND_ORDER: FileErrorKind[] = ['syntax', 'missing-module', 'load-error', 'missing-symbol'];

function parseBuildErrors(messages: CargoMessage[], asked: string[], o: ParseInput): FileError[] {
  const crates = projectCrates(messages);
  const contexts = new Map<string, RustContext>();
  // The file the error is in (a module of tests/<name>/main.rs, when the caller has its text), else the target's.
  const contextFor = (path: string): RustContext => {
    if (!contexts.has(path)) contexts.set(path, contextOf(blankCLike(o.sources.get(path) ?? '', RUST), crates));
    return contexts.get(path)!;
  };
  const own = new Map<string, { kind: FileErrorKind; message: string }[]>();
  let elsewhere: string | undefined;
  for (const m of messages) {
    if (m.reason !== 'compiler-message' || !m.target || !m.message?.level.startsWith('error')) continue;
    const file = toRepoPath(o.root, m.target.src_path);
    if (m.target.kind.includes('test') && asked.includes(file)) {
      const at = m.message.spans.find((s) => s.is_primary)?.file_name;
      const ctx = contextFor(at !== undefined && o.sources.has(at) ? at : file);
      own.set(file, [...(own.get(file) ?? []), { kind: classifyCompileError(m.message, ctx), message: describe(m.message) }]);
    } else elsewhere ??= `${file} did not compile: ${describe(m.message)}`;
  }
  const failed = [...own.keys()][0];
  const stderrError = o.stderr.split('\n').find((l) => /^error\b/.test(l))?.trim();
  return asked.map((file): FileError => {
    const errors = own.get(file);
    if (errors) {
      const kind = KIND_ORDER.find((k) => errors.some((e) => e.kind === k))!;
      return { file, ...errors.find((e) => e.kind === kind)! };
    }
    const why = elsewhere ?? (failed ? `not run: ${failed} did not compile, and cargo runs no test when the build fails` : `not run: ${stderrError ?? 'the build failed'}`);
    return { file, kind: 'load-error', message: why.slice(0, 300) };
  });
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
    const detail = section.slice(note + 1, note + 3).map((l) => l.trim()).filter((l) => l !== '');
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
  const left = body.find((l) => /^\s*left: /.test(l))?.trim().slice(6);
  const right = body.find((l) => /^\s*right: /.test(l))?.trim().slice(7);
  const message = (left !== undefined && right !== undefined ? `${head} (left: ${left}, right: ${right})` : head).slice(0, 300);
  const file = toRepoPath(o.root, where!);
  if (!file.startsWith(`${member}tests/`)) return { failure: 'exception', message };
  const text = o.sources.get(file);
  const call = text === undefined ? '' : Array.from(text.split('\n')[Number(line) - 1] ?? '').slice(Number(column) - 1).join('');
  // A macro the configuration names an assertion (`eqnice!`, which panics with its own message).
  const macro = MACRO_CALL.exec(call)?.[1]?.replace(/\s*::\s*/g, '.');
  const named = macro !== undefined && compileAssertNames(o.assertNames ?? [])?.test(`${macro}!`) === true;
  return { failure: ASSERTION_MESSAGE.test(head) || ASSERT_CALL.test(call) || named ? 'assertion' : 'exception', message };
}

const TEST_LINE = /^test (.+?)(?: - should panic)? \.\.\. (ok|FAILED|ignored)(?:, (.*))?$/;
const SUMMARY = /^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored;/;
const STATUS = { ok: 'passed', FAILED: 'failed', ignored: 'skipped' } as const;

/** One binary's block → its tests, a file error, or why the block cannot be trusted. */
function parseBlock(block: Block, file: string, exit: string | undefined, o: ParseInput, member: string): { tests: TestCaseResult[]; error?: FileError } | string {
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

const RUNNING_BINARY = /^\s+Running (.+?) \((.*)\)$/;
const CRASHED = /process didn't exit successfully: `.*` \((.+)\)$/;

function parseTestRuns(text: string[], asked: string[], o: ParseInput): { tests: TestCaseResult[]; fileErrors: FileError[] } | string {
  // cargo names a member's binaries from the member (`Running tests/it.rs`), its panics from the top.
  const member = asked.length > 0 ? `${cargoMember(asked[0]!) ?? ''}/`.replace(/^\/$/, '') : '';
  const runs: { file: string; exit?: string }[] = [];
  for (const line of o.stderr.split('\n')) {
    const running = RUNNING_BINARY.exec(line);
    if (running) runs.push({ file: toRepoPath(o.root, member + running[1]!) });
    const crashed = CRASHED.exec(line);
    if (crashed && runs.length > 0) runs[runs.length - 1]!.exit = crashed[1];
  }
  const blocks = parseBlocks(text);
  if (blocks.length !== runs.length) return `cargo ran ${runs.length} test binaries but ${blocks.length} printed results`;
  const tests: TestCaseResult[] = [];
  const fileErrors: FileError[] = [];
  for (const [i, run] of runs.entries()) {
    if (!asked.includes(run.file)) return `cargo ran ${run.file}, which was not asked for`;
    const parsed = parseBlock(blocks[i]!, run.file, run.exit, o, member);
    if (typeof parsed === 'string') return parsed;
    tests.push(...parsed.tests);
    if (parsed.error) fileErrors.push(parsed.error);
  }
  const notRun = asked.find((f) => !runs.some((r) => r.file === f));
  return notRun === undefined ? { tests, fileErrors } : `cargo ran no test binary for ${notRun}`;
}

// ---- the whole run

function noBuildReason(o: ParseInput): string {
  const error = o.stderr.split('\n').find((l) => /^error\b/.test(l))?.trim().slice(0, 300);
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
