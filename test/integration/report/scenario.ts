/**
 * A repository with a known TDD history, made through the real hooks and real `git commit`
 * (node --test as the runner): two tasks with honest cycles (titled by the plan), a refused commit,
 * an off commit, a docs commit, a hostile commit subject, and a commit made past the hooks. Shared
 * by the report's integration and browser tests.
 */
import { expect } from 'vitest';
import { codesOf } from '../../helpers/cycle.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';

const testOf = (fn: string, a: number, b: number, want: number) => `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ${fn} } from '../src/${fn}.js';

test('${fn} of ${a} and ${b}', () => {
  assert.equal(${fn}(${a}, ${b}), ${want});
});
`;

/** A subject that would run script if the page did not escape it. */
export const HOSTILE_SUBJECT = 'feat: mul <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';

/** The commit made with --no-verify: the report's red banner. */
export const BYPASS_SUBJECT = 'fix: version 3 (hooks skipped)';

/** The lights each task must show, in order (null: commits made with no task active). */
export const EXPECTED_LIGHTS: [string | null, string[]][] = [
  [null, ['off']],
  ['T1', ['red', 'refused', 'green', 'refactor']],
  ['T2', ['red', 'green', 'off']],
];

function ok(r: ReturnType<Repo['commit']>): void {
  expect(r.status, r.stdout + r.stderr).toBe(0);
}

function phase(repo: Repo, ...args: string[]): void {
  const r = repo.tdd('phase', ...args);
  expect(r.status, r.stdout + r.stderr).toBe(0);
}

export function makeReportRepo(): Repo {
  const repo = makeRepo({
    'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n',
    'src/index.js': 'export const version = 1;\n',
    'tdd-plan.json':
      JSON.stringify(
        {
          tasks: [
            { id: 'T1', title: 'add two numbers', files: ['src/add.js'], tests: ['test/add.test.js'] },
            { id: 'T2', title: 'multiply', files: ['src/mul.js'], tests: ['test/mul.test.js'] },
          ],
        },
        null,
        2,
      ) + '\n',
  });
  const install = repo.tdd('install');
  expect(install.status, install.stdout + install.stderr).toBe(0);
  repo.git('add', '-A');
  phase(repo, 'off', '--reason', 'skeleton');
  ok(repo.commit('chore: skeleton'));

  // T1: RED, a refused GREEN that edits the frozen test, GREEN, REFACTOR.
  phase(repo, 'red', '--task', 'T1');
  repo.write({ 'test/add.test.js': testOf('add', 2, 3, 5) });
  repo.git('add', '-A');
  ok(repo.commit('test: add'));
  repo.write({ 'test/add.test.js': testOf('add', 2, 2, 4), 'src/add.js': 'export const add = (a, b) => a + b;\n' });
  repo.git('add', '-A');
  // `tdd verify` first: a check, not an attempt to commit — the report shows no light for it.
  expect(repo.tdd('verify').status).toBe(1);
  const refused = repo.commit('feat: add, and a tweaked test');
  expect(refused.status).toBe(1);
  expect(codesOf(refused)).toContain('TESTS_CHANGED');
  repo.git('checkout', '-q', 'HEAD', '--', 'test/add.test.js');
  repo.git('add', '-A');
  ok(repo.commit('feat: add'));
  repo.write({ 'src/add.js': 'export function add(a, b) {\n  return a + b;\n}\n' });
  repo.git('add', '-A');
  ok(repo.commit('refactor: add as a function'));

  // A docs commit: no test run, no trailers.
  repo.write({ 'README.md': '# p\n' });
  repo.git('add', '-A');
  ok(repo.commit('docs: readme'));

  // T2: RED, GREEN (with a hostile subject), then an off commit while T2 is active.
  phase(repo, 'red', '--task', 'T2');
  repo.write({ 'test/mul.test.js': testOf('mul', 2, 3, 6) });
  repo.git('add', '-A');
  ok(repo.commit('test: mul'));
  repo.write({ 'src/mul.js': 'export const mul = (a, b) => a * b;\n' });
  repo.git('add', '-A');
  ok(repo.commit(HOSTILE_SUBJECT));
  phase(repo, 'off', '--reason', 'bump version');
  repo.write({ 'src/index.js': 'export const version = 2;\n' });
  repo.git('add', '-A');
  ok(repo.commit('chore: version 2'));

  // Past the hooks: code changed with --no-verify, no trailers.
  repo.write({ 'src/index.js': 'export const version = 3;\n' });
  repo.git('add', '-A');
  ok(repo.commit(BYPASS_SUBJECT, '--no-verify'));
  return repo;
}
