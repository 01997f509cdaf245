/**
 * The real PHPUnit (`phpunit` on PATH; Debian's phpunit 9.6 on the machine that wrote this) on each
 * fixture, through runTests: what a RED or GREEN gate will be handed. Without phpunit these fail
 * (they do not skip): .ci/run installs it. One launch per fixture, the runs shared by the checks.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUncoveredLines } from '../../../src/coverage/uncovered.js';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, runnerTestEnv, type FixtureCopy, filesUnder } from './fixture.js';

const F = 'tests/CalcTest.php';
const fixture = fixtureCopies('phpunit', afterAll);

async function run(copy: FixtureCopy, files = [F], guard?: { top: string }): Promise<RunResult> {
  const g = guard ? { top: guard.top, copy: copy.root, links: [], linked: [] } : undefined;
  return runTests({ runner: 'phpunit', root: copy.root, files, env: runnerTestEnv(), timeoutMs: 60_000, sources: copy.sources, guard: g });
}

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

const CASES: [name: string, tests: unknown[], fileErrors: unknown[], message: string | undefined][] = [
  [
    'red-assertion',
    [['CalcTest::testAdds', 'failed', 'assertion']],
    [],
    'PHPUnit\\Framework\\ExpectationFailedException: Failed asserting that 5 is identical to 6.',
  ],
  // Calc exists, Calc::subtract does not: the next step, not a broken test.
  ['red-missing-symbol', [['CalcTest::testSubtracts', 'failed', 'missing-symbol']], [], 'Error: Call to undefined method Calc::subtract()'],
  // require_once of a project file not written yet.
  ['red-missing-module-project', [], [[F, 'missing-symbol']], "Error: Failed opening required '<root>/tests/../src/Shapes/Square.php'"],
  ['amber-syntax', [], [[F, 'syntax']], 'ParseError: syntax error'],
  // A package's class (composer.json maps only Demo\ to the project): not installed.
  ['amber-missing-module', [], [[F, 'missing-module']], 'Error: Class "Acme\\NotInstalled\\TestCase" not found'],
  ['amber-no-tests', [], [[F, 'no-tests']], 'Class CalcTest could not be found'],
  ['amber-exception', [['CalcTest::testReadsTheFirst', 'failed', 'exception']], [], 'RuntimeException: no numbers'],
  ['green', [['CalcTest::testAdds', 'passed', undefined]], [], undefined],
  // markTestSkipped and markTestIncomplete.
  [
    'skipped',
    [
      ['CalcTest::testAdds', 'skipped', undefined],
      ['CalcTest::testAddsZero', 'skipped', undefined],
    ],
    [],
    undefined,
  ],
  // PHPUnit has no focus: the project's phpunit.xml includes only @group focus, which hides testAddsZero: refused.
  ['focused', [['CalcTest::testAdds', 'passed', undefined]], [[F, 'load-error']], 'tdd-hooks: tests the file declares did not run'],
];

const results = new Map<string, RunResult & { root: string }>();

describe('phpunit adapter on real runs', () => {
  beforeAll(async () => {
    for (const [name] of CASES) {
      const copy = fixture(name);
      results.set(name, { ...(await run(copy)), root: copy.root });
    }
  });

  it('phpunit is installed (apt-get install phpunit; .ci/run does)', () => {
    const v = spawnSync('phpunit', ['--version'], { encoding: 'utf8' });
    expect(v.error, 'phpunit is not on PATH: install phpunit (Debian) or composer require --dev phpunit/phpunit').toBeUndefined();
    expect(v.stdout).toMatch(/PHPUnit \d+\.\d+/);
  });

  it.each(CASES)('%s', (name, tests, fileErrors, message) => {
    const r = results.get(name)!;
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('phpunit');
    if (message !== undefined) {
      const want = message.replace('<root>', r.root);
      expect((r.fileErrors[0] ?? r.tests[0])?.message?.slice(0, want.length)).toBe(want);
    }
  });

  it('focused names the hidden test, and green exits 0 with the JUnit report and writes nothing into the tree', () => {
    expect(results.get('focused')!.fileErrors[0]?.message).toMatch(/: testAddsZero$/);
    const r = results.get('green')!;
    expect(r.exitCode).toBe(0);
    expect(r.command).toEqual(expect.arrayContaining(['--log-junit', '--do-not-cache-result', F]));
    expect(filesUnder(r.root).sort()).toEqual(['phpunit.xml', 'src/Calc.php', F, 'tests/bootstrap.php']);
  });

  it("two files: one process each, merged; a Composer project's vendor/bin/phpunit runs before PATH's", async () => {
    const copy = fixture('green');
    writeFileSync(join(copy.root, 'tests', 'MoreTest.php'), readFixtureTest('red-assertion').replace('class CalcTest', 'class MoreTest'));
    const phpunit = realpathSync(spawnSync('sh', ['-c', 'command -v phpunit'], { encoding: 'utf8' }).stdout.trim());
    mkdirSync(join(copy.root, 'vendor', 'bin'), { recursive: true });
    symlinkSync(phpunit, join(copy.root, 'vendor', 'bin', 'phpunit'));
    const r = await run(copy, [F, 'tests/MoreTest.php']);
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['CalcTest::testAdds', 'passed', undefined],
        ['MoreTest::testAdds', 'failed', 'assertion'],
      ],
      fileErrors: [],
    });
    expect(r.command[0]).toBe(join(copy.root, 'vendor', 'bin', 'phpunit'));
  });

  it('the leak guard notes a file of the work tree the run includes, and a run of the copy alone is clean', async () => {
    const top = realpathSync(fixture('green').root);
    writeFileSync(join(top, 'src', 'Extra.php'), '<?php\n\nfunction extra(): int\n{\n    return 1;\n}\n');
    const copy = fixture('green');
    // The test reaches out of the copy to the work tree's own src/Extra.php (an absolute require_once).
    writeFileSync(
      join(copy.root, F),
      readFixtureTest('green').replace('use PHPUnit', `require_once ${JSON.stringify(join(top, 'src', 'Extra.php'))};\n\nuse PHPUnit`),
    );
    const r = await run(copy, [F], { top });
    expect(r.status).toBe('leaked');
    expect(r.leaks?.map((l) => l.path)).toEqual(['src/Extra.php']);
    const clean = await run(fixture('green'), [F], { top });
    expect(clean.status).toBe('completed');
  });

  it("a test in a process of its own (@runTestsInSeparateProcesses) passes in a guarded run: the child's shutdown does not print a seal of the report PHPUnit has not written yet", async () => {
    const copy = fixture('green');
    writeFileSync(join(copy.root, F), readFixtureTest('green').replace('final class', '/** @runTestsInSeparateProcesses */\nfinal class'));
    const r = await run(copy, [F], { top: copy.root });
    expect(summary(r)).toEqual({ status: 'completed', tests: [['CalcTest::testAdds', 'passed', undefined]], fileErrors: [] });
  });

  it("GREEN's coverage (PCOV, on for this run alone, read by our prepended file): two test files' processes merged, an untested changed line named, a tested one not, the project's own <coverage> report not written", async () => {
    const copy = fixture('green');
    const calc =
      '<?php\n\nfinal class Calc\n{\n    public static function add(int $a, int $b): int\n    {\n        return $a + $b;\n    }\n\n    public static function sub(int $a, int $b): int\n    {\n        if ($a < $b) {\n            return 0;\n        }\n        return $a - $b;\n    }\n}\n';
    writeFileSync(join(copy.root, 'src', 'Calc.php'), calc);
    writeFileSync(
      join(copy.root, 'tests', 'SubTest.php'),
      readFixtureTest('green')
        .replace('class CalcTest', 'class SubTest')
        .replace('testAdds', 'testSubtracts')
        .replace('5, Calc::add(2, 3)', '3, Calc::sub(5, 2)'),
    );
    // A report the project's configuration asks for on every run: --no-coverage keeps PHPUnit from resetting PCOV's lines (and writing it).
    writeFileSync(
      join(copy.root, 'phpunit.xml'),
      '<?xml version="1.0" encoding="UTF-8"?>\n<phpunit bootstrap="tests/bootstrap.php" colors="false">\n  <testsuites>\n    <testsuite name="unit">\n      <directory>tests</directory>\n    </testsuite>\n  </testsuites>\n  <coverage>\n    <include>\n      <directory suffix=".php">src</directory>\n    </include>\n    <report>\n      <clover outputFile="clover.xml"/>\n    </report>\n  </coverage>\n</phpunit>\n',
    );
    const files = [F, 'tests/SubTest.php'];
    const guard = { top: copy.root, copy: copy.root, links: [], linked: [] };
    const r = await runTests({
      runner: 'phpunit',
      root: copy.root,
      files,
      env: runnerTestEnv(),
      timeoutMs: 60_000,
      sources: copy.sources,
      guard,
      coverage: ['src/Calc.php'],
    });
    expect(summary(r)).toEqual({
      status: 'completed',
      tests: [
        ['CalcTest::testAdds', 'passed', undefined],
        ['SubTest::testSubtracts', 'passed', undefined],
      ],
      fileErrors: [],
    });
    expect(r.coverage?.unmeasured).toEqual([]);
    expect(r.coverage?.measured).toEqual(['src/Calc.php']);
    const all = calc.split('\n').map((_, i) => i + 1);
    expect(findUncoveredLines({ added: all, blanked: calc, coverage: r.coverage?.files['src/Calc.php'] })).toEqual([13]);
    expect(filesUnder(copy.root)).toEqual(['phpunit.xml', 'src/Calc.php', F, 'tests/SubTest.php', 'tests/bootstrap.php']);
  });
});

function readFixtureTest(name: string): string {
  return fixture(name).sources.get(F)!;
}
