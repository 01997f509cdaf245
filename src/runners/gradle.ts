import type { FileError, TestCaseResult } from '../types.js';
import { readGradleCompileErrors } from './gradle-compile.js';
import { readJUnit } from './junit.js';
import { compileFileErrors } from './maven-compile.js';
import { toTest } from './maven.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

/**
 * Java tests through Gradle's own test task: `gradle --no-daemon cleanTest test --tests <class>…`
 * in the private copy, so build/ is the copy's; the project's wrapper (`./gradlew`, runners/locate.ts)
 * before the `gradle` on PATH. JUnit 5 needs Gradle 4.6+ (`test { useJUnitPlatform() }`); JUnit 4
 * runs on any. `cleanTest` makes the test task run even when Gradle thinks it is up to date (an
 * up-to-date task writes no report: the last run's would be read) and removes the last run's
 * reports. No daemon: nothing of the run outlives it. `--offline` only when the user's Gradle
 * says so (an init script of the user's Gradle home with `startParameter.offline = true`): the hook resolves as the user's own builds do. The report is the test task's
 * build/test-results/test/TEST-*.xml; run.ts reads them (reportFiles). A test file is a class
 * under `src/test/java/` of a single-project build at the root (a multi-project build: one
 * `runners` entry per project, with its "root"). JUnit has no focus; @Ignore/@Disabled and a
 * failed assumption are skipped.
 */

const TEST_ROOT = 'src/test/java/';

/** Past this the `--tests` list risks the kernel's limit on a command line: a filter per package instead. */
const MAX_TESTS_ARGS = 100_000;

/** `src/test/java/calc/CalcTest.java` → `calc.CalcTest`. */
function classOf(file: string): string {
  return file
    .slice(TEST_ROOT.length)
    .replace(/\.java$/, '')
    .split('/')
    .join('.');
}

/** The `--tests` filters: a class each, or, past the limit, every class of each package. */
function testFilters(files: string[]): string[] {
  const exact = files.map(classOf);
  if (exact.join(' ').length <= MAX_TESTS_ARGS) return exact;
  const top = exact.filter((c) => !c.includes('.'));
  const packages = [...new Set(exact.filter((c) => c.includes('.')).map((c) => c.slice(0, c.lastIndexOf('.'))))].sort();
  return [...top, ...packages.map((p) => `${p}.*`)];
}

export function buildGradleArgv(o: BuildArgvInput): BuiltCommand {
  const outside = o.files.find((f) => !f.startsWith(TEST_ROOT) || !/^[\w/$]+\.java$/.test(f.slice(TEST_ROOT.length)));
  if (outside !== undefined)
    return {
      error: `gradle runs Java test classes under ${TEST_ROOT} of the build at the runner's root; ${outside} is not one (a multi-project build: one "runners" entry per project, with its "root")`,
    };
  const argv = [o.runnerPath, '--no-daemon', '--console=plain', 'cleanTest', 'test', ...testFilters(o.files).flatMap((c) => ['--tests', c])];
  return { argv, env: {} };
}

/** Where the test task's reports are: build/test-results/test/TEST-*.xml (read by run.ts). */
export function gradleReportFiles(): { dir: string; pattern: RegExp } {
  return { dir: 'build/test-results/test', pattern: /^TEST-.+\.xml$/ };
}

/** Why Gradle stopped before any test ran, in words that name the fix; undefined when nothing says. */
function buildFailure(out: string): string | undefined {
  const offline =
    /(?:No cached version of \S+ available for offline mode|Could not resolve all (?:files|dependencies) for configuration[^\n]*|Could not (?:resolve|find) [\w.-]+:[\w.-]+:[^\s]+)/.exec(
      out,
    );
  if (offline)
    return `gradle could not resolve the build's dependencies (${offline[0].slice(0, 200)}): run \`gradle testClasses\` once online, or point the build's repositories at a local one`;
  const wrong = /\* What went wrong:\n([^\n]+)(?:\n> ([^\n]+))?/.exec(out);
  return wrong ? `gradle failed: ${[wrong[1], wrong[2]].filter(Boolean).join(' ').slice(0, 300)}` : undefined;
}

/** Gradle's own count, logged by the build (not by the test JVM): `6 tests completed, 2 failed, 2 skipped`. */
const SUMMARY = /^\d+ tests? completed, (\d+) failed/m;

/**
 * The report holds no failure, but Gradle says one: its count, or its exit code. The reports are
 * written by the build after the test JVM is gone; a process that JVM leaves behind can rewrite
 * them, not what Gradle already said.
 */
function summaryFailure(o: ParseInput, out: string): string | undefined {
  const counted = SUMMARY.exec(out);
  if (counted && Number(counted[1]) > 0) return 'Gradle counted failing tests but its report holds none: the report was rewritten after Gradle wrote it';
  if (o.exitCode !== 0) return `${buildFailure(out) ?? `gradle exited ${o.exitCode}`}, but its report holds no failure: it cannot be trusted`;
  return undefined;
}

export function parseGradleReport(o: ParseInput): ParsedRun {
  const base = { exitCode: o.exitCode, files: o.files, tests: [] as TestCaseResult[], fileErrors: [] as FileError[] };
  const out = `${o.stdout}\n${o.stderr}`;
  const errors = readGradleCompileErrors(out, o.root, o.sources);
  if (errors.length > 0) return { ...base, status: 'completed', fileErrors: compileFileErrors(errors, o.files, o.sources) };
  if (/Could not find method useJUnitPlatform\(\)/.test(out))
    return {
      ...base,
      status: 'unknown',
      reason: 'this Gradle runs no JUnit 5 tests (useJUnitPlatform() arrived in Gradle 4.6): use a newer Gradle, or its wrapper',
    };
  let tests: TestCaseResult[] = [];
  if (o.report !== undefined) {
    const read = readJUnit(o.report);
    if ('error' in read) return { ...base, status: 'unknown', reason: `the Gradle test report ${read.error}` };
    tests = read.cases.map(toTest);
  }
  const noneFound = tests.length === 0 && /No tests found for given includes/.test(out);
  // A build that failed with no report and no compile error stopped before the tests (a dependency, a bad build script).
  if (tests.length === 0 && o.exitCode !== 0 && !noneFound) {
    const reason = buildFailure(out) ?? `gradle exited ${o.exitCode} before any test ran`;
    return { ...base, status: 'unknown', reason };
  }
  const ran = new Set(tests.map((t) => t.file));
  const fileErrors: FileError[] = o.files.filter((f) => !ran.has(f)).map((file) => ({ file, kind: 'no-tests', message: `${file}: no tests ran` }));
  const forged = fileErrors.length === 0 && !tests.some((t) => t.status === 'failed') ? summaryFailure(o, out) : undefined;
  if (forged) return { ...base, status: 'unknown', reason: forged };
  return { ...base, status: 'completed', tests, fileErrors };
}

export const gradleAdapter: RunnerAdapter = {
  name: 'gradle',
  program: 'gradle',
  reportFiles: gradleReportFiles,
  buildArgv: buildGradleArgv,
  parse: parseGradleReport,
};
