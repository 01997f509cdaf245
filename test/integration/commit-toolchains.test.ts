/**
 * unittest, go test, cargo test, RSpec, minitest, PHPUnit and the generic `command` runner through real `git commit` with
 * the installed hooks: RED failing for a wrong reason (syntax, a missing package, no tests) is
 * refused with the class named; an honest RED is accepted; a GREEN that skips the frozen test is
 * refused; an honest GREEN is accepted with the runner's evidence.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

interface Toolchain {
  runner: string;
  /** The project before any test: what install detects the runner from (or a .tddrc.json naming it). */
  skeleton: Record<string, string>;
  /** Where the test goes, and its honest text. */
  testPath: string;
  test: string;
  /** Wrong reasons: a label (the class the refusal names) and the test file's text. */
  wrong: [kind: string, text: string][];
  /** The honest test with a skip marker. */
  skipped: string;
  /** The implementation that makes it pass. */
  impl: Record<string, string>;
  /** GREEN's evidence when the implementation holds tests of its own (cargo's #[cfg(test)] module). */
  evidence?: string;
  /** A REFACTOR that breaks only a test inside the implementation (refused), and an honest one (accepted). */
  refactor?: { broken: Record<string, string>; honest: Record<string, string> };
}

const PY_TEST =
  'import unittest\n\nfrom calc import add\n\n\nclass AddTest(unittest.TestCase):\n    def test_adds(self):\n        self.assertEqual(add(2, 3), 5)\n';
const GO_TEST =
  'package calc\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif got := Add(2, 3); got != 5 {\n\t\tt.Errorf("Add(2, 3) = %d, want 5", got)\n\t}\n}\n';
const RS_TEST = 'use calc::add;\n\n#[test]\nfn adds() {\n    assert_eq!(add(2, 3), 5);\n}\n';
/** The library, with an inline unit test that tests/add.rs does not cover (negatives). */
const RS_LIB = (body: string) =>
  `pub fn add(a: i32, b: i32) -> i32 {\n    ${body}\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn negatives() {\n        assert_eq!(super::add(-1, -2), -3);\n    }\n}\n`;
const PYTEST_TEST = 'from calc import add\n\n\ndef test_adds():\n    assert add(2, 3) == 5\n';
const MT_TEST =
  'require "minitest/autorun"\nrequire_relative "../lib/calc"\n\nclass CalcTest < Minitest::Test\n  def test_adds\n    assert_equal 5, Calc.add(2, 3)\n  end\nend\n';
const PHP_TEST =
  "<?php\n\nrequire_once __DIR__ . '/../src/Calc.php';\n\nuse PHPUnit\\Framework\\TestCase;\n\nfinal class CalcTest extends TestCase\n{\n    public function testAdds(): void\n    {\n        $this->assertSame(5, Calc::add(2, 3));\n    }\n}\n";
const RB_TEST = "require_relative '../lib/calc'\n\nRSpec.describe 'Calc' do\n  it 'adds' do\n    expect(Calc.add(2, 3)).to eq(5)\n  end\nend\n";

