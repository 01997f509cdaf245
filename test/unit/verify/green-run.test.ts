/**
 * GREEN's one run (verify/green-run.ts): when the task's tests and the related ones may share a
 * runner start, and whose a node process's coverage is (coverage/v8 attributeProcess). Literal
 * inputs; the real runs are in test/integration/green-coverage.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULTS, type Config, type RunnerName } from '../../../src/config/schema.js';
import { attributeProcess } from '../../../src/coverage/v8.js';
import { foldable } from '../../../src/verify/green-run.js';

const config = (runner: RunnerName, extra: Partial<Config> = {}): Config => ({ ...DEFAULTS, runner, ...extra });
const spec = (runner: RunnerName, root: string) => ({ runner, root, tests: ['**/*.test.*'], testCommand: null, testTargetedCommand: null });

describe('foldable: one run can give the task its own coverage', () => {
  const never = () => false;
  const always = () => true;
  it('nothing to measure: always', () => {
    for (const runner of ['vitest', 'jest', 'pytest', 'go', 'mocha', 'node'] as const) {
      expect(foldable('/p', config(runner), undefined, always)).toBe(true);
      expect(foldable('/p', config(runner), [], always)).toBe(true);
    }
  });
  it('node tells its processes apart: always', () => {
    expect(foldable('/p', config('node'), ['src/a.js'], always)).toBe(true);
  });
  it('a runner whose one report merges every file, measuring a changed file: never', () => {
    expect(foldable('/p', config('jest'), ['src/a.ts'], always)).toBe(false);
    expect(foldable('/p', config('pytest'), ['calc.py'], always)).toBe(false);
    expect(foldable('/p', config('mocha'), ['src/a.js'], always)).toBe(false);
    expect(foldable('/p', config('vitest'), ['src/a.ts'], always)).toBe(false);
  });
  it('vitest without its v8 provider measures nothing: one run', () => {
    expect(foldable('/p', config('vitest'), ['src/a.ts'], never)).toBe(true);
  });
  it('a changed file its runner cannot see (pytest and a .js file) is no reason for two runs', () => {
    expect(foldable('/p', config('pytest'), ['web/a.js'], always)).toBe(true);
  });
  it('several runners: each one that would measure must be able to', () => {
    const runners = [spec('node', 'tools'), spec('jest', 'web')];
    expect(foldable('/p', config('node', { runners }), ['tools/a.js'], always)).toBe(true);
    expect(foldable('/p', config('node', { runners }), ['tools/a.js', 'web/b.ts'], always)).toBe(false);
  });
});

describe("attributeProcess: whose a node process's coverage is", () => {
  const of = {
    task: new Set(['file:///c/test/slug.test.js']),
    others: new Set(['file:///c/test/title.test.js']),
    asked: new Set(['file:///c/src/slug.js']),
  };
  it.each([
    ['the task test file and the sources', ['file:///c/test/slug.test.js', 'file:///c/src/slug.js'], 'task'],
    ['another test file and the sources', ['file:///c/test/title.test.js', 'file:///c/src/slug.js'], 'other'],
    ['both test files (one process ran both)', ['file:///c/test/slug.test.js', 'file:///c/test/title.test.js'], 'mixed'],
    ['no test file but an asked source (spawned by some test)', ['file:///c/src/slug.js'], 'mixed'],
    ["the runner's own process", ['node:internal/main', 'file:///x/reporter.js'], 'none'],
  ] as const)('%s', (_, urls, whose) => {
    expect(attributeProcess(urls, of)).toBe(whose);
  });
});
