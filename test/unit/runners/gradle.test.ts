import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateRunner } from '../../../src/runners/locate.js';
import { buildGradleArgv, parseGradleReport } from '../../../src/runners/gradle.js';
import { readGradleCompileErrors } from '../../../src/runners/gradle-compile.js';
import type { BuildArgvInput, ParseInput } from '../../../src/runners/types.js';

const ROOT = '/s/tree';
const T = 'src/test/java/calc/';

const argvInput = (files: string[]): BuildArgvInput => ({
  root: ROOT,
  files,
  reportPath: '/tmp/tdd-run-x/report',
  nodePath: 'node',
  runnerPath: 'gradle',
  cacheDir: '/tmp/c',
  unittestShim: '',
});

const parseInput = (o: Partial<ParseInput>): ParseInput => ({
  report: undefined,
  exitCode: 1,
  stdout: '',
  stderr: '',
  files: [`${T}CalcTest.java`],
  root: ROOT,
  sources: new Map(),
  ...o,
});

/** Gradle's test report of one class (trimmed from Gradle 4.4.1's), inside the `<testsuites>` run.ts joins them in. */
const report = (cases: string) =>
  `<testsuites>\n<testsuite name="calc.CalcTest" tests="1" skipped="0" failures="0" errors="0" timestamp="2026-12-02T04:46:32" hostname="vm" time="0.03">\n  <properties/>\n${cases}\n  <system-out><![CDATA[]]></system-out>\n  <system-err><![CDATA[]]></system-err>\n</testsuite>\n</testsuites>\n`;
const PASSING = report('  <testcase name="adds" classname="calc.CalcTest" time="0.004"/>');

describe('buildGradleArgv', () => {
  it('runs the staged classes through a test task made to run, without a daemon, and never offline of itself', () => {
    const built = buildGradleArgv(argvInput([`${T}CalcTest.java`, 'src/test/java/RootTest.java']));
    expect(built).toEqual({
      argv: ['gradle', '--no-daemon', '--console=plain', 'cleanTest', 'test', '--tests', 'calc.CalcTest', '--tests', 'RootTest'],
      env: {},
    });
  });

  it('every class of a big project: one filter per package, so the command line stays under the kernel limit', () => {
    const files = Array.from({ length: 5000 }, (_, i) => `src/test/java/org/example/deep/package${i % 7}/SomeRatherLongTestClassName${i}Test.java`);
    const built = buildGradleArgv(argvInput(files));
    if ('error' in built) throw new Error(built.error);
    expect(built.argv.filter((a) => a !== '--tests').slice(5)).toEqual(Array.from({ length: 7 }, (_, i) => `org.example.deep.package${i}.*`));
  });

  it('refuses a file outside src/test/java, naming it and the way for a multi-project build', () => {
    const built = buildGradleArgv(argvInput(['app/src/test/java/calc/CalcTest.java']));
    expect('error' in built && built.error).toMatch(/app\/src\/test\/java\/calc\/CalcTest\.java is not one.*one "runners" entry per project/);
  });
});