const TOOLCHAINS: Toolchain[] = [
  {
    runner: 'unittest',
    skeleton: { '.tddrc.json': '{ "runner": "unittest" }\n', 'calc.py': '' },
    testPath: 'test_calc.py',
    test: PY_TEST,
    wrong: [
      ['syntax', PY_TEST.replace('add(2, 3), 5)', 'add(2, 3), 5')],
      ['missing-module', PY_TEST.replace('from calc import add', 'from leftpad_not_installed import add')],
      ['no-tests', 'import unittest\n\n\nclass Helpers:\n    def check(self):\n        self.assertEqual(1, 1)\n'],
    ],
    skipped: PY_TEST.replace('    def test_adds', '    @unittest.skip("later")\n    def test_adds'),
    impl: { 'calc.py': 'def add(a, b):\n    return a + b\n' },
  },
  {
    runner: 'go',
    skeleton: { 'go.mod': 'module example.com/calc\n\ngo 1.19\n', 'calc.go': 'package calc\n' },
    testPath: 'calc_test.go',
    test: GO_TEST,
    wrong: [
      ['syntax', GO_TEST.replace('got != 5 {', 'got != 5 {{')],
      [
        'missing-module',
        GO_TEST.replace('import "testing"', 'import (\n\t"testing"\n\n\t"github.com/nobody/leftpad"\n)').replace('Add(2, 3); got', 'leftpad.Add(2, 3); got'),
      ],
      ['no-tests', 'package calc\n\nimport "testing"\n\nfunc check(t *testing.T, got int) {\n\tif got != 5 {\n\t\tt.Errorf("got %d", got)\n\t}\n}\n'],
    ],
    skipped: GO_TEST.replace('func TestAdd(t *testing.T) {\n', 'func TestAdd(t *testing.T) {\n\tt.Skip("later")\n'),
    impl: { 'calc.go': 'package calc\n\n// Add adds.\nfunc Add(a, b int) int {\n\treturn a + b\n}\n' },
  },
  {
    runner: 'cargo',
    skeleton: { 'Cargo.toml': '[package]\nname = "calc"\nversion = "0.1.0"\nedition = "2021"\n', 'src/lib.rs': '', '.gitignore': 'target\nCargo.lock\n' },
    testPath: 'tests/add.rs',
    test: RS_TEST,
    wrong: [
      ['syntax', RS_TEST.replace('assert_eq!(add(2, 3), 5);', 'assert_eq!(add(2, 3), 5)) ;')],
      ['missing-module', RS_TEST.replace('use calc::add;', 'use leftpad_not_a_dependency::add;')],
      ['no-tests', 'fn check(got: i32) {\n    assert_eq!(got, 5);\n}\n\nfn main() {\n    check(5);\n}\n'],
    ],
    skipped: RS_TEST.replace('#[test]\n', '#[test]\n#[ignore]\n'),
    impl: { 'src/lib.rs': RS_LIB('a + b') },
    // The library's own unit test runs in GREEN and REFACTOR beside tests/add.rs.
    evidence: '2 passed, 0 failed',
    refactor: { broken: { 'src/lib.rs': RS_LIB('if a < 0 { a - b } else { a + b }') }, honest: { 'src/lib.rs': RS_LIB('b + a') } },
  },
  {
    runner: 'rspec',
    // install detects RSpec from .rspec (or spec/spec_helper.rb, or a Gemfile naming rspec).
    skeleton: { '.rspec': '--require spec_helper\n', 'spec/spec_helper.rb': 'RSpec.configure { |c| c.order = :defined }\n', 'lib/calc.rb': '' },
    testPath: 'spec/calc_spec.rb',
    test: RB_TEST,
    wrong: [
      ['syntax', RB_TEST.replace("  it 'adds' do\n", "  it 'adds' do do\n")],
      ['missing-module', RB_TEST.replace("require_relative '../lib/calc'", "require 'leftpad_not_installed'")],
      ['no-tests', 'def check(got)\n  expect(got).to eq(5)\nend\n'],
    ],
    skipped: RB_TEST.replace("  it 'adds'", "  xit 'adds'"),
    impl: { 'lib/calc.rb': 'module Calc\n  def self.add(a, b)\n    a + b\n  end\nend\n' },
  },
  {
    runner: 'minitest',
    // install detects minitest from the Rakefile's Rake::TestTask (or a test file requiring minitest).
    // rake's TestTask runs test/test*.rb unless told otherwise: this project's tests are *_test.rb.
    skeleton: {
      Rakefile: 'require "rake/testtask"\n\nRake::TestTask.new(:test) do |t|\n  t.libs << "test"\n  t.pattern = "test/**/*_test.rb"\nend\n',
      'lib/calc.rb': '',
    },
    testPath: 'test/calc_test.rb',
    test: MT_TEST,
    wrong: [
      ['syntax', MT_TEST.replace('Calc.add(2, 3)', 'Calc.add(2, 3))')],
      ['missing-module', MT_TEST.replace('require_relative "../lib/calc"', 'require "leftpad_not_installed"')],
      ['no-tests', 'require "minitest/autorun"\n\ndef check(got)\n  assert_equal 5, got\nend\n'],
    ],
    skipped: MT_TEST.replace('  def test_adds\n', '  def test_adds\n    skip "later"\n'),
    impl: { 'lib/calc.rb': 'module Calc\n  def self.add(a, b)\n    a + b\n  end\nend\n' },
  },
  {
    runner: 'phpunit',
    // install detects PHPUnit from composer.json's require-dev (or a phpunit.xml / phpunit.xml.dist).
    skeleton: {
      'composer.json': '{\n  "autoload": { "psr-4": { "Demo\\\\": "src/" } },\n  "require-dev": { "phpunit/phpunit": "^9.6" }\n}\n',
      'src/Calc.php': '<?php\n',
    },
    testPath: 'tests/CalcTest.php',
    test: PHP_TEST,
    wrong: [
      ['syntax', PHP_TEST.replace('Calc::add(2, 3));', 'Calc::add(2, 3);')],
      // Composer's autoloader of a project whose `composer install` never ran.
      ['missing-module', PHP_TEST.replace("'/../src/Calc.php'", "'/../vendor/autoload.php'")],
      ['no-tests', '<?php\n\nfunction checkSum(int $got): void\n{\n    \\PHPUnit\\Framework\\Assert::assertSame(5, $got);\n}\n'],
    ],
    skipped: PHP_TEST.replace('    {\n        $this->assertSame', "    {\n        $this->markTestSkipped('later');\n        $this->assertSame"),
    impl: { 'src/Calc.php': '<?php\n\nfinal class Calc\n{\n    public static function add(int $a, int $b): int\n    {\n        return $a + $b;\n    }\n}\n' },
  },
  {
    runner: 'command',
    // pytest through the generic runner: any tool that writes JUnit XML works the same way.
    skeleton: {
      '.tddrc.json':
        JSON.stringify({
          runner: 'command',
          tests: ['tests/test_*.py'],
          testTargetedCommand: 'python3 -m pytest -q -p no:cacheprovider --junitxml={report} {files}',
        }) + '\n',
      'calc.py': '',
      'pytest.ini': '[pytest]\npythonpath = .\n',
    },
    testPath: 'tests/test_calc.py',
    test: PYTEST_TEST,
    wrong: [
      ['syntax', PYTEST_TEST.replace('== 5', '== 5 +')],
      ['missing-module', PYTEST_TEST.replace('from calc import add', 'from leftpad_not_installed import add')],
      // A report without one test and a failing exit: the command may have crashed before any test, so
      // a generic runner cannot say "no tests": it cannot verify (the hook exits 3; git says 1).
      ['no test in its report', 'def check(got):\n    assert got == 5\n'],
    ],
    skipped: PYTEST_TEST.replace('def test_adds', 'import pytest\n\n\n@pytest.mark.skip(reason="later")\ndef test_adds'),
    impl: { 'calc.py': 'def add(a, b):\n    return a + b\n' },
  },
];

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

