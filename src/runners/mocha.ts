/**
 * mocha through its built-in JSON reporter (`--reporter-option output=` writes the file). As
 * written by mocha 12.0, trimmed:
 *
 *   { "stats": { "tests": 3, "passes": 1, "pending": 1, "failures": 2, … },
 *     "tests": [{ "title": "adds", "fullTitle": "math adds", "file": "/s/test/a.test.js",
 *                 "err": { "stack": "TypeError: add is not a function\n    at Context.<anonymous> (test/a.test.js:6:41)", "message": "…" } }, …],
 *     "pending": [{ "title": "later", "fullTitle": "math later", "file": "/s/test/a.test.js", "err": {} }],
 *     "failures": [ the failed tests again, and hooks:
 *       { "title": "\"before all\" hook for \"b1\"", "fullTitle": "s \"before all\" hook for \"b1\"", "err": { "stack": "Error: before boom\n    at Context.<anonymous> (test/b.test.js:2:24)" } } ],
 *     "passes": […] }
 *
 * `tests` holds every test that ended (a failed one with its `err`); a failing hook is only in
 * `failures`, without `file` when it sits at the top level, and the tests under a failing
 * `before` are not reported at all. Tests hidden by `.only` are not reported either, hence
 * `--forbid-only`.
 *
 * mocha loads every file in one process before running any: the first file that throws while
 * loading (syntax, a missing module, an error in a describe body, a forbidden `.only`) ends the
 * whole run with no report and `Exception during run: <error>` on stderr.
 */
import type { FileError, TestCaseResult } from '../types.js';
import { classifyLoadError, classifyThrown, firstLine, stripAnsi, type ImportContext } from './classify.js';
import { scanImports } from './imports.js';
import { isMissingTranspiledSymbol } from './jest.js';
import { asArg, toRepoPath } from './paths.js';
import { unknownRun } from './result.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

interface MochaErr {
  stack?: string;
  message?: string;
  name?: string;
  code?: string;
}
interface MochaTest {
  title: string;
  fullTitle: string;
  file?: string;
  err?: MochaErr;
}
interface MochaReport {
  stats: object;
  tests: MochaTest[];
  pending: MochaTest[];
  failures: MochaTest[];
}

export function buildMochaArgv(o: BuildArgvInput): BuiltCommand {
  const major = Number(/^(\d+)\./.exec(o.runnerVersion ?? '')?.[1] ?? NaN);
  // 10: the JSON reporter's `output` option and --fail-zero are there.
  if (!(major >= 10)) return { error: `unsupported mocha version ${o.runnerVersion ?? '(unknown)'}` };
  // mocha splits reporter options on commas.
  if (o.reportPath.includes(',')) return { error: `the report path has a comma: ${o.reportPath}` };
  // The project's .mocharc / package.json "mocha" still apply (require, ui, extension, timeout…);
  // the flags below override what would make the run hang, stop early, or hide tests.
  const argv = [
    o.nodePath,
    o.runnerPath,
    '--reporter',
    'json',
    '--reporter-option',
    `output=${o.reportPath}`,
    '--forbid-only',
    '--fail-zero',
    // Serial: a parallel run drops a file with a syntax error from the report without a word.
    '--no-parallel',
    '--no-watch',
    '--no-bail',
    '--no-dry-run',
    // Exit once the tests are done, even with a timer or a server left open.
    '--exit',
    ...o.files.map(asArg),
  ];
  return { argv, env: {} };
}

const errText = (e: MochaErr | undefined): string => stripAnsi(e?.stack ?? e?.message ?? '');

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where `file` (repository-relative) is named as a path in `text`: absolute, file:// or relative to the root. */
function mentionAt(text: string, file: string, root: string): number {
  const re = new RegExp(`(?:${escape(`${root}/${file}`)}|(?:^|[\\s(])(?:\\./)?${escape(file)})(?=[:)\\s]|$)`, 'm');
  return re.exec(text)?.index ?? -1;
}

