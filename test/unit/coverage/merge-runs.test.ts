/**
 * One verifying run's coverage from several runner processes run apart (PHPUnit's one file a
 * process), from literal inputs: a line ran if any ran it; a file one run measured is measured.
 */
import { describe, expect, it } from 'vitest';
import { mergeRunCoverage } from '../../../src/coverage/merge-runs.js';

describe('mergeRunCoverage', () => {
  it('lines: code and run are unions; unmeasured keeps only the files no run measured', () => {
    const a = {
      measured: ['src/Calc.php'],
      files: { 'src/Calc.php': { kind: 'lines' as const, code: [7, 12, 13, 15], run: [7, 12] } },
      unmeasured: [{ runner: 'phpunit', reason: 'not its language', files: ['lib/a.rb'] }],
    };
    const b = {
      measured: ['src/Calc.php', 'src/Other.php'],
      files: { 'src/Calc.php': { kind: 'lines' as const, code: [7, 12, 13, 15], run: [12, 15] } },
      unmeasured: [
        { runner: 'phpunit', reason: 'not its language', files: ['lib/a.rb'] },
        { runner: 'phpunit', reason: 'wrote no readable coverage report', files: ['src/Calc.php'] },
      ],
    };
    expect(mergeRunCoverage(a, b)).toEqual({
      measured: ['src/Calc.php', 'src/Other.php'],
      files: { 'src/Calc.php': { kind: 'lines', code: [7, 12, 13, 15], run: [7, 12, 15] } },
      unmeasured: [{ runner: 'phpunit', reason: 'not its language', files: ['lib/a.rb'] }],
    });
  });

  it('regions: each run kept (judged apart); a mixed run makes the whole mixed', () => {
    const region = { sl: 1, sc: 0, el: 1, ec: 5, count: 0 };
    const a = { measured: ['a.js'], files: { 'a.js': { kind: 'regions' as const, runs: [[region]] } }, unmeasured: [] };
    const b = { measured: ['a.js'], files: { 'a.js': { kind: 'regions' as const, runs: [[{ ...region, count: 1 }]] } }, unmeasured: [], mixed: true as const };
    const m = mergeRunCoverage(a, b);
    expect(m.files['a.js']).toEqual({ kind: 'regions', runs: [[region], [{ ...region, count: 1 }]] });
    expect(m.mixed).toBe(true);
  });
});
