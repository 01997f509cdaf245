/**
 * Monorepos as their developers run them: npm workspaces hoist jest to the top node_modules (a
 * package's own has no jest), and each package runs `jest` from its folder. The runner is found
 * where the package manager put it, as node resolves it, through real commits; jest keeps a
 * private, persistent cache in the copy's cache folder.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

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
        '.gitignore': 'node_modules\n',
      },
      { linkNodeModules: true },
    ));
    mkdirSync(join(r.dir, 'packages', 'lib', 'node_modules'));
    expect(r.tdd('install').status).toBe(0);
    expect(JSON.parse(r.read('.tddrc.json'))).toEqual({ runners: [{ runner: 'jest', root: 'packages/lib' }] });
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    // doctor looks where the hook looks (it said RUNNER_MISSING, and its fix changed nothing).
    const doctor = JSON.parse(r.tdd('doctor', '--json').stdout) as { checks: { id: string; code: string }[] };
    expect(doctor.checks.filter((c) => c.id === 'runner').map((c) => c.code)).toEqual(['RUNNER_OK']);
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

    // jest's cache is the private copy's own and outlives each run (it ran with --no-cache, cold, on
    // every commit); keyed by content, it served the trap's wrong code as wrong and the fix as the fix.
    const { path } = JSON.parse(readFileSync(join(r.dir, '.git', 'tdd', 'scratch.json'), 'utf8')) as { path: string };
    const cache = join(path, 'cache', 'jest');
    expect(existsSync(cache)).toBe(true);
    expect(readdirSync(cache).length).toBeGreaterThan(0);
  });
});
