/**
 * `node --test` through our JSON-lines reporter (node-reporter.ts). Lines as written, Node 20.20:
 *
 *   {"t":"start","file":"/s/test/a.test.js","name":"math","nesting":0}
 *   {"t":"start","file":"/s/test/a.test.js","name":"adds","nesting":1}
 *   {"t":"fail","file":"/s/test/a.test.js","name":"adds","nesting":1,"error":{"failureType":"testCodeFailure","message":"2 !== 3","name":"AssertionError","code":"ERR_ASSERTION"}}
 *   {"t":"fail","file":"/s/test/a.test.js","name":"math","nesting":0,"suite":true,"error":{"failureType":"subtestsFailed",…}}
 *   {"t":"stderr","file":"/s/test/b.test.js","text":"SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'\n"}
 *   {"t":"fail","file":"/s/test/b.test.js","name":"/s/test/b.test.js","nesting":0,"error":{"failureType":"testCodeFailure","exitCode":1,"message":"test failed"}}
 *   {"t":"end"}
 *
 * The last two show node's way of saying "this file crashed at load": a test named by the file.
 * An empty file is the same test, passing.
 */
import type { FailureClass, FileError, TestCaseResult } from '../types.js';
import { classifyLoadError, classifyThrown, firstLine, type ImportContext } from './classify.js';
import type { NodeReportLine, ReportedError } from './node-reporter.js';
import { asArg, toRepoPath } from './paths.js';
import { unknownRun } from './result.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

