/**
 * The real Gradle (Debian's 4.4.1 on PATH, JUnit 4.13 from Debian's repository through Gradle's own
 * test task: useJUnitPlatform() arrived in 4.6) on the fixtures, through runTests: what a RED or
 * GREEN gate will be handed. Gradle starts slowly, so each fixture holds several cases, one test
 * class each, and the three runs start once (beforeAll): runtime (assertion, exception, green
 * with nested classes, skipped, no tests, targeting), compile (missing method, missing class,
 * missing package, an annotation not imported) and amber-syntax (javac stops at a parse error
 * before it resolves names), and a build that rewrites its report. No daemon is left behind. Without gradle these fail (they do not
 * skip): .ci/run installs it.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { gradleProcesses, gradleTestEnv } from '../../helpers/gradle.js';
import { copyFixture, runnerTestEnv, type FixtureCopy } from './fixture.js';

const T = 'src/test/java/calc/';
const copies: FixtureCopy[] = [];
const runs: Record<string, RunResult & { root: string }> = {};

const FORGING =
  "test { ignoreFailures = true; doLast { fileTree(dir: 'build/test-results/test', include: '*.xml').each { f -> " +
  "f.text = f.text.replaceAll(/(?s)<failure.*?<\\/failure>/, '').replace('failures=\"1\"', 'failures=\"0\"') } } }\n";

async function run(name: string, files: string[], addToBuild = ''): Promise<RunResult & { root: string }> {
  const copy = copyFixture('gradle', name);
  copies.push(copy);
  if (addToBuild) appendFileSync(join(copy.root, 'build.gradle'), addToBuild);
  const env = { ...runnerTestEnv(), ...gradleTestEnv() };
  const r = await runTests({ runner: 'gradle', root: copy.root, files: files.map((f) => T + f), env, timeoutMs: 400_000, sources: copy.sources });
  return { ...r, root: copy.root };
}

beforeAll(async () => {
  const [runtime, compile, syntax, forged] = await Promise.all([
    run('runtime', ['RedAssertionTest.java', 'AmberExceptionTest.java', 'GreenTest.java', 'SkippedTest.java', 'AmberNoTestsTest.java']),
    run('compile', ['RedMissingSymbolTest.java', 'RedMissingClassTest.java', 'AmberMissingModuleTest.java', 'AmberAnnotationTest.java']),
    run('amber-syntax', ['AmberSyntaxTest.java']),
    // A build that lets the test task pass whatever the tests say and then rewrites its report.
    run('runtime', ['RedAssertionTest.java'], FORGING),
  ]);
  Object.assign(runs, { runtime, compile, syntax, forged });
}, 900_000);

afterAll(() => {
  for (const c of copies.splice(0)) c.cleanup();
});

const byFile = (r: RunResult) => r.fileErrors.map((e) => [e.file.slice(T.length), e.kind]);

describe('gradle adapter on real runs', () => {
  it('gradle is installed (apt-get install gradle; .ci/run does)', () => {
    const v = spawnSync('gradle', ['--version'], { encoding: 'utf8', env: { ...process.env, ...gradleTestEnv() } });
    expect(v.error, 'gradle is not on PATH: install gradle (Debian)').toBeUndefined();
    expect(v.stdout).toMatch(/^Gradle \d+\.\d+/m);
  });

  it('runtime: assertion, exception, green with nested classes, @Ignore and an assumption skipped, a class without tests, only the asked classes', () => {
    const r = runs.runtime!;
    expect(r.status).toBe('completed');
    const tests = r.tests.map((t) => [t.file.slice(T.length), t.name, t.status, t.failure]).sort((a, b) => `${a[1]}`.localeCompare(`${b[1]}`));
    expect(tests).toEqual([
      ['AmberExceptionTest.java', 'AmberExceptionTest > readsNothing', 'failed', 'exception'],
      ['GreenTest.java', 'GreenTest > Adding > adds', 'passed', undefined],
      ['GreenTest.java', 'GreenTest > WithZero > addsZero', 'passed', undefined],
      ['RedAssertionTest.java', 'RedAssertionTest > addsWrongly', 'failed', 'assertion'],
      ['SkippedTest.java', 'SkippedTest > assumed', 'skipped', undefined],
      ['SkippedTest.java', 'SkippedTest > ignored', 'skipped', undefined],
    ]);
    expect(r.tests.find((t) => t.failure === 'assertion')?.message).toBe('java.lang.AssertionError: expected:<5> but was:<4>');
    expect(r.tests.find((t) => t.failure === 'exception')?.message).toMatch(/^java\.lang\.ArrayIndexOutOfBoundsException: Index 0 out of bounds/);
    expect(byFile(r)).toEqual([['AmberNoTestsTest.java', 'no-tests']]);
    expect(r.command).toEqual(expect.arrayContaining(['--no-daemon', 'cleanTest', 'test', '--tests', 'calc.GreenTest']));
    expect(r.command).not.toContain('--offline');
  });

  it('compile: a missing method and a missing class of the project are missing symbols; a missing package and an annotation not imported are not', () => {
    const r = runs.compile!;
    expect(r.status).toBe('completed');
    expect(r.tests).toEqual([]);
    expect(byFile(r)).toEqual([
      ['RedMissingSymbolTest.java', 'missing-symbol'],
      ['RedMissingClassTest.java', 'missing-symbol'],
      ['AmberMissingModuleTest.java', 'missing-module'],
      ['AmberAnnotationTest.java', 'load-error'],
    ]);
    expect(r.fileErrors[0]!.message).toBe(
      `${T}RedMissingSymbolTest.java:[10,25] cannot find symbol (symbol: method subtract(int,int), location: class calc.Calc)`,
    );
  });

  it('amber-syntax: a parse error', () => {
    const r = runs.syntax!;
    expect([r.status, ...byFile(r)]).toEqual(['completed', ['AmberSyntaxTest.java', 'syntax']]);
    expect(r.fileErrors[0]!.message).toMatch(/AmberSyntaxTest\.java:\[10,36\] ';' expected/);
  });

  it("a report rewritten after Gradle wrote it (ignoreFailures, then a doLast): Gradle's own count says otherwise, so no verdict", () => {
    const r = runs.forged!;
    expect(readFileSync(join(r.root, 'build', 'test-results', 'test', 'TEST-calc.RedAssertionTest.xml'), 'utf8')).not.toContain('<failure');
    expect([r.exitCode, r.status, r.reason]).toEqual([0, 'unknown', expect.stringMatching(/Gradle counted failing tests but its report holds none/)]);
  });

  it('a build script that names a path of the work tree is a leak, refused before Gradle starts', async () => {
    const top = copyFixture('gradle', 'runtime');
    const copy = copyFixture('gradle', 'runtime');
    copies.push(top, copy);
    const build = join(copy.root, 'build.gradle');
    writeFileSync(build, `${readFileSync(build, 'utf8')}sourceSets { test { java { srcDirs = ['${top.root}/src/test/java'] } } }\n`);
    const guard = { top: top.root, copy: copy.root, links: [], linked: [] };
    const env = { ...runnerTestEnv(), ...gradleTestEnv() };
    const r = await runTests({ runner: 'gradle', root: copy.root, files: [`${T}GreenTest.java`], env, timeoutMs: 400_000, sources: copy.sources, guard });
    expect([r.status, r.leaks?.map((l) => l.path), r.command]).toEqual(['leaked', ['src/test/java'], []]);
  });

  it("the asked classes' reports only, in the copy's own build/; no Gradle process left", () => {
    const reports = readdirSync(join(runs.runtime!.root, 'build', 'test-results', 'test')).filter((n) => n.endsWith('.xml'));
    // Five asked classes, four with tests (each nested class of the Enclosed runner its own file); NotAskedTest never ran.
    expect(reports.sort()).toEqual([
      'TEST-calc.AmberExceptionTest.xml',
      'TEST-calc.GreenTest$Adding.xml',
      'TEST-calc.GreenTest$WithZero.xml',
      'TEST-calc.RedAssertionTest.xml',
      'TEST-calc.SkippedTest.xml',
    ]);
    expect(existsSync(join(runs.syntax!.root, 'build', 'test-results'))).toBe(false);
    expect(gradleProcesses()).toEqual([]);
  });
});
