import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSeal, sealEnv, stripSeals } from '../../../src/runners/seal.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const real = Buffer.from('{"tests":[{"status":"failed"}]}');
const forged = Buffer.from('{"tests":[{"status":"passed"}]}');

describe('checkSeal', () => {
  it('trusts a report that hashes to its one seal, and hides the seal line from the adapter', () => {
    const stderr = `warning: x\n\ntdd-hooks-seal ${sha(real)}\n`;
    const r = checkSeal(stderr, real);
    expect(r.problem).toBeUndefined();
    expect(r.stderr).not.toContain('tdd-hooks-seal');
    expect(r.stderr).toContain('warning: x');
  });

  it('refuses a report rewritten after the seal, an unsealed report, and a second forged seal', () => {
    expect(checkSeal(`tdd-hooks-seal ${sha(real)}\n`, forged).problem).toMatch(/changed after/);
    expect(checkSeal('no seal here\n', forged).problem).toMatch(/did not seal/);
    expect(checkSeal(`tdd-hooks-seal ${sha(real)}\ntdd-hooks-seal ${sha(forged)}\n`, forged).problem).toMatch(/second seal/);
    // A seal written in a line of its own only: one inside a test's output line is not a seal.
    expect(checkSeal(`log: tdd-hooks-seal ${sha(forged)}\n`, forged).problem).toMatch(/did not seal/);
  });

  it('leaves a missing report to the adapter', () => {
    expect(checkSeal('', undefined).problem).toBeUndefined();
  });
});

describe('sealEnv', () => {
  it('names the report for the sealed runners only, and adds pytest’s plugin after the project’s own', () => {
    expect(sealEnv('vitest', '/t/report', {}, '/p')).toEqual({});
    expect(sealEnv('minitest', '/t/report', {}, '/p')).toEqual({ TDD_HOOKS_SEAL: '/t/report' });
    expect(sealEnv('pytest', '/t/report', { PYTHONPATH: '/site', PYTEST_PLUGINS: 'mine' }, '/p')).toEqual({
      TDD_HOOKS_SEAL: '/t/report',
      PYTHONPATH: '/site:/p',
      PYTEST_PLUGINS: 'mine,tdd_hooks_seal',
    });
  });

  it('strips every seal line', () => {
    expect(stripSeals(`a\ntdd-hooks-seal ${sha(real)}\nb\n`)).toBe('a\n\nb\n');
  });
});
