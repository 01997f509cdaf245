/**
 * The leak guard, one deliberately leaking set-up per runner family: the project's own files point
 * at the work tree by an absolute path (a config, a manifest, a test), the right implementation is
 * only in the work tree and the wrong one is staged. Every run answers exit 3 RUN_LEAKED naming the
 * file (`tdd verify`; git commit exits 1 for any refusing hook) — never a verdict about files the commit does not hold — and leaves everything untouched.
 * A leaking set-up whose files equal the commit (the RED below) changes no verdict and passes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

interface Family {
  runner: string;
  /** The project; `$TOP` is replaced by the repository's absolute path. */
  skeleton: Record<string, string>;
  linkNodeModules?: boolean;
  test: Record<string, string>;
  impl: string;
  wrong: string;
  right: string;
}

const JS_STUB = 'export function sum(a, b) {\n  return 0;\n}\n';
const JS_WRONG = 'export function sum(a, b) {\n  return a - b;\n}\n';
const JS_RIGHT = 'export function sum(a, b) {\n  return a + b;\n}\n';
const CJS = (body: string) => body.replace('export function sum', 'function sum') + 'module.exports = { sum };\n';
const PY_STUB = 'def add(a, b):\n    return 0\n';
const PY_WRONG = 'def add(a, b):\n    return a - b\n';
const PY_RIGHT = 'def add(a, b):\n    return a + b\n';

const FAMILIES: Family[] = [
  {
    runner: 'vitest (an absolute alias in vitest.config.js)',
    linkNodeModules: true,
    skeleton: {
      'package.json': '{ "name": "p", "private": true, "type": "module" }\n',
      '.tddrc.json': '{ "runner": "vitest" }\n',
      'vitest.config.js':
        "import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ resolve: { alias: { '@calc': '$TOP/lib/sum.js' } } });\n",
      'lib/sum.js': JS_STUB,
    },
    test: {
      'test/sum.test.js': "import { expect, it } from 'vitest';\nimport { sum } from '@calc';\n\nit('adds', () => {\n  expect(sum(2, 3)).toBe(5);\n});\n",
    },
    impl: 'lib/sum.js',
    wrong: JS_WRONG,
    right: JS_RIGHT,
  },
  {
    runner: 'jest (an absolute moduleNameMapper)',
    linkNodeModules: true,
    skeleton: {
      'package.json': JSON.stringify({ name: 'p', private: true, jest: { moduleNameMapper: { '^calc$': '$TOP/lib/sum.js' } } }) + '\n',
      '.tddrc.json': '{ "runner": "jest" }\n',
      'lib/sum.js': CJS(JS_STUB),
    },
    test: { 'test/sum.test.js': "const { sum } = require('calc');\n\ntest('adds', () => {\n  expect(sum(2, 3)).toBe(5);\n});\n" },
    impl: 'lib/sum.js',
    wrong: CJS(JS_WRONG),
    right: CJS(JS_RIGHT),
  },
  {
    runner: 'mocha (a require by absolute path)',
    linkNodeModules: true,
    skeleton: { 'package.json': '{ "name": "p", "private": true }\n', '.tddrc.json': '{ "runner": "mocha" }\n', 'lib/sum.js': CJS(JS_STUB) },
    test: {
      'test/sum.test.js':
        "const assert = require('node:assert');\nconst { sum } = require('$TOP/lib/sum.js');\n\nit('adds', () => {\n  assert.strictEqual(sum(2, 3), 5);\n});\n",
    },
    impl: 'lib/sum.js',
    wrong: CJS(JS_WRONG),
    right: CJS(JS_RIGHT),
  },
  {
    runner: 'node --test (an import by absolute path)',
    skeleton: { 'package.json': '{ "name": "p", "private": true, "type": "module" }\n', '.tddrc.json': '{ "runner": "node" }\n', 'lib/sum.js': JS_STUB },
    test: {
      'test/sum.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum } from '$TOP/lib/sum.js';\n\ntest('adds', () => {\n  assert.equal(sum(2, 3), 5);\n});\n",
    },
    impl: 'lib/sum.js',
    wrong: JS_WRONG,
    right: JS_RIGHT,
  },
  {
    runner: 'pytest (an absolute pythonpath)',
    skeleton: { 'pytest.ini': '[pytest]\npythonpath = $TOP/src\n', '.tddrc.json': '{ "runner": "pytest" }\n', 'src/calc.py': PY_STUB },
    test: { 'tests/test_calc.py': 'from calc import add\n\n\ndef test_adds():\n    assert add(2, 3) == 5\n' },
    impl: 'src/calc.py',
    wrong: PY_WRONG,
    right: PY_RIGHT,
  },
  {
    runner: 'unittest (an absolute sys.path entry in the test)',
    skeleton: { '.tddrc.json': '{ "runner": "unittest" }\n', 'src/calc.py': PY_STUB },
    test: {
      'test_calc.py':
        "import sys\nimport unittest\n\nsys.path.insert(0, '$TOP/src')\nfrom calc import add  # noqa: E402\n\n\nclass AddTest(unittest.TestCase):\n    def test_adds(self):\n        self.assertEqual(add(2, 3), 5)\n",
    },
    impl: 'src/calc.py',
    wrong: PY_WRONG,
    right: PY_RIGHT,
  },
  {
    runner: 'cargo (a module by absolute #[path], seen in the build’s dep-info)',
    skeleton: {
      'Cargo.toml': '[package]\nname = "calc"\nversion = "0.1.0"\nedition = "2021"\n',
      '.tddrc.json': '{ "runner": "cargo" }\n',
      'src/lib.rs': '#[path = "$TOP/src/imp.rs"]\nmod imp;\npub use imp::add;\n',
      'src/imp.rs': 'pub fn add(_a: i32, _b: i32) -> i32 {\n    0\n}\n',
    },
    test: { 'tests/add.rs': 'use calc::add;\n\n#[test]\nfn adds() {\n    assert_eq!(add(2, 3), 5);\n}\n' },
    impl: 'src/imp.rs',
    wrong: 'pub fn add(a: i32, b: i32) -> i32 {\n    a - b\n}\n',
    right: 'pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n',
  },
];

