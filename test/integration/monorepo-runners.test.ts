/**
 * Monorepos as their developers run them: npm workspaces hoist jest to the top node_modules (a
 * package's own has no jest), and each package runs `jest` from its folder. The runner is found
 * where the package manager put it, as node resolves it, through real commits; jest keeps a
 * private, persistent cache in the copy's cache folder.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

const pkg = (o: Record<string, unknown>) => JSON.stringify(o) + '\n';

describe('npm workspaces, jest hoisted to the top', () => {
  it('install writes the package’s jest runner; RED, the trap, GREEN run the top’s jest from the package’s folder', () => {
    // makeRepo's node_modules is a link to this checkout's: jest 30 there, at the top only.
    const r = (repo = makeRepo(
      {
        'package.json': pkg({ name: 'mono', private: true, workspaces: ['packages/*'] }),
        'packages/lib/package.json': pkg({ name: '@mono/lib', version: '1.0.0', scripts: { test: 'jest' }, devDependencies: { jest: '30' } }),
        'packages/lib/src/sum.js': 'exports.sum = (a, b) => 0;\n',
        // A second package with its own jest and a test that does not import lib (mobx's layout).
        'packages/other/package.json': pkg({ name: '@mono/other', version: '1.0.0', scripts: { test: 'jest' }, devDependencies: { jest: '30' } }),
        'packages/other/test/one.test.js': "test('one', () => {\n  expect(1).toBe(1);\n});\n",
        '.gitignore': 'node_modules\n',
      },
      { linkNodeModules: true },
    ));
    mkdirSync(join(r.dir, 'packages', 'lib', 'node_modules'));
    expect(r.tdd('install').status).toBe(0);
    expect(JSON.parse(r.read('.tddrc.json'))).toEqual({
      runners: [
        { runner: 'jest', root: 'packages/lib' },
        { runner: 'jest', root: 'packages/other' },
      ],
    });
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    // doctor looks where the hook looks (it said RUNNER_MISSING, and its fix changed nothing).
    const doctor = JSON.parse(r.tdd('doctor', '--json').stdout) as { checks: { id: string; code: string }[] };
    expect(doctor.checks.filter((c) => c.id === 'runner').map((c) => c.code)).toEqual(['RUNNER_OK', 'RUNNER_OK']);
    r.tdd('phase', 'red', '--task', 'sum');
    r.write({
      'packages/lib/test/sum.test.js': "const { sum } = require('../src/sum.js');\n\ntest('adds', () => {\n  expect(sum(2, 3)).toBe(5);\n});\n",
    });
    r.git('add', 'packages/lib/test/sum.test.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^jest: 0 passed, 1 failed/);
    r.write({ 'packages/lib/src/sum.js': 'exports.sum = (a, b) => a - b;\n' });
    r.git('add', 'packages/lib/src/sum.js');
    r.write({ 'packages/lib/src/sum.js': 'exports.sum = (a, b) => a + b;\n' });
    attemptCommit(r, 1, 'GREEN_TESTS_FAIL');
    r.git('add', 'packages/lib/src/sum.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
    // REFACTOR of lib: packages/other's jest finds no related test. It exited 1 "No tests found" with
    // no report, and the honest REFACTOR was exit 3 (mobx: every REFACTOR of packages/mobx/src).
    r.write({ 'packages/lib/src/sum.js': 'exports.sum = (left, right) => left + right;\n' });
    r.git('add', 'packages/lib/src/sum.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('refactor');

    // jest's cache is the private copy's own and outlives each run (it ran with --no-cache, cold, on
    // every commit); keyed by content, it served the trap's wrong code as wrong and the fix as the fix.
    const { path } = JSON.parse(readFileSync(join(r.dir, '.git', 'tdd', 'scratch.json'), 'utf8')) as { path: string };
    const cache = join(path, 'cache', 'jest');
    expect(existsSync(cache)).toBe(true);
    expect(readdirSync(cache).length).toBeGreaterThan(0);
  });
});

/** npm workspaces: @demo/core and @demo/app, installed (node_modules/@demo/* link into packages/); `runner` at the top. */
function workspaces(runner: 'node' | 'vitest'): Repo {
  const r = (repo = makeRepo({
    'package.json': pkg({ name: 'ws', private: true, type: 'module', workspaces: ['packages/*'] }),
    'packages/core/package.json': pkg({ name: '@demo/core', version: '1.0.0', type: 'module', main: 'index.js' }),
    'packages/core/index.js': 'export function other() {\n  return 1;\n}\n',
    'packages/app/package.json': pkg({ name: '@demo/app', version: '1.0.0', type: 'module', dependencies: { '@demo/core': '*' } }),
    '.gitignore': 'node_modules/\n',
    '.tddrc.json': pkg({ runner }),
  }));
  const install = r.run('npm', ['install', '--offline', '--no-audit', '--no-fund']);
  expect(install.status, install.stderr).toBe(0);
  for (const name of runner === 'vitest' ? ['vitest', 'vite'] : [])
    symlinkSync(join(PROJECT_ROOT, 'node_modules', name), join(r.dir, 'node_modules', name), 'dir');
  expect(r.tdd('install').status).toBe(0);
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  expect(r.commit('skeleton').status).toBe(0);
  r.tdd('phase', 'red', '--task', 'sum');
  return r;
}

