/**
 * Tasks from a plan, through real `git commit`: per-task staging (a sibling's file staged with
 * `git add -A` is refused, `tdd stage` fixes it) and the commit message template.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codesOf, fingerprint } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

const test = (name: string) => `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ${name} } from '../src/${name}.js';

test('${name} gives one', () => {
  assert.equal(${name}(), 1);
});
`;
const PLAN = {
  tasks: [
    { id: 'A', title: 'alpha gives one', files: ['src/alpha.js'], tests: ['test/alpha.test.js'], deps: [] },
    { id: 'B', title: 'beta gives one', files: ['src/beta.js'], tests: ['test/beta.test.js'], deps: [] },
  ],
};

let repo: Repo;
function setup(config: object = {}): void {
  repo = makeRepo({
    'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n',
    'tdd-plan.json': JSON.stringify(PLAN, null, 2) + '\n',
    '.tddrc.json': JSON.stringify({ runner: 'node', ...config }) + '\n',
  });
  expect(repo.tdd('install').status).toBe(0);
  repo.git('add', '-A');
  repo.tdd('phase', 'off', '--reason', 'skeleton');
  expect(repo.commit('skeleton').status).toBe(0);
}
afterEach(() => repo.cleanup());

describe('per-task staging', () => {
  beforeEach(() => setup());

  it('refuses a sibling task’s file staged with git add -A, and tdd stage fixes the index', () => {
    repo.tdd('phase', 'red', '--task', 'A');
    repo.write({ 'test/alpha.test.js': test('alpha'), 'test/beta.test.js': test('beta'), 'notes/scratch.js': 'x\n' });
    repo.git('add', '-A');
    const before = fingerprint(repo);
    const c = repo.commit('test: alpha');
    expect(c.status).toBe(1);
    expect(codesOf(c)).toContain('TASK_SCOPE');
    expect(c.stderr).toContain('task B declares it');
    expect(fingerprint(repo)).toBe(before);

    const dry = repo.tdd('stage', '--dry-run', '--json');
    expect(JSON.parse(dry.stdout)).toMatchObject({
      staged: ['test/alpha.test.js'],
      unstaged: ['notes/scratch.js', 'test/beta.test.js'],
      missing: ['src/alpha.js'],
    });
    expect(fingerprint(repo)).toBe(before);

    const s = repo.tdd('stage');
    expect(s.status, s.stderr).toBe(0);
    expect(repo.git('diff', '--cached', '--name-only')).toBe('test/alpha.test.js\n');
    expect(repo.read('test/beta.test.js')).toBe(test('beta'));
    const ok = repo.commit('test: alpha');
    expect(ok.status, ok.stderr).toBe(0);
  });

  it('stage with no plan entry for the task is a usage error', () => {
    repo.tdd('phase', 'red', '--task', 'Z');
    expect(repo.tdd('stage').status).toBe(2);
  });
});

describe('commit message template', () => {
  it('enforce: refuses another subject, accepts the task’s', () => {
    setup({ commitMessage: { template: 'feat(tdd): task-{id} {title}', mode: 'enforce' } });
    repo.tdd('phase', 'red', '--task', 'A');
    repo.write({ 'test/alpha.test.js': test('alpha') });
    repo.git('add', '-A');
    const c = repo.commit('wip');
    expect(c.status).toBe(1);
    expect(codesOf(c)).toContain('COMMIT_MESSAGE_TEMPLATE');
    const ok = repo.commit('feat(tdd): task-A alpha gives one');
    expect(ok.status, ok.stderr).toBe(0);
  });

  it('fill: puts the task’s subject first and keeps the message as the body', () => {
    setup({ commitMessage: { template: 'feat(tdd): task-{id} {title}', mode: 'fill' } });
    repo.tdd('phase', 'red', '--task', 'A');
    repo.write({ 'test/alpha.test.js': test('alpha') });
    repo.git('add', '-A');
    const ok = repo.commit('first failing test');
    expect(ok.status, ok.stderr).toBe(0);
    expect(repo.git('log', '-1', '--format=%s')).toBe('feat(tdd): task-A alpha gives one\n');
    expect(repo.git('log', '-1', '--format=%b')).toContain('first failing test');
  });
});
