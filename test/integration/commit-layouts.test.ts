/**
 * Real layouts through real `git commit` with the installed hooks and real runners: the runner's
 * own rules decide what a test file is (mocha's default `test/*.js`, jest's testMatch and roots,
 * pytest's testpaths and python_files), and each runner runs where it lives (a package of an npm
 * workspace with its own runner, a Go module two folders down, a cargo workspace's member). Each:
 * install detects it, an honest RED is accepted with that runner's evidence, then GREEN.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

const pkg = (o: Record<string, unknown>) => JSON.stringify(o) + '\n';

/** Install, commit the skeleton outside TDD, declare RED; returns the written configuration. */
function start(files: Record<string, string>, links: string[] = []): { r: Repo; config: Record<string, unknown> } {
  const r = (repo = makeRepo(files));
  for (const at of links) symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(r.dir, at, 'node_modules'), 'dir');
  const install = r.tdd('install');
  expect(install.status, install.stderr).toBe(0);
  // The skeleton is the one off commit the project's audit policy allows (audit.allowOff, read at the base).
  r.write({ '.tddrc.json': JSON.stringify({ ...JSON.parse(r.read('.tddrc.json')), audit: { allowOff: 1 } }) + '\n' });
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  expect(r.commit('skeleton').status).toBe(0);
  r.tdd('phase', 'red');
  return { r, config: JSON.parse(r.read('.tddrc.json')) as Record<string, unknown> };
}

/**
 * RED with `test`, then GREEN with `impl`: both accepted, each with the runner's evidence.
 * `meanwhile` runs between them (a GREEN that must be refused).
 */
function cycle(r: Repo, test: Record<string, string>, impl: Record<string, string>, evidence: { red: RegExp; green: RegExp }, meanwhile?: () => void): void {
  r.write(test);
  r.git('add', '-A');
  attemptCommit(r, 0);
  expect(trailersOf(r)).toMatchObject({ 'TDD-Phase': 'red' });
  expect(trailersOf(r)['TDD-Evidence']).toMatch(evidence.red);
  meanwhile?.();
  r.write(impl);
  r.git('add', '-A');
  attemptCommit(r, 0);
  expect(trailersOf(r)).toMatchObject({ 'TDD-Phase': 'green' });
  expect(trailersOf(r)['TDD-Evidence']).toMatch(evidence.green);
}

/** The trap: the wrong implementation staged, the right one only in the work tree — refused, nothing touched. */
function trap(r: Repo, path: string, wrong: string, right: string): () => void {
  return () => {
    r.write({ [path]: wrong });
    r.git('add', path);
    r.write({ [path]: right });
    attemptCommit(r, 1, 'GREEN_TESTS_FAIL');
  };
}

/** `tdd audit` over the whole history judges it by the same rules: nothing to report. */
function expectCleanAudit(r: Repo): void {
  const audit = r.tdd('audit', 'HEAD', '--json');
  expect(audit.status, audit.stdout + audit.stderr).toBe(0);
  expect((JSON.parse(audit.stdout) as { findings: { code: string }[] }).findings.filter((f) => f.code !== 'AUDIT_OFF')).toEqual([]);
}

const MOCHA_TEST =
  "import assert from 'node:assert/strict';\nimport { sum } from '../src/sum.js';\n\ndescribe('sum', () => {\n  it('adds', () => {\n    assert.equal(sum(2, 3), 5);\n  });\n});\n";
const SUM_ESM = 'export function sum(a, b) {\n  return a + b;\n}\n';
const SUM_ESM_WRONG = 'export function sum() {\n  return 0;\n}\n';

describe('the runner decides what a test file is', () => {
  it("mocha's default layout: test/*.js, no `.test.` in the name", () => {
    const { r, config } = start(
      {
        'package.json': pkg({ name: 'm', private: true, type: 'module', scripts: { test: 'mocha' }, devDependencies: { mocha: '*' } }),
        '.gitignore': 'node_modules\n',
        'src/sum.js': SUM_ESM_WRONG,
      },
      ['.'],
    );
    expect(config.runner).toBe('mocha');
    cycle(r, { 'test/sum.js': MOCHA_TEST }, { 'src/sum.js': SUM_ESM }, { red: /^mocha: 0 passed, 1 failed/, green: /^mocha: 1 passed, 0 failed/ }, () => {
      // The runner's configuration is test support: a GREEN may not change which files are tests.
      r.write({ 'src/sum.js': SUM_ESM, '.mocharc.json': '{ "spec": "nothing/*.js" }\n' });
      r.git('add', '-A');
      attemptCommit(r, 1, 'TESTS_CHANGED');
      r.remove('.mocharc.json');
      trap(r, 'src/sum.js', SUM_ESM.replace('a + b', 'a - b'), SUM_ESM)();
    });
    expectCleanAudit(r);
  });

  it("jest's testMatch and roots from package.json: src/**/*.check.js only", () => {
    const { r } = start(
      {
        'package.json': pkg({ name: 'j', private: true, devDependencies: { jest: '*' }, jest: { roots: ['<rootDir>/src'], testMatch: ['**/*.check.js'] } }),
        '.gitignore': 'node_modules\n',
        'src/sum.js': 'module.exports = { sum: () => 0 };\n',
      },
      ['.'],
    );
    // Outside jest's roots a *.check.js is implementation: RED refuses it.
    r.write({ 'lib/sum.check.js': "test('x', () => {\n  expect(1).toBe(1);\n});\n" });
    r.git('add', '-A');
    attemptCommit(r, 1, 'RED_IMPL_STAGED');
    r.remove('lib');
    cycle(
      r,
      { 'src/sum.check.js': "const { sum } = require('./sum');\n\ntest('adds', () => {\n  expect(sum(2, 3)).toBe(5);\n});\n" },
      { 'src/sum.js': 'module.exports = { sum: (a, b) => a + b };\n' },
      { red: /^jest: 0 passed, 1 failed/, green: /^jest: 1 passed, 0 failed/ },
      () => {
        const moved = pkg({ name: 'j', private: true, devDependencies: { jest: '*' }, jest: { roots: ['<rootDir>/lib'], testMatch: ['**/*.check.js'] } });
        r.write({ 'package.json': moved });
        r.git('add', '-A');
        attemptCommit(r, 1, 'TEST_CONFIG_CHANGED');
        r.git('checkout', '--', 'package.json');
      },
    );
    expectCleanAudit(r);
  });

  it("pytest's testpaths and python_files: checks/check_*.py", () => {
    const { r, config } = start({
      'pytest.ini': '[pytest]\ntestpaths = checks\npython_files = check_*.py\npythonpath = .\n',
      'calc.py': 'def add(a, b):\n    return 0\n',
    });
    expect(config.runner).toBe('pytest');
    cycle(
      r,
      { 'checks/check_calc.py': 'from calc import add\n\n\ndef test_adds():\n    assert add(2, 3) == 5\n' },
      { 'calc.py': 'def add(a, b):\n    return a + b\n' },
      { red: /^pytest: 0 passed, 1 failed/, green: /^pytest: 1 passed, 0 failed/ },
    );
  });
});

