import { describe, expect, it } from 'vitest';
import { parseEvidence } from '../../../src/report/evidence.js';

describe('parseEvidence', () => {
  it.each([
    [
      'node: 0 passed, 2 failed (missing-symbol 1, assertion 1)',
      { runner: 'node', passed: 0, failed: 2, skipped: 0, reasons: { 'missing-symbol': 1, assertion: 1 } },
    ],
    ['vitest: 3 passed, 0 failed', { runner: 'vitest', passed: 3, failed: 0, skipped: 0, reasons: {} }],
    ['vitest: 3 passed, 1 failed (assertion 1), 2 skipped', { runner: 'vitest', passed: 3, failed: 1, skipped: 2, reasons: { assertion: 1 } }],
  ])('%s', (value, counts) => {
    expect(parseEvidence(value)).toEqual(counts);
  });

  it.each([undefined, '', 'all good', 'node: many passed'])('is undefined for %j', (value) => {
    expect(parseEvidence(value)).toBeUndefined();
  });
});
