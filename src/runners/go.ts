/**
 * go test through its JSON stream (`go test -json`, on stdout: there is no report file), as go
 * 1.19.8 writes it:
 *
 *   {"Action":"run","Package":"example.com/mathlib","Test":"TestSub"}
 *   {"Action":"output","Package":"example.com/mathlib","Test":"TestSub","Output":"    math_test.go:7: Sub(5, 3) = 8, want 2\n"}
 *   {"Action":"fail","Package":"example.com/mathlib","Test":"TestSub","Elapsed":0}
 *   {"Action":"fail","Package":"example.com/mathlib","Elapsed":0.002}
 *
 * A package that does not compile is a plain `FAIL\texample.com/mathlib [build failed]` line on
 * stdout (`[setup failed]` when loading failed: syntax, imports) and the errors are on stderr:
 *
 *   # example.com/mathlib [example.com/mathlib.test]
 *   ./math_test.go:12:5: undefined: Add
 *
 * Go ≥ 1.24 sends them as JSON too (`{"ImportPath":"m/x [m/x.test]","Action":"build-output",
 * "Output":"x/a_test.go:3:11: undefined: y\n"}`, then `build-fail`; the package's `fail` event
 * carries `FailedBuild`); both shapes are read alike.
 *
 * Go runs packages, not files: the run is `go test ./dir…` for the folders of the asked files
 * (root holds go.mod), and a test event is the asked file's when that file declares the top-level
 * `func TestX(`. Examples and fuzz targets are not run: a Go test here is a Test function. A
 * subtest is `TestX > case` and only leaves are reported; a parent appears as well when it failed,
 * or skipped, on its own (no subtest did).
 *
 * A package that does not build gives each asked file of it one file error, from its own errors
 * first: `undefined: Add`, `undefined: calc.Add` or `c.Add undefined (type Calc has no field or
 * method Add)` about the project → missing-symbol; a missing import → missing-module, except a
 * path inside the module whose parent folder exists (the project's next package: pytest's policy
 * for `shapes.circle`) — known to exist when it is the root, holds or contains an asked file or
 * a package go named, or when the caller's `isProjectImport(file, importPath)` says so; syntax →
 * syntax; any other error → load-error. An error in a file that was not asked (a sibling, a
 * dependency) is a load-error naming it. The module path is read off the packages go reports.
 *
 * Only the output's tail reaches parse: a stream that does not read whole (cut at the front, or
 * not go's), an exit code go test never uses, or an asked folder go never reported is unknown.
 */
import { posix } from 'node:path';
import { goProfile } from '../lang/go.js';
import type { FailureClass, FileError, FileErrorKind, TestCaseResult } from '../types.js';
import { asArg, toRepoPath } from './paths.js';
import { unknownRun } from './result.js';
import type { BuildArgvInput, BuiltCommand, IsProjectImport, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

// func TestAdd(t *testing.T): `Test` then no lower-case letter (go's rule); TestMain(m *testing.M) is no test.
const TEST_FUNC = /^[ \t]*func[ \t]+(Test(?!\p{Ll})[\p{L}\p{Nd}_]*)[ \t]*\(([^)]*)\)/gmu;

/** The Test functions a `_test.go` file declares, comments and strings blanked first. */
export function declaredGoTests(path: string, text: string): string[] {
  const names: string[] = [];
  for (const m of goProfile.blank(path, text).matchAll(TEST_FUNC)) {
    if (m[1] === 'TestMain' && /\*\s*(?:\w+\s*\.\s*)?M\s*$/.test(m[2]!)) continue;
    if (!names.includes(m[1]!)) names.push(m[1]!);
  }
  return names;
}

/**
 * `sources` (test file → text), when the caller passes them, narrow the run to the asked files'
 * tests with `-run`; without them every test of those packages runs and parse keeps the asked ones.
 */
