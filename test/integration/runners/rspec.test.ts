/**
 * The real RSpec (`rspec` on PATH; Debian's ruby-rspec 3.12 on the machine that wrote this) on each
 * fixture, through runTests: what a RED or GREEN gate will be handed. Without rspec these fail (they
 * do not skip): .ci/run installs it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUncoveredLines } from '../../../src/coverage/uncovered.js';
import { runTests } from '../../../src/runners/run.js';
import type { RunResult } from '../../../src/types.js';
import { fixtureCopies, runnerTestEnv, filesUnder } from './fixture.js';

const F = 'spec/calc_spec.rb';
const fixture = fixtureCopies('rspec');
async function run(name: string, o: { files?: string[]; guard?: { top: string } } = {}): Promise<RunResult & { root: string }> {
  const copy = fixture(name);
  const guard = o.guard ? { top: o.guard.top, copy: copy.root, links: [], linked: [] } : undefined;
  const r = await runTests({ runner: 'rspec', root: copy.root, files: o.files ?? [F], env: runnerTestEnv(), timeoutMs: 60_000, sources: copy.sources, guard });
  return { ...r, root: copy.root };
}

const summary = (r: RunResult) => ({
  status: r.status,
  tests: r.tests.map((t) => [t.name, t.status, t.failure]),
  fileErrors: r.fileErrors.map((e) => [e.file, e.kind]),
});

describe('rspec adapter on real runs', () => {
  it('rspec is installed (apt-get install ruby-rspec; .ci/run does)', () => {
    const v = spawnSync('rspec', ['--version'], { encoding: 'utf8' });
    expect(v.error, 'rspec is not on PATH: install ruby-rspec (Debian) or the rspec gem').toBeUndefined();
    expect(v.stdout).toMatch(/3\.\d+/);
  });

  it.each([
    ['red-assertion', [['Calc adds', 'failed', 'assertion']], [], 'RSpec::Expectations::ExpectationNotMetError: expected: 5'],
    // Calc exists, Calc.subtract does not: the next step, not a broken test.
    ['red-missing-symbol', [['Calc subtracts', 'failed', 'missing-symbol']], [], "NoMethodError: undefined method `subtract' for Calc:Module"],
    // require_relative of a project file not written yet.
    ['red-missing-module-project', [], [[F, 'missing-symbol']], 'LoadError: cannot load such file -- <root>/lib/shapes/circle'],
    ['amber-syntax', [], [[F, 'syntax']], undefined],
    ['amber-missing-module', [], [[F, 'missing-module']], 'LoadError: cannot load such file -- tdd_hooks_not_installed_gem'],
    ['amber-no-tests', [], [[F, 'no-tests']], undefined],
    ['amber-exception', [['Calc reads the first of nothing', 'failed', 'exception']], [], 'IndexError: index 0 outside of array bounds'],
    // A helper the spec never defined (its receiver is the example): the test's own mistake, not a missing symbol.
    ['amber-test-own-method', [['Calc adds', 'failed', 'exception']], [], "NoMethodError: undefined method `add_with_calc' for #<RSpec::ExampleGroups::Calc"],
    ['green', [['Calc adds', 'passed', undefined]], [], undefined],
    ['skipped', [['Calc adds', 'skipped', undefined]], [], undefined],
    // The project filters on :focus (its spec_helper): our support file refuses the run instead of hiding 'adds zero'.
    ['focused', [], [[F, 'load-error']], undefined],
  ])('%s', async (name, tests, fileErrors, message) => {
    const r = await run(name);
    expect(summary(r)).toEqual({ status: 'completed', tests, fileErrors });
    expect(r.runner).toBe('rspec');
    // The start of the message (Ruby words the rest of an IndexError by version).
    if (message !== undefined)
      expect((r.tests[0] ?? r.fileErrors[0])?.message?.slice(0, message.replace('<root>', r.root).length)).toBe(message.replace('<root>', r.root));
  });

  it('focused names the example, and green exits 0 with the json report and writes nothing into the tree', async () => {
    expect((await run('focused')).fileErrors[0]?.message).toMatch(/focused examples are not allowed: \.\/spec\/calc_spec\.rb:4/);
    const r = await run('green');
    expect(r.exitCode).toBe(0);
    expect(r.command).toEqual(expect.arrayContaining(['--format', 'json', '--no-color', F]));
    expect(filesUnder(r.root).sort()).toEqual(['.rspec', 'lib/calc.rb', F, 'spec/spec_helper.rb']);
  });

  it('the leak guard notes a file of the work tree the run loads, and a run of the copy alone is clean', async () => {
    const top = realpathSync(fixture('green').root);
    mkdirSync(join(top, 'lib'), { recursive: true });
    writeFileSync(join(top, 'lib', 'extra.rb'), 'module Extra; end\n');
    const copy = fixture('green');
    // The copy lies inside the work tree, as the hook's does under .git; the spec reaches out to the tree's own lib/extra.rb.
    writeFileSync(
      join(copy.root, F),
      `require ${JSON.stringify(join(top, 'lib', 'extra.rb'))}\nrequire_relative '../lib/calc'\nRSpec.describe Calc do\n  it('adds') { expect(Calc.add(1, 1)).to eq(2) }\nend\n`,
    );
    const guard = { top, copy: copy.root, links: [], linked: [] };
    const r = await runTests({ runner: 'rspec', root: copy.root, files: [F], env: runnerTestEnv(), timeoutMs: 60_000, sources: copy.sources, guard });
    expect(r.status).toBe('leaked');
    expect(r.leaks?.map((l) => l.path)).toEqual(['lib/extra.rb']);
    const clean = await run('green', { guard: { top } });
    expect(clean.status).toBe('completed');
    expect(existsSync(top)).toBe(true);
  });

  it("GREEN's coverage (Ruby's Coverage through RUBYOPT): an untested changed line is named, a tested one is not, beside a SimpleCov-like helper that reads Coverage's result at exit", async () => {
    const copy = fixture('green');
    const calc =
      "module Calc\n  def self.add(a, b)\n    a + b\n  end\n\n  def self.half(a)\n    raise ArgumentError, 'odd' if a.odd?\n\n    a / 2\n  end\nend\n";
    writeFileSync(join(copy.root, 'lib', 'calc.rb'), calc);
    // SimpleCov's way: start unless running, read (and stop) the result at exit.
    writeFileSync(
      join(copy.root, 'spec', 'spec_helper.rb'),
      "require 'coverage'\nCoverage.start(lines: true) unless Coverage.running?\nat_exit { Coverage.result }\nRSpec.configure do |c|\n  c.filter_run_when_matching :focus\nend\n",
    );
    writeFileSync(
      join(copy.root, F),
      "require_relative '../lib/calc'\n\nRSpec.describe Calc do\n  it('adds') { expect(Calc.add(2, 2)).to eq(4) }\n  it('halves') { expect(Calc.half(4)).to eq(2) }\nend\n",
    );
    const r = await runTests({
      runner: 'rspec',
      root: copy.root,
      files: [F],
      env: runnerTestEnv(),
      timeoutMs: 60_000,
      sources: copy.sources,
      coverage: ['lib/calc.rb'],
    });
    expect(summary(r).tests).toEqual([
      ['Calc adds', 'passed', undefined],
      ['Calc halves', 'passed', undefined],
    ]);
    expect(r.coverage?.unmeasured).toEqual([]);
    const all = calc.split('\n').map((_, i) => i + 1);
    // A modifier `raise … if` is one line, and it ran; the same raise on a line of its own did not.
    expect(findUncoveredLines({ added: all, blanked: calc, coverage: r.coverage?.files['lib/calc.rb'] })).toEqual([]);
    const odd =
      "module Calc\n  def self.add(a, b)\n    a + b\n  end\n\n  def self.half(a)\n    if a.odd?\n      raise ArgumentError, 'odd'\n    end\n\n    a / 2\n  end\nend\n";
    writeFileSync(join(copy.root, 'lib', 'calc.rb'), odd);
    const again = await runTests({
      runner: 'rspec',
      root: copy.root,
      files: [F],
      env: runnerTestEnv(),
      timeoutMs: 60_000,
      sources: copy.sources,
      coverage: ['lib/calc.rb'],
    });
    expect(findUncoveredLines({ added: odd.split('\n').map((_, i) => i + 1), blanked: odd, coverage: again.coverage?.files['lib/calc.rb'] })).toEqual([8]);
  });
});
