import type { FailureClass, FileError, TestCaseResult } from '../types.js';
import { rubyExceptionClass, rubyLoadErrorKind } from './ruby-errors.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

/**
 * RSpec (`rspec` on PATH, 3.x): `--format json --out <report>` for the verdict, progress on stdout
 * for people. Our support file (dist/runners/ruby/tdd_rspec.rb, `--require`d) refuses focused
 * examples before any runs. Files load with the project's own `.rspec` and spec_helper; a file
 * that fails to load is reported in `messages` ("An error occurred while loading ./spec/x_spec.rb"),
 * its examples never run. Pending examples (`xit`, `skip`, `pending` that still fails) are skipped;
 * a `pending` example that passes fails (RSpec's own rule). A method the example itself lacks (a
 * helper never written, a typo) is an exception, not the project's next symbol.
 */

export function buildRspecArgv(o: BuildArgvInput): BuiltCommand {
  if (!o.rspecSupport) return { error: 'the RSpec support file is not built (dist/runners/ruby/tdd_rspec.rb)' };
  const argv = [
    o.runnerPath,
    '--require',
    o.rspecSupport,
    '--no-color',
    '--format',
    'json',
    '--out',
    o.reportPath,
    '--format',
    'progress',
    ...o.files.map(asArg),
  ];
  return { argv, env: {} };
}

// `./spec/a_spec.rb`: a path that starts with `-` would be read as an option.
function asArg(file: string): string {
  return file.startsWith('-') ? `./${file}` : file;
}

interface RspecExample {
  full_description?: string;
  description?: string;
  status?: string;
  file_path?: string;
  exception?: { class?: string; message?: string };
}

interface RspecReport {
  examples?: RspecExample[];
  summary?: { example_count?: number; errors_outside_of_examples_count?: number };
  messages?: string[];
}

const norm = (p: string): string => p.replace(/^\.\//, '');

/**
 * A NameError/NoMethodError whose receiver is the example itself (`add_with_calc(2, 3)`, a helper
 * the spec never defined, a typo): the test's own mistake, not the project's next symbol — what
 * minitest's runner reads from the receiver, read here from Ruby's words for it (an example group
 * instance: `for #<RSpec::ExampleGroups::Calc "adds" (…)>` before Ruby 3.3, `for an instance of
 * RSpec::ExampleGroups::Calc` since).
 */
const TEST_OWN = /^undefined (?:local variable or )?method [`'][^`']+' for (?:#<|an instance of )RSpec::ExampleGroups::/;

/** The failure class of an exception an example raised. */
function classify(cls: string, message: string): FailureClass {
  if ((cls === 'NoMethodError' || cls === 'NameError') && TEST_OWN.test(message)) return 'exception';
  if (/^RSpec::(?:Expectations::ExpectationNotMetError|Expectations::MultipleExpectationsNotMetError|Mocks::MockExpectationError)$/.test(cls))
    return 'assertion';
  if (cls === 'RSpec::Core::Pending::PendingExampleFixedError') return 'assertion';
  return rubyExceptionClass(cls, message);
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0]!.trim();
}

/**
 * A message of an error outside the examples: the file it names and the error's kind. Load errors
 * read "An error occurred while loading ./spec/x_spec.rb." then the exception's class on a line of
 * its own and its message indented under it.
 */
function readLoadError(message: string, root: string): { file?: string; kind: FileError['kind']; message: string } {
  const file = /An error occurred while loading (\S+?)\.?\s*$/m.exec(message)?.[1];
  const m = /^([A-Z][\w:]*(?:Error|Exception)):\n\s*(.+)$/m.exec(message) ?? /^([A-Z][\w:]*(?:Error|Exception)):\s*(.+)$/m.exec(message);
  const cls = m?.[1] ?? '';
  const text = m ? `${cls}: ${m[2]!.trim()}` : firstLine(message.replace(/^\s*An error occurred[^\n]*\n/, ''));
  const kind = rubyLoadErrorKind(cls, text, root);
  return { ...(file ? { file: norm(file) } : {}), kind, message: text };
}

export function parseRspecReport(o: ParseInput): ParsedRun {
  const base = { exitCode: o.exitCode, files: o.files, tests: [] as TestCaseResult[], fileErrors: [] as FileError[] };
  let report: RspecReport;
  try {
    report = JSON.parse(o.report ?? '') as RspecReport;
  } catch {
    return { ...base, status: 'unknown', reason: o.report === undefined ? 'rspec wrote no report' : 'the rspec report is not JSON' };
  }
  const tests: TestCaseResult[] = (report.examples ?? []).map((e) => {
    const file = norm(e.file_path ?? '');
    const name = e.full_description ?? e.description ?? '';
    if (e.status === 'passed') return { file, name, status: 'passed' };
    if (e.status === 'pending') return { file, name, status: 'skipped' };
    const cls = e.exception?.class ?? '';
    const message = firstLine(e.exception?.message ?? '');
    return { file, name, status: 'failed', failure: classify(cls, message), message: cls ? `${cls}: ${message}` : message };
  });
  const fileErrors: FileError[] = [];
  for (const m of report.messages ?? []) {
    if (!/An error occurred/.test(m)) continue;
    const e = readLoadError(m, o.root);
    // An error outside any file (a before(:suite) hook, our focus rule) stops every asked file.
    const files = e.file ? [e.file] : o.files;
    for (const file of files) fileErrors.push({ file, kind: e.kind, message: e.message });
  }
  // An asked file that ran no example and failed no load holds no tests.
  const seen = new Set([...tests.map((t) => t.file), ...fileErrors.map((e) => e.file)]);
  for (const file of o.files) if (!seen.has(file)) fileErrors.push({ file, kind: 'no-tests', message: `${file}: no examples` });
  return { ...base, status: 'completed', tests, fileErrors };
}

export const rspecAdapter: RunnerAdapter = { name: 'rspec', program: 'rspec', buildArgv: buildRspecArgv, parse: parseRspecReport };
