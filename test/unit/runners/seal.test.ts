import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import nodeJsonReporter from '../../../src/runners/node-reporter.js';
import { checkSeal, sealEnv, stripSeals } from '../../../src/runners/seal.js';
import VitestSeal from '../../../src/runners/vitest-seal.js';

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
    expect(sealEnv('jest', '/t/report', {}, '/p')).toEqual({ TDD_HOOKS_SEAL: '/t/report' });
    expect(sealEnv('command', '/t/report', {}, '/p')).toEqual({});
    // vitest's and node --test's reporters of ours, in the runner's main process; not the guard's variable.
    expect(sealEnv('vitest', '/t/report', {}, '/p')).toEqual({ TDD_HOOKS_SEAL_REPORT: '/t/report' });
    expect(sealEnv('node', '/t/report', {}, '/p')).toEqual({ TDD_HOOKS_SEAL_REPORT: '/t/report' });
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

describe('the seals of our reporters in a node runner’s main process', () => {
  const seals = (written: string[]) => written.filter((w) => w.includes('tdd-hooks-seal')).map((w) => w.trim());
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('vitest: the JSON reporter writing the named report is followed by the seal of exactly what it wrote; another is left alone', async () => {
    vi.stubEnv('TDD_HOOKS_SEAL_REPORT', '/t/report');
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => (written.push(String(s)), true));
    const files: Record<string, string> = {};
    const json = (outputFile: string) => ({ options: { outputFile }, writeReport: async (t: string) => void (files[outputFile] = t) });
    const ours = json('/t/report');
    const theirs = json('/elsewhere.json');
    new VitestSeal().onInit({ reporters: [ours, theirs, { onInit() {} }], config: { root: '/t' } });
    await ours.writeReport('{"success":false}');
    await theirs.writeReport('{"other":1}');
    expect(files['/t/report']).toBe('{"success":false}');
    expect(seals(written)).toEqual([`tdd-hooks-seal ${sha(Buffer.from('{"success":false}'))}`]);
  });

  it('node --test: the seal of every line yielded, after the last; none when not asked', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => (written.push(String(s)), true));
    const events = async function* () {
      yield { type: 'test:pass', data: { file: '/t/a.test.js', name: 'adds', nesting: 0, details: {} } } as never;
    };
    const drain = async () => {
      let text = '';
      for await (const chunk of nodeJsonReporter(events())) text += chunk;
      return text;
    };
    await drain();
    expect(seals(written)).toEqual([]);
    vi.stubEnv('TDD_HOOKS_SEAL_REPORT', '/t/report');
    const report = await drain();
    expect(report).toContain('{"t":"end"}');
    expect(seals(written)).toEqual([`tdd-hooks-seal ${sha(Buffer.from(report))}`]);
  });
});
