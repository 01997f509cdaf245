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
 * A package that does not build: what each asked file of it gets is in go-build.ts.
 *
 * Only the output's tail reaches parse: a stream that does not read whole (cut at the front, or
 * not go's), an exit code go test never uses, or an asked folder go never reported is unknown.
 */
import { posix } from 'node:path';
import { goProfile } from '../lang/languages/go.js';
import type { FailureClass, FileError, TestCaseResult } from '../types.js';
import { buildFileError, readCompileErrors, type GoContext } from './go-build.js';
import { asArg, toRepoPath } from './paths.js';
import { unknownRun } from './result.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

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
  stderr
    .split('\n')
    .find((l) => l.trim() !== '' && !l.startsWith('#'))
    ?.trim()
    .slice(0, 300);

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
      if (!excluded || stream.packages.size > 0)
        return unknownRun(o, files, `go test reported nothing for ${asArg(dir)}${goComplaint(o.stderr) ? `: ${goComplaint(o.stderr)}` : ''}`);
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
  crashLine(p) ??
  p.output
    .split('\n')
    .find((l) => l.trim() !== '' && !/^(?:FAIL|PASS|ok )\b/.test(l))
    ?.trim()
    .slice(0, 300) ??
  'it exited without saying why';

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