export function buildGoArgv(o: BuildArgvInput & { sources?: ReadonlyMap<string, string> }): BuiltCommand {
  const dirs = [...new Set(o.files.map((f) => posix.dirname(f)))];
  const argv = [o.runnerPath, 'test', '-json', '-count=1'];
  if (o.sources) {
    const names = [...new Set(o.files.flatMap((f) => declaredGoTests(f, o.sources!.get(f) ?? '')))];
    argv.push(names.length === 0 ? '-run=^$' : `-run=^(${names.join('|')})$`);
  }
  // GOTOOLCHAIN=local: a go.mod asking for a newer Go must not download a toolchain at commit time.
  return { argv: [...argv, ...dirs.map(asArg)], env: { GOTOOLCHAIN: 'local' } };
}

// ---- the stream

interface GoEvent {
  Action?: unknown;
  Package?: unknown;
  Test?: unknown;
  Output?: unknown;
  FailedBuild?: unknown;
}

interface TestRun {
  status?: 'pass' | 'fail' | 'skip';
  output: string;
}

interface PackageRun {
  outcome?: 'pass' | 'fail' | 'skip';
  /** `[build failed]` / `[setup failed]`, or a `FailedBuild` event. */
  buildFailed: boolean;
  output: string;
  /** In the order they started. */
  tests: Map<string, TestRun>;
}

interface Stream {
  packages: Map<string, PackageRun>;
  /** Go ≥ 1.24's build-output lines (go 1.19 writes them to stderr). */
  buildOutput: string;
}

const BUILD_FAILED = /^FAIL\t(\S+) \[(?:build|setup) failed\]$/;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function readStream(stdout: string): Stream | string {
  const packages = new Map<string, PackageRun>();
  const pkg = (name: string): PackageRun => {
    let p = packages.get(name);
    if (!p) packages.set(name, (p = { buildFailed: false, output: '', tests: new Map() }));
    return p;
  };
  let buildOutput = '';
  for (const line of stdout.split('\n')) {
    if (line.trim() === '') continue;
    const text = BUILD_FAILED.exec(line.trimEnd());
    if (text) {
      Object.assign(pkg(text[1]!), { buildFailed: true, outcome: 'fail' });
      continue;
    }
    let e: GoEvent;
    try {
      e = JSON.parse(line) as GoEvent;
    } catch {
      // The first line too: a stream whose front was cut (only the output's tail is kept) is no report.
      return `unreadable go test output: ${line.slice(0, 120)}`;
    }
    const action = str(e?.Action);
    if (action === undefined) return `unreadable go test output: ${line.slice(0, 120)}`;
    if (action === 'build-output') buildOutput += str(e.Output) ?? '';
    const name = str(e.Package);
    if (name === undefined) continue;
    const p = pkg(name);
    const test = str(e.Test);
    const output = str(e.Output) ?? '';
    if (test === undefined) {
      if (action === 'output') p.output += output;
      if (action === 'output' && BUILD_FAILED.test(output.trimEnd())) p.buildFailed = true;
      if (action === 'pass' || action === 'fail' || action === 'skip') p.outcome = action;
      if (str(e.FailedBuild) !== undefined) p.buildFailed = true;
      continue;
    }
    let t = p.tests.get(test);
    if (!t) p.tests.set(test, (t = { output: '' }));
    if (action === 'output') t.output += output;
    if (action === 'pass' || action === 'fail' || action === 'skip') t.status = action;
  }
  return { packages, buildOutput };
}

/**
 * The module path, from the packages go reported and the folders asked: `example.com/mathlib/calc`
 * for `calc` means `example.com/mathlib`. The one that explains most packages, the shortest on a tie.
 */
function inferModule(packages: string[], dirs: string[]): string | undefined {
  const votes = new Map<string, number>();
  for (const p of packages) {
    for (const d of dirs) {
      const m = d === '.' ? p : p.endsWith(`/${d}`) ? p.slice(0, -d.length - 1) : undefined;
      if (m) votes.set(m, (votes.get(m) ?? 0) + 1);
    }
  }
  return [...votes].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]?.[0];
}

// ---- compile errors

export interface CompileError {
  /** Repository-relative. */
  file: string;
  line: number;
  message: string;
}

/** `./math_test.go:12:5: undefined: Add` (go 1.19 from the root), `calc/a_test.go:3:11: …` (below it). */
const LOCATED = /^(\S(?:.*?\S)?\.go):(\d+)(?::\d+)?: (.+)$/;

