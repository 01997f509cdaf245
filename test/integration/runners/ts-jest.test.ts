/**
 * jest + ts-jest as a TypeScript project sets it up (`preset: 'ts-jest'`): ts-jest type-checks each
 * test file and fails the whole suite on a diagnostic. A test of a symbol the project has not
 * exported yet (TS2305) or of a new parameter (TS2554) fails for the right reason; a type error of
 * the test's own does not. Real jest 30, ts-jest 29 and typescript from this checkout, real commits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, codesOf, trailersOf } from '../../helpers/cycle.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';

let r: Repo;
beforeAll(() => {
  r = makeRepo(
    {
      'package.json':
        JSON.stringify({ name: 'tsj', private: true, scripts: { test: 'jest' }, devDependencies: { jest: '30', 'ts-jest': '29', typescript: '5' } }) + '\n',
      'jest.config.js': "module.exports = { preset: 'ts-jest', testEnvironment: 'node' };\n",
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'commonjs', target: 'es2020', types: [] } }) + '\n',
      'src/math.ts': 'export function other(): number {\n  return 1;\n}\n',
      'src/jest-globals.d.ts': 'declare function test(name: string, fn: () => void): void;\ndeclare function expect(v: unknown): { toBe(e: unknown): void };\n',
      '.gitignore': 'node_modules\n',
    },
    { linkNodeModules: true },
  );
  expect(r.tdd('install').status).toBe(0);
  expect(JSON.parse(r.read('.tddrc.json'))).toMatchObject({ runner: 'jest' });
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  expect(r.commit('skeleton').status).toBe(0);
});
afterAll(() => r?.cleanup());

const TEST = "import { add } from '../src/math';\n\ntest('adds', () => {\n  expect(add(2, 3)).toBe(5);\n});\n";

describe('ts-jest: TypeScript diagnostics in a RED', () => {
  it('a type error of the test’s own is refused (a broken suite, not the right reason)', () => {
    r.tdd('phase', 'red', '--task', 'broken');
    r.write({
      'test/broken.test.ts': "import { other } from '../src/math';\n\nconst n: number = 'one';\ntest('x', () => {\n  expect(other()).toBe(n);\n});\n",
    });
    r.git('add', 'test/broken.test.ts');
    const out = attemptCommit(r, 1, 'RED_WRONG_REASON');
    expect(out).toMatch(/TS2322/);
    r.run('rm', ['test/broken.test.ts']);
  });

  it('TS2305 (has no exported member) of the project is a missing symbol: RED, then GREEN', () => {
    r.tdd('phase', 'red', '--task', 'add');
    r.write({ 'test/math.test.ts': TEST });
    r.git('add', 'test/math.test.ts');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('red');
    r.write({
      'src/math.ts': 'export function other(): number {\n  return 1;\n}\n\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n',
    });
    r.git('add', 'src/math.ts');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
  });

  it('TS2554 (expected 0 arguments) on the project’s function is the right reason for a new parameter', () => {
    r.tdd('phase', 'red', '--task', 'other-n');
    r.write({ 'test/other.test.ts': "import { other } from '../src/math';\n\ntest('scales', () => {\n  expect(other(3)).toBe(3);\n});\n" });
    r.git('add', 'test/other.test.ts');
    const red = r.commit('red: other(n)');
    expect(red.status, red.stdout + red.stderr).toBe(0);
    expect(codesOf(red)).not.toContain('RED_WRONG_REASON');
    expect(trailersOf(r)['TDD-Phase']).toBe('red');
  });
});
