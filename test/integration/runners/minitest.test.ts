/**
 * The real minitest (Debian's ruby-minitest 5.17 on the machine that wrote this, run by `ruby` on
 * PATH) on each fixture, through runTests: what a RED or GREEN gate will be handed. Without ruby and
 * minitest these fail (they do not skip): .ci/run installs them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findUncoveredLines } from '../../../src/coverage/uncovered.js';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, runnerTestEnv, filesUnder } from './fixture.js';

const F = 'test/calc_test.rb';
const copy = fixtureCopies('minitest', afterAll);

async function run(name: string, files = [F]): Promise<RunResult & { root: string }> {
  const c = copy(name);
  const r = await runTests({ runner: 'minitest', root: c.root, files, env: runnerTestEnv(), timeoutMs: 60_000, sources: c.sources });
  return { ...r, root: c.root };
}

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.file, t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

describe('minitest adapter on real runs', () => {
  it('ruby runs minitest 5 (apt-get install ruby ruby-minitest; .ci/run does)', () => {
    const v = spawnSync('ruby', ['-e', 'require "minitest"; puts Minitest::VERSION'], { encoding: 'utf8' });
    expect(v.error, 'ruby is not on PATH: install ruby and ruby-minitest (Debian) or the minitest gem').toBeUndefined();
    expect(v.stdout).toMatch(/^5\.\d+/);
  });

  it.each([
    ['red-assertion', [[F, 'CalcTest#test_adds', 'failed', 'assertion']], [], 'Minitest::Assertion: Expected: 5'],
    // Calc exists, Calc.subtract does not: the next step, not a broken test.
    ['red-missing-symbol', [[F, 'CalcTest#test_subtracts', 'failed', 'missing-symbol']], [], "NoMethodError: undefined method `subtract' for Calc:Module"],
    // require_relative of a project file not written yet.
    ['red-missing-module-project', [], [[F, 'missing-symbol']], 'LoadError: cannot load such file -- <root>/lib/shapes/circle'],
    ['amber-syntax', [], [[F, 'syntax']], 'SyntaxError: '],
    ['amber-missing-module', [], [[F, 'missing-module']], 'LoadError: cannot load such file -- tdd_hooks_not_installed_gem'],
    ['amber-no-tests', [], [[F, 'no-tests']], undefined],
    ['amber-exception', [[F, 'CalcTest#test_reads_the_first_of_nothing', 'failed', 'exception']], [], 'IndexError: index 0 outside of array bounds'],
    ['amber-test-own-method', [[F, 'CalcTest#test_adds', 'failed', 'exception']], [], 'NoMethodError: undefined method '],
    ['green', [[F, 'CalcTest#test_adds', 'passed', undefined]], [], undefined],
    // minitest/spec through a test_helper on the load path (-I test), `require "calc"` through -I lib.
    ['green-spec', [[F, 'Calc#test_0001_adds', 'passed', undefined]], [], undefined],
    // Project code rewrote the test at run time: it "passed" without running what the file says.
    ['green-redefined', [[F, 'CalcTest#test_adds', 'failed', 'exception']], [], "tdd-hooks: the test's method was redefined at run time by lib/calc.rb"],
    // Project code redefined minitest's assert_equal (a name built at run time, which no static rule reads).
    [
      'green-patched',
      [[F, 'CalcTest#test_adds', 'failed', 'exception']],
      [],
      'tdd-hooks: a minitest method the test reached was redefined at run time: assert_equal by lib/calc.rb',
    ],
    ['skipped', [[F, 'CalcTest#test_adds', 'skipped', undefined]], [], undefined],
    // A name filter put into ARGV (minitest-focus's way) would hide test_adds_zero: the run is refused.
    ['focused', [], [[F, 'load-error']], 'tdd-hooks: a run that filters tests is not allowed'],
  ])('%s', async (name, tests, fileErrors, message) => {
    const r = await run(name);
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('minitest');
    // The start of the message (Ruby words the rest of an IndexError by version).
    if (message !== undefined) {
      const want = message.replace('<root>', r.root);
      expect((r.tests[0] ?? r.fileErrors[0])?.message?.slice(0, want.length)).toBe(want);
    }
  });

  it('runs exactly the asked file (targeted), exits 0 on green, and writes nothing into the tree', async () => {
    const c = copy('green');
    // A second test file that fails: not asked, never run.
    writeFileSync(
      join(c.root, 'test', 'other_test.rb'),
      'require "minitest/autorun"\nclass OtherTest < Minitest::Test\n  def test_no\n    flunk\n  end\nend\n',
    );
    const r = await runTests({ runner: 'minitest', root: c.root, files: [F], env: runnerTestEnv(), timeoutMs: 60_000, sources: c.sources });
    expect(summary(r).tests).toEqual([[F, 'CalcTest#test_adds', 'passed', undefined]]);
    expect(r.exitCode).toBe(0);
    expect(filesUnder(c.root).sort()).toEqual(['lib/calc.rb', F, 'test/other_test.rb']);
    // Both files asked: each result is its own file's, a load error stops only its file.
    writeFileSync(
      join(c.root, 'test', 'broken_test.rb'),
      'require "minitest/autorun"\nclass BrokenTest < Minitest::Test\n  def test_x\n    assert(1 ==\n  end\nend\n',
    );
    const both = await runTests({
      runner: 'minitest',
      root: c.root,
      files: [F, 'test/other_test.rb', 'test/broken_test.rb'],
      env: runnerTestEnv(),
      timeoutMs: 60_000,
      sources: c.sources,
    });
    expect(summary(both)).toEqual({
      status: 'completed',
      tests: expect.arrayContaining([
        [F, 'CalcTest#test_adds', 'passed', undefined],
        ['test/other_test.rb', 'OtherTest#test_no', 'failed', 'assertion'],
      ]),
      fileErrors: [['test/broken_test.rb', 'syntax']],
    });
    expect(both.tests).toHaveLength(2);
  });

  it("a test inherited from a helper's class is the file's that subclasses it; a test class of project code is no file's; test support may wrap an assertion", async () => {
    const c = copy('green');
    writeFileSync(
      join(c.root, 'test', 'support_base.rb'),
      'require "minitest/autorun"\nclass AddsBase < Minitest::Test\n  # Test support may wrap an assertion of its own (no project code redefining minitest).\n  def assert_equal(exp, act, msg = nil)\n    super\n  end\n\n  def test_inherited\n    assert_equal 1, 1\n  end\nend\n',
    );
    writeFileSync(join(c.root, 'lib', 'fake.rb'), 'class FakeTest < Minitest::Test\n  def test_fake\n    assert true\n  end\nend\n');
    writeFileSync(join(c.root, 'test', 'inherit_test.rb'), 'require "support_base"\nrequire "fake"\n\nclass InheritTest < AddsBase\nend\n');
    const r = await runTests({
      runner: 'minitest',
      root: c.root,
      files: ['test/inherit_test.rb'],
      env: runnerTestEnv(),
      timeoutMs: 60_000,
      sources: c.sources,
    });
    expect(summary(r)).toEqual({ status: 'completed', tests: [['test/inherit_test.rb', 'InheritTest#test_inherited', 'passed', undefined]], fileErrors: [] });
  });

  it('the leak guard notes a file of the work tree the run loads, and a run of the copy alone is clean', async () => {
    const top = realpathSync(copy('green').root);
    mkdirSync(join(top, 'lib'), { recursive: true });
    writeFileSync(join(top, 'lib', 'extra.rb'), 'module Extra; end\n');
    const c = copy('green');
    // The copy lies outside the work tree here; the test reaches out to the tree's own lib/extra.rb.
    writeFileSync(
      join(c.root, F),
      `require "minitest/autorun"\nrequire ${JSON.stringify(join(top, 'lib', 'extra.rb'))}\nrequire_relative "../lib/calc"\nclass CalcTest < Minitest::Test\n  def test_adds\n    assert_equal 5, Calc.add(2, 3)\n  end\nend\n`,
    );
    const guard = { top, copy: c.root, links: [], linked: [] };
    const r = await runTests({ runner: 'minitest', root: c.root, files: [F], env: runnerTestEnv(), timeoutMs: 60_000, sources: c.sources, guard });
    expect(r.status).toBe('leaked');
    expect(r.leaks?.map((l) => l.path)).toEqual(['lib/extra.rb']);
    // The same guard on a copy that reads only itself.
    const own = copy('green');
    const ownRun = await runTests({
      runner: 'minitest',
      root: own.root,
      files: [F],
      env: runnerTestEnv(),
      timeoutMs: 60_000,
      sources: own.sources,
      guard: { top, copy: own.root, links: [], linked: [] },
    });
    expect(ownRun.status).toBe('completed');
  });

  it("GREEN's coverage (Ruby's Coverage, started through RUBYOPT before the project's code, the user's RUBYOPT and the guard kept): an untested changed line is named, a tested one is not", async () => {
    const c = copy('green');
    const calc = 'module Calc\n  def self.add(a, b)\n    a + b\n  end\n\n  def self.subtract(a, b)\n    a - b\n  end\nend\n';
    writeFileSync(join(c.root, 'lib', 'calc.rb'), calc);
    writeFileSync(join(c.root, 'lib', 'unused.rb'), 'module Unused\n  X = 1\nend\n');
    const guard = { top: c.root, copy: c.root, links: [], linked: [] };
    const r = await runTests({
      runner: 'minitest',
      root: c.root,
      files: [F],
      env: { ...runnerTestEnv(), RUBYOPT: '-W0' },
      timeoutMs: 60_000,
      sources: c.sources,
      guard,
      coverage: ['lib/calc.rb', 'lib/unused.rb'],
    });
    expect(summary(r).tests).toEqual([[F, 'CalcTest#test_adds', 'passed', undefined]]);
    expect(r.coverage?.unmeasured).toEqual([]);
    expect(r.coverage?.measured).toEqual(['lib/calc.rb', 'lib/unused.rb']);
    const all = (text: string) => text.split('\n').map((_, i) => i + 1);
    expect(findUncoveredLines({ added: all(calc), blanked: calc, coverage: r.coverage?.files['lib/calc.rb'] })).toEqual([7]);
    // Never loaded: no coverage of it, every line of code unrun.
    expect(r.coverage?.files['lib/unused.rb']).toBeUndefined();
    expect(filesUnder(c.root)).toEqual(['lib/calc.rb', 'lib/unused.rb', F]);
  });
});