describe('each runner runs where it lives', () => {
  it("npm workspaces: packages/app's own runner (mocha) runs its tests from its folder, with its node_modules, not the top's vitest", () => {
    const { r, config } = start(
      {
        'package.json': pkg({ name: 'mono', private: true, workspaces: ['packages/*'], devDependencies: { vitest: '*' } }),
        '.gitignore': 'node_modules\n',
        'packages/app/package.json': pkg({ name: '@demo/app', type: 'module', scripts: { test: 'mocha' }, devDependencies: { mocha: '*' } }),
        'packages/app/src/sum.js': SUM_ESM_WRONG,
        'packages/core/package.json': pkg({ name: '@demo/core' }),
      },
      ['packages/app'],
    );
    expect(config.runners).toEqual([{ runner: 'vitest' }, { runner: 'mocha', root: 'packages/app' }]);
    // `sum.test.js` is the top vitest's file too: the deeper runner, whose folder holds it, runs it.
    cycle(
      r,
      { 'packages/app/test/sum.test.js': MOCHA_TEST },
      { 'packages/app/src/sum.js': SUM_ESM },
      { red: /^mocha: 0 passed, 1 failed/, green: /^mocha: 1 passed, 0 failed/ },
      trap(r, 'packages/app/src/sum.js', SUM_ESM.replace('a + b', 'a - b'), SUM_ESM),
    );
  });

  it('a Go module two folders down', () => {
    const GO_ADD = 'package calc\n\n// Add adds.\nfunc Add(a, b int) int {\n\treturn a + b\n}\n';
    const { r, config } = start({ 'services/api/go.mod': 'module example.com/api\n\ngo 1.19\n', 'services/api/calc.go': 'package calc\n' });
    expect(config.runners).toEqual([{ runner: 'go', root: 'services/api' }]);
    cycle(
      r,
      {
        'services/api/calc_test.go':
          'package calc\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif got := Add(2, 3); got != 5 {\n\t\tt.Errorf("Add(2, 3) = %d, want 5", got)\n\t}\n}\n',
      },
      { 'services/api/calc.go': GO_ADD },
      { red: /^go: 0 passed, 1 failed \(missing-symbol/, green: /^go: 1 passed, 0 failed/ },
      trap(r, 'services/api/calc.go', GO_ADD.replace('a + b', 'a - b'), GO_ADD),
    );
  });

  it("a cargo workspace: a member's integration tests are tests, run for that member alone (another member has a tests/add.rs too)", () => {
    const crate = (name: string) => `[package]\nname = "${name}"\nversion = "0.1.0"\nedition = "2021"\n`;
    const RS_ADD = 'pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n';
    const { r, config } = start({
      'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\nresolver = "2"\n',
      '.gitignore': 'target\nCargo.lock\n',
      'crates/calc/Cargo.toml': crate('calc'),
      'crates/calc/src/lib.rs': 'pub fn add(_a: i32, _b: i32) -> i32 {\n    0\n}\n',
      'crates/other/Cargo.toml': crate('other'),
      'crates/other/src/lib.rs': 'pub fn one() -> i32 {\n    1\n}\n',
      'crates/other/tests/add.rs': 'use other::one;\n\n#[test]\nfn is_one() {\n    assert_eq!(one(), 1);\n}\n',
    });
    expect(config.runner).toBe('cargo');
    // An assertion is the right reason: cargo names the member's panic from the workspace's top.
    cycle(
      r,
      { 'crates/calc/tests/add.rs': 'use calc::add;\n\n#[test]\nfn adds() {\n    assert_eq!(add(2, 3), 5);\n}\n' },
      { 'crates/calc/src/lib.rs': RS_ADD },
      { red: /^cargo: 0 passed, 1 failed \(assertion/, green: /^cargo: 1 passed, 0 failed/ },
      trap(r, 'crates/calc/src/lib.rs', RS_ADD.replace('a + b', 'a - b'), RS_ADD),
    );
  });
});
