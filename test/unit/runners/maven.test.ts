import { describe, expect, it } from 'vitest';
import { buildMavenArgv, mavenReportFiles, parseMavenReport } from '../../../src/runners/maven.js';
import { classifyCompileError, readCompileErrors } from '../../../src/runners/maven-compile.js';
import type { BuildArgvInput, ParseInput } from '../../../src/runners/types.js';

const ROOT = '/s/tree';
const T = 'src/test/java/calc/';

const argvInput = (files: string[]): BuildArgvInput => ({
  root: ROOT,
  files,
  reportPath: '/tmp/tdd-run-Ab3_x/report',
  nodePath: 'node',
  runnerPath: 'mvn',
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

/** maven-compiler-plugin 3.10.1's block (mvn 3.8.7, javac 17), the summary after it repeating the errors. */
const compileOutput = (...errors: string[]) =>
  [
    '[INFO] Compiling 2 source files to /s/tree/target/test-classes',
    '[INFO] -------------',
    '[ERROR] COMPILATION ERROR : ',
    '[INFO] -------------',
    ...errors.map((e) => `[ERROR] ${e}`),
    `[INFO] ${errors.length} errors`,
    '[INFO] BUILD FAILURE',
    '[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.10.1:testCompile (default-testCompile) on project calc: Compilation failure: Compilation failure: ',
    ...errors.map((e) =>
      e
        .split('\n')
        .map((l) => `[ERROR] ${l}`)
        .join('\n'),
    ),
  ].join('\n');

describe('buildMavenArgv', () => {
  it('runs the staged classes and their nested ones offline, with a suffix of this run for the reports', () => {
    const built = buildMavenArgv(argvInput([`${T}CalcTest.java`, 'src/test/java/RootTest.java']));
    expect(built).toEqual({
      argv: [
        'mvn',
        '-o',
        '-B',
        '-Daether.offline.protocols=file',
        '-Dtest=calc/CalcTest.java,calc/CalcTest$*.java,RootTest.java,RootTest$*.java',
        '-DfailIfNoTests=false',
        '-Dsurefire.failIfNoSpecifiedTests=false',
        '-Dsurefire.reportNameSuffix=tddrunAb3x',
        'test',
      ],
      env: {},
    });
    const at = mavenReportFiles({ root: ROOT, reportPath: '/tmp/tdd-run-Ab3_x/report' });
    expect(at.dir).toBe('target/surefire-reports');
    expect(
      ['TEST-calc.CalcTest-tddrunAb3x.xml', 'TEST-calc.CalcTest-tddrunOther.xml', 'calc.CalcTest-tddrunAb3x.txt'].filter((n) => at.pattern.test(n)),
    ).toEqual(['TEST-calc.CalcTest-tddrunAb3x.xml']);
  });

  it('every test class of a big project: one pattern per folder, so the argument stays under the kernel limit', () => {
    const files = Array.from({ length: 3000 }, (_, i) => `src/test/java/org/example/pkg${i % 7}/sub/Feature${i}Test.java`);
    const built = buildMavenArgv(argvInput([...files, 'src/test/java/TopTest.java']));
    const arg = 'argv' in built ? built.argv.find((a) => a.startsWith('-Dtest=')) : undefined;
    expect(arg).toBe(`-Dtest=TopTest.java,TopTest$*.java,${[0, 1, 2, 3, 4, 5, 6].map((i) => `org/example/pkg${i}/sub/*`).join(',')}`);
  });

  it('refuses a file outside src/test/java or a name that is no class, naming it and the way for a multi-module project', () => {
    for (const f of ['core/src/test/java/calc/CalcTest.java', `${T}calc-test.java`, `${T}CalcTest.kt`]) {
      const built = buildMavenArgv(argvInput([f]));
      expect('error' in built && built.error).toContain(f);
      expect('error' in built && built.error).toContain('"runners"');
    }
  });
});

describe('parseMavenReport', () => {
  const SUREFIRE = `<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="calc.CalcTest(tddrunX)" tests="3" errors="0" skipped="1" failures="1">
  <testcase name="adds" classname="calc.CalcTest(tddrunX)" time="0.01"><failure message="expected: &lt;5&gt; but was: &lt;4&gt;" type="org.opentest4j.AssertionFailedError">org.opentest4j.AssertionFailedError: expected: &lt;5&gt; but was: &lt;4&gt;
	at calc.CalcTest.adds(CalcTest.java:9)</failure></testcase>
  <testcase name="deep" classname="calc.CalcTest$Inner(tddrunX)" time="0"/>
  <testcase name="later" classname="calc.CalcTest(tddrunX)" time="0"><skipped message="later"/></testcase>
</testsuite>`;

  it('refuses a report with no failure that Maven contradicts: the test JVM rewrote it after Surefire wrote it', () => {
    const passing = `<testsuites><testsuite name="calc.CalcTest" tests="1"><testcase name="adds" classname="calc.CalcTest(tddrunX)" time="0"/></testsuite></testsuites>`;
    const results =
      '[INFO] Results:\n[INFO] \n[ERROR] Failures: \n[ERROR]   CalcTest.adds:7 expected: <5> but was: <0>\n[ERROR] Tests run: 1, Failures: 1, Errors: 0, Skipped: 0\n';
    expect(parseMavenReport(parseInput({ report: passing, exitCode: 1, stdout: results })).status).toBe('unknown');
    // testFailureIgnore: Maven exits 0, and still counts the failure.
    expect(parseMavenReport(parseInput({ report: passing, exitCode: 0, stdout: results.replace('[ERROR] Tests', '[WARNING] Tests') })).status).toBe('unknown');
    // The test JVM's own output (no level) proves nothing; an honest passing run stays a pass.
    const honest = parseMavenReport(
      parseInput({ report: passing, exitCode: 0, stdout: 'Tests run: 1, Failures: 1, Errors: 0\n[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0\n' }),
    );
    expect(honest.status).toBe('completed');
    expect(honest.tests.map((t) => t.status)).toEqual(['passed']);
  });

  it("reads Surefire's testcases: the nested class under its outer file, the suffix dropped", () => {
    const r = parseMavenReport(parseInput({ report: `<testsuites>${SUREFIRE.replace(/^<\?xml[^>]*\?>/, '')}</testsuites>` }));
    expect(r.status).toBe('completed');
    expect(r.tests).toEqual([
      {
        file: `${T}CalcTest.java`,
        name: 'CalcTest > adds',
        status: 'failed',
        failure: 'assertion',
        message: 'org.opentest4j.AssertionFailedError: expected: <5> but was: <4>',
      },
      { file: `${T}CalcTest.java`, name: 'CalcTest > Inner > deep', status: 'passed' },
      { file: `${T}CalcTest.java`, name: 'CalcTest > later', status: 'skipped' },
    ]);
    expect(r.fileErrors).toEqual([]);
  });

  it('a dependency missing offline, a bad pom, or a failed goal before any test is unknown (exit 3) with the fix, never a pass', () => {
    const offline = parseMavenReport(
      parseInput({
        stdout:
          '[ERROR] Failed to execute goal on project calc: Could not resolve dependencies for project example:calc:jar:1.0: Could not find artifact org.junit.jupiter:junit-jupiter:jar:5.10.0 in debian (file:///usr/share/maven-repo) -> [Help 1]',
      }),
    );
    expect(offline.status).toBe('unknown');
    expect(offline.reason).toMatch(/mvn -B test-compile/);
    expect(parseMavenReport(parseInput({ stdout: '[ERROR] Non-parseable POM /s/tree/pom.xml: end tag name </project> must match' })).status).toBe('unknown');
    expect(parseMavenReport(parseInput({ exitCode: 1, stdout: 'killed' })).reason).toBe('maven exited 1 before any test ran');
    // Maven 3.8's default Surefire knows no JUnit Platform: it would run nothing, which is no "no tests".
    const surefire = parseMavenReport(parseInput({ exitCode: 0, stdout: '[INFO] --- maven-surefire-plugin:2.12.4:test (default-test) @ calc ---' }));
    expect([surefire.status, surefire.reason]).toEqual([
      'unknown',
      'Surefire 2.12.4 runs no JUnit 5 tests: set maven-surefire-plugin 2.22 or later in the pom',
    ]);
    expect(parseMavenReport(parseInput({ exitCode: 0, stdout: '[INFO] --- maven-surefire-plugin:3.0.0-M9:test (default-test) @ calc ---' })).status).toBe(
      'completed',
    );
    // Exit 0 and no report: the class held no tests.
    const none = parseMavenReport(parseInput({ exitCode: 0 }));
    expect([none.status, none.fileErrors.map((e) => e.kind)]).toEqual(['completed', ['no-tests']]);
    expect(parseMavenReport(parseInput({ report: '<testsuites><testsuite>' })).status).toBe('unknown');
  });

  it('an implementation that does not compile, or another test file, stops an asked file that compiled: a load error naming it', () => {
    const main = parseMavenReport(parseInput({ stdout: compileOutput("/s/tree/src/main/java/calc/Calc.java:[2,71] ';' expected") }));
    expect(main.fileErrors).toEqual([
      { file: `${T}CalcTest.java`, kind: 'load-error', message: "the implementation does not compile: src/main/java/calc/Calc.java:[2,71] ';' expected" },
    ]);
    const other = parseMavenReport(parseInput({ stdout: compileOutput('/s/tree/src/test/java/calc/OtherTest.java:[5,3] not a statement') }));
    expect(other.fileErrors[0]).toMatchObject({
      kind: 'load-error',
      message: expect.stringMatching(/^another file does not compile: src\/test\/java\/calc\/OtherTest\.java/),
    });
  });

  it('reads each error once, with its symbol and location lines', () => {
    const errors = readCompileErrors(
      compileOutput('/s/tree/src/test/java/calc/CalcTest.java:[5,48] cannot find symbol\n  symbol:   method subtract(int,int)\n  location: class calc.Calc'),
      ROOT,
    );
    expect(errors).toEqual([
      { file: `${T}CalcTest.java`, line: 5, column: 48, message: 'cannot find symbol', symbol: 'method subtract(int,int)', location: 'class calc.Calc' },
    ]);
  });
});

describe('classifyCompileError', () => {
  const src = 'package calc;\n\nclass CalcTest {\n  @Tset void a() { assertEquals(1, x.sum()); }\n}\n';
  const e = (message: string, symbol?: string, location?: string, line = 4, column = 4) => ({
    file: `${T}CalcTest.java`,
    line,
    column,
    message,
    symbol,
    location,
  });
  it.each([
    ['a method of a project class', e('cannot find symbol', 'method subtract(int,int)', 'class calc.Calc'), 'missing-symbol'],
    ['a method on a variable of a project type', e('cannot find symbol', 'method sum()', 'variable x of type calc.shapes.Bag'), 'missing-symbol'],
    ['a class not written yet', e('cannot find symbol', 'class Circle', 'class calc.CalcTest', 4, 30), 'missing-symbol'],
    ['a project package not written yet', e('package calc.shapes does not exist'), 'missing-symbol'],
    ["the project's signature", e('method add in class calc.Calc cannot be applied to given types;'), 'missing-symbol'],
    ['an annotation not imported', e('cannot find symbol', 'class Tset', 'class calc.CalcTest', 4, 4), 'load-error'],
    [
      'a static import the test forgot (a method of the test class)',
      e('cannot find symbol', 'method assertEquals(int,int)', 'class calc.CalcTest'),
      'load-error',
    ],
    ["a framework's class mistyped", e('cannot find symbol', 'class Tset', 'package org.junit.jupiter.api'), 'missing-module'],
    ['a JDK method', e('cannot find symbol', 'method sizee()', 'interface java.util.List<E>'), 'load-error'],
    ['a package no dependency provides', e('package org.tddhooks.notinstalled does not exist'), 'missing-module'],
    ['a type error', e('incompatible types: String cannot be converted to int'), 'load-error'],
    ['a parse error', e("';' expected"), 'syntax'],
    ['an unfinished file', e('reached end of file while parsing'), 'syntax'],
  ])('%s', (_name, error, kind) => {
    expect(classifyCompileError(error, src)).toBe(kind);
  });
});
