/**
 * The verdict is about the staged tree in the layouts real teams use, through real `git commit`
 * with real package managers: npm and pnpm workspaces (packages linked into node_modules), a
 * Python virtualenv with an editable install (a .pth line; an editable finder). For each: an
 * honest RED and GREEN are accepted, and the trap — the wrong implementation staged, the right one
 * only in the work tree — is refused, with the work tree, index, refs and stash untouched.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

const SUM_STUB = 'export function sum(a, b) {\n  return 0;\n}\n';
const SUM_WRONG = 'export function sum(a, b) {\n  return a - b;\n}\n';
const SUM_RIGHT = 'export function sum(a, b) {\n  return a + b;\n}\n';

/** Skeleton committed with phase off, then `tdd phase red`. */
function start(r: Repo): void {
  r.git('add', '-A');
  expect(r.tdd('phase', 'off', '--reason', 'skeleton').status).toBe(0);
  const c = r.commit('skeleton');
  expect(c.status, c.stdout + c.stderr).toBe(0);
  expect(r.tdd('phase', 'red', '--task', 'sum').status).toBe(0);
}

/**
 * RED with the test staged (and the implementation, if `early`, written but not staged); then the
 * trap, refused; then the honest GREEN, accepted.
 */
function cycle(r: Repo, o: { test: Record<string, string>; impl: string; wrong: string; right: string; early?: boolean }): void {
  r.write(o.test);
  if (o.early) r.write({ [o.impl]: o.right });
  r.git('add', ...Object.keys(o.test));
  attemptCommit(r, 0);
  expect(trailersOf(r)['TDD-Phase']).toBe('red');
  r.write({ [o.impl]: o.wrong });
  r.git('add', o.impl);
  r.write({ [o.impl]: o.right });
  attemptCommit(r, 1, 'GREEN_TESTS_FAIL');
  r.git('add', o.impl);
  attemptCommit(r, 0);
  expect(trailersOf(r)['TDD-Phase']).toBe('green');
}

/** A link to one of this checkout's packages (the runner), as a package manager would have installed it. */
function linkPackage(r: Repo, folder: string, name: string): void {
  mkdirSync(join(r.dir, folder), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, 'node_modules', name), join(r.dir, folder, name), 'dir');
}

describe('JS workspaces: packages are links into the work tree', () => {
  it('npm workspaces, vitest at the top: the copy’s @demo/core is the staged one', () => {
    const r = (repo = makeRepo({
      'package.json': JSON.stringify({ name: 'ws', private: true, type: 'module', workspaces: ['packages/*'], scripts: { test: 'vitest run' } }) + '\n',
      'packages/core/package.json': JSON.stringify({ name: '@demo/core', version: '1.0.0', type: 'module', main: 'index.js' }) + '\n',
      'packages/core/index.js': SUM_STUB,
      'packages/app/package.json': JSON.stringify({ name: '@demo/app', version: '1.0.0', type: 'module', dependencies: { '@demo/core': '*' } }) + '\n',
      '.gitignore': 'node_modules/\n',
      '.tddrc.json': '{ "runner": "vitest" }\n',
    }));
    const install = r.run('npm', ['install', '--offline', '--no-audit', '--no-fund']);
    expect(install.status, install.stderr).toBe(0);
    linkPackage(r, 'node_modules', 'vitest');
    linkPackage(r, 'node_modules', 'vite');
    expect(readdirSync(join(r.dir, 'node_modules', '@demo'))).toEqual(['app', 'core']);
    expect(r.tdd('install').status).toBe(0);
    start(r);
    cycle(r, {
      test: {
        'packages/app/test/sum.test.js':
          "import { expect, it } from 'vitest';\nimport { sum } from '@demo/core';\n\nit('adds', () => {\n  expect(sum(2, 3)).toBe(5);\n});\n",
      },
      impl: 'packages/core/index.js',
      wrong: SUM_WRONG,
      right: SUM_RIGHT,
      early: true,
    });
  });

  it('pnpm workspaces, node --test in packages/app: its own node_modules, closed too', () => {
    const r = (repo = makeRepo({
      'package.json': JSON.stringify({ name: 'ws', private: true, type: 'module' }) + '\n',
      'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n",
      'packages/core/package.json': JSON.stringify({ name: '@demo/core', version: '1.0.0', type: 'module', main: 'index.js' }) + '\n',
      'packages/core/index.js': SUM_STUB,
      'packages/app/package.json':
        JSON.stringify({
          name: '@demo/app',
          version: '1.0.0',
          type: 'module',
          scripts: { test: 'node --test' },
          dependencies: { '@demo/core': 'workspace:*' },
        }) + '\n',
      '.gitignore': 'node_modules/\n',
      '.tddrc.json': JSON.stringify({ runners: [{ runner: 'node', root: 'packages/app' }] }) + '\n',
    }));
    const install = r.run(join(PROJECT_ROOT, 'node_modules', '.bin', 'pnpm'), ['install', '--offline']);
    expect(install.status, install.stdout + install.stderr).toBe(0);
    // pnpm links the workspace package in the package's own node_modules only.
    expect(readdirSync(join(r.dir, 'packages', 'app', 'node_modules', '@demo'))).toEqual(['core']);
    expect(r.tdd('install').status).toBe(0);
    start(r);
    cycle(r, {
      test: {
        'packages/app/test/sum.test.js':
          "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum } from '@demo/core';\n\ntest('adds', () => {\n  assert.equal(sum(2, 3), 5);\n});\n",
      },
      impl: 'packages/core/index.js',
      wrong: SUM_WRONG,
      right: SUM_RIGHT,
      early: true,
    });
  });
});

