/**
 * The real Maven (`mvn` on PATH, Surefire 2.22 and JUnit 5.9 from Debian's repository, offline)
 * on the fixtures, through runTests: what a RED or GREEN gate will be handed. A JVM start is
 * slow, so each fixture holds several cases, one test class each, and the three runs start once
 * (beforeAll): runtime (assertion, exception, green, nested, skipped, no tests, targeting),
 * compile (missing method, missing class, missing package, an annotation not imported) and
 * amber-syntax (javac stops at a parse error before it resolves names, so it cannot share a run).
 * Without mvn these fail (they do not skip): .ci/run installs it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { mavenTestEnv } from '../../helpers/maven.js';
import { fixtureCopies, runnerTestEnv } from './fixture.js';

const T = 'src/test/java/calc/';
const fixture = fixtureCopies('maven', afterAll);
const runs: Record<string, RunResult & { root: string }> = {};

async function run(name: string, files: string[]): Promise<RunResult & { root: string }> {
  const copy = fixture(name);
  const env = { ...runnerTestEnv(), ...mavenTestEnv() };
  const r = await runTests({ runner: 'maven', root: copy.root, files: files.map((f) => T + f), env, timeoutMs: 240_000, sources: copy.sources });
  return { ...r, root: copy.root };
}

beforeAll(async () => {
  const [runtime, compile, syntax] = await Promise.all([
    run('runtime', ['RedAssertionTest.java', 'AmberExceptionTest.java', 'GreenTest.java', 'SkippedTest.java', 'AmberNoTestsTest.java']),
    run('compile', ['RedMissingSymbolTest.java', 'RedMissingClassTest.java', 'AmberMissingModuleTest.java', 'AmberAnnotationTest.java']),
    run('amber-syntax', ['AmberSyntaxTest.java']),
  ]);
  Object.assign(runs, { runtime, compile, syntax });
}, 600_000);

const byFile = (r: RunResult) => r.fileErrors.map((e) => [e.file.slice(T.length), e.kind]);

describe('maven adapter on real runs', () => {
  it('mvn is installed (apt-get install maven junit5 libsurefire-java; .ci/run does)', () => {
    const v = spawnSync('mvn', ['--version'], { encoding: 'utf8' });
    expect(v.error, 'mvn is not on PATH: install maven (Debian) with junit5 and libsurefire-java').toBeUndefined();
    expect(v.stdout).toMatch(/Apache Maven 3\./);
  });

  it('runtime: assertion, exception, green with a nested class, @Disabled and an assumption skipped, a class without tests, only the asked classes', () => {
    const r = runs.runtime!;
    expect(r.status).toBe('completed');
    const tests = r.tests.map((t) => [t.file.slice(T.length), t.name, t.status, t.failure]).sort((a, b) => `${a[1]}`.localeCompare(`${b[1]}`));
    expect(tests).toEqual([
      ['AmberExceptionTest.java', 'AmberExceptionTest > readsNothing', 'failed', 'exception'],
      ['GreenTest.java', 'GreenTest > adds', 'passed', undefined],
      ['GreenTest.java', 'GreenTest > WithZero > addsZero', 'passed', undefined],
      ['RedAssertionTest.java', 'RedAssertionTest > addsWrongly', 'failed', 'assertion'],
      ['SkippedTest.java', 'SkippedTest > assumed', 'skipped', undefined],
      ['SkippedTest.java', 'SkippedTest > disabled', 'skipped', undefined],
    ]);
    expect(r.tests.find((t) => t.failure === 'assertion')?.message).toBe('org.opentest4j.AssertionFailedError: expected: <5> but was: <4>');
    expect(r.tests.find((t) => t.failure === 'exception')?.message).toMatch(/^java\.lang\.ArrayIndexOutOfBoundsException: Index 0 out of bounds/);
    expect(byFile(r)).toEqual([['AmberNoTestsTest.java', 'no-tests']]);
    expect(r.command).toEqual(expect.arrayContaining(['-o', 'test']));
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

  it('a pom that names a path of the work tree is a leak, refused before Maven starts', async () => {
    const top = fixture('runtime');
    const copy = fixture('runtime');
    const pom = join(copy.root, 'pom.xml');
    writeFileSync(pom, readFileSync(pom, 'utf8').replace('<plugins>', `<testSourceDirectory>${top.root}/src/test/java</testSourceDirectory>\n    <plugins>`));
    const guard = { top: top.root, copy: copy.root, links: [], linked: [] };
    const env = { ...runnerTestEnv(), ...mavenTestEnv() };
    const r = await runTests({ runner: 'maven', root: copy.root, files: [`${T}GreenTest.java`], env, timeoutMs: 240_000, sources: copy.sources, guard });
    expect([r.status, r.leaks?.map((l) => l.path), r.command]).toEqual(['leaked', ['src/test/java'], []]);
  });

  it("this run's reports only, in the copy's own target/", () => {
    const reports = readdirSync(join(runs.runtime!.root, 'target', 'surefire-reports')).filter((n) => n.endsWith('.xml'));
    // Five asked classes, four with tests (the nested class reports in its outer class's file); NotAskedTest never ran.
    expect(reports).toHaveLength(4);
    expect(reports.every((n) => /^TEST-calc\.\w+-tddrun\w+\.xml$/.test(n))).toBe(true);
    expect(existsSync(join(runs.syntax!.root, 'target', 'surefire-reports'))).toBe(false);
  });
});
