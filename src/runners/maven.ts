import { basename, dirname, posix } from 'node:path';
import type { FailureClass, FileError, TestCaseResult } from '../types.js';
import { firstLine } from './classify.js';
import { exceptionOf, readJUnit, type JUnitCase } from './junit.js';
import { compileFileErrors, readCompileErrors } from './maven-compile.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

/**
 * JUnit 5 through Maven (`mvn` on PATH, Surefire 2.22+ with the JUnit Platform provider): `mvn -o
 * test -Dtest=<the staged classes>` in the private copy, so target/ is the copy's. Offline always
 * (`-o`, file:// repositories allowed: a Debian repository or a mirror of one): the hook never
 * downloads; a project whose dependencies are not in the local repository yet says so (exit 3).
 * The report is Surefire's TEST-*.xml, named with a suffix of this run (`-Dsurefire.reportNameSuffix`)
 * so no report of an earlier run in the same copy is read; run.ts reads them (reportFiles). A test
 * file is a class under `src/test/java/` of a single-module project at the root (a multi-module
 * project: one `runners` entry per module). JUnit has no focus; @Disabled and a failed assumption
 * are skipped.
 */

const TEST_ROOT = 'src/test/java/';

/** This run's suffix: the run's private temp dir's name, letters and digits only. */
function suffixOf(reportPath: string): string {
  return basename(dirname(reportPath)).replace(/[^A-Za-z0-9]/g, '') || 'tdd';
}

/** `src/test/java/calc/CalcTest.java` → the Surefire patterns of the class and its nested classes. */
function testPatterns(file: string): string[] {
  const cls = file.slice(TEST_ROOT.length).replace(/\.java$/, '');
  return [`${cls}.java`, `${cls}$*.java`];
}

/** Past this an argument risks the kernel's limit on one (128 KiB): a run of every test class of a big project. */
const MAX_TEST_ARG = 100_000;

/** `-Dtest`'s patterns: a class each, or, when that list is too long for one argument, every class of each folder. */
function testArg(files: string[]): string {
  const exact = files.flatMap(testPatterns).join(',');
  if (exact.length <= MAX_TEST_ARG) return exact;
  // A class in no package keeps its own pattern: a bare `*` would be Surefire's `**/*`, every class.
  const top = files.filter((f) => !f.slice(TEST_ROOT.length).includes('/'));
  const folders = [...new Set(files.map((f) => posix.dirname(f.slice(TEST_ROOT.length))).filter((d) => d !== '.'))].sort();
  return [...top.flatMap(testPatterns), ...folders.map((d) => `${d}/*`)].join(',');
}

export function buildMavenArgv(o: BuildArgvInput): BuiltCommand {
  const outside = o.files.find((f) => !f.startsWith(TEST_ROOT) || !/^[\w/$]+\.java$/.test(f.slice(TEST_ROOT.length)));
  if (outside !== undefined)
    return {
      error: `maven runs Java test classes under ${TEST_ROOT} of the project at the runner's root; ${outside} is not one (a multi-module project: one "runners" entry per module, with its "root")`,
    };
  const argv = [
    o.runnerPath,
    '-o',
    '-B',
    '-Daether.offline.protocols=file',
    `-Dtest=${testArg(o.files)}`,
    '-DfailIfNoTests=false',
    '-Dsurefire.failIfNoSpecifiedTests=false',
    `-Dsurefire.reportNameSuffix=${suffixOf(o.reportPath)}`,
    'test',
  ];
  return { argv, env: {} };
}

/** Where this run's reports are: every `TEST-*-<suffix>.xml` of target/surefire-reports (read by run.ts). */
export function mavenReportFiles(o: { root: string; reportPath: string }): { dir: string; pattern: RegExp } {
  const suffix = suffixOf(o.reportPath);
  return { dir: 'target/surefire-reports', pattern: new RegExp(`^TEST-.+-${suffix}\\.xml$`) };
}

/** AssertionError and its kin (opentest4j, AssertJ, Hamcrest, JUnit 4's ComparisonFailure). */
const ASSERTION = /(?:^|\.)(?:AssertionError|AssertionFailedError|MultipleFailuresError|ComparisonFailure|AssertionFailure)$/;

function classify(type: string | undefined): FailureClass {
  if (type !== undefined && ASSERTION.test(type)) return 'assertion';
  return 'exception';
}

/** `calc.CalcTest$Inner(suffix)` → `src/test/java/calc/CalcTest.java`. */
function fileOfClass(classname: string): string {
  const cls = classname.replace(/\([^)]*\)$/, '').split('$')[0]!;
  return `${TEST_ROOT}${cls.split('.').join('/')}.java`;
}

