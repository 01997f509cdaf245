import { isAbsolute, resolve } from 'node:path';
import type { FailureClass, FileError, TestCaseResult } from '../types.js';
import { phpProfile } from '../lang/languages/php.js';
import { firstLine } from './classify.js';
import { parseXml, type XmlElement } from './junit.js';
import { unknownRun } from './result.js';
import type { BuildArgvInput, BuiltCommand, IsProjectImport, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

/**
 * PHPUnit (9.x; `vendor/bin/phpunit` in the runner's folder, else `phpunit` on PATH): one test file
 * a process (PHPUnit 9 takes one path), `--log-junit <report>` for the verdict, the project's
 * phpunit.xml(.dist) for its bootstrap, no result cache (`.phpunit.result.cache` would reorder the
 * next run). The other files are run again one by one (ParsedRun.rerun). A file that does not load
 * writes no report: PHP's fatal error names the cause (`Uncaught ParseError`, `Failed opening
 * required '…'`, `Class "…" not found`). PHPUnit has no focus: what hides tests is a filter
 * (`--filter`, never passed) or the configuration's `<groups>` include/exclude, so a test the file
 * declares that the report lacks refuses the run.
 */

export function buildPhpunitArgv(o: BuildArgvInput): BuiltCommand {
  const file = o.files[0];
  if (file === undefined) return { error: 'no test file to run' };
  // `./-x.php`: a path that starts with `-` would be read as an option.
  const arg = file.startsWith('-') ? `./${file}` : file;
  return { argv: [o.runnerPath, '--log-junit', o.reportPath, '--do-not-cache-result', '--colors=never', arg], env: {} };
}

/** A failure's exception class → its class; `Error` is read by its message (missing symbols). */
function classify(type: string, message: string, isProject: (name: string) => boolean): FailureClass {
  if (/^PHPUnit\\Framework\\(?:ExpectationFailedException|AssertionFailedError|ExpectationFailedError)$/.test(type)) return 'assertion';
  if (/^(?:Mockery\\Exception\\InvalidCountException|Prophecy\\Exception\\Prediction\\\w+)$/.test(type)) return 'assertion';
  if (type === 'Error') {
    const missing = missingName(message);
    if (missing !== undefined && isProject(missing)) return 'missing-symbol';
  }
  return 'exception';
}

/**
 * The class or function an `Error` says is missing: `Class "App\Calc" not found`, `Call to
 * undefined method App\Calc::subtract()`, `Call to undefined function App\add()` (an interface,
 * trait or enum alike). Undefined for any other error.
 */
function missingName(message: string): string | undefined {
  const m =
    /^(?:Class|Interface|Trait|Enum) "([^"]+)" not found/.exec(message) ??
    /^Call to undefined method ([\w\\]+)::/.exec(message) ??
    /^Call to undefined function ([\w\\]+)\(/.exec(message);
  return m?.[1]?.replace(/^\\/, '');
}

/** The run's file when it wrote no report: what the fatal error or PHPUnit's words say of it. */
function readLoadFailure(o: ParseInput, file: string, isProject: (name: string) => boolean): FileError | undefined {
  const text = `${o.stdout}\n${o.stderr}`;
  // No test class of the file's name, or an abstract one (a base for tests in other files).
  const noClass = /^Class (\S+) could not be found in .*$/m.exec(text) ?? /^Class (\S+) declared in .* is abstract$/m.exec(text);
  if (noClass) return { file, kind: 'no-tests', message: noClass[0].trim() };
  const fatal = /(?:PHP )?(?:Fatal|Parse) error: +(?:Uncaught ([\w\\]+): )?(.*?)(?: in (\S+?):(\d+))?$/m.exec(text);
  if (!fatal) return undefined;
  const [, cls = '', rawMessage = ''] = fatal;
  const message = rawMessage.trim().slice(0, 300);
  const full = cls ? `${cls}: ${message}` : message;
  if (cls === 'ParseError' || /Parse error:/.test(fatal[0]) || /^syntax error/.test(message)) return { file, kind: 'syntax', message: full };
  const opening = /^Failed opening required '([^']+)'/.exec(message);
  if (opening) {
    // A project file not written yet is the next step; a file outside the project, or Composer's vendor/, is a package not installed.
    const wanted = isAbsolute(opening[1]!) ? resolve(opening[1]!) : resolve(o.root, opening[1]!);
    const inProject = wanted.startsWith(o.root + '/') && !wanted.startsWith(`${o.root}/vendor/`);
    return { file, kind: inProject ? 'missing-symbol' : 'missing-module', message: full };
  }
  const missing = missingName(message);
  if (missing !== undefined) return { file, kind: isProject(missing) ? 'missing-symbol' : 'missing-module', message: full };
  return { file, kind: 'load-error', message: full };
}

interface PhpCase {
  name: string;
  classname: string;
  file: string | undefined;
  outcome: XmlElement | undefined;
}

/** Every testcase of the report, nested suites (data providers, a class's suite) included; named by `class` (PHP's `App\CalcTest`) before `classname` (dotted). */
function readCases(top: XmlElement): PhpCase[] {
  const out: PhpCase[] = [];
  const visit = (el: XmlElement, file: string | undefined): void => {
    if (el.name === 'testsuites' || el.name === 'testsuite') for (const c of el.children) visit(c, el.attrs.file ?? file);
    if (el.name !== 'testcase') return;
    const outcome =
      el.children.find((c) => c.name === 'failure' || c.name === 'error') ?? el.children.find((c) => c.name === 'warning' || c.name === 'skipped');
    out.push({ name: el.attrs.name ?? '', classname: el.attrs.class ?? el.attrs.classname ?? '', file: el.attrs.file ?? file, outcome });
  };
  visit(top, undefined);
  return out;
}

