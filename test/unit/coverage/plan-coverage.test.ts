/**
 * GREEN's coverage plan, from literal inputs: a runner that measures nothing gives its own reason
 * (the one `tdd report` and the hook show), not the "other language" one of a runner that does.
 */
import { describe, expect, it } from 'vitest';
import { NOT_MEASURED } from '../../../src/coverage/measure.js';
import { planCoverage } from '../../../src/runners/coverage-read.js';

const built = { argv: ['phpunit', 'tests/CalcTest.php'], env: {} };
const o = { root: '/nowhere', dir: '/nowhere/.coverage' };

describe('planCoverage', () => {
  it.each(['phpunit', 'maven', 'minitest', 'rspec', 'cargo'] as const)('%s measures nothing and says why', (runner) => {
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
});
