/**
 * A repository with two runners — node --test at the top, pytest in `api/` — through real
 * `git commit`: install configures both, each test file goes to the runner that owns it (run in
 * that runner's folder), a commit touching both runs both, and a wrong reason in either refuses.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

const JS_TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n";
const PY_TEST = 'from calc import mul\n\n\ndef test_multiplies():\n    assert mul(2, 3) == 6\n';

describe('two runners in one repository', () => {
  it('install finds both, and each runs the files it owns in its own folder', () => {
    const r = (repo = makeRepo({
      'package.json': JSON.stringify({ name: 'web', private: true, type: 'module', scripts: { test: 'node --test' } }) + '\n',
      'src/math.js': 'export const version = 1;\n',
      'api/pytest.ini': '[pytest]\n',
      'api/calc.py': '"""Arithmetic."""\n',
    }));
    const install = r.tdd('install');
    expect(install.status, install.stderr).toBe(0);
    expect(install.stdout).toContain('runners: node, pytest in api/');
    expect(JSON.parse(r.read('.tddrc.json')).runners).toEqual([{ runner: 'node' }, { runner: 'pytest', root: 'api' }]);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red');

    // A syntax error in the Python test refuses the commit, whatever the JS test does.
    r.write({ 'test/math.test.js': JS_TEST, 'api/test_calc.py': PY_TEST.replace('== 6', '== 6 +') });
    r.git('add', '-A');
    const wrong = attemptCommit(r, 1, 'RED_WRONG_REASON');
    expect(wrong).toContain('api/test_calc.py');

    // Honest RED in both: pytest ran from api/ (its `from calc import` resolves there).
    r.write({ 'api/test_calc.py': PY_TEST });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('red');

    // GREEN for the JS side only: the Python test still fails.
    r.write({ 'src/math.js': 'export const add = (a, b) => a + b;\n' });
    r.git('add', '-A');
    const half = attemptCommit(r, 1, 'GREEN_FILE_ERROR'); // `from calc import mul` still cannot import
    expect(half).toContain('api/test_calc.py');

    r.write({ 'src/math.js': 'export const add = (a, b) => a + b;\n', 'api/calc.py': '"""Arithmetic."""\n\n\ndef mul(a, b):\n    return a * b\n' });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^node\+pytest: 2 passed, 0 failed/);
  });

  it("a JS package in a folder runs with that folder's node_modules, and a commit touching one runner runs only it", () => {
    const r = (repo = makeRepo({
      'web/package.json': JSON.stringify({ name: 'web', private: true, type: 'module', devDependencies: { vitest: '*' } }) + '\n',
      'web/src/math.js': 'export const version = 1;\n',
      'api/pyproject.toml': '[project]\nname = "api"\n\n[tool.pytest.ini_options]\naddopts = "-q"\n',
      'api/calc.py': '',
      '.gitignore': 'node_modules\n',
    }));
    // Only web/ has the runner: tests that run from the top would not find it.
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(r.dir, 'web', 'node_modules'), 'dir');
    expect(r.tdd('install').status).toBe(0);
    expect(JSON.parse(r.read('.tddrc.json')).runners).toEqual([
      { runner: 'pytest', root: 'api' },
      { runner: 'vitest', root: 'web' },
    ]);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red');
    r.write({
      'web/test/math.test.js':
        "import { expect, it } from 'vitest';\nimport { add } from '../src/math.js';\n\nit('adds', () => {\n  expect(add(2, 3)).toBe(5);\n});\n",
    });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^vitest: 0 passed, 1 failed/);
    r.write({ 'web/src/math.js': 'export const add = (a, b) => a + b;\n' });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^vitest: 1 passed, 0 failed/);
  });
});