describe('a workspace package whose entry is build output (dist/, not committed)', () => {
  it('is not in the copy; with `isolation.link: ["node_modules", "dist"]` the tests load your build, and the guard lets it be', () => {
    const r = (repo = makeRepo({
      'package.json': JSON.stringify({ name: 'ws', private: true, type: 'module', workspaces: ['packages/*'] }) + '\n',
      'packages/core/package.json': JSON.stringify({ name: '@demo/core', version: '1.0.0', type: 'module', main: 'dist/index.js' }) + '\n',
      'packages/core/src/index.js': SUM_STUB,
      'packages/app/package.json': JSON.stringify({ name: '@demo/app', version: '1.0.0', type: 'module', dependencies: { '@demo/core': '*' } }) + '\n',
      '.gitignore': 'node_modules/\ndist/\n',
      '.tddrc.json': JSON.stringify({ runner: 'node' }) + '\n',
    }));
    expect(r.run('npm', ['install', '--offline', '--no-audit', '--no-fund']).status).toBe(0);
    const build = () => r.write({ 'packages/core/dist/index.js': r.read('packages/core/src/index.js') });
    build();
    expect(r.tdd('install').status).toBe(0);
    start(r);
    const test = {
      'packages/app/test/sum.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum } from '@demo/core';\n\ntest('adds', () => {\n  assert.equal(sum(2, 3), 5);\n});\n",
    };
    r.write(test);
    r.git('add', ...Object.keys(test));
    // The commit holds no dist/: the package's entry cannot load in the copy.
    attemptCommit(r, 1, 'RED_WRONG_REASON');
    r.write({ '.tddrc.json': JSON.stringify({ runner: 'node', isolation: { link: ['node_modules', 'dist'] } }) + '\n' });
    r.git('add', '.tddrc.json');
    r.tdd('phase', 'off', '--reason', 'link build output');
    expect(r.commit('config').status).toBe(0);
    r.tdd('phase', 'red', '--task', 'sum');
    r.git('add', ...Object.keys(test));
    attemptCommit(r, 0);
    r.write({ 'packages/core/src/index.js': SUM_RIGHT });
    r.git('add', 'packages/core/src/index.js');
    // Not built yet: the linked build is older than the change the commit holds (it failed on the old build: GREEN_TESTS_FAIL).
    attemptCommit(r, 1, 'LINK_STALE');
    build();
    r.git('add', 'packages/core/src/index.js');
    attemptCommit(r, 0);
  });
});

/** A virtualenv inside the repository (ignored), seeing the machine's pytest; its python3 first on PATH. */
function makeVenv(r: Repo): string {
  execFileSync('python3', ['-m', 'venv', '--without-pip', '--system-site-packages', join(r.dir, '.venv')]);
  const site = execFileSync(join(r.dir, '.venv', 'bin', 'python3'), ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])'], {
    encoding: 'utf8',
  }).trim();
  r.env.PATH = `${join(r.dir, '.venv', 'bin')}:${r.env.PATH}`;
  return site;
}

const PY_STUB = 'def add(a, b):\n    return 0\n';
const PY_WRONG = 'def add(a, b):\n    return a - b\n';
const PY_RIGHT = 'def add(a, b):\n    return a + b\n';

