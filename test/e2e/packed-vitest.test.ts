/**
 * As a new user: `npm pack` this checkout, install the tarball into a fresh vitest project,
 * `npx tdd-hooks install`, and walk RED → GREEN → REFACTOR through real `git commit` with real
 * vitest — honest commits accepted, cheats refused, nothing in the working tree changed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesOf, fingerprint, trailersOf } from '../helpers/cycle.js';
import { sharedPack } from '../helpers/pack.js';
import { makeRepo, networkEnv, type Repo } from '../helpers/repo.js';

const TEST = `import { describe, expect, it } from 'vitest';
import { parse } from '../src/parse';

describe('parse', () => {
  it('rejects empty input', () => {
    expect(() => parse('')).toThrow('empty input');
  });
  it('reads a number', () => {
    expect(parse('42')).toBe(42);
  });
});
`;
const IMPL = `export function parse(text: string): number {
  if (text === '') throw new Error('empty input');
  return Number(text);
}
`;

let repo: Repo;

beforeAll(() => {
  const packed = sharedPack();
  const tarball = packed.tarball;
  repo = makeRepo({
    'package.json': JSON.stringify({ name: 'app', type: 'module', private: true, scripts: { test: 'vitest run' } }, null, 2) + '\n',
    'src/index.ts': 'export const name = "app";\n',
    'vitest.config.ts': "import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'] } });\n",
    '.gitignore': 'node_modules/\n',
  });
  // A real install, as a user would: the tarball and vitest (from the npm cache when warm).
  const install = repo.run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '-D', tarball, 'vitest@4.1.12', 'vite@8.3.8'], {
    env: networkEnv(),
  });
  expect(install.status, install.stderr).toBe(0);
});

afterAll(() => {
  repo?.cleanup();
});

describe('the packed package in a fresh vitest project', () => {
  it('installs with one command and detects vitest', () => {
    const r = repo.run('npx', ['--no-install', 'tdd-hooks', 'install']);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(JSON.parse(repo.read('.tddrc.json')).runner).toBe('vitest');
    expect(repo.run('npx', ['--no-install', 'tdd', '--help']).status).toBe(0);
    // The library entry loads without side effects.
    const api = repo.run(process.execPath, [
      '--input-type=module',
      '-e',
      "const m = await import('tdd-hooks'); console.log(typeof m.evaluateGates, typeof m.planWaves)",
    ]);
    expect(api.stdout.trim(), api.stderr).toBe('function function');
    repo.git('add', '-A');
    expect(repo.run('npx', ['--no-install', 'tdd', 'phase', 'off', '--reason', 'skeleton']).status).toBe(0);
    const c = repo.commit('chore: skeleton');
    expect(c.status, c.stderr).toBe(0);
  });

  it('walks RED → GREEN → REFACTOR, refusing the cheats', () => {
    const tdd = (...a: string[]) => repo.run('npx', ['--no-install', 'tdd', ...a]);
    const attempt = (message: string, expectStatus: number, code?: string) => {
      const before = fingerprint(repo);
      const c = repo.commit(message);
      expect(c.status, c.stderr + c.stdout).toBe(expectStatus);
      if (code) expect(codesOf(c)).toContain(code);
      if (expectStatus !== 0) {
        expect(fingerprint(repo)).toBe(before);
        repo.git('reset', '-q');
      }
    };
    tdd('phase', 'red', '--task', 'parse');
    // Cheat: implementation with the test.
    repo.write({ 'test/parse.test.ts': TEST, 'src/parse.ts': IMPL });
    repo.git('add', '-A');
    attempt('test: parse', 1, 'RED_IMPL_STAGED');
    repo.remove('src/parse.ts');
    // Cheat: a focused test.
    repo.write({ 'test/parse.test.ts': TEST.replace("it('reads", "it.only('reads") });
    repo.git('add', '-A');
    attempt('test: parse', 1, 'MARKER_FOCUS');
    // Cheat: a syntax error is not RED.
    repo.write({ 'test/parse.test.ts': TEST.replace('toBe(42);', 'toBe(42;') });
    repo.git('add', '-A');
    attempt('test: parse', 1, 'RED_WRONG_REASON');
    // Honest RED: the module does not exist yet.
    repo.write({ 'test/parse.test.ts': TEST });
    repo.git('add', '-A');
    attempt('test: parse', 0);
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'red', 'TDD-Task': 'parse' });
    // Cheat: weaken the frozen test.
    repo.write({ 'test/parse.test.ts': TEST.replace("toThrow('empty input')", 'not.toThrow()'), 'src/parse.ts': IMPL });
    repo.git('add', '-A');
    attempt('feat: parse', 1, 'TESTS_CHANGED');
    repo.git('checkout', '--', 'test/parse.test.ts');
    // Cheat: an implementation that does not pass.
    repo.write({ 'src/parse.ts': 'export function parse(text: string): number {\n  return Number(text);\n}\n' });
    repo.git('add', '-A');
    attempt('feat: parse', 1, 'GREEN_TESTS_FAIL');
    // Honest GREEN.
    repo.write({ 'src/parse.ts': IMPL });
    repo.git('add', '-A');
    attempt('feat: parse', 0);
    expect(trailersOf(repo)['TDD-Phase']).toBe('green');
    // Honest REFACTOR.
    repo.write({
      'src/parse.ts':
        "const EMPTY = 'empty input';\n\nexport function parse(text: string): number {\n  if (!text) throw new Error(EMPTY);\n  return Number(text);\n}\n",
    });
    repo.git('add', '-A');
    attempt('refactor: name the message', 0);
    expect(trailersOf(repo)['TDD-Phase']).toBe('refactor');
    expect(repo.git('status', '--porcelain')).toBe('');
    // The runs happened in a private copy: no cache of vite's landed in the user's node_modules.
    expect(readdirSync(join(repo.dir, 'node_modules')).filter((e) => e.startsWith('.vite'))).toEqual([]);
  });
});
