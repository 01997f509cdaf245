/**
 * Every JavaScript runner through real `git commit` with the installed hooks: an honest RED →
 * GREEN cycle is accepted, a RED failing for the wrong reason is refused with its class, a GREEN
 * that skips or focuses a test is refused. (node --test has its own, longer suite.)
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

interface Flavour {
  runner: 'vitest' | 'jest' | 'mocha';
  type: 'module' | 'commonjs';
  test: (body: string) => string;
}

const FLAVOURS: Flavour[] = [
  {
    runner: 'vitest',
    type: 'module',
    test: (body) => `import { describe, expect, it } from 'vitest';\nimport { add } from '../src/math.js';\n\ndescribe('add', () => {\n${body}\n});\n`,
  },
  {
    runner: 'jest',
    type: 'commonjs',
    test: (body) => `const { add } = require('../src/math');\n\ndescribe('add', () => {\n${body}\n});\n`,
  },
  {
    runner: 'mocha',
    type: 'commonjs',
    test: (body) =>
      `const assert = require('node:assert/strict');\nconst { add } = require('../src/math');\n\ndescribe('add', () => {\n${body.replace(/expect\((.*)\)\.toBe\((.*)\)/g, 'assert.equal($1, $2)')}\n});\n`,
  },
];
const CASE = "  it('adds two numbers', () => {\n    expect(add(2, 3)).toBe(5);\n  });";
const impl = (type: Flavour['type']) =>
  type === 'module' ? 'export function add(a, b) {\n  return a + b;\n}\n' : 'function add(a, b) {\n  return a + b;\n}\nmodule.exports = { add };\n';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

function setup(f: Flavour): Repo {
  const r = makeRepo({
    'package.json': JSON.stringify({ name: 'p', private: true, type: f.type, devDependencies: { [f.runner]: '*' } }) + '\n',
    '.gitignore': 'node_modules\n',
  });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(r.dir, 'node_modules'), 'dir');
  expect(r.tdd('install').status).toBe(0);
  expect(JSON.parse(r.read('.tddrc.json')).runner).toBe(f.runner);
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  expect(r.commit('skeleton').status).toBe(0);
  r.tdd('phase', 'red');
  return r;
}

describe.each(FLAVOURS)('$runner, through git commit', (f) => {
  it('accepts the honest cycle and refuses the wrong reasons', () => {
    const r = (repo = setup(f));
    // Wrong reason: a syntax error.
    r.write({ 'test/math.test.js': f.test(CASE.replace('toBe(5);', 'toBe(5;').replace('add(2, 3), 5)', 'add(2, 3), 5')) });
    r.git('add', '-A');
    attemptCommit(r, 1, 'RED_WRONG_REASON');
    // Wrong reason: a package that is not installed.
    r.write({ 'test/math.test.js': f.test(CASE).replace(/'\.\.\/src\/math(\.js)?'/, "'left-pad-not-installed'") });
    r.git('add', '-A');
    attemptCommit(r, 1, 'RED_WRONG_REASON');
    // Honest RED: the module does not exist yet.
    r.write({ 'test/math.test.js': f.test(CASE) });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('red');
    // GREEN that focuses (or skips) the frozen test: refused.
    r.write({ 'test/math.test.js': f.test(CASE.replace("it('adds", "it.only('adds")), 'src/math.js': impl(f.type) });
    r.git('add', '-A');
    attemptCommit(r, 1, 'TESTS_CHANGED');
    r.git('checkout', '--', 'test/math.test.js');
    // Honest GREEN.
    r.write({ 'src/math.js': impl(f.type) });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(new RegExp(`^${f.runner}: 1 passed, 0 failed`));
  });
});

describe('pytest, through git commit', () => {
  it('accepts the honest cycle and refuses the wrong reasons', () => {
    const r = (repo = makeRepo({ 'mathlib.py': '"""Arithmetic."""\n', 'pytest.ini': '[pytest]\n' }));
    expect(r.tdd('install').status).toBe(0);
    expect(JSON.parse(r.read('.tddrc.json')).runner).toBe('pytest');
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red');
    const test = 'from mathlib import add\n\n\ndef test_adds_two_numbers():\n    assert add(2, 3) == 5\n';
    r.write({ 'test_math.py': test.replace('== 5', '== 5 +') });
    r.git('add', '-A');
    attemptCommit(r, 1, 'RED_WRONG_REASON');
    r.write({ 'test_math.py': test.replace('from mathlib import add', 'from leftpad_not_installed import add') });
    r.git('add', '-A');
    attemptCommit(r, 1, 'RED_WRONG_REASON');
    r.write({ 'test_math.py': test });
    r.git('add', '-A');
    attemptCommit(r, 0);
    // GREEN may not deselect the frozen test through pyproject's pytest table.
    r.write({ 'pyproject.toml': '[project]\nname = "m"\n\n[tool.pytest.ini_options]\naddopts = "--deselect test_math.py::test_adds_two_numbers"\n' });
    r.git('add', '-A');
    attemptCommit(r, 1, 'TEST_CONFIG_CHANGED');
    r.remove('pyproject.toml');
    r.write({ 'mathlib.py': '"""Arithmetic."""\n\n\ndef add(a, b):\n    return a + b\n' });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^pytest: 1 passed, 0 failed/);
  });

  it('a brand-new module: refused while it does not exist, accepted once it is added empty', () => {
    const r = (repo = makeRepo({ 'pytest.ini': '[pytest]\n' }));
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red');
    r.write({ 'test_shapes.py': 'from shapes import area\n\n\ndef test_square():\n    assert area(2) == 4\n' });
    r.git('add', '-A');
    attemptCommit(r, 1, 'RED_WRONG_REASON');
    r.write({ 'test_shapes.py': 'from shapes import area\n\n\ndef test_square():\n    assert area(2) == 4\n', 'shapes.py': '' });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(r.git('show', '--name-only', '--format=', 'HEAD').split('\n').filter(Boolean).sort()).toEqual(['shapes.py', 'test_shapes.py']);
  });

  it('a Python project without pytest configuration (requirements.txt): install picks pytest, which runs here', () => {
    const r = (repo = makeRepo({ 'requirements.txt': 'requests\n', 'app.py': '' }));
    expect(r.tdd('install').status).toBe(0);
    expect(JSON.parse(r.read('.tddrc.json')).runner).toBe('pytest');
  });
});
