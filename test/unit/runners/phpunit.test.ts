/**
 * The phpunit adapter's reading of what the real runs do not show in the fixtures (literal inputs,
 * the shapes PHPUnit 9.6 writes): data sets, several files, load errors by where the missing file
 * is, what cannot be verified, and composer.json's namespaces.
 */
import { describe, expect, it } from 'vitest';
import { buildPhpunitArgv, parsePhpunitReport, phpProjectNames } from '../../../src/runners/phpunit.js';
import type { ParseInput } from '../../../src/runners/types.js';

const ROOT = '/s/copy';
const F = 'tests/CalcTest.php';

function parse(o: Partial<ParseInput>) {
  return parsePhpunitReport({ report: undefined, exitCode: 1, stdout: '', stderr: '', files: [F], root: ROOT, sources: new Map(), ...o });
}

const fatal = (what: string) =>
  `PHP Fatal error:  Uncaught Error: ${what} in ${ROOT}/${F}:3\nStack trace:\n#0 /usr/share/php/PHPUnit/Util/FileLoader.php(66): include_once()\n`;

describe('phpunit adapter', () => {
  it('runs the first file with the JUnit report and no result cache; the others come back to be run again', () => {
    const built = buildPhpunitArgv({
      root: ROOT,
      files: ['-odd/XTest.php', F],
      reportPath: '/t/r',
      nodePath: 'node',
      runnerPath: 'phpunit',
      cacheDir: '/t/c',
      unittestShim: '',
    });
    expect(built).toEqual({ argv: ['phpunit', '--log-junit', '/t/r', '--do-not-cache-result', '--colors=never', './-odd/XTest.php'], env: {} });
    const report =
      '<testsuites><testsuite name="CalcTest" file="/s/copy/tests/CalcTest.php"><testsuite name="CalcTest::testAdds">' +
      '<testcase name="testAdds with data set #0" classname="CalcTest"/>' +
      '<testcase name="testAdds with data set &quot;two&quot;" classname="CalcTest"><failure type="PHPUnit\\Framework\\ExpectationFailedException">CalcTest::testAdds\nFailed asserting that 4 is identical to 5.\n\n/s/copy/tests/CalcTest.php:9</failure></testcase>' +
      '</testsuite></testsuite></testsuites>';
    const source =
      '<?php\nfinal class CalcTest extends TestCase {\n  /** @dataProvider sums */\n  public function testAdds(int $a): void { $this->assertSame(5, $a); }\n}\n';
    const r = parse({ report, files: [F, 'tests/MoreTest.php'], sources: new Map([[F, source]]) });
    expect(r.rerun).toEqual(['tests/MoreTest.php']);
    expect(r.fileErrors).toEqual([]);
    expect(r.tests.map((t) => [t.name, t.status, t.failure, t.message])).toEqual([
      ['CalcTest::testAdds with data set #0', 'passed', undefined, undefined],
      [
        'CalcTest::testAdds with data set "two"',
        'failed',
        'assertion',
        'PHPUnit\\Framework\\ExpectationFailedException: Failed asserting that 4 is identical to 5.',
      ],
    ]);
  });

  it('a file that does not load: by where the file or class it wants is', () => {
    const kinds = [
      fatal(`Failed opening required '${ROOT}/tests/../src/Shapes/Circle.php' (include_path='.:/usr/share/php')`),
      fatal(`Failed opening required '${ROOT}/tests/../vendor/autoload.php' (include_path='.:/usr/share/php')`),
      fatal(`Failed opening required '/elsewhere/lib.php' (include_path='.:/usr/share/php')`),
      fatal('Interface "Demo\\Shape" not found'),
      fatal('Class "Acme\\Money\\Money" not found'),
      fatal('Call to undefined function helper()'),
      'PHP Parse error:  syntax error, unexpected end of file in /s/copy/tests/CalcTest.php on line 9\n',
      'PHP Fatal error:  Cannot redeclare Calc::add() in /s/copy/src/Calc.php on line 9\n',
    ].map((stderr) => parse({ stderr, exitCode: 255, isProjectImport: phpProjectNames('{"autoload":{"psr-4":{"Demo\\\\":"src/"}}}') }).fileErrors[0]?.kind);
    expect(kinds).toEqual(['missing-symbol', 'missing-module', 'missing-module', 'missing-symbol', 'missing-module', 'missing-symbol', 'syntax', 'load-error']);
  });

  it('no tests in a class is no-tests; no report and no cause it can read is unknown, never a pass', () => {
    const warning =
      '<testsuites><testsuite name="CalcTest"><testcase name="Warning"><warning type="PHPUnit\\Framework\\Warning">Warning\nNo tests found in class "CalcTest".</warning></testcase></testsuite></testsuites>';
    expect(parse({ report: warning, exitCode: 0 }).fileErrors).toEqual([{ file: F, kind: 'no-tests', message: `${F}: No tests found in class "CalcTest".` }]);
    // The same pseudo-test for a data provider that gives nothing: the test the file declares did not run, and PHPUnit says why.
    const provider = warning.replace('No tests found in class "CalcTest".', 'The data provider specified for CalcTest::testAdds is invalid.');
    const source = '<?php\nfinal class CalcTest extends TestCase {\n  public function testAdds(int $a): void { $this->assertSame(5, $a); }\n}\n';
    const invalid = parse({
      report: provider,
      exitCode: 0,
      sources: new Map([[F, source]]),
    });
    expect(invalid.fileErrors.map((e) => [e.kind, e.message])).toEqual([
      ['load-error', 'tdd-hooks: tests the file declares did not run (PHPUnit: The data provider specified for CalcTest::testAdds is invalid.): testAdds'],
    ]);
    const abstract = parse({ stdout: `Class AbstractCalcTest declared in ${ROOT}/tests/AbstractCalcTest.php is abstract\n` });
    expect(abstract.fileErrors.map((e) => e.kind)).toEqual(['no-tests']);
    // A deprecated assertion's warning on a test that passed (PHPUnit 9.6's report, trimmed): passed, as PHPUnit has it.
    const deprecated =
      '<testsuites><testsuite name="WTest"><testcase name="testX" class="WTest"><warning type="PHPUnit\\Framework\\Warning">WTest::testX\nassertObjectHasAttribute() is deprecated</warning></testcase></testsuite></testsuites>';
    expect(parse({ report: deprecated, exitCode: 0 }).tests.map((t) => [t.name, t.status])).toEqual([['WTest::testX', 'passed']]);
    // A bootstrap that is not there: PHPUnit says so and writes no report.
    const noBootstrap = parse({ stdout: 'PHPUnit 9.6.7 by Sebastian Bergmann and contributors.\n\nCannot open file "/s/copy/tests/bootstrap.php".\n' });
    expect([noBootstrap.status, noBootstrap.reason]).toEqual(['unknown', 'phpunit wrote no report']);
    expect(parse({ report: '<testsuites><testsuite', exitCode: 0 }).status).toBe('unknown');
  });

  it("composer.json's namespaces tell the project's names from packages'; without them every name is the project's", () => {
    const names = phpProjectNames('{"autoload":{"psr-4":{"App\\\\":"src/"}},"autoload-dev":{"psr-0":{"Tests\\\\Unit\\\\":"tests/"}}}');
    expect(['App\\Calc', 'Tests\\Unit\\X', 'Tests\\Other', 'Calc', 'Acme\\Calc'].map((n) => names(F, n))).toEqual([true, true, false, true, false]);
    expect([phpProjectNames(undefined)(F, 'Acme\\Calc'), phpProjectNames('not json')(F, 'Acme\\Calc')]).toEqual([true, true]);
  });
});
