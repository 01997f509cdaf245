/**
 * The Ruby and PHP runners in a subfolder of the repository (a `runners` entry with `root`), through
 * real `git commit` with the installed hooks: minitest runs from gem/ (its -I lib and -I test are
 * gem/'s), PHPUnit from php/ (its phpunit.xml); RED accepted, GREEN accepted, and GREEN's coverage
 * named by the repository's paths (TDD-Uncovered: gem/lib/…), not the runner folder's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

let repo: Repo | undefined;
afterAll(() => repo?.cleanup());

const MT_TEST =
  'require "minitest/autorun"\nrequire "calc"\n\nclass CalcTest < Minitest::Test\n  def test_adds\n    assert_equal 5, Calc.add(2, 3)\n  end\nend\n';
const PHP_TEST =
  '<?php\n\nuse PHPUnit\\Framework\\TestCase;\n\nfinal class CalcTest extends TestCase\n{\n    public function testAdds(): void\n    {\n        $this->assertSame(5, Calc::add(2, 3));\n    }\n}\n';

describe('minitest and PHPUnit in subfolders (runners with root)', () => {
  it('RED and GREEN accepted in each folder; the uncovered line named by its repository path', { timeout: 120_000 }, () => {
    const r = (repo = makeRepo({
      '.tddrc.json':
        JSON.stringify({
          runners: [
            { runner: 'minitest', root: 'gem' },
            { runner: 'phpunit', root: 'php' },
          ],
        }) + '\n',
      'gem/lib/calc.rb': 'module Calc\nend\n',
      'php/phpunit.xml':
        '<?xml version="1.0" encoding="UTF-8"?>\n<phpunit bootstrap="tests/bootstrap.php">\n  <testsuites>\n    <testsuite name="unit">\n      <directory>tests</directory>\n    </testsuite>\n  </testsuites>\n</phpunit>\n',
      'php/tests/bootstrap.php': "<?php\n\nrequire_once __DIR__ . '/../src/Calc.php';\n",
      'php/src/Calc.php': '<?php\n\nfinal class Calc\n{\n}\n',
    }));
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);

    r.tdd('phase', 'red', '--task', 'ruby-add');
    r.write({ 'gem/test/calc_test.rb': MT_TEST });
    r.git('add', 'gem/test/calc_test.rb');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^minitest: 0 passed, 1 failed/);
    // GREEN with a method no test calls: accepted (greenCoverage "warn"), its line recorded by the repository's path.
    r.write({ 'gem/lib/calc.rb': 'module Calc\n  def self.add(a, b)\n    a + b\n  end\n\n  def self.double(a)\n    a * 2\n  end\nend\n' });
    r.git('add', 'gem/lib/calc.rb');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^minitest: 1 passed, 0 failed/);
    expect(trailersOf(r)['TDD-Uncovered']).toBe('gem/lib/calc.rb:7');

    const next = r.tdd('phase', 'red', '--task', 'php-add');
    expect(next.status, next.stdout + next.stderr).toBe(0);
    r.write({ 'php/tests/CalcTest.php': PHP_TEST });
    r.git('add', 'php/tests/CalcTest.php');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^phpunit: 0 passed, 1 failed/);
    r.write({
      'php/src/Calc.php': '<?php\n\nfinal class Calc\n{\n    public static function add(int $a, int $b): int\n    {\n        return $a + $b;\n    }\n}\n',
    });
    r.git('add', 'php/src/Calc.php');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^phpunit: 1 passed, 0 failed/);
    expect(trailersOf(r)['TDD-Uncovered']).toBeUndefined();
    expect(r.git('status', '--porcelain', '--ignored')).toBe('');
  });
});
