/**
 * Through real `git commit` with the installed hooks and the real `node --test`: the honest cycle
 * is accepted, each invariant has a refused case with its code, and nothing the user owns changes.
 */
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codesOf, fingerprint, trailersOf } from '../helpers/cycle.js';
import { copyRepo, makeRepo, type Repo } from '../helpers/repo.js';

const TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add } from '../src/math.js';

test('adds two numbers', () => {
  assert.equal(add(2, 3), 5);
});
`;
const IMPL = 'export function add(a, b) {\n  return a + b;\n}\n';
const SKELETON = {
  'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n',
  'src/index.js': 'export const version = 1;\n',
  'README.md': '# p\n',
};

let repo: Repo;

function setup(): Repo {
  const r = makeRepo(SKELETON);
  const inst = r.tdd('install');
  expect(inst.status, inst.stderr + inst.stdout).toBe(0);
  r.git('add', '-A');
  expect(r.tdd('phase', 'off', '--reason', 'skeleton').status).toBe(0);
  const c = r.commit('chore: skeleton');
  expect(c.status, c.stderr).toBe(0);
  return r;
}

/** Commit and expect a refusal with `code`, with everything the user owns untouched. */
function refused(r: Repo, code: string, ...args: string[]): void {
  const before = fingerprint(r);
  const c = r.commit('attempt', ...args);
  expect(c.status, c.stderr).toBe(1);
  expect(codesOf(c)).toContain(code);
  expect(fingerprint(r)).toBe(before);
}

function accepted(r: Repo, message: string, ...args: string[]): void {
  const files = fingerprint(r)
    .split('\n')
    .filter((l) => !l.startsWith('index ') && !l.startsWith('refs/') && l.includes(' '));
  const c = r.commit(message, ...args);
  expect(c.status, c.stderr + c.stdout).toBe(0);
  const after = fingerprint(r)
    .split('\n')
    .filter((l) => !l.startsWith('index ') && !l.startsWith('refs/') && l.includes(' '));
  expect(after).toEqual(files);
}

function toRed(r: Repo): void {
  r.tdd('phase', 'red');
  r.write({ 'test/math.test.js': TEST });
  r.git('add', 'test/math.test.js');
  accepted(r, 'test: add');
}

// One skeleton per file (install + phase off + a commit), copied per test with cp -a.
let template: Repo;
beforeAll(() => {
  template = setup();
});
afterAll(() => template?.cleanup());
beforeEach(() => {
  repo = copyRepo(template);
});
afterEach(() => repo.cleanup());

describe('node --test, through git commit', () => {
  it('accepts the honest cycle, advances the phase and writes the trailers', () => {
    expect(JSON.parse(repo.tdd('phase', '--json').stdout).phase).toBe(null); // off was for the skeleton commit only
    repo.tdd('phase', 'red', '--task', 'T1');
    repo.write({ 'test/math.test.js': TEST });
    repo.git('add', 'test/math.test.js');
    accepted(repo, 'test: add');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'red', 'TDD-Task': 'T1' });
    expect(trailersOf(repo)['TDD-Evidence']).toMatch(/1 failed/);
    expect(JSON.parse(repo.tdd('phase', '--json').stdout).phase).toBe('green');

    repo.write({ 'src/math.js': IMPL });
    repo.git('add', 'src/math.js');
    accepted(repo, 'feat: add');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Task': 'T1' });
    expect(trailersOf(repo)['TDD-Evidence']).toMatch(/1 passed, 0 failed/);

    repo.write({ 'src/math.js': 'export const add = (a, b) => a + b;\n' });
    repo.git('add', 'src/math.js');
    accepted(repo, 'refactor: arrow');
    expect(trailersOf(repo)['TDD-Phase']).toBe('refactor');

    const status = JSON.parse(repo.tdd('status', '--json').stdout);
    // node's ESM loader fails the whole file on a missing module: no test ids, the file is the evidence.
    expect(status).toMatchObject({ phase: 'refactor', task: 'T1', tests: ['test/math.test.js'] });
    expect(status.lastVerdict.evidence.passed).toBe(1);
  });

  it('refuses without a declared phase, and lets ignored-only commits through', () => {
    const fresh = makeRepo(SKELETON);
    try {
      fresh.tdd('install');
      fresh.git('add', '-A');
      refused(fresh, 'PHASE_UNSET');
      fresh.git('reset', '-q');
      fresh.git('add', 'README.md');
      const c = fresh.commit('docs');
      expect(c.status, c.stderr).toBe(0);
      expect(trailersOf(fresh)).toEqual({});
    } finally {
      fresh.cleanup();
    }
  });

  describe('RED', () => {
    beforeEach(() => repo.tdd('phase', 'red'));
    it.each([
      ['implementation staged', { 'test/math.test.js': TEST, 'src/math.js': IMPL }, 'RED_IMPL_STAGED'],
      ['no test file', { 'test/fixtures/data.json': '{}' }, 'RED_NO_TESTS_STAGED'],
      [
        'no assertion',
        { 'test/a.test.js': "import { test } from 'node:test';\ntest('x', () => {\n  // assert.equal(1, 2)\n  const s = 'assert.ok(false)';\n});\n" },
        'ASSERTION_MISSING',
      ],
      ['print only', { 'test/a.test.js': "import { test } from 'node:test';\ntest('x', () => { console.log('ok'); });\n" }, 'ASSERTION_PRINT_ONLY'],
      ['focus marker', { 'test/a.test.js': TEST.replace("test('adds", "test.only('adds") }, 'MARKER_FOCUS'],
      ['skip marker', { 'test/a.test.js': TEST.replace("test('adds", "test.skip('adds") }, 'MARKER_SKIP'],
      ['syntax error', { 'test/a.test.js': TEST.replace('assert.equal(add(2, 3), 5);', 'assert.equal(add(2, 3), 5;') }, 'RED_WRONG_REASON'],
      ['a package that is not installed', { 'test/a.test.js': TEST.replace("'../src/math.js'", "'left-pad-not-installed'") }, 'RED_WRONG_REASON'],
      [
        'a thrown non-assertion error',
        {
          'test/a.test.js':
            "import { test } from 'node:test';\nimport assert from 'node:assert';\ntest('x', () => {\n  const o = null;\n  assert.equal(o.value, 1);\n});\n",
        },
        'RED_WRONG_REASON',
      ],
      [
        'tests that pass',
        { 'test/a.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert';\ntest('x', () => { assert.equal(1, 1); });\n" },
        'RED_TESTS_PASS',
      ],
      [
        'a new passing test beside a failing one',
        {
          'test/a.test.js':
            "import { test } from 'node:test';\nimport assert from 'node:assert';\ntest('x', () => { assert.equal(1 + 1, 3); });\ntest('y', () => { assert.equal(1, 1); });\n",
        },
        'RED_NEW_TEST_PASSES',
      ],
    ])('refuses %s', (_name, files, code) => {
      repo.write(files);
      repo.git('add', '-A');
      refused(repo, code);
    });

    it('accepts a missing export of an existing project module (the first RED)', () => {
      repo.write({ 'test/a.test.js': TEST.replace("'../src/math.js'", "'../src/index.js'") });
      repo.git('add', '-A');
      accepted(repo, 'test: add');
    });

    it('accepts a new failing test beside old passing ones in the same file', () => {
      repo.tdd('phase', 'off', '--reason', 'seed');
      repo.write({
        'test/b.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert';\ntest('one is one', () => { assert.equal(1, 1); });\n",
      });
      repo.git('add', '-A');
      accepted(repo, 'seed');
      repo.tdd('phase', 'red');
      repo.write({ 'test/b.test.js': repo.read('test/b.test.js') + "test('two is two', () => { assert.equal(1 + 1, 3); });\n" });
      repo.git('add', '-A');
      accepted(repo, 'test: two');
    });

    it('--regression accepts faithful tests that pass, and says so', () => {
      repo.tdd('phase', 'red', '--regression');
      repo.write({ 'test/a.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert';\ntest('x', () => { assert.equal(1, 1); });\n" });
      repo.git('add', '-A');
      accepted(repo, 'test: regression');
      expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'red', 'TDD-Regression': 'true' });
      expect(JSON.parse(repo.tdd('phase', '--json').stdout).phase).toBe('refactor');
    });
  });

  describe('GREEN', () => {
    beforeEach(() => toRed(repo));
    it('refuses an edited test', () => {
      repo.write({ 'test/math.test.js': TEST.replace('5);', '5, "x");'), 'src/math.js': IMPL });
      repo.git('add', '-A');
      refused(repo, 'TESTS_CHANGED');
    });
    it('refuses a deleted test', () => {
      repo.git('rm', '-q', 'test/math.test.js');
      repo.write({ 'src/math.js': IMPL });
      repo.git('add', '-A');
      refused(repo, 'TESTS_CHANGED');
    });
    it('refuses a renamed test', () => {
      repo.git('mv', 'test/math.test.js', 'test/sum.test.js');
      repo.write({ 'src/math.js': IMPL });
      repo.git('add', '-A');
      refused(repo, 'TESTS_CHANGED');
    });
    it('refuses a mode change of a test', () => {
      chmodSync(join(repo.dir, 'test/math.test.js'), 0o755);
      repo.write({ 'src/math.js': IMPL });
      repo.git('add', '-A');
      refused(repo, 'TESTS_CHANGED');
    });
    it('refuses a change to the test settings in package.json', () => {
      repo.write({ 'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'true' } }) + '\n', 'src/math.js': IMPL });
      repo.git('add', '-A');
      refused(repo, 'TEST_CONFIG_CHANGED');
    });
    it('refuses an implementation that does not pass', () => {
      repo.write({ 'src/math.js': 'export function add(a, b) {\n  return a - b;\n}\n' });
      repo.git('add', '-A');
      refused(repo, 'GREEN_TESTS_FAIL');
    });
    it('judges the staged content, not an unstaged fix in the working tree', () => {
      repo.write({ 'src/math.js': 'export function add(a, b) {\n  return a - b;\n}\n' });
      repo.git('add', '-A');
      repo.write({ 'src/math.js': IMPL });
      refused(repo, 'GREEN_TESTS_FAIL');
    });
    it('ignores an untracked file the tests would need', () => {
      repo.write({ 'src/math.js': "export { add } from './helper.js';\n" });
      repo.git('add', 'src/math.js');
      repo.write({ 'src/helper.js': IMPL });
      refused(repo, 'GREEN_FILE_ERROR');
    });
    it('commit -a verifies the tracked changes it commits', () => {
      repo.write({ 'src/math.js': 'export function add() { return 0; }\n' });
      repo.git('add', 'src/math.js');
      repo.tdd('phase', 'off', '--reason', 'stub');
      accepted(repo, 'stub');
      repo.tdd('phase', 'green');
      repo.write({ 'src/math.js': IMPL });
      accepted(repo, 'feat: add', '-a');
      expect(trailersOf(repo)['TDD-Phase']).toBe('green');
    });
    it('commit <paths> verifies those paths, not what else is staged', () => {
      repo.write({ 'src/math.js': IMPL, 'src/other.js': 'export const broken = ;\n' });
      repo.git('add', 'src/other.js');
      repo.git('add', '-N', 'src/math.js');
      const c = repo.commit('feat: add', '--', 'src/math.js');
      expect(c.status, c.stderr).toBe(0);
      expect(repo.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('src/math.js');
    });
    it('partial staging: the staged hunk is what is tested', () => {
      repo.write({ 'src/math.js': IMPL + 'export const broken = 1;\n' });
      repo.git('add', 'src/math.js');
      repo.write({ 'src/math.js': IMPL + 'export const broken = ;\n' });
      accepted(repo, 'feat: add');
      expect(repo.read('src/math.js')).toContain('broken = ;');
    });
    it('refuses GREEN without a RED record', () => {
      const fresh = setup();
      try {
        fresh.tdd('phase', 'green');
        fresh.write({ 'src/math.js': IMPL });
        fresh.git('add', '-A');
        refused(fresh, 'GREEN_WITHOUT_RED');
      } finally {
        fresh.cleanup();
      }
    });
    it('rebuilds lost state from the trailers', () => {
      repo.remove('.git/tdd');
      expect(JSON.parse(repo.tdd('phase', '--json').stdout).phase).toBe('green');
      repo.write({ 'src/math.js': IMPL });
      repo.git('add', '-A');
      accepted(repo, 'feat: add');
    });
  });

  it('tdd verify gives the verdict without committing; the commit then reuses it (no second run)', () => {
    toRed(repo);
    repo.write({ 'src/math.js': 'export function add(a, b) {\n  return a - b;\n}\n' });
    repo.git('add', '-A');
    const before = fingerprint(repo);
    const refusedRun = repo.tdd('verify', '--json');
    expect(refusedRun.status).toBe(1);
    expect(JSON.parse(refusedRun.stdout).findings.map((f: { code: string }) => f.code)).toContain('GREEN_TESTS_FAIL');
    expect(fingerprint(repo)).toBe(before);
    repo.write({ 'src/math.js': IMPL });
    repo.git('add', '-A');
    expect(repo.tdd('verify').status).toBe(0);
    const c = repo.commit('feat: add');
    expect(c.status, c.stderr).toBe(0);
    expect(codesOf(c)).toContain('VERDICT_CACHED');
    expect(trailersOf(repo)['TDD-Evidence']).toMatch(/1 passed/);
    // An aborted commit (empty message) keeps the verdict for the retry.
    repo.write({ 'src/math.js': 'export const add = (a, b) => a + b;\n' });
    repo.git('add', '-A');
    expect(repo.commit('').status).not.toBe(0);
    expect(repo.git('log', '-1', '--format=%s')).toBe('feat: add\n');
    const retry = repo.commit('refactor: arrow');
    expect(retry.status, retry.stderr).toBe(0);
    expect(codesOf(retry)).toContain('VERDICT_CACHED');
    expect(trailersOf(repo)['TDD-Phase']).toBe('refactor');
  });

  describe('static checks and environment false-fails (GREEN)', () => {
    const LINT =
      "import { readFileSync } from 'node:fs';\nconst bad = process.argv.slice(2).filter((f) => readFileSync(f, 'utf8').includes('FIXME'));\nif (bad.length) { console.error('FIXME in ' + bad.join(' ')); process.exit(1); }\n";
    function configure(r: Repo, config: object): void {
      r.tdd('phase', 'off', '--reason', 'config');
      r.write({ '.tddrc.json': JSON.stringify(config) + '\n', 'tools/lint.mjs': LINT });
      r.git('add', '-A');
      accepted(r, 'chore: config');
      toRed(r);
    }
    it('runs them on the staged content with {files} as arguments, and refuses on failure', () => {
      configure(repo, { staticChecks: ['node tools/lint.mjs {files}'] });
      repo.write({ 'src/math.js': IMPL + '// FIXME\n' });
      repo.git('add', '-A');
      refused(repo, 'STATIC_CHECK_FAILED');
      repo.write({ 'src/math.js': IMPL });
      repo.git('add', '-A');
      repo.write({ 'src/math.js': IMPL + '// FIXME unstaged\n' });
      accepted(repo, 'feat: add');
    });
    it('a missing tool is "could not verify"…', () => {
      configure(repo, { staticChecks: ['cds-not-installed deploy'] });
      repo.write({ 'src/math.js': IMPL });
      repo.git('add', '-A');
      refused(repo, 'RUN_UNVERIFIED');
      expect(repo.tdd('hook', 'pre-commit').status).toBe(3);
    });
    it('…unless it matches falseFailPatterns: accepted and recorded as a false-fail', () => {
      configure(repo, { staticChecks: ['cds-not-installed deploy'], falseFailPatterns: ['cds-not-installed: command not found'] });
      repo.write({ 'src/math.js': IMPL });
      repo.git('add', '-A');
      const c = repo.commit('feat: add');
      expect(c.status, c.stderr).toBe(0);
      expect(codesOf(c)).toContain('FALSE_FAIL_ACCEPTED');
      expect(trailersOf(repo)['TDD-False-Fail']).toBe('cds-not-installed: command not found');
    });
    it('a failing test of the task never qualifies as a false-fail', () => {
      configure(repo, { falseFailPatterns: ['.*'] });
      repo.write({ 'src/math.js': 'export function add(a, b) {\n  return a - b;\n}\n' });
      repo.git('add', '-A');
      refused(repo, 'GREEN_TESTS_FAIL');
    });
  });

  it('refuses in commit-msg when the index changed after pre-commit verified it', () => {
    toRed(repo);
    repo.write({ 'src/math.js': IMPL });
    repo.git('add', '-A');
    expect(repo.tdd('hook', 'pre-commit').status).toBe(0);
    repo.write({ 'src/extra.js': 'export {};\n' });
    repo.git('add', 'src/extra.js');
    repo.write({ '.git/MSG': 'feat: add\n' });
    const r = repo.tdd('hook', 'commit-msg', '.git/MSG');
    expect(r.status).toBe(1);
    expect(codesOf(r)).toContain('INDEX_CHANGED');
  });

  it('names the file and key of a malformed .tddrc.json (exit 2), and keeps it out of the history', () => {
    repo.tdd('phase', 'red');
    repo.write({ '.tddrc.json': '{ "runner": "karma", "tests": "x" }\n', 'test/math.test.js': TEST });
    repo.git('add', '-A');
    const c = repo.commit('test');
    expect(c.status).toBe(1);
    expect(c.stderr).toContain('.tddrc.json: runner');
    expect(c.stderr).toContain('.tddrc.json: tests');
    expect(repo.tdd('hook', 'pre-commit').status).toBe(2);
    const j = repo.tdd('status', '--json');
    expect(j.status).toBe(2);
    expect(JSON.parse(j.stdout).error.code).toBe('CONFIG_INVALID');
  });

  it('a broken committed config (hooks bypassed) can be fixed by the next commit', () => {
    repo.write({ '.tddrc.json': '{ "runner": "karma" }\n' });
    repo.git('add', '-A');
    expect(repo.commit('break it', '--no-verify').status).toBe(0);
    expect(repo.tdd('status').status).toBe(2);
    repo.write({ '.tddrc.json': '{ "runner": "node" }\n' });
    repo.git('add', '-A');
    repo.tdd('phase', 'off', '--reason', 'fix config');
    const c = repo.commit('fix config');
    expect(c.status, c.stderr).toBe(0);
    expect(repo.tdd('status').status).toBe(0);
  });

  it('judges a commit by the committed rules: a config change applies from the next commit', () => {
    toRed(repo);
    // A GREEN that tries to reclassify its weakened test as ignored.
    repo.write({
      '.tddrc.json': JSON.stringify({ tests: ['nothing/**'], testSupport: [], ignore: ['test/**'] }) + '\n',
      'test/math.test.js': TEST.replace('5);', '5, "x");'),
      'src/math.js': IMPL,
    });
    repo.git('add', '-A');
    refused(repo, 'TESTS_CHANGED');
  });

  it('an unstaged or untracked config changes no verdict', () => {
    repo.tdd('phase', 'red');
    repo.write({ 'test/math.test.js': TEST, 'src/math.js': IMPL, '.tddrc.json': '{ "ignore": ["**"] }\n' });
    repo.git('add', 'test/math.test.js', 'src/math.js');
    const c = repo.commit('test: add');
    expect(c.status).toBe(1);
    expect(codesOf(c)).toContain('CONFIG_UNSTAGED');
    expect(codesOf(c)).toContain('RED_IMPL_STAGED');
  });
});
