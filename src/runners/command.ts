/**
 * runner "command": any test runner without an adapter of its own (rspec, phpunit, ctest, gradle,
 * a Makefile target), run as the user's argv — never through a shell. In .tddrc.json:
 *
 *   "testTargetedCommand": "bundle exec rspec --format RspecJunitFormatter --out {report} {files}",
 *   "testCommand": "make test JUNIT_OUT={report}"
 *
 * `{files}`, a word of its own, becomes one argument per test file (`./path`: a leading dash is
 * never an option); `{report}`, anywhere in a word, the path of a fresh file for JUnit XML.
 * testTargetedCommand runs exactly the asked files; without it testCommand runs everything and the
 * results of the other files are dropped.
 *
 * Evidence. With `{report}`: the JUnit report, which must be there (else 'unknown'). A testcase
 * belongs to a file by its `file` attribute, else by a classname that names the file
 * (`tests.test_a.TestX`, `a.test.js`, `com.example.CalcTest` for src/test/java/com/example/CalcTest.java),
 * else to the only file asked. Without `{report}`: the exit code alone. 0 is one passed test per
 * file; anything else is 'unknown', never a verdict — an exit code cannot tell an assertion from a
 * syntax error, so it can never show that a RED test fails for the right reason (the hook exits 3,
 * "could not verify", and says to add `{report}`).
 */
import { isAbsolute } from 'node:path';
import type { FailureClass, FileError, TestCaseResult } from '../types.js';
import { classifyLoadError, classifyThrown, stripAnsi, type ImportContext } from './classify.js';
import { exceptionOf, GENERIC_TYPE, readJUnit, type JUnitCase, type Thrown } from './junit.js';
import { asArg, isProjectFile, toRepoPath } from './paths.js';
import { explainPythonError } from './pytest.js';
import { unknownRun } from './result.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

/** testTargetedCommand when set, else testCommand. */
function chosen(command: BuildArgvInput['command']): string[] | null {
  return command?.targeted ?? command?.full ?? null;
}

export function buildCommandArgv(o: BuildArgvInput): BuiltCommand {
  const words = chosen(o.command);
  if (!words || words.length === 0) return { error: 'runner "command" needs testCommand or testTargetedCommand in .tddrc.json' };
  const argv: string[] = [];
  for (const word of words) {
    if (word === '{files}') argv.push(...o.files.map(asArg));
    else if (word.includes('{files}')) return { error: `{files} must be a word of its own in the test command, not part of ${word}` };
    else argv.push(word.replaceAll('{report}', o.reportPath));
  }
  return { argv, env: {} };
}

// ---- testcases → the asked files

interface Place {
  file: string;
  /** Classes inside the file (pytest `TestSub.TestNested`, Java `$Nested`), or a classname that names no file. */
  scope: string[];
}

const NESTED = /\.|\$|::|#|\//;

/**
 * The names a classname may give a file: from the root, then from each folder down;
 * with or without its extension, slashed or dotted — tests/test_a.py, tests/test_a, tests.test_a,
 * test_a.py, test_a.
 */
function fileNames(file: string): { name: string; fromRoot: boolean }[] {
  const parts = file.split('/');
  const last = parts[parts.length - 1]!;
  const bare = last.replace(/(?<=.)\.[^.]*$/, '');
  const names: { name: string; fromRoot: boolean }[] = [];
  for (let k = 0; k < parts.length; k++) {
    const dirs = parts.slice(k, -1);
    for (const name of new Set([[...dirs, last].join('/'), [...dirs, bare].join('/'), [...dirs, bare].join('.')])) names.push({ name, fromRoot: k === 0 });
  }
  return names;
}

/**
 * The asked file a classname names: a name from the root beats one from a folder down (tests.test_a
 * is tests/test_a.py, not lib/tests/test_a.py), then the longest wins; a tie between files names none.
 */
