/**
 * GREEN's coverage as a new user meets it: the packed package installed into fresh projects with
 * vitest (with and without @vitest/coverage-v8, a devDependency of the fixture) and jest (its v8
 * provider), real `git commit` through the installed hooks. Fake It is accepted in refuse mode;
 * a branch no test takes is refused with GREEN_UNCOVERED_CODE and the tree left byte-identical,
 * and accepted, named and recorded in warn mode; vitest without the provider says "not measured"
 * (warn) or could not verify (refuse, exit 3) with the install command.
 */
import { renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, codesOf, trailersOf } from '../helpers/cycle.js';
import { sharedPack } from '../helpers/pack.js';
import { makeRepo, networkEnv, type Repo } from '../helpers/repo.js';

const VITEST_TEST = `import { expect, it } from 'vitest';
import { sum } from '../src/sum';

it('sums', () => {
  expect(sum(1, 2)).toBe(3);
});
`;
const JEST_TEST = `const { sum } = require('../src/sum');

test('sums', () => {
  expect(sum(1, 2)).toBe(3);
});
`;
const TS_FAKE = '// Fake It\nexport type Pair = [number, number];\n\nexport function sum(a: number, b: number): number {\n  return 3;\n}\n';
const TS_BRANCHY = 'export function sum(a: number, b: number): number {\n  if (a === 1 && b === 2) return 3; return 0;\n}\n';
const CJS_FAKE = 'function sum(a, b) {\n  return 3;\n}\n\nmodule.exports = { sum };\n';
const CJS_BRANCHY = 'function sum(a, b) {\n  if (a === 1 && b === 2) {\n    return 3;\n  }\n  return 0;\n}\n\nmodule.exports = { sum };\n';

let installed: Repo;
const repos: Repo[] = [];

beforeAll(() => {
  const packed = sharedPack();
  installed = makeRepo({ 'package.json': JSON.stringify({ name: 'deps', private: true }) + '\n' });
  const deps = [packed.tarball, 'vitest@4.1.12', 'vite@8.3.8', '@vitest/coverage-v8@4.1.12', 'jest@30.5.2'];
  const install = installed.run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '-D', ...deps], { env: networkEnv() });
  expect(install.status, install.stderr).toBe(0);
}, 300_000);

afterAll(() => {
  for (const r of repos) r.cleanup();
  installed?.cleanup();
});

/** A project of `runner` sharing the installed node_modules, its RED committed: `sum(1, 2)` is 3. */
function project(runner: 'vitest' | 'jest', config: Record<string, unknown>): Repo {
  const esm = runner === 'vitest';
  const r = makeRepo({
    'package.json': JSON.stringify({ name: 'app', private: true, ...(esm ? { type: 'module' } : {}), scripts: { test: `${runner} run` } }) + '\n',
    '.gitignore': 'node_modules\n',
  });
  repos.push(r);
  symlinkSync(join(installed.dir, 'node_modules'), join(r.dir, 'node_modules'), 'dir');
  const inst = r.run('npx', ['--no-install', 'tdd-hooks', 'install']);
  expect(inst.status, inst.stderr + inst.stdout).toBe(0);
  r.write({ '.tddrc.json': JSON.stringify({ runner, ...config }) + '\n' });
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  attemptCommit(r, 0);
  r.tdd('phase', 'red');
  const test = esm ? { 'test/sum.test.ts': VITEST_TEST } : { 'test/sum.test.js': JEST_TEST };
  r.write(test);
  r.git('add', ...Object.keys(test));
  attemptCommit(r, 0);
  return r;
}

function green(r: Repo, file: string, text: string): void {
  r.write({ [file]: text });
  r.git('add', file);
}

describe('vitest with @vitest/coverage-v8', () => {
  it('refuse: Fake It accepted; the branchy fake refused, its line named, the tree unchanged', () => {
    const r = project('vitest', { greenCoverage: 'refuse' });
    green(r, 'src/sum.ts', TS_BRANCHY);
    expect(attemptCommit(r, 1, 'GREEN_UNCOVERED_CODE')).toContain('src/sum.ts: line 2');
    green(r, 'src/sum.ts', TS_FAKE);
    const out = attemptCommit(r, 0);
    expect(out).not.toContain('GREEN_UNCOVERED_CODE');
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
  });

  it('warn: the branchy fake accepted, named, recorded', () => {
    const r = project('vitest', {});
    green(r, 'src/sum.ts', TS_BRANCHY);
    const c = r.commit('feat: sum');
    expect(c.status, c.stdout + c.stderr).toBe(0);
    expect(codesOf(c)).toContain('GREEN_UNCOVERED_CODE');
    expect(trailersOf(r)['TDD-Uncovered']).toBe('src/sum.ts:2');
  });
});

describe('vitest without @vitest/coverage-v8', () => {
  const provider = () => join(installed.dir, 'node_modules', '@vitest', 'coverage-v8');
  beforeAll(() => renameSync(provider(), `${provider()}.aside`));
  afterAll(() => renameSync(`${provider()}.aside`, provider()));

  it('warn: not measured, said, with the install command; refuse: could not verify (exit 3)', () => {
    const r = project('vitest', {});
    green(r, 'src/sum.ts', TS_BRANCHY);
    const c = r.commit('feat: sum');
    expect(c.status, c.stdout + c.stderr).toBe(0);
    expect(codesOf(c)).toContain('GREEN_COVERAGE_UNMEASURED');
    expect(c.stdout + c.stderr).toContain('npm install --save-dev @vitest/coverage-v8@4.1.12');

    const strict = project('vitest', { greenCoverage: 'refuse' });
    green(strict, 'src/sum.ts', TS_FAKE);
    // The hook's exit 3 ("could not verify"); git reports a failed hook as 1.
    expect(attemptCommit(strict, 1, 'GREEN_COVERAGE_UNMEASURED')).toContain('could not verify this commit');
  });
});

describe("jest's v8 provider", () => {
  it('refuse: the branchy fake refused (line 5 named), Fake It accepted; warn records it', () => {
    const r = project('jest', { greenCoverage: 'refuse' });
    green(r, 'src/sum.js', CJS_BRANCHY);
    expect(attemptCommit(r, 1, 'GREEN_UNCOVERED_CODE')).toContain('src/sum.js: line 5');
    green(r, 'src/sum.js', CJS_FAKE);
    expect(attemptCommit(r, 0)).not.toContain('GREEN_UNCOVERED_CODE');

    const w = project('jest', {});
    green(w, 'src/sum.js', CJS_BRANCHY);
    const c = w.commit('feat: sum');
    expect(c.status, c.stdout + c.stderr).toBe(0);
    expect(trailersOf(w)['TDD-Uncovered']).toBe('src/sum.js:5');
  });
});