/** Located errors, each with its tab-indented continuation lines (`\t*Calc does not implement Adder …`). */
export function readCompileErrors(text: string, root: string): CompileError[] {
  const errors: CompileError[] = [];
  for (const line of text.split('\n')) {
    const m = LOCATED.exec(line.trimEnd());
    const last = errors[errors.length - 1];
    if (m && m[3] !== 'too many errors') errors.push({ file: toRepoPath(root, m[1]!), line: Number(m[2]), message: m[3]! });
    else if (!m && last && /^\t\S/.test(line)) last.message += ` ${line.trim()}`;
  }
  return errors;
}

export interface GoContext {
  /** Repository-relative test file. */
  file: string;
  /** Its text. */
  text: string;
  /** Go's module path, when known. */
  module: string | undefined;
  /** Repository-relative folders known to exist. */
  dirs: ReadonlySet<string>;
  isProjectImport?: IsProjectImport;
}

const IDENT = String.raw`[\p{L}_][\p{L}\p{Nd}_]*`;
const MISSING_IMPORT = [
  /no required module provides package ([^\s;]+)/,
  /cannot find package "([^"]+)"/,
  /package (\S+) is not in (?:GOROOT|std)\b/,
  /cannot find module providing package (\S+)/,
  /missing go\.sum entry for module providing package (\S+)/,
  /module \S+ provides package (\S+) and is replaced but not required/,
];
// go/scanner and go/parser at setup (`missing ',' before newline in argument list`), the compiler's `syntax error: …`.
const SYNTAX =
  /^(?:syntax error\b|expected |missing ',' |illegal (?:character|rune)|invalid (?:character|digit)|newline in string|(?:raw )?string literal not terminated|rune literal not terminated|comment not terminated|more than one character in rune literal|empty rune literal)/;