function matchClassname(classname: string, files: string[]): Place | undefined {
  const hits: { file: string; length: number; fromRoot: boolean }[] = [];
  for (const file of files) {
    for (const { name, fromRoot } of fileNames(file)) {
      const after = classname.slice(name.length);
      if (classname.startsWith(name) && (after === '' || NESTED.exec(after)?.index === 0)) hits.push({ file, length: name.length, fromRoot });
    }
  }
  hits.sort((a, b) => Number(b.fromRoot) - Number(a.fromRoot) || b.length - a.length);
  const best = hits[0];
  if (!best || hits.some((h) => h.file !== best.file && h.fromRoot === best.fromRoot && h.length === best.length)) return undefined;
  return {
    file: best.file,
    scope: classname
      .slice(best.length)
      .split(NESTED)
      .filter((s) => s !== ''),
  };
}

function placeCase(c: JUnitCase, files: string[], root: string): Place | undefined {
  const classname = isAbsolute(c.classname) ? toRepoPath(root, c.classname) : c.classname.replace(/^(\.\/)+/, '');
  const whole = classname === '' ? [] : [classname];
  if (c.file !== undefined) {
    const file = toRepoPath(root, c.file);
    if (!files.includes(file)) return undefined;
    return matchClassname(classname, [file]) ?? { file, scope: whole };
  }
  const named = matchClassname(classname, files);
  if (named) return named;
  // vitest and node name a file that did not load by its path.
  if (files.includes(toRepoPath(root, c.name))) return { file: toRepoPath(root, c.name), scope: [] };
  return files.length === 1 ? { file: files[0]!, scope: whole } : undefined;
}

// ---- why a testcase failed

/** `TypeError: add is not a function`; the bare message when the class is unknown or says nothing. */
function headerOf(t: Thrown): string {
  if (t.type === undefined || GENERIC_TYPE.test(t.type)) return t.message;
  return t.message === '' ? t.type : `${t.type}: ${t.message}`;
}

const ASSERTION_TYPE =
  /(?:^|\.|::|\\)(?:\w*AssertionError|AssertionFailedError|ComparisonFailure|ExpectationFailedException|\w*ExpectationNotMetError|Assertion)$/;
const TIMEOUT = /^(?:Timeout of \d+ms exceeded|Test timed out in \d+ms|Failed: Timeout\b)/;
/** An `<error>` that says the file never loaded (JS, Python and Ruby wording). */
const LOAD_FAILURE =
  /\b(?:SyntaxError|IndentationError|TabError|ModuleNotFoundError|ImportError|LoadError)\b|Cannot find (?:module|package) '|Failed to (?:parse source|load url)|Transform failed|does not provide an export named|cannot load such file/;
/** Ruby: `cannot load such file -- /s/lib/calc` (require_relative: the project's next file) or `-- httparty` (a gem). */
const RUBY_LOAD = /cannot load such file -- (\S+)/;

