/**
 * A RED commit whose test asserts through a helper of the project: the hook reads the helper as
 * staged (the index), never as it is on disk. Through real `git commit` and `node --test`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRepoContext, readStagedFolder, readStagedTexts } from '../../src/git/queries.js';
import { codesOf, fingerprint } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

const TEST = `import { test } from 'node:test';
import { expectOne } from './helpers/expect-one.js';
import { one } from '../src/one.js';

test('one gives one', () => {
  expectOne(one());
});
`;
const ASSERTING = "import assert from 'node:assert/strict';\nexport function expectOne(x) {\n  assert.equal(x, 1);\n}\n";
const SILENT = 'export function expectOne(x) {\n  return x;\n}\n';

let repo: Repo;
beforeEach(() => {
  repo = makeRepo({ 'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n', 'README.md': '# p\n' });
  expect(repo.tdd('install').status).toBe(0);
  repo.git('add', '-A');
  repo.tdd('phase', 'off', '--reason', 'skeleton');
  expect(repo.commit('skeleton').status).toBe(0);
  repo.tdd('phase', 'red');
});
afterEach(() => repo.cleanup());

describe('RED through a helper, read from the index', () => {
  it('a staged helper that asserts carries the assertion, whatever the disk holds', () => {
    repo.write({ 'test/one.test.js': TEST, 'test/helpers/expect-one.js': ASSERTING });
    repo.git('add', '-A');
    repo.write({ 'test/helpers/expect-one.js': SILENT });
    const c = repo.commit('test: one');
    expect(c.status, c.stderr + c.stdout).toBe(0);
  });

  it('a staged helper that asserts nothing is refused, though the disk copy asserts', () => {
    repo.write({ 'test/one.test.js': TEST, 'test/helpers/expect-one.js': SILENT });
    repo.git('add', '-A');
    repo.write({ 'test/helpers/expect-one.js': ASSERTING });
    const before = fingerprint(repo);
    const c = repo.commit('test: one');
    expect(c.status, c.stderr).toBe(1);
    expect(codesOf(c)).toContain('ASSERTION_MISSING');
    expect(fingerprint(repo)).toBe(before);
  });

  it('assertFunctionNames in the committed configuration counts a helper from outside the project', () => {
    const two =
      "import { test } from 'node:test';\nimport { verifyOne } from 'a-package';\nimport { one } from '../src/one.js';\n\ntest('one', () => {\n  verifyOne(one());\n});\n";
    repo.write({ 'test/two.test.js': two });
    repo.git('add', '-A');
    expect(codesOf(repo.commit('test: two'))).toEqual(['ASSERTION_MISSING']);
    repo.git('reset', '-q');
    repo.write({ '.tddrc.json': JSON.stringify({ assertFunctionNames: ['verifyOne'] }) + '\n' });
    repo.git('add', '.tddrc.json');
    repo.tdd('phase', 'off', '--reason', 'config');
    expect(repo.commit('config').status).toBe(0);
    repo.tdd('phase', 'red');
    repo.git('add', '-A');
    // Past the content gates now: the run refuses it for the package it cannot import.
    const codes = codesOf(repo.commit('test: two'));
    expect(codes).not.toContain('ASSERTION_MISSING');
    expect(codes).toContain('RED_WRONG_REASON');
  });
});

describe('the index as a helper reader (git/queries)', () => {
  it('lists the staged files of one folder, not its subfolders, and reads them as staged', async () => {
    repo.write({
      'pkg/a_test.go': 'package pkg\n',
      'pkg/helpers_test.go': 'package pkg // staged\n',
      'pkg/sub/x.go': 'package sub\n',
      'we[ir]d/*x.go': 'package w\n',
    });
    repo.git('add', '-A');
    repo.write({ 'pkg/helpers_test.go': 'package pkg // on disk only\n', 'pkg/untracked_test.go': 'package pkg\n' });
    const ctx = await readRepoContext(repo.dir, repo.env);
    expect((await readStagedFolder(ctx, 'pkg')).sort()).toEqual(['pkg/a_test.go', 'pkg/helpers_test.go']);
    expect(await readStagedFolder(ctx, 'we[ir]d')).toEqual(['we[ir]d/*x.go']);
    const top = await readStagedFolder(ctx, '');
    expect(top).toEqual(expect.arrayContaining(['README.md', 'package.json']));
    expect(top.filter((p) => p.includes('/'))).toEqual([]);
    const texts = await readStagedTexts(ctx, ['pkg/helpers_test.go', 'pkg/missing.go', 'pkg/untracked_test.go']);
    expect([...texts]).toEqual([['pkg/helpers_test.go', 'package pkg // staged\n']]);
  });
});