/** One JUnit-XML case of a Java test class (Surefire's or Gradle's report) as a test result. */
export function toTest(c: JUnitCase): TestCaseResult {
  const cls = c.classname.replace(/\([^)]*\)$/, '');
  const file = fileOfClass(c.classname);
  const name = `${cls.split('.').pop()!.split('$').join(' > ')} > ${c.name}`;
  if (!c.outcome) return { file, name, status: 'passed' };
  if (c.outcome.kind === 'skipped') return { file, name, status: 'skipped' };
  const thrown = exceptionOf(c.outcome);
  const message = thrown.type ? `${thrown.type}: ${thrown.message}` : thrown.message || firstLine(c.outcome.text);
  return { file, name, status: 'failed', failure: classify(thrown.type), message };
}

/** Why Maven stopped before any test ran, in words that name the fix; undefined when nothing says. */
function buildFailure(out: string): string | undefined {
  const offline =
    /(?:Cannot access \S+ in offline mode|offline mode and the artifact \S+ has not been downloaded|Could not resolve dependencies[^\n]*|Plugin \S+ or one of its dependencies could not be resolved|Non-resolvable parent POM[^\n]*)/.exec(
      out,
    );
  if (offline)
    return `maven could not resolve the project's plugins or dependencies offline (${offline[0].slice(0, 200)}): run \`mvn -B test-compile\` once online, or point ~/.m2/settings.xml at a local repository`;
  const pom = /(?:Non-parseable POM|Malformed POM|The project \S+ \([^)]*\) has \d+ errors?)[^\n]*/.exec(out);
  if (pom) return `the pom does not read: ${pom[0].slice(0, 300)}`;
  const goal = /^\[ERROR\] Failed to execute goal ([^\n]*)/m.exec(out);
  return goal ? `maven failed: ${goal[1]!.slice(0, 300)}` : undefined;
}

/** Surefire's own count, logged by Maven (not by the test JVM, whose output Maven prints without a level). */
const SUMMARY = /^\[(?:INFO|WARNING|ERROR)\] Tests run: \d+, Failures: (\d+), Errors: (\d+)/gm;

/**
 * The report holds no failure, but Maven says one: its exit code, or a `Tests run:` count of its
 * own. The report files are written by Maven, then the test JVM ends: a shutdown hook of the
 * implementation there can rewrite them (runners/seal.ts), not what Maven already said.
 */
function summaryFailure(o: ParseInput): string | undefined {
  const counted = [...o.stdout.matchAll(SUMMARY)].some((m) => Number(m[1]) + Number(m[2]) > 0);
  if (counted) return 'Surefire counted failing tests but its report holds none: the report was rewritten after Surefire wrote it';
  if (o.exitCode !== 0) return `${buildFailure(o.stdout) ?? `maven exited ${o.exitCode}`}, but its report holds no failure: it cannot be trusted`;
  return undefined;
}

export function parseMavenReport(o: ParseInput): ParsedRun {
  const base = { exitCode: o.exitCode, files: o.files, tests: [] as TestCaseResult[], fileErrors: [] as FileError[] };
  const errors = readCompileErrors(o.stdout, o.root);
  if (errors.length > 0) return { ...base, status: 'completed', fileErrors: compileFileErrors(errors, o.files, o.sources) };
  const old = /--- maven-surefire-plugin:(\d+)\.(\d+)[\w.-]*:test /.exec(o.stdout);
  if (old && (Number(old[1]) < 2 || (Number(old[1]) === 2 && Number(old[2]) < 22)))
    return { ...base, status: 'unknown', reason: `Surefire ${old[0].split(':')[1]} runs no JUnit 5 tests: set maven-surefire-plugin 2.22 or later in the pom` };
  let tests: TestCaseResult[] = [];
  if (o.report !== undefined) {
    const read = readJUnit(o.report);
    if ('error' in read) return { ...base, status: 'unknown', reason: `the Surefire report ${read.error}` };
    tests = read.cases.map(toTest);
  }
  // A build that failed with no report and no compile error stopped before the tests (offline, a bad pom, a plugin).
  if (tests.length === 0 && o.exitCode !== 0) {
    const reason = buildFailure(o.stdout) ?? `maven exited ${o.exitCode} before any test ran`;
    return { ...base, status: 'unknown', reason };
  }
  const ran = new Set(tests.map((t) => t.file));
  const fileErrors: FileError[] = o.files.filter((f) => !ran.has(f)).map((file) => ({ file, kind: 'no-tests', message: `${file}: no tests ran` }));
  const forged = fileErrors.length === 0 && !tests.some((t) => t.status === 'failed') ? summaryFailure(o) : undefined;
  if (forged) return { ...base, status: 'unknown', reason: forged };
  return { ...base, status: 'completed', tests, fileErrors };
}

export const mavenAdapter: RunnerAdapter = {
  name: 'maven',
  program: 'mvn',
  reportFiles: mavenReportFiles,
  buildArgv: buildMavenArgv,
  parse: parseMavenReport,
};
