/**
 * GREEN's coverage plan, from literal inputs: a runner that measures nothing gives its own reason
 * (the one `tdd report` and the hook show), not the "other language" one of a runner that does.
 */
import { describe, expect, it } from 'vitest';
import { NOT_MEASURED, withCoverage } from '../../../src/coverage/measure.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planCoverage, readCoverage } from '../../../src/runners/coverage-read.js';

const built = { argv: ['phpunit', 'tests/CalcTest.php'], env: {} };
const o = { root: '/nowhere', dir: '/nowhere/.coverage' };

describe('planCoverage', () => {
  it.each(['maven', 'cargo'] as const)('%s measures nothing and says why', (runner) => {
    const plan = planCoverage(runner, built, ['src/Calc.php'], o);
    expect(plan.ask).toBeUndefined();
    expect(plan.built).toBe(built);
    expect(plan.coverage.unmeasured).toEqual([{ runner, reason: NOT_MEASURED[runner]!.reason, files: ['src/Calc.php'] }]);
  });

  it('node does measure: only a file not in its language is unmeasured, and the JavaScript is asked for', () => {
    const plan = planCoverage('node', { argv: ['node', '--test'], env: {} }, ['src/calc.ts', 'src/sum.js'], o);
    expect(plan.coverage.unmeasured.map((u) => [u.runner, u.files])).toEqual([['node', ['src/calc.ts']]]);
    expect(plan.ask?.files).toEqual(['src/sum.js']);
  });

  it.each(['minitest', 'rspec'] as const)('%s measures Ruby: its Coverage starter goes first on RUBYOPT, the files asked by absolute path', (runner) => {
    const plan = planCoverage(runner, { argv: ['ruby'], env: {} }, ['lib/calc.rb', 'src/Calc.php'], o);
    expect(plan.ask?.files).toEqual(['lib/calc.rb']);
    expect(plan.coverage.unmeasured.map((u) => [u.runner, u.files])).toEqual([[runner, ['src/Calc.php']]]);
    expect(plan.built.env.RUBYOPT).toMatch(/^-r\S+\/tdd_coverage\.rb$/);
    expect(JSON.parse(plan.built.env.TDD_HOOKS_COVERAGE!)).toEqual({ out: o.dir, root: o.root, files: ['/nowhere/lib/calc.rb'] });
  });

  it("Ruby's starter on a path with a space (RUBYOPT splits on it) measures nothing and says why", () => {
    const r = withCoverage('rspec', { argv: ['rspec'], env: {} }, { dir: '/d', files: ['lib/a.rb'] }, { root: '/r', rubyCoverage: '/my dir/tdd_coverage.rb' });
    expect(r).toEqual({ reason: expect.stringContaining('/my dir/tdd_coverage.rb') });
  });

  it("phpunit measures PHP: PCOV switched on by an ini folder after the default one, the project's own coverage report off", () => {
    const plan = planCoverage('phpunit', built, ['src/Calc.php', 'lib/a.rb'], o);
    expect(plan.ask?.files).toEqual(['src/Calc.php']);
    expect(plan.built.argv).toEqual(['phpunit', '--no-coverage', 'tests/CalcTest.php']);
    expect(plan.built.env.PHP_INI_SCAN_DIR).toMatch(/^:\S+\/coverage\.d$/);
    expect(plan.built.env.TDD_HOOKS_PCOV_DIR).toBe(o.root);
    expect(JSON.parse(plan.built.env.TDD_HOOKS_COVERAGE!)).toEqual({ out: o.dir, root: o.root, files: ['/nowhere/src/Calc.php'] });
  });

  it('a PHP run without PCOV is "not measured", with the reason its prepended file wrote and the install command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdd-php-cov-'));
    try {
      writeFileSync(join(dir, 'php-unmeasured'), 'the pcov extension is not loaded');
      const coverage = await readCoverage('phpunit', { dir, files: ['src/Calc.php'] }, '/nowhere', { measured: [], files: {}, unmeasured: [] });
      expect(coverage.measured).toEqual([]);
      expect(coverage.unmeasured).toEqual([
        {
          runner: 'phpunit',
          reason: expect.stringContaining('the pcov extension is not loaded'),
          install: expect.stringContaining('php-pcov'),
          files: ['src/Calc.php'],
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