/** A failure's text reads `Class::method\nMessage…\n\n/path:line`: its message is the line after the name. */
function failureMessage(text: string): string {
  const lines = text.split('\n').map((l) => l.trim());
  return firstLine(lines.slice(1).join('\n')) || firstLine(text);
}

/** `testAdds with data set #0` / `… with data set "two"` → `testAdds`. */
const methodOf = (name: string): string => name.replace(/ with data set .*$/s, '');

/** The declared tests the report does not hold: hidden by the configuration's groups or a filter. */
function hiddenTests(file: string, source: string | undefined, cases: PhpCase[]): string[] {
  if (source === undefined) return [];
  const ran = new Set(cases.map((c) => methodOf(c.name)));
  return phpProfile.titles(phpProfile.blank(file, source), source).filter((t) => !ran.has(t));
}

function toCase(c: PhpCase, file: string, isProject: (name: string) => boolean): TestCaseResult {
  const name = c.classname ? `${c.classname}::${c.name}` : c.name;
  const o = c.outcome;
  // A warning on a test that ran (a deprecated assertion of PHPUnit 9.6): passed, as PHPUnit has it.
  if (!o || o.name === 'warning') return { file, name, status: 'passed' };
  if (o.name === 'skipped') return { file, name, status: 'skipped' };
  const type = o.attrs.type ?? '';
  // An error's line repeats its class: `Error: Call to undefined method Calc::subtract()`.
  const said = failureMessage(o.text);
  const message = type && said.startsWith(`${type}: `) ? said.slice(type.length + 2) : said;
  return { file, name, status: 'failed', failure: classify(type, message, isProject), message: type ? `${type}: ${message}` : message };
}

export function parsePhpunitReport(o: ParseInput): ParsedRun {
  const file = o.files[0];
  if (file === undefined) return unknownRun(o, o.files, 'no test file was run');
  const rerun = o.files.slice(1);
  const isProject = (name: string) => o.isProjectImport?.(file, name) ?? true;
  const base = { exitCode: o.exitCode, files: o.files, ...(rerun.length > 0 ? { rerun } : {}) };
  const top = o.report === undefined || o.report.trim() === '' ? undefined : parseXml(o.report);
  if (!top) {
    const failed = o.exitCode !== 0 ? readLoadFailure(o, file, isProject) : undefined;
    if (failed) return { ...base, status: 'completed', tests: [], fileErrors: [failed] };
    return { ...unknownRun(o, o.files, o.report === undefined ? 'phpunit wrote no report' : 'the phpunit report is not JUnit XML'), ...base };
  }
  const all = readCases(top);
  // PHPUnit's warning pseudo-test: `No tests found in class "X".` — a file without tests.
  const warnings = all.filter((c) => c.outcome?.name === 'warning' && c.name === 'Warning');
  const cases = all.filter((c) => !warnings.includes(c));
  const tests = cases.map((c) => toCase(c, file, isProject));
  const fileErrors: FileError[] = [];
  const said = warnings.map((w) => failureMessage(w.outcome!.text)).filter((m) => m !== '');
  const hidden = hiddenTests(file, o.sources.get(file), cases);
  if (hidden.length > 0) {
    // PHPUnit's own warning names the cause when it has one (an invalid data provider).
    const cause = said.length > 0 ? `PHPUnit: ${said.join(' ')}` : "the configuration's <groups> or a filter hides them";
    fileErrors.push({ file, kind: 'load-error', message: `tdd-hooks: tests the file declares did not run (${cause}): ${hidden.join(', ')}` });
  } else if (cases.length === 0) fileErrors.push({ file, kind: 'no-tests', message: `${file}: ${said[0] ?? 'no tests'}` });
  return { ...base, status: 'completed', tests, fileErrors };
}

/**
 * A class or function name (as an error names it) is the project's unless composer.json maps
 * namespaces (PSR-4/PSR-0, autoload and autoload-dev) and its namespace is none of them: then it is
 * a package's. A name in the global namespace is the project's (a classmap, a require).
 */
export function phpProjectNames(composerJson: string | undefined): IsProjectImport {
  let prefixes: string[] = [];
  try {
    const c = JSON.parse(composerJson ?? '{}') as Record<string, Record<string, Record<string, unknown>> | undefined>;
    for (const section of ['autoload', 'autoload-dev']) for (const kind of ['psr-4', 'psr-0']) prefixes.push(...Object.keys(c[section]?.[kind] ?? {}));
  } catch {
    prefixes = [];
  }
  const spaces = prefixes.map((p) => p.replace(/^\\+/, '').replace(/\\*$/, '\\')).filter((p) => p !== '\\');
  return (_file, name) => {
    if (!name.includes('\\') || spaces.length === 0) return true;
    return spaces.some((p) => name.startsWith(p));
  };
}

export const phpunitAdapter: RunnerAdapter = { name: 'phpunit', program: 'phpunit', buildArgv: buildPhpunitArgv, parse: parsePhpunitReport };