describe.each(TOOLCHAINS)('$runner, through git commit', (t) => {
  it('refuses the wrong reasons by class, accepts the honest cycle, refuses a skipped GREEN', () => {
    const r = (repo = makeRepo(t.skeleton));
    expect(r.tdd('install').status).toBe(0);
    expect(JSON.parse(r.read('.tddrc.json')).runner).toBe(t.runner);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red');

    for (const [kind, text] of t.wrong) {
      r.write({ [t.testPath]: text });
      r.git('add', '-A');
      if (kind === 'no test in its report') {
        attemptCommit(r, 1, 'RUN_UNVERIFIED');
        continue;
      }
      // The class, as orchestrators read it: the finding's data in `tdd verify --json`.
      const verdict = JSON.parse(r.tdd('verify', '--json').stdout) as { findings: { code: string; data?: { kind?: string } }[] };
      expect(
        verdict.findings.filter((f) => f.code === 'RED_WRONG_REASON').map((f) => f.data?.kind),
        kind,
      ).toContain(kind);
      attemptCommit(r, 1, 'RED_WRONG_REASON');
    }
    r.write({ [t.testPath]: t.test });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('red');

    // GREEN that skips the frozen test: refused (tests are frozen in GREEN).
    r.write({ [t.testPath]: t.skipped, ...t.impl });
    r.git('add', '-A');
    expect(attemptCommit(r, 1, 'TESTS_CHANGED')).toContain(t.testPath);
    r.write({ [t.testPath]: t.test });

    r.write(t.impl);
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(new RegExp(`^${t.runner}: ${t.evidence ?? '1 passed, 0 failed'}`));
    // The runs wrote nothing into the checkout (no .rspec_status, no __pycache__, no .phpunit.result.cache, no target/).
    if (['rspec', 'unittest', 'minitest', 'phpunit'].includes(t.runner)) expect(r.git('status', '--porcelain', '--ignored')).toBe('');

    if (!t.refactor) return;
    // REFACTOR: a change that breaks only the implementation's own test is refused like any failing test.
    expect(r.tdd('phase', 'refactor').status).toBe(0);
    r.write(t.refactor.broken);
    r.git('add', '-A');
    attemptCommit(r, 1, 'GREEN_TESTS_FAIL');
    r.write(t.refactor.honest);
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('refactor');
  });
});
