import type { FailureClass, FileError, TestCaseResult } from '../types.js';
import { rubyExceptionClass, rubyLoadErrorKind } from './ruby-errors.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

/**
 * minitest (5.x, `ruby` on PATH): our runner script (dist/runners/ruby/tdd_minitest.rb) loads each
 * staged test file with `lib` and `test` on the load path (Rake::TestTask's `libs`), runs minitest
 * once and writes a JSON report: every result with the file whose load defined its class, every
 * file that failed to load with its exception, and a refusal when the run was filtered (a `-n`/`-e`
 * a test or helper put into ARGV, as minitest-focus's `focus` does) before any test ran. `skip` is
 * skipped; an error inside a test is classed by its exception (NoMethodError/NameError: the
 * project's next symbol, unless the test itself lacks the method: then an exception). A test method
 * the file writes that ran from another file (project code rewrote it at run time) failed, and so
 * does a test that reached a minitest assertion or verdict method project code outside the tests redefined.
 */

export function buildMinitestArgv(o: BuildArgvInput): BuiltCommand {
  if (!o.minitestRunner) return { error: "minitest's runner is not built (dist/runners/ruby/tdd_minitest.rb)" };
  const argv = [o.runnerPath, '-I', `${o.root}/lib`, '-I', `${o.root}/test`, o.minitestRunner, o.reportPath, ...o.files];
  return { argv, env: {} };
}

interface MinitestTest {
  file?: string | null;
  name?: string;
  status?: string;
  class?: string;
  message?: string;
  /** A NameError/NoMethodError whose receiver is the test itself (`asert_equal`, a helper never written). */
  testOwn?: boolean;
  /** The test method the file writes ran from this other file: redefined at run time. */
  redefinedBy?: string;
  /** A minitest method (an assertion, a test's run, a result's verdict) redefined by project code: "assert_equal by lib/calc.rb". */
  patched?: string;
}

interface MinitestReport {
  tests?: MinitestTest[];
  loadErrors?: { file?: string; class?: string; message?: string }[];
  focused?: string | null;
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0]!.trim();
}

/** Minitest::Assertion and its kinds (not UnexpectedError, which our script unwraps to the error it holds). */
function classify(cls: string, message: string, testOwn: boolean): FailureClass {
  if (testOwn) return 'exception';
  if (/^Minitest::(?:Assertion|MockExpectationError)$|^MockExpectationError$/.test(cls)) return 'assertion';
  return rubyExceptionClass(cls, message);
}

export function parseMinitestReport(o: ParseInput): ParsedRun {
  const base = { exitCode: o.exitCode, files: o.files, tests: [] as TestCaseResult[], fileErrors: [] as FileError[] };
  let report: MinitestReport;
  try {
    report = JSON.parse(o.report ?? '') as MinitestReport;
  } catch {
    return { ...base, status: 'unknown', reason: o.report === undefined ? 'minitest wrote no report' : 'the minitest report is not JSON' };
  }
  const fileErrors: FileError[] = [];
  // A filtered run hides tests: every asked file is refused, none of its tests counts.
  if (report.focused) {
    for (const file of o.files) fileErrors.push({ file, kind: 'load-error', message: report.focused });
    return { ...base, status: 'completed', fileErrors };
  }
  const asked = new Set(o.files);
  const tests: TestCaseResult[] = [];
  for (const t of report.tests ?? []) {
    // A test of a class no asked file defined (a helper's, a library's) is not the commit's.
    if (!t.file || !asked.has(t.file)) continue;
    const name = t.name ?? '';
    // Whatever it answered, the test that ran is not the one the file holds.
    if (t.redefinedBy)
      tests.push({
        file: t.file,
        name,
        status: 'failed',
        failure: 'exception',
        message: `tdd-hooks: the test's method was redefined at run time by ${t.redefinedBy}`,
      });
    else if (t.patched)
      tests.push({
        file: t.file,
        name,
        status: 'failed',
        failure: 'exception',
        message: `tdd-hooks: a minitest method the test reached was redefined at run time: ${t.patched}`,
      });
    else if (t.status === 'passed') tests.push({ file: t.file, name, status: 'passed' });
    else if (t.status === 'skipped') tests.push({ file: t.file, name, status: 'skipped' });
    else {
      const cls = t.class ?? '';
      const message = firstLine(t.message ?? '');
      tests.push({ file: t.file, name, status: 'failed', failure: classify(cls, message, t.testOwn === true), message: cls ? `${cls}: ${message}` : message });
    }
  }
  for (const e of report.loadErrors ?? []) {
    if (!e.file) continue;
    const cls = e.class ?? '';
    const message = firstLine(e.message ?? '');
    fileErrors.push({ file: e.file, kind: rubyLoadErrorKind(cls, message, o.root), message: cls ? `${cls}: ${message}` : message });
  }
  // An asked file that loaded and defined no test holds no tests.
  const seen = new Set([...tests.map((t) => t.file), ...fileErrors.map((e) => e.file)]);
  for (const file of o.files) if (!seen.has(file)) fileErrors.push({ file, kind: 'no-tests', message: `${file}: no tests` });
  return { ...base, status: 'completed', tests, fileErrors };
}

export const minitestAdapter: RunnerAdapter = { name: 'minitest', program: 'ruby', buildArgv: buildMinitestArgv, parse: parseMinitestReport };