/** The asked file a stack or load error is about: the one it names first. */
function namedFile(text: string, files: string[], root: string): string | undefined {
  let best: { file: string; at: number } | undefined;
  for (const file of files) {
    const at = mentionAt(text, file, root);
    if (at >= 0 && (!best || at < best.at)) best = { file, at };
  }
  return best?.file;
}

/**
 * Which asked file stopped mocha's loading. Node does not always name the importer:
 *   `SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'`
 * then the file whose source imports that (name from that) specifier, if only one does.
 */
function culpritOf(text: string, o: ParseInput, files: string[]): string | undefined {
  if (files.length === 1) return files[0];
  const named = namedFile(text, files, o.root);
  if (named) return named;
  const noExport = /requested module '([^']+)' does not provide an export named '([^']+)'/.exec(text);
  const spec = noExport?.[1] ?? /Cannot find (?:module|package) '([^']+)'/.exec(text)?.[1];
  if (spec === undefined) return undefined;
  const importers = files.filter((f) =>
    scanImports(o.sources.get(f) ?? '').some((d) => d.specifier === spec && (!noExport || [...d.bindings.values()].includes(noExport[2]!))),
  );
  return importers.length === 1 ? importers[0] : undefined;
}

function classifyLoad(text: string, ctx: ImportContext): Omit<FileError, 'file'> {
  const found = classifyLoadError(text, ctx);
  if (found.kind === 'load-error' && isMissingTranspiledSymbol(found.message, ctx)) return { ...found, kind: 'missing-symbol' };
  return found;
}

/** No report: mocha stopped while loading the files (or never started). */
function parseLoadFailure(o: ParseInput, files: string[]): ParsedRun {
  const stderr = stripAnsi(o.stderr);
  const at = stderr.indexOf('Exception during run:');
  if (at < 0) {
    if (/No test files found/.test(stderr)) {
      const fileErrors = files.map((file): FileError => ({ file, kind: 'no-tests', message: 'not run by mocha (ignored by its config?)' }));
      return { status: 'completed', exitCode: o.exitCode, files, tests: [], fileErrors };
    }
    return unknownRun(o, files, 'mocha wrote no report');
  }
  const text = stderr.slice(at + 'Exception during run:'.length).trim();
  const culprit = culpritOf(text, o, files);
  if (culprit === undefined) return unknownRun(o, files, `mocha stopped while loading, in no file it was asked for: ${firstLine(text)}`);
  const ctx: ImportContext = { file: culprit, root: o.root, sources: o.sources, isProjectImport: o.isProjectImport, workspacePackages: o.workspacePackages };
  const fileErrors: FileError[] = files.map((file) =>
    file === culprit ? { file, ...classifyLoad(text, ctx) } : { file, kind: 'load-error', message: `not run: mocha stopped loading at ${culprit}` },
  );
  return { status: 'completed', exitCode: o.exitCode, files, tests: [], fileErrors };
}

function isReport(v: unknown): v is MochaReport {
  const r = v as Partial<MochaReport> | null;
  return r !== null && typeof r === 'object' && typeof r.stats === 'object' && [r.tests, r.pending, r.failures].every(Array.isArray);
}

/** `fullTitle` is the suite titles and the test's own, joined by spaces; only the last is known apart. */
function nameOf(t: MochaTest): string {
  const suites = t.fullTitle.endsWith(t.title) ? t.fullTitle.slice(0, -t.title.length).trim() : '';
  return suites === '' ? t.title : `${suites} > ${t.title}`;
}

const hasError = (e: MochaErr | undefined): boolean => e !== undefined && Object.keys(e).length > 0;