function failureOf(t: Thrown, ctx: ImportContext): FailureClass {
  if (TIMEOUT.test(t.message)) return 'timeout';
  if (t.type !== undefined && ASSERTION_TYPE.test(t.type)) return 'assertion';
  // Untyped: pytest's `assert 2 == 3`, RSpec's `expected: 3 got: 2`; jest's `expect(received).toBe(expected)` is an Error.
  if (t.type === undefined && /^(?:assert|expected)\b/.test(t.message)) return 'assertion';
  if ((t.type ?? 'Error') === 'Error' && /^expect\(/.test(t.message)) return 'assertion';
  const header = headerOf(t);
  const thrown = classifyThrown({ name: t.type, message: header }, ctx);
  if (thrown !== 'exception') return thrown;
  return explainPythonError(header, ctx) === 'missing-symbol' ? 'missing-symbol' : 'exception';
}

function loadErrorOf(t: Thrown, ctx: ImportContext): Omit<FileError, 'file'> {
  const message = headerOf(t);
  const js = classifyLoadError(message, ctx);
  if (js.kind !== 'load-error') return js;
  const ruby = RUBY_LOAD.exec(message);
  if (ruby) return { kind: isProjectFile(ruby[1]!, ctx.root) ? 'missing-symbol' : 'missing-module', message };
  const why = explainPythonError(message, ctx);
  return { kind: why === 'syntax' || why === 'missing-module' || why === 'missing-symbol' ? why : 'load-error', message };
}

// ---- the run

/** The command's exception line (`RuntimeError: database down`), else its first line about an error: why a run proves nothing. */
function hint(o: ParseInput): string {
  const lines = stripAnsi(`${o.stderr}\n${o.stdout}`).split('\n');
  const line = (
    lines.find((l) => /^\s*(?:[\w$]+(?:\.|::))*[A-Z][\w$]*(?:Error|Exception)\b[^:]*:/.test(l)) ?? lines.find((l) => /error|fail/i.test(l))
  )?.trim();
  return line ? `: ${line.slice(0, 200)}` : '';
}

/** `command`: the configured commands, which tell whether a report was asked for. */
export function parseCommandReport(o: ParseInput): ParsedRun {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  const unknown = (reason: string): ParsedRun => unknownRun(o, files, reason);
  if (o.report === undefined) {
    if (chosen(o.command)?.some((w) => w.includes('{report}'))) return unknown(`the command wrote no JUnit report to {report} (exit ${o.exitCode})${hint(o)}`);
    if (o.exitCode !== 0) {
      return unknown(
        `the command exited ${o.exitCode} and wrote no report: add {report} (a JUnit XML file) to testTargetedCommand so tdd-hooks can tell why tests fail`,
      );
    }
    const tests = files.map((file): TestCaseResult => ({ file, name: '(exit code 0)', status: 'passed' }));
    return { status: 'completed', exitCode: o.exitCode, files, tests, fileErrors: [] };
  }
  const junit = readJUnit(o.report);
  if ('error' in junit) return unknown(`the command's report ${junit.error}`);
  const failed = junit.cases.some((c) => c.outcome?.kind === 'failure' || c.outcome?.kind === 'error');
  if (o.exitCode !== 0 && junit.cases.length === 0)
    return unknown(`the command exited ${o.exitCode} and its report holds no test (it stopped before any, or the files declare none)${hint(o)}`);
  if (o.exitCode !== 0 && !failed) return unknown(`the command exited ${o.exitCode} but its report holds no failure${hint(o)}`);

  const tests = new Map<string, TestCaseResult>();
  const fileErrors: FileError[] = [];
  for (const c of junit.cases) {
    const place = placeCase(c, files, o.root);
    if (!place) continue;
    const { file } = place;
    const name = [...place.scope, c.name].join(' > ');
    const out = c.outcome;
    let result: TestCaseResult;
    if (!out) result = { file, name, status: 'passed' };
    else if (out.kind === 'skipped') result = { file, name, status: 'skipped' };
    else {
      const thrown = exceptionOf(out);
      const ctx: ImportContext = { file, root: o.root, sources: o.sources, isProjectImport: o.isProjectImport, workspacePackages: o.workspacePackages };
      if (toRepoPath(o.root, c.name) === file || (out.kind === 'error' && LOAD_FAILURE.test(headerOf(thrown)))) {
        fileErrors.push({ file, ...loadErrorOf(thrown, ctx) });
        continue;
      }
      // `<error>` is what JUnit calls an unexpected throwable (Surefire: an NPE; never an assertion).
      const failure = out.kind === 'error' ? 'exception' : failureOf(thrown, ctx);
      result = { file, name, status: 'failed', failure, message: headerOf(thrown) };
    }
    const key = `${file}\0${name}`;
    const seen = tests.get(key);
    if (!seen || (seen.status !== 'failed' && result.status === 'failed')) tests.set(key, result);
  }
  const list = [...tests.values()];
  for (const file of files) {
    if (list.some((t) => t.file === file) || fileErrors.some((e) => e.file === file)) continue;
    fileErrors.push({ file, kind: 'no-tests', message: 'the report holds no test of this file' });
  }
  return { status: 'completed', exitCode: o.exitCode, files, tests: list, fileErrors };
}

export const commandAdapter: RunnerAdapter = { name: 'command', buildArgv: buildCommandArgv, parse: parseCommandReport };
