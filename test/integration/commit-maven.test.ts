/**
 * JUnit 5 through Maven, through real `git commit` with the installed hooks (mvn offline against
 * Debian's repository, see test/helpers/maven.ts): install detects the runner from the pom; a RED
 * whose test does not parse is refused as a syntax error; the honest RED (Calc.add not written:
 * javac's "cannot find symbol") is accepted; a GREEN that disables the frozen test, one whose
 * implementation reaches for JUnit's assertions, one that walks the stack for the test's class and
 * one that shadows JUnit's Assertions from src/main/java are refused, and so is one that tells Surefire to skip the tests; the honest GREEN is accepted with Maven's evidence, and a REFACTOR after it
 * (every test class runs: Java has no import graph here); doctor reads Maven's version; and no run
 * wrote into the checkout (no target/). One repository, one `it`: every Maven start is seconds.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { mavenTestEnv } from '../helpers/maven.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

const TEST_PATH = 'src/test/java/calc/CalcTest.java';
const TEST =
  'package calc;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n\nimport org.junit.jupiter.api.Test;\n\n' +
  'class CalcTest {\n  @Test\n  void adds() {\n    assertEquals(5, Calc.add(2, 3));\n  }\n}\n';
const IMPL = 'package calc;\n\npublic final class Calc {\n  private Calc() {}\n\n  public static int add(int a, int b) {\n    return a + b;\n  }\n}\n';

let repo: Repo | undefined;
afterAll(() => repo?.cleanup());

describe('maven, through git commit', () => {
  it('refuses a syntax error, accepts the honest RED and GREEN, refuses the traps, leaves the checkout alone', { timeout: 600_000 }, () => {
    const pom = readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'runners', 'maven', 'runtime', 'pom.xml'), 'utf8');
    const r = (repo = makeRepo({ 'pom.xml': pom, 'src/main/java/calc/Calc.java': 'package calc;\n\npublic final class Calc {\n  private Calc() {}\n}\n' }));
    Object.assign(r.env, mavenTestEnv());
    expect(r.tdd('install').status).toBe(0);
    expect(JSON.parse(r.read('.tddrc.json')).runner).toBe('maven');
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    // doctor finds Maven, its version line without the colours mvn writes even into a pipe.
    const doctor = JSON.parse(r.tdd('doctor', '--json').stdout) as { checks: { id: string; code: string; data?: { version?: string } }[] };
    expect(doctor.checks.find((c) => c.id === 'runner')).toMatchObject({
      code: 'RUNNER_OK',
      data: { version: expect.stringMatching(/^Apache Maven 3\.\d+\.\d+$/) },
    });
    r.tdd('phase', 'red');

    r.write({ [TEST_PATH]: TEST.replace('Calc.add(2, 3));', 'Calc.add(2, 3))') });
    r.git('add', '-A');
    const verdict = JSON.parse(r.tdd('verify', '--json').stdout) as { findings: { code: string; data?: { kind?: string } }[] };
    expect(verdict.findings.filter((f) => f.code === 'RED_WRONG_REASON').map((f) => f.data?.kind)).toEqual(['syntax']);
    attemptCommit(r, 1, 'RED_WRONG_REASON');

    r.write({ [TEST_PATH]: TEST });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('red');
    expect(trailersOf(r)['TDD-Evidence']).toBe('maven: 0 passed, 1 failed (missing-symbol 1)');

    // Traps: the frozen test disabled, and an implementation that holds JUnit's assertions.
    r.write({ [TEST_PATH]: TEST.replace('  @Test\n', '  @Test\n  @org.junit.jupiter.api.Disabled\n'), 'src/main/java/calc/Calc.java': IMPL });
    r.git('add', '-A');
    expect(attemptCommit(r, 1, 'TESTS_CHANGED')).toContain(TEST_PATH);
    r.write({
      [TEST_PATH]: TEST,
      'src/main/java/calc/Calc.java': IMPL.replace('package calc;\n', 'package calc;\n\nimport org.junit.jupiter.api.Assertions;\n'),
    });
    r.git('add', '-A');
    attemptCommit(r, 1, 'IMPL_TEST_FRAMEWORK');
    // The stack walked for the test's class, on another line than the name (a GREEN of a real library got past this).
    const sniffing = IMPL.replace(
      'return a + b;',
      'for (StackTraceElement e : Thread.currentThread().getStackTrace())\n      if (e.getClassName().endsWith("CalcTest")) return 5;\n    return 0;',
    );
    expect(sniffing).not.toBe(IMPL);
    r.write({ 'src/main/java/calc/Calc.java': sniffing });
    r.git('add', '-A');
    attemptCommit(r, 1, 'IMPL_SNIFFS_RUNNER');
    // JUnit's Assertions shadowed from src/main/java (its classes precede the jars on the test class path): every assertion a no-op.
    r.write({
      'src/main/java/calc/Calc.java': IMPL.replace('return a + b;', 'return 0;'),
      'src/main/java/org/junit/jupiter/api/Assertions.java':
        'package org.junit.jupiter.api;\n\npublic class Assertions {\n  public static void assertEquals(Object expected, Object actual) {}\n}\n',
    });
    r.git('add', '-A');
    attemptCommit(r, 1, 'IMPL_TEST_FRAMEWORK');
    rmSync(join(r.dir, 'src/main/java/org'), { recursive: true });
    // And the pom's Surefire told to skip the tests: its test settings are frozen like the tests.
    const skipping = pom.replace('<version>2.22.3</version>', '<version>2.22.3</version>\n        <configuration><skipTests>true</skipTests></configuration>');
    expect(skipping).not.toBe(pom);
    r.write({ 'pom.xml': skipping, 'src/main/java/calc/Calc.java': IMPL });
    r.git('add', '-A');
    attemptCommit(r, 1, 'TEST_CONFIG_CHANGED');
    r.write({ 'pom.xml': pom });

    r.write({ 'src/main/java/calc/Calc.java': IMPL });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^maven: 1 passed, 0 failed/);

    // REFACTOR: no graph for Java, so every test class of the runner runs, and still passes.
    r.write({ 'src/main/java/calc/Calc.java': IMPL.replace('return a + b;', 'int sum = a + b;\n    return sum;') });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)).toMatchObject({ 'TDD-Phase': 'refactor', 'TDD-Evidence': expect.stringMatching(/^maven: 1 passed, 0 failed/) });
    // Maven built in the private copy: no target/ here, nothing else either.
    expect(r.git('status', '--porcelain', '--ignored')).toBe('');
  });
});