describe('Python: an editable install points at the work tree', () => {
  it.each([
    ['pytest', '{ "runner": "pytest" }'],
    // Any Python process of the run is closed, whatever starts it.
    [
      'pytest through the `command` runner',
      JSON.stringify({
        runner: 'command',
        tests: ['tests/test_*.py'],
        testTargetedCommand: 'python3 -m pytest -q -p no:cacheprovider --junitxml={report} {files}',
      }),
    ],
  ])('src layout, `pip install -e .` (a .pth line to src/), %s', (_, config) => {
    const r = (repo = makeRepo({
      'pyproject.toml': '[project]\nname = "calc"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'src/calc/__init__.py': PY_STUB,
      '.gitignore': '.venv/\n',
      '.tddrc.json': `${config}\n`,
    }));
    const site = makeVenv(r);
    // What pip writes for an editable install of a src layout (setuptools ≥ 64, lenient mode).
    writeFileSync(join(site, '__editable__.calc-0.1.0.pth'), `${join(r.dir, 'src')}\n`);
    const direct = r.run('python3', ['-c', 'import calc; print(calc.__file__)']);
    expect(direct.stdout.trim()).toBe(join(r.dir, 'src', 'calc', '__init__.py'));
    expect(r.tdd('install').status).toBe(0);
    start(r);
    cycle(r, {
      test: { 'tests/test_calc.py': 'from calc import add\n\n\ndef test_adds():\n    assert add(2, 3) == 5\n' },
      impl: 'src/calc/__init__.py',
      wrong: PY_WRONG,
      right: PY_RIGHT,
      early: true,
    });
  });

  it('an editable finder on sys.meta_path (a package_dir mapping), unittest', () => {
    const r = (repo = makeRepo({
      'setup.cfg': '[metadata]\nname = calc\n\n[options]\npackage_dir =\n    calc = lib/calc\n',
      'lib/calc/__init__.py': PY_STUB,
      '.gitignore': '.venv/\n',
      '.tddrc.json': '{ "runner": "unittest" }\n',
    }));
    const site = makeVenv(r);
    // The shape of setuptools' editable finder: a mapping from top-level names to work-tree folders.
    writeFileSync(
      join(site, '__editable___calc_finder.py'),
      [
        'import importlib.util, sys',
        `MAPPING = {'calc': ${JSON.stringify(join(r.dir, 'lib', 'calc'))}}`,
        'class _EditableFinder:',
        '    @classmethod',
        '    def find_spec(cls, fullname, path=None, target=None):',
        '        if fullname not in MAPPING:',
        '            return None',
        "        return importlib.util.spec_from_file_location(fullname, MAPPING[fullname] + '/__init__.py', submodule_search_locations=[MAPPING[fullname]])",
        'def install():',
        '    if _EditableFinder not in sys.meta_path:',
        '        sys.meta_path.append(_EditableFinder)',
        '',
      ].join('\n'),
    );
    writeFileSync(join(site, '__editable__.calc-0.1.0.pth'), 'import __editable___calc_finder; __editable___calc_finder.install()\n');
    expect(r.run('python3', ['-c', 'import calc; print(calc.__file__)']).stdout.trim()).toBe(join(r.dir, 'lib', 'calc', '__init__.py'));
    expect(r.tdd('install').status).toBe(0);
    start(r);
    cycle(r, {
      test: {
        'test_calc.py':
          'import unittest\n\nfrom calc import add\n\n\nclass AddTest(unittest.TestCase):\n    def test_adds(self):\n        self.assertEqual(add(2, 3), 5)\n',
      },
      impl: 'lib/calc/__init__.py',
      wrong: PY_WRONG,
      right: PY_RIGHT,
      early: true,
    });
  });
});

describe('jest with a node_modules that is a link to a shared folder', () => {
  it('native ESM through @jest/globals: the same result as the runner, RED then GREEN', () => {
    // makeRepo's node_modules is a link to this checkout's (jest 30 among them).
    const r = (repo = makeRepo(
      {
        'package.json':
          JSON.stringify({ name: 'p', private: true, type: 'module', scripts: { test: 'node --experimental-vm-modules node_modules/jest/bin/jest.js' } }) +
          '\n',
        'src/sum.js': SUM_STUB,
        '.gitignore': 'node_modules\n',
        '.tddrc.json': '{ "runner": "jest" }\n',
      },
      { linkNodeModules: true },
    ));
    expect(r.tdd('install').status).toBe(0);
    start(r);
    const test =
      "import { expect, test } from '@jest/globals';\nimport { sum } from '../src/sum.js';\n\ntest('adds', () => {\n  expect(sum(2, 3)).toBe(5);\n});\n";
    r.write({ 'test/sum.test.js': test });
    // The runner itself, on the work tree: the assertion fails.
    const direct = r.run('npm', ['test', '--silent']);
    expect(direct.status).toBe(1);
    expect(direct.stderr).toContain('Expected: 5');
    r.git('add', 'test/sum.test.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^jest: 0 passed, 1 failed/);
    r.write({ 'src/sum.js': SUM_RIGHT });
    r.git('add', 'src/sum.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
  });
});