describe('a workspace package’s name is the project', () => {
  it.each([
    [
      'node --test, ESM: "does not provide an export named"',
      'node' as const,
      "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum } from '@demo/core';\n\ntest('adds', () => {\n  assert.equal(sum(2, 3), 5);\n});\n",
    ],
    [
      'vitest: "(0 , __vi_import_0__.sum) is not a function"',
      'vitest' as const,
      "import { expect, it } from 'vitest';\nimport { sum } from '@demo/core';\n\nit('adds', () => {\n  expect(sum(2, 3)).toBe(5);\n});\n",
    ],
  ])('%s: RED for a symbol @demo/core does not have yet is a missing symbol, then GREEN', (_, runner, test) => {
    const r = workspaces(runner);
    r.write({ 'packages/app/test/sum.test.js': test });
    r.git('add', 'packages/app/test/sum.test.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/missing-symbol/);
    r.write({ 'packages/core/index.js': 'export function other() {\n  return 1;\n}\n\nexport function sum(a, b) {\n  return a + b;\n}\n' });
    r.git('add', 'packages/core/index.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
  });

  it('a package that is not the repository’s is still a wrong reason', () => {
    const r = workspaces('node');
    r.write({
      'packages/app/test/sum.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { nothere } from 'node:path';\n\ntest('x', () => {\n  assert.equal(nothere(), 1);\n});\n",
    });
    r.git('add', 'packages/app/test/sum.test.js');
    attemptCommit(r, 1, 'RED_WRONG_REASON');
  });
});

describe('REFACTOR in npm workspaces: the import graph follows a workspace package’s name', () => {
  it('a refactor of @demo/core that breaks packages/app’s test (it imports "@demo/core") is refused', () => {
    const r = workspaces('node');
    r.write({
      'packages/app/test/other.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { other } from '@demo/core';\n\ntest('other', () => {\n  assert.equal(other(), 1);\n});\n",
    });
    r.git('add', 'packages/app/test/other.test.js');
    r.tdd('phase', 'off', '--reason', 'the app’s test');
    expect(r.commit('app test').status).toBe(0);
    r.tdd('phase', 'red', '--task', 'sum');
    r.write({
      'packages/core/test/sum.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum } from '../index.js';\n\ntest('adds', () => {\n  assert.equal(sum(2, 3), 5);\n});\n",
    });
    r.git('add', 'packages/core/test/sum.test.js');
    attemptCommit(r, 0);
    r.write({ 'packages/core/index.js': 'export function other() {\n  return 1;\n}\n\nexport function sum(a, b) {\n  return a + b;\n}\n' });
    r.git('add', 'packages/core/index.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
    // Before, the graph took '@demo/core' for a package from the registry: packages/app's test never ran, and this was accepted.
    r.write({ 'packages/core/index.js': 'export function other() {\n  return 2;\n}\n\nexport function sum(a, b) {\n  return a + b;\n}\n' });
    r.git('add', 'packages/core/index.js');
    const out = attemptCommit(r, 1);
    expect(out).toMatch(/packages\/app\/test\/other\.test\.js/);
    r.write({ 'packages/core/index.js': 'export function other() {\n  return 1;\n}\n\nexport const sum = (a, b) => a + b;\n' });
    r.git('add', 'packages/core/index.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('refactor');
    expect(trailersOf(r)['TDD-Tests']).toMatch(/import graph/);
  });
});

describe('a workspace package that is not built', () => {
  it('a RED importing it is refused as a missing module that names the package (unbuiltPackage, in the JSON too), not one to install', () => {
    const r = workspaces('node');
    // Its sources in src/, its entry a build product (node would fall back to an index.js at the top).
    r.write({
      'packages/core/package.json': pkg({ name: '@demo/core', version: '1.0.0', type: 'module', main: 'dist/index.js', scripts: { build: 'tsc' } }),
      'packages/core/src/index.js': r.read('packages/core/index.js'),
    });
    r.git('rm', '-q', 'packages/core/index.js');
    r.git('add', 'packages/core');
    r.tdd('phase', 'off', '--reason', 'core builds to dist/');
    expect(r.commit('core: dist').status).toBe(0);
    r.tdd('phase', 'red', '--task', 'sum');
    r.write({
      'packages/app/test/sum.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum } from '@demo/core';\n\ntest('adds', () => {\n  assert.equal(sum(2, 3), 5);\n});\n",
    });
    r.git('add', 'packages/app/test/sum.test.js');
    const verdict = JSON.parse(r.tdd('verify', '--json').stdout) as { findings: { code: string; data?: { kind?: string; unbuiltPackage?: string } }[] };
    expect(verdict.findings.filter((f) => f.code === 'RED_WRONG_REASON').map((f) => f.data)).toEqual([
      expect.objectContaining({ kind: 'missing-module', unbuiltPackage: '@demo/core' }),
    ]);
    attemptCommit(r, 1, 'RED_WRONG_REASON');
  });
});
