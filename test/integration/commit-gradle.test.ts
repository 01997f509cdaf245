/**
 * JUnit through Gradle's test task, through real `git commit` with the installed hooks (Debian's
 * Gradle 4.4.1, JUnit 4.13 from Debian's repository: see test/helpers/gradle.ts): install detects
 * the runner from build.gradle; a RED whose test does not parse is refused as a syntax error; the
 * honest RED (Calc.add not written: javac's "cannot find symbol") is accepted; a GREEN that
 * ignores the frozen test, one whose implementation reaches for JUnit's assertions and one whose
 * build.gradle sets the test task's ignoreFailures are refused;
 * the honest GREEN is accepted with Gradle's evidence; doctor reads Gradle's version; no run wrote
 * into the checkout (no build/, no .gradle/) and no Gradle process outlives the runs. One
 * repository, one `it`: every Gradle start is many seconds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { gradleProcesses, gradleTestEnv } from '../helpers/gradle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

const TEST_PATH = 'src/test/java/calc/CalcTest.java';
const TEST =
  'package calc;\n\nimport static org.junit.Assert.assertEquals;\n\nimport org.junit.Test;\n\n' +
  'public class CalcTest {\n  @Test\n  public void adds() {\n    assertEquals(5, Calc.add(2, 3));\n  }\n}\n';
const IMPL = 'package calc;\n\npublic final class Calc {\n  private Calc() {}\n\n  public static int add(int a, int b) {\n    return a + b;\n  }\n}\n';

let repo: Repo | undefined;
afterAll(() => repo?.cleanup());

describe('gradle, through git commit', () => {
  it('refuses a syntax error, accepts the honest RED and GREEN, refuses the traps, leaves the checkout alone', { timeout: 900_000 }, () => {
    const build = readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'runners', 'gradle', 'runtime', 'build.gradle'), 'utf8');
    const r = (repo = makeRepo({
      'build.gradle': build,
      'settings.gradle': "rootProject.name = 'calc'\n",
      'src/main/java/calc/Calc.java': 'package calc;\n\npublic final class Calc {\n  private Calc() {}\n}\n',
    }));
    Object.assign(r.env, gradleTestEnv());
    expect(r.tdd('install').status).toBe(0);
    expect(JSON.parse(r.read('.tddrc.json')).runner).toBe('gradle');
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    // doctor finds Gradle: its own version line, not the java version Debian's script prints first.
    const doctor = JSON.parse(r.tdd('doctor', '--json').stdout) as { checks: { id: string; code: string; data?: { version?: string } }[] };
    expect(doctor.checks.find((c) => c.id === 'runner')).toMatchObject({ code: 'RUNNER_OK', data: { version: expect.stringMatching(/^Gradle \d+\.\d+/) } });
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
    expect(trailersOf(r)['TDD-Evidence']).toBe('gradle: 0 passed, 1 failed (missing-symbol 1)');

    // Traps: the frozen test ignored, and an implementation that holds JUnit's assertions.
    r.write({ [TEST_PATH]: TEST.replace('  @Test\n', '  @Test\n  @org.junit.Ignore\n'), 'src/main/java/calc/Calc.java': IMPL });
    r.git('add', '-A');
    expect(attemptCommit(r, 1, 'TESTS_CHANGED')).toContain(TEST_PATH);
    r.write({ [TEST_PATH]: TEST, 'src/main/java/calc/Calc.java': IMPL.replace('package calc;\n', 'package calc;\n\nimport org.junit.Assert;\n') });
    r.git('add', '-A');
    attemptCommit(r, 1, 'IMPL_TEST_FRAMEWORK');
    // And the build told to pass whatever the tests say: Gradle's scripts are frozen like test support.
    r.write({ 'build.gradle': `${build}test { ignoreFailures = true }\n`, 'src/main/java/calc/Calc.java': IMPL });
    r.git('add', '-A');
    expect(attemptCommit(r, 1, 'TESTS_CHANGED')).toContain('build.gradle');
    r.write({ 'build.gradle': build });

    r.write({ 'src/main/java/calc/Calc.java': IMPL });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': expect.stringMatching(/^gradle: 1 passed, 0 failed/) });
    // Gradle built in the private copy: no build/ or .gradle/ here, nothing else either; no daemon left.
    expect(r.git('status', '--porcelain', '--ignored')).toBe('');
    expect(gradleProcesses()).toEqual([]);
  });
});