export function buildNodeArgv(o: BuildArgvInput): BuiltCommand {
  // --test-only is never passed: `.only` must not narrow what runs (the static check reports it).
  const argv = [
    o.nodePath,
    '--test',
    `--test-reporter=${o.runnerPath}`,
    `--test-reporter-destination=${o.reportPath}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    ...o.files.map(asArg),
  ];
  return { argv, env: {} };
}

function describeError(e: ReportedError | undefined): string {
  if (!e) return '';
  const head = firstLine(e.message);
  return e.name && e.name !== 'Error' ? `${e.name}: ${head}` : head;
}

function failureOf(e: ReportedError | undefined, ctx: ImportContext): FailureClass {
  if (!e) return 'exception';
  if (e.failureType === 'testTimeoutFailure') return 'timeout';
  if (e.failureType === 'cancelledByParent' || e.failureType === 'hookFailed') return 'exception';
  return classifyThrown({ name: e.name, code: e.code, message: e.message }, ctx);
}

interface FileState {
  frames: { name: string; hasChildren: boolean }[];
  tests: TestCaseResult[];
  errors: FileError[];
  stderr: string[];
  /** How the file's own process ended, when node reported it. */
  wrapper?: { passed: boolean; exitCode: number | null };
}

export function parseNodeReport(o: ParseInput): ParsedRun {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  if (o.report === undefined) return unknownRun(o, files, 'node wrote no report');
  const state = readFileStates(o, o.report);
  if (typeof state === 'string') return unknownRun(o, files, state);
  const tests: TestCaseResult[] = [];
  const fileErrors: FileError[] = [];
  for (const file of files) {
    const s = state.get(file);
    if (!s) {
      fileErrors.push({ file, kind: 'no-tests', message: 'not run by node --test' });
      continue;
    }
    tests.push(...s.tests);
    fileErrors.push(...s.errors, ...crashOf(o, file, s));
  }
  return { status: 'completed', exitCode: o.exitCode, files, tests, fileErrors };
}

/** The report's lines, per test file (repository path); why the report cannot be read, if it cannot. */
function readFileStates(o: ParseInput, report: string): Map<string, FileState> | string {
  const state = new Map<string, FileState>();
  const stateOf = (abs: string): FileState => {
    const key = toRepoPath(o.root, abs);
    let s = state.get(key);
    if (!s) state.set(key, (s = { frames: [], tests: [], errors: [], stderr: [] }));
    return s;
  };
  let ended = false;
  for (const text of report.split('\n')) {
    if (text.trim() === '') continue;
    let line: NodeReportLine;
    try {
      line = JSON.parse(text) as NodeReportLine;
    } catch {
      return 'node report has a line that is not JSON';
    }
    if (line.t === 'end') ended = true;
    else if (line.t === 'stderr') stateOf(line.file).stderr.push(line.text);
    else if (line.t === 'file') stateOf(line.file).wrapper = { passed: line.passed, exitCode: line.exitCode ?? null };
    else if (line.t === 'start') {
      const s = stateOf(line.file);
      s.frames.length = line.nesting;
      s.frames.push({ name: line.name, hasChildren: false });
    } else if (line.t === 'pass' || line.t === 'fail') {
      const ctx = {
        file: toRepoPath(o.root, line.file),
        root: o.root,
        sources: o.sources,
        isProjectImport: o.isProjectImport,
        workspacePackages: o.workspacePackages,
      };
      recordOutcome(stateOf(line.file), line, ctx);
    }
  }
  return ended ? state : 'node report ended early';
}

/** A test's, a suite's or the file's own pass or fail. */
function recordOutcome(s: FileState, line: Extract<NodeReportLine, { t: 'pass' | 'fail' }>, ctx: ImportContext): void {
  if (line.nesting === 0 && line.name === line.file) {
    s.wrapper = { passed: line.t === 'pass', exitCode: line.error?.exitCode ?? null };
    return;
  }
  const own = s.frames[line.nesting];
  const hasChildren = own?.name === line.name && own.hasChildren;
  const parent = s.frames[line.nesting - 1];
  if (parent) parent.hasChildren = true;
  const name = [...s.frames.slice(0, line.nesting).map((f) => f.name), line.name].join(' > ');
  s.frames.length = Math.min(s.frames.length, line.nesting);
  const file = ctx.file;
  if (line.suite || hasChildren) {
    // A suite's own failure (its body threw while collecting, a before/after hook threw);
    // 'subtestsFailed' only repeats what its tests say.
    const type = line.error?.failureType;
    if (line.t === 'fail' && type !== 'subtestsFailed' && type !== 'cancelledByParent') {
      const kind = failureOf(line.error, ctx) === 'missing-symbol' ? 'missing-symbol' : 'load-error';
      s.errors.push({ file, kind, message: `${name}: ${describeError(line.error)}` });
    }
    return;
  }
  const status = line.todo ? 'todo' : line.skip ? 'skipped' : line.t === 'pass' ? 'passed' : 'failed';
  if (status !== 'failed') s.tests.push({ file, name, status });
  else s.tests.push({ file, name, status, failure: failureOf(line.error, ctx), message: describeError(line.error) });
}

/** A file whose process failed: with no results, why it did not load; with every test passed, that it exited badly anyway. */
function crashOf(o: ParseInput, file: string, s: FileState): FileError[] {
  const crashed = s.wrapper !== undefined && !s.wrapper.passed;
  if (s.tests.length === 0 && s.errors.length === 0) {
    if (!crashed) return [{ file, kind: 'no-tests', message: 'no tests in file' }];
    const ctx: ImportContext = { file, root: o.root, sources: o.sources, isProjectImport: o.isProjectImport, workspacePackages: o.workspacePackages };
    const text = s.stderr.join('') || o.stderr;
    const found = text.trim() === '' ? undefined : classifyLoadError(text, ctx);
    return [{ file, ...(found ?? { kind: 'load-error', message: `exited with code ${s.wrapper?.exitCode}` }) }];
  }
  if (crashed && s.errors.length === 0 && !s.tests.some((t) => t.status === 'failed')) {
    // Every test passed, yet the file's process failed: process.exit(1), an unhandled rejection…
    return [{ file, kind: 'load-error', message: firstLine(s.stderr.join('')) || `exited with code ${s.wrapper?.exitCode}` }];
  }
  return [];
}

export const nodeAdapter: RunnerAdapter = { name: 'node', buildArgv: buildNodeArgv, parse: parseNodeReport };