describe('the gradle that runs', () => {
  it("the build's own ./gradlew, else gradle on PATH", () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdd-gradlew-'));
    try {
      expect(locateRunner('gradle', 'gradle', dir)).toEqual({ path: 'gradle' });
      writeFileSync(join(dir, 'gradlew'), '#!/bin/sh\n', { mode: 0o755 });
      expect(locateRunner('gradle', 'gradle', dir)).toEqual({ path: join(dir, 'gradlew') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parseGradleReport', () => {
  it('reads the test task report', () => {
    const r = parseGradleReport(parseInput({ report: PASSING, exitCode: 0 }));
    expect([r.status, r.tests]).toEqual(['completed', [{ file: `${T}CalcTest.java`, name: 'CalcTest > adds', status: 'passed' }]]);
  });

  it("refuses a report with no failure that Gradle's own count or exit code contradicts", () => {
    const counted = parseGradleReport(parseInput({ report: PASSING, exitCode: 0, stdout: ':test\n\n1 test completed, 1 failed\n' }));
    expect([counted.status, counted.reason]).toEqual(['unknown', expect.stringMatching(/Gradle counted failing tests but its report holds none/)]);
    const exited = parseGradleReport(parseInput({ report: PASSING, exitCode: 1 }));
    expect([exited.status, exited.reason]).toEqual(['unknown', expect.stringMatching(/gradle exited 1, but its report holds no failure/)]);
  });

  it('a dependency that cannot be had, a build script that fails, an old Gradle asked for JUnit 5: unknown with the fix', () => {
    const offline = parseGradleReport(
      parseInput({
        stderr:
          "* What went wrong:\nCould not resolve all files for configuration ':testCompileClasspath'.\n> No cached version of junit:junit:4.13.2 available for offline mode.\n",
      }),
    );
    expect([offline.status, offline.reason]).toEqual([
      'unknown',
      expect.stringMatching(/^gradle could not resolve the build's dependencies .*gradle testClasses/),
    ]);
    const script = parseGradleReport(
      parseInput({
        stderr: "* What went wrong:\nA problem occurred evaluating root project 'calc'.\n> No such property: x for class: org.gradle.api.Project\n",
      }),
    );
    expect(script.reason).toBe("gradle failed: A problem occurred evaluating root project 'calc'. No such property: x for class: org.gradle.api.Project");
    const old = parseGradleReport(
      parseInput({ stderr: "> Could not find method useJUnitPlatform() for arguments [] on task ':test' of type org.gradle.api.tasks.testing.Test.\n" }),
    );
    expect([old.status, old.reason]).toEqual(['unknown', expect.stringMatching(/Gradle 4\.6/)]);
  });

  it('no tests in the asked class: Gradle fails the filter, the file has no tests (not unknown)', () => {
    const r = parseGradleReport(
      parseInput({ stderr: "Execution failed for task ':test'.\n> No tests found for given includes: [calc.CalcTest](--tests filter) \n" }),
    );
    expect([r.status, r.fileErrors.map((e) => e.kind)]).toEqual(['completed', ['no-tests']]);
  });
});

describe('readGradleCompileErrors', () => {
  const source = 'package calc;\n\nimport static org.junit.Assert.assertEquals;\nimport org.other.Money;\n';
  const out = [
    ':compileTestJava',
    '/s/tree/src/test/java/calc/CalcTest.java:10: error: cannot find symbol',
    '    assertEquals(1, Calc.subtract(2, 1));',
    '                        ^',
    '  symbol:   method subtract(int,int)',
    '  location: class Calc',
    '/s/tree/src/test/java/calc/CalcTest.java:11: warning: [deprecation] old() in Money has been deprecated',
    '/s/tree/src/test/java/calc/CalcTest.java:12: error: cannot find symbol',
    '    Money.two();',
    '         ^',
    '  symbol:   method two()',
    '  location: class Money',
    '2 errors',
    ':compileTestJava FAILED',
  ].join('\n');

  it("reads javac's own text: the caret's column, the location's type qualified from the file's package and imports, no warnings", () => {
    expect(readGradleCompileErrors(out, ROOT, new Map([[`${T}CalcTest.java`, source]]))).toEqual([
      { file: `${T}CalcTest.java`, line: 10, column: 25, message: 'cannot find symbol', symbol: 'method subtract(int,int)', location: 'class calc.Calc' },
      { file: `${T}CalcTest.java`, line: 12, column: 10, message: 'cannot find symbol', symbol: 'method two()', location: 'class org.other.Money' },
    ]);
  });

  it('a compile error makes file errors, not a run', () => {
    const r = parseGradleReport(parseInput({ stderr: out, sources: new Map([[`${T}CalcTest.java`, source]]) }));
    expect([r.status, r.fileErrors.map((e) => e.kind)]).toEqual(['completed', ['missing-symbol']]);
  });
});