const fill = (files: Record<string, string>, top: string) => Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.split('$TOP').join(top)]));

describe('the leak guard answers exit 3 for every runner family', () => {
  it.each(FAMILIES)('$runner', (f) => {
    const r = (repo = makeRepo({}, { linkNodeModules: f.linkNodeModules ?? false }));
    r.write({ ...fill(f.skeleton, r.dir), '.gitignore': 'node_modules\n' });
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red');
    // RED: the work tree holds what is staged, so what the run read from it is the commit.
    r.write(fill(f.test, r.dir));
    r.git('add', ...Object.keys(f.test));
    attemptCommit(r, 0);
    // The trap: the staged implementation is wrong, the right one only in the work tree.
    r.write({ [f.impl]: f.wrong });
    r.git('add', f.impl);
    r.write({ [f.impl]: f.right });
    const verify = r.tdd('verify', '--json');
    expect(verify.status, verify.stdout + verify.stderr).toBe(3);
    const findings = JSON.parse(verify.stdout).findings as { code: string; data?: { leaks?: { path: string }[] } }[];
    expect(findings.find((x) => x.code === 'RUN_LEAKED')?.data?.leaks?.map((l) => l.path)).toEqual([f.impl]);
    attemptCommit(r, 1, 'RUN_LEAKED'); // git's own exit for any refusing hook
  });

  it.each([
    {
      runner: 'go (a replace directive with an absolute path)',
      files: {
        'go.mod': 'module example.com/app\n\ngo 1.19\n\nrequire example.com/core v0.0.0\n\nreplace example.com/core => $TOP/core\n',
        'core/go.mod': 'module example.com/core\n\ngo 1.19\n',
        'core/core.go': 'package core\n\nfunc Add(a, b int) int {\n\treturn 0\n}\n',
        'app_test.go':
          'package app\n\nimport (\n\t"testing"\n\n\t"example.com/core"\n)\n\nfunc TestAdd(t *testing.T) {\n\tif core.Add(2, 3) != 5 {\n\t\tt.Errorf("Add(2, 3) = %d", core.Add(2, 3))\n\t}\n}\n',
      },
      via: 'go.mod',
      leak: 'core',
      rc: { '.tddrc.json': '{ "runner": "go" }\n' },
    },
    {
      runner: 'cargo (a path dependency with an absolute path)',
      files: {
        'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\ncore_lib = { path = "$TOP/core" }\n',
        'src/lib.rs': '',
        'core/Cargo.toml': '[package]\nname = "core_lib"\nversion = "0.1.0"\nedition = "2021"\n',
        'core/src/lib.rs': 'pub fn add(a: i32, b: i32) -> i32 {\n    0\n}\n',
        'tests/add.rs': 'use core_lib::add;\n\n#[test]\nfn adds() {\n    assert_eq!(add(2, 3), 5);\n}\n',
      },
      via: 'Cargo.toml',
      leak: 'core',
      rc: { '.tddrc.json': '{ "runner": "cargo" }\n', '.gitignore': 'target\nCargo.lock\n' },
    },
  ])('$runner: refused before the run, whatever the files hold', (f) => {
    const r = (repo = makeRepo());
    const tests = Object.keys(f.files).filter((p) => p.endsWith('_test.go') || p.startsWith('tests/'));
    r.write({ ...fill(f.files, r.dir), ...f.rc });
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    r.git('reset', '-q', ...tests);
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red');
    r.git('add', ...tests);
    const verify = r.tdd('verify', '--json');
    expect(verify.status, verify.stdout + verify.stderr).toBe(3);
    const leaks = (JSON.parse(verify.stdout).findings as { code: string; data?: { leaks?: { path: string; via?: string }[] } }[]).find(
      (x) => x.code === 'RUN_LEAKED',
    )?.data?.leaks;
    expect(leaks?.map((l) => l.path)).toEqual([f.leak]);
    expect(leaks?.[0]?.via).toMatch(new RegExp(`^${f.via}: `));
    attemptCommit(r, 1, 'RUN_LEAKED'); // git's own exit for any refusing hook
  });
});