const QUALIFIED = new RegExp(String.raw`^(?:undefined: (${IDENT})\.(${IDENT})|(${IDENT}) not declared by package (${IDENT}))$`, 'u');
const UNDEFINED = new RegExp(String.raw`^undefined: (${IDENT})$`, 'u');
// `c.Add undefined (type *calc.Calc has no field or method Add)` · `unknown field 'Name' in struct literal of type Calc`
// · `*Calc does not implement Adder (missing Add method)` (1.19) / `(missing method Add)` (≥ 1.20)
const NO_MEMBER = [
  /^\S+ undefined \(type (\S+) has no field or method/,
  /unknown field '?\S+?'? in struct literal of type (\S+)/,
  /(\S+) does not implement \S+ \(missing (?:method \S+|\S+ method)\)/,
];
const PREDECLARED = new Set(
  'any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr'.split(' '),
);

const importsOf = (ctx: GoContext): Map<string, string> =>
  new Map(goProfile.imports(goProfile.blank(ctx.file, ctx.text), ctx.text).map((b) => [b.local, b.specifier]));

const inModule = (path: string, module: string | undefined): boolean =>
  module !== undefined && (path === module || path.startsWith(`${module}/`));

/** An import path nothing provides is the project's next package when its parent folder is in the tree. */
function isNextPackage(path: string, ctx: GoContext): boolean {
  const asked = ctx.isProjectImport?.(ctx.file, path);
  if (asked !== undefined) return asked;
  if (ctx.module === undefined || !path.startsWith(`${ctx.module}/`)) return false;
  return ctx.dirs.has(posix.dirname(path.slice(ctx.module.length + 1)));
}

/** A type named in an error (`*calc.Calc`, `List[int]`) is the project's: declared in this package or a project package. */
function isProjectType(type: string, ctx: GoContext): boolean {
  const name = type.replace(/^\*+/, '').replace(/\[.*$/, '');
  const dot = name.lastIndexOf('.');
  if (dot < 0) return !PREDECLARED.has(name) && /^[\p{L}_]/u.test(name);
  const path = importsOf(ctx).get(name.slice(0, dot));
  return path !== undefined && inModule(path, ctx.module);
}

/** Why one compile error of `ctx.file` happened; `line` is its 1-based line in that file. */
export function classifyGoError(message: string, line: number, ctx: GoContext): FileErrorKind {
  for (const re of MISSING_IMPORT) {
    const m = re.exec(message);
    if (m) return isNextPackage(m[1]!, ctx) ? 'missing-symbol' : 'missing-module';
  }
  if (SYNTAX.test(message)) return 'syntax';
  const qualified = QUALIFIED.exec(message);
  if (qualified) {
    const [pkg, name] = qualified[1] !== undefined ? [qualified[1], qualified[2]!] : [qualified[4]!, qualified[3]!];
    const path = importsOf(ctx).get(pkg);
    // An unexported name of another package can never be used, written or not.
    return path !== undefined && inModule(path, ctx.module) && /^\p{Lu}/u.test(name) ? 'missing-symbol' : 'load-error';
  }
  const undefinedName = UNDEFINED.exec(message)?.[1];
  if (undefinedName !== undefined) {
    // `strings.ToUpper` without its import: `undefined: strings`.
    const source = ctx.text.split('\n')[line - 1] ?? '';
    const qualifier = new RegExp(String.raw`(?<![\p{L}\p{Nd}_.])${undefinedName}\s*\.\s*[\p{L}_]`, 'u').test(source);
    if (qualifier && !/^\p{Lu}/u.test(undefinedName)) return 'load-error';
    // An external test package (`package mathlib_test`) sees the project only through its imports.
    const blanked = goProfile.blank(ctx.file, ctx.text);
    const external = /^[ \t]*package[ \t]+\w+_test\b/m.test(blanked);
    const dotImport = [...importsOf(ctx)].some(([local, path]) => local === '.' && inModule(path, ctx.module));
    return external && !dotImport ? 'load-error' : 'missing-symbol';
  }
  for (const re of NO_MEMBER) {
    const m = re.exec(message);
    if (m) return isProjectType(m[1]!, ctx) ? 'missing-symbol' : 'load-error';
  }
  return 'load-error';
}

const RANK: Record<FileErrorKind, number> = { syntax: 0, 'missing-module': 1, 'load-error': 2, 'missing-symbol': 3, 'no-tests': 4 };
const where = (e: CompileError): string => `${e.file}:${e.line}: ${e.message.replace(/; to add it:.*$/, '')}`.slice(0, 300);

/**
 * One asked file of a package that did not build: its own wrong-reason error first, then an error
 * in a file of its folder nobody asked about, then its own missing symbols; with no error of its
 * own it shares the fate of the package's other asked files, or of a dependency that failed.
 */
function buildFileError(file: string, errors: CompileError[], asked: ReadonlySet<string>, ctxOf: (file: string) => GoContext, fallback: string): FileError {
  const dir = posix.dirname(file);
  const judged = (es: CompileError[]): { kind: FileErrorKind; e: CompileError }[] =>
    es.map((e) => ({ kind: classifyGoError(e.message, e.line, ctxOf(e.file)), e })).sort((a, b) => RANK[a.kind] - RANK[b.kind]);
  const own = judged(errors.filter((e) => e.file === file));
  if (own[0] && own[0].kind !== 'missing-symbol') return { file, kind: own[0].kind, message: where(own[0].e) };
  const inDir = errors.filter((e) => posix.dirname(e.file) === dir);
  const sibling = inDir.find((e) => !asked.has(e.file));
  if (sibling) return { file, kind: 'load-error', message: `not built: ${where(sibling)}` };
  if (own[0]) return { file, kind: 'missing-symbol', message: where(own[0].e) };
  const others = judged(inDir);
  if (others[0]) return { file, kind: others[0].kind === 'missing-symbol' ? 'missing-symbol' : 'load-error', message: `not built: ${where(others[0].e)}` };
  const askedDirs = new Set([...asked].map((f) => posix.dirname(f)));
  const dependency = errors.find((e) => !askedDirs.has(posix.dirname(e.file))) ?? errors[0];
  return { file, kind: 'load-error', message: dependency ? `not built: ${where(dependency)}` : fallback };
}

// ---- test results

/** `    math_test.go:7: Sub(5, 3) = 8, want 2`; testify's location line is empty, its text on an `Error:` line. */
const LOCATION = /^\s+(\S+\.go:\d+: ?.*)$/;
const PANIC = /^panic: (.*?)(?: \[recovered[^\]]*\])?$/m;

/** A test that failed without a panic called t.Error/t.Fatal/t.Fail (directly or through testify): an assertion. */
function failureOf(output: string): { failure: FailureClass; message: string } {
  const panic = /^goroutine \d+ \[/m.test(output) ? PANIC.exec(output) : null;
  if (panic) return { failure: /^test timed out\b/.test(panic[1]!) ? 'timeout' : 'exception', message: `panic: ${panic[1]}`.slice(0, 300) };
  const lines = output.split('\n');
  const at = lines.findIndex((l) => LOCATION.test(l));
  if (at < 0) return { failure: 'assertion', message: lines.find((l) => l.startsWith('--- FAIL'))?.trim() ?? 'failed' };
  let message = LOCATION.exec(lines[at]!)![1]!.trim();
  if (/:\d+:$/.test(message)) message += ` ${/^\s*Error:\s*(.*)$/m.exec(lines.slice(at + 1).join('\n'))?.[1]?.trim() ?? ''}`;
  return { failure: 'assertion', message: message.trim().slice(0, 300) };
}

/** The line that ended the test binary: a panic or a runtime fatal error, anywhere in the package's output. */
function crashLine(p: PackageRun): string | undefined {
  const all = [p.output, ...[...p.tests.values()].map((t) => t.output)].join('\n');
  return /^(?:panic: .*?|fatal error: .*)(?= \[recovered[^\]]*\]$|$)/m.exec(all)?.[0];
}

function readTests(p: PackageRun, owner: (top: string) => string | undefined): TestCaseResult[] {
  const names = [...p.tests.keys()];
  const crash = crashLine(p);
  const status = (name: string): TestRun['status'] | 'crashed' => p.tests.get(name)!.status ?? (p.outcome === 'fail' ? 'crashed' : undefined);
  const results: TestCaseResult[] = [];
  for (const name of names) {
    const file = owner(name.split('/')[0]!);
    const s = status(name);
    if (file === undefined || s === undefined) continue;
    const below = names.filter((n) => n.startsWith(`${name}/`)).map(status);
    const failed = s === 'fail' || s === 'crashed';
    if (below.length > 0 && !(failed && !below.some((b) => b === 'fail' || b === 'crashed')) && !(s === 'skip' && !below.includes('skip'))) continue;
    const base = { file, name: name.split('/').join(' > ') };
    if (s === 'pass') results.push({ ...base, status: 'passed' });
    else if (s === 'skip') results.push({ ...base, status: 'skipped' });
    else if (s === 'fail') results.push({ ...base, status: 'failed', ...failureOf(p.tests.get(name)!.output) });
    else {
      // No end event: the binary died while this test ran (a timeout, a panic elsewhere, os.Exit).
      const failure: FailureClass = crash?.startsWith('panic: test timed out') ? 'timeout' : 'exception';
      results.push({ ...base, status: 'failed', failure, message: crash ?? 'the test binary exited during this test' });
    }
  }
  return results;
}

// ---- the run


/** go's own complaint when it stopped before testing (`go: go.mod file not found …`). */
const goComplaint = (stderr: string): string | undefined =>
  stderr.split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'))?.trim().slice(0, 300);

export function parseGoReport(o: ParseInput): ParsedRun {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  // 0 passed, 1 a test or a setup failed, 2 a build failed; anything else is go itself in trouble.
  if (o.exitCode === null || ![0, 1, 2].includes(o.exitCode)) return unknownRun(o, files, `go test stopped (exit ${o.exitCode})`);
  const stream = readStream(o.stdout);
  if (typeof stream === 'string') return unknownRun(o, files, stream);

  const dirs = [...new Set(files.map((f) => posix.dirname(f)))];
  const module = inferModule([...stream.packages.keys()], dirs);
  const byDir = new Map<string, PackageRun>();
  for (const [name, p] of stream.packages) {
    const dir = module === undefined ? undefined : name === module ? '.' : name.startsWith(`${module}/`) ? name.slice(module.length + 1) : undefined;
    if (dir !== undefined) byDir.set(dir, p);
  }
  const errors = readCompileErrors(`${o.stderr}\n${stream.buildOutput}`, o.root);
  const known = new Set(['.', ...byDir.keys(), ...errors.map((e) => posix.dirname(e.file))]);
  for (const f of files) for (let d = posix.dirname(f); d !== '.'; d = posix.dirname(d)) known.add(d);
  const ctxOf = (file: string): GoContext => ({ file, text: o.sources.get(file) ?? '', module, dirs: known, isProjectImport: o.isProjectImport });
  const asked = new Set(files);

  const tests: TestCaseResult[] = [];
  const fileErrors: FileError[] = [];
  for (const dir of dirs) {
    const here = files.filter((f) => posix.dirname(f) === dir);
    const p = byDir.get(dir);
    if (!p) {
      // go stops the whole run on a folder it cannot load; only "every test file is excluded" has an answer.
      const excluded = [...o.stderr.matchAll(/build constraints exclude all Go files in (.+)$/gm)].some((m) => toRepoPath(o.root, m[1]!.trim()) === dir);
      if (!excluded || stream.packages.size > 0) return unknownRun(o, files, `go test reported nothing for ${asArg(dir)}${goComplaint(o.stderr) ? `: ${goComplaint(o.stderr)}` : ''}`);
      for (const file of here) fileErrors.push({ file, kind: 'no-tests', message: 'build constraints exclude every Go file of the package' });
      continue;
    }
    if (p.buildFailed) {
      const fallback = `the package did not build${goComplaint(o.stderr) ? `: ${goComplaint(o.stderr)}` : ''}`;
      for (const file of here) fileErrors.push(buildFileError(file, errors, asked, ctxOf, fallback));
      continue;
    }
    if (p.outcome === undefined) return unknownRun(o, files, `go test did not finish ${asArg(dir)}`);
    const declared = new Map(here.map((f) => [f, declaredGoTests(f, o.sources.get(f) ?? '')]));
    const owner = (top: string): string | undefined => here.find((f) => declared.get(f)!.includes(top));
    const results = readTests(p, owner);
    tests.push(...results);
    const anyFailed = [...p.tests.values()].some((t) => t.status !== 'pass' && t.status !== 'skip');
    for (const file of here) {
      if (!results.some((t) => t.file === file)) fileErrors.push(noResult(file, p, declared.get(file)!));
      else if (p.outcome === 'fail' && !anyFailed) {
        fileErrors.push({ file, kind: 'load-error', message: `the package failed after its tests passed: ${packageLine(p)}` });
      }
    }
  }
  return { status: 'completed', exitCode: o.exitCode, files, tests, fileErrors };
}

/** The package's own first words (`TestMain` exiting 1, an `init` panic), without the FAIL summary. */
const packageLine = (p: PackageRun): string =>
  crashLine(p) ?? p.output.split('\n').find((l) => l.trim() !== '' && !/^(?:FAIL|PASS|ok )\b/.test(l))?.trim().slice(0, 300) ?? 'it exited without saying why';

function noResult(file: string, p: PackageRun, declared: string[]): FileError {
  if (!file.endsWith('_test.go')) return { file, kind: 'no-tests', message: 'go test only runs _test.go files' };
  if (p.outcome === 'skip') return { file, kind: 'no-tests', message: 'go found no test file in the package (build constraints?)' };
  if (declared.length === 0) return { file, kind: 'no-tests', message: 'declares no Test function' };
  // A panic ends the binary whether or not its test got an end event; a failed package with no failed test ended early too.
  const crashed = [...p.tests].find(([, t]) => t.status === undefined)?.[0];
  const failed = [...p.tests.values()].some((t) => t.status === 'fail');
  if (p.outcome === 'fail' && (crashed !== undefined || crashLine(p) !== undefined || !failed)) {
    return { file, kind: 'load-error', message: `not run: the test binary ended${crashed ? ` in ${crashed}` : ''}: ${packageLine(p)}` };
  }
  return { file, kind: 'no-tests', message: 'its Test functions did not run (build constraints?)' };
}

export const goAdapter: RunnerAdapter = { name: 'go', program: 'go', stdoutReport: true, buildArgv: buildGoArgv, parse: parseGoReport };