export function parseMochaReport(o: ParseInput): ParsedRun {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  if (o.report === undefined) {
    // 130/143 without a report: stopped by SIGINT/SIGTERM. With one it is the number of failures:
    // the report is written only when the run has ended, into a fresh directory.
    if (o.exitCode === 130 || o.exitCode === 143) return unknownRun(o, files, `mocha was stopped (exit ${o.exitCode})`);
    return parseLoadFailure(o, files);
  }
  let report: unknown;
  try {
    report = JSON.parse(o.report);
  } catch {
    return unknownRun(o, files, 'mocha report is not JSON');
  }
  if (!isReport(report)) return unknownRun(o, files, 'mocha report has no stats/tests/failures');

  const asked = new Set(files);
  const fileOf = (t: MochaTest): string | undefined => (t.file === undefined ? undefined : toRepoPath(o.root, t.file));
  const { root, sources, isProjectImport, workspacePackages } = o;
  const ctxOf = (file: string): ImportContext => ({ file, root, sources, isProjectImport, workspacePackages });
  const key = (t: MochaTest): string => `${fileOf(t) ?? ''}\0${t.fullTitle}`;
  const pending = new Map<string, number>();
  for (const t of report.pending) pending.set(key(t), (pending.get(key(t)) ?? 0) + 1);

  const tests: TestCaseResult[] = [];
  const failedTests = new Map<string, number>();
  for (const t of report.tests) {
    const file = fileOf(t);
    if (hasError(t.err)) failedTests.set(key(t), (failedTests.get(key(t)) ?? 0) + 1);
    if (file === undefined || !asked.has(file)) continue;
    const name = nameOf(t);
    if (hasError(t.err)) {
      const text = errText(t.err);
      const message = firstLine(text);
      if (t.err?.code === 'ERR_MOCHA_TIMEOUT') tests.push({ file, name, status: 'failed', failure: 'timeout', message });
      else {
        const ctx = ctxOf(file);
        let failure = classifyThrown({ name: t.err?.name, code: t.err?.code, message: text }, ctx);
        if (failure === 'exception' && isMissingTranspiledSymbol(text, ctx)) failure = 'missing-symbol';
        tests.push({ file, name, status: 'failed', failure, message });
      }
    } else if ((pending.get(key(t)) ?? 0) > 0) {
      pending.set(key(t), pending.get(key(t))! - 1);
      tests.push({ file, name, status: 'skipped' });
    } else tests.push({ file, name, status: 'passed' });
  }

  // Failures that are not tests: hooks, and errors thrown outside any test.
  const fileErrors: FileError[] = [];
  // A hook at the top level of a file belongs to mocha's root suite: a failing `before` stops every file.
  let topLevel: string | undefined;
  for (const f of report.failures) {
    const seen = failedTests.get(key(f)) ?? 0;
    if (seen > 0) {
      failedTests.set(key(f), seen - 1);
      continue;
    }
    const text = errText(f.err);
    const file = fileOf(f) ?? namedFile(text, files, o.root);
    if (file === undefined) {
      // A root hook from a --require'd file, an error between tests: nothing to pin it on.
      return unknownRun(o, files, `mocha reported a failure in no file it was asked for: ${f.fullTitle}: ${firstLine(text)}`);
    }
    if (!asked.has(file)) continue;
    if (f.file === undefined) topLevel ??= `${f.fullTitle} in ${file}`;
    const missing = classifyThrown({ name: f.err?.name, code: f.err?.code, message: text }, ctxOf(file)) === 'missing-symbol';
    fileErrors.push({ file, kind: missing ? 'missing-symbol' : 'load-error', message: `${f.fullTitle}: ${firstLine(text)}` });
  }
  const withTests = new Set(tests.map((t) => t.file));
  for (const file of files) {
    if (withTests.has(file) || fileErrors.some((e) => e.file === file)) continue;
    if (topLevel) fileErrors.push({ file, kind: 'load-error', message: `not run: ${topLevel} failed` });
    else fileErrors.push({ file, kind: 'no-tests', message: 'no tests in file' });
  }
  return { status: 'completed', exitCode: o.exitCode, files, tests, fileErrors };
}

export const mochaAdapter: RunnerAdapter = { name: 'mocha', buildArgv: buildMochaArgv, parse: parseMochaReport };
