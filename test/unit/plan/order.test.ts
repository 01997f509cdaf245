/** The order of ids in every output: natural, total, locale-free. */
import { describe, expect, it } from 'vitest';
import { compareIds } from '../../../src/plan/order.js';

describe('compareIds', () => {
  it('numbers by value, text by code unit', () => {
    const ids = ['task-10', '10', 'b', 'task-9', '2', 'B', 'a1b10', 'a1b2', '1', 'task-9a', 'a'];
    expect(ids.sort(compareIds)).toEqual(['1', '2', '10', 'B', 'a', 'a1b2', 'a1b10', 'b', 'task-9', 'task-9a', 'task-10']);
  });

  it('a total order: ids equal in value fall back to code-unit order', () => {
    expect(['07', '7', '007'].sort(compareIds)).toEqual(['007', '07', '7']);
    expect(compareIds('x', 'x')).toBe(0);
    expect(Math.sign(compareIds('1.5', '1.10'))).toBe(-1); // "." then 5 < 10: ids, not decimals
  });

  it('numbers longer than a double are compared digit by digit', () => {
    expect(['123456789012345678901', '123456789012345678900', '99'].sort(compareIds)).toEqual(['99', '123456789012345678900', '123456789012345678901']);
  });

  it('antisymmetric and transitive over a sample', () => {
    const sample = ['', '0', '00', '1', '01', 'a', 'a0', 'a00', 'a1', 'a01', 'a-1', '1a', '10a', '9z', 'Z', '_', '.'];
    for (const x of sample) {
      for (const y of sample) {
        expect(Math.sign(compareIds(x, y)) + Math.sign(compareIds(y, x))).toBe(0);
        for (const z of sample) if (compareIds(x, y) < 0 && compareIds(y, z) < 0) expect(compareIds(x, z)).toBeLessThan(0);
      }
    }
  });
});
