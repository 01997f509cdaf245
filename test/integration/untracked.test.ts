/**
 * Untracked is said out loud, through real commits and `node --test`: a RED failing on a test
 * helper that is in the working tree but not staged is refused RED_UNTRACKED_IMPORT (GREEN could
 * never add it: test support is frozen), with the `git add` to run; an implementation not staged
 * is how a RED is meant to go, and accepted; a GREEN failing on a module it forgot to stage gets
 * the UNTRACKED note, and so does a REFACTOR that forgot the `git add` of a new module.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { codesOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

const PKG = JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n';
const testUsing = (from: string, name: string) =>
  `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { ${name} } from '${from}';\n\ntest('${name}', () => {\n  assert.equal(${name}(2), 4);\n});\n`;

let repo: Repo;
afterEach(() => repo.cleanup());

function ok(r: { status: number | null; stdout: string; stderr: string }): void {
  expect(r.status, r.stdout + r.stderr).toBe(0);
}

function setup(files: Record<string, string> = {}): void {
  repo = makeRepo({ 'package.json': PKG, 'src/index.js': 'export const v = 1;\n', ...files });
  ok(repo.tdd('install'));
  repo.git('add', '-A');
  ok(repo.tdd('phase', 'off', '--reason', 'skeleton'));
  ok(repo.commit('chore: skeleton'));
  ok(repo.tdd('phase', 'red'));
}

const hook = () => {
  const v = repo.tdd('verify', '--json');
  return { status: v.status, codes: codesOf(v), json: JSON.parse(v.stdout) as { findings: { code: string; data?: Record<string, unknown> }[] } };
};

describe('untracked, said out loud', () => {
  it('RED on a helper written but not staged (untracked): RED_UNTRACKED_IMPORT names it; once staged, it is not asked for again', () => {
    setup();
    repo.write({
      'test/helpers/double.js': "import { double } from '../../src/double.js';\nexport const twice = (n) => double(n);\n",
      'test/double.test.js': testUsing('./helpers/double.js', 'twice'),
    });
    repo.git('add', 'test/double.test.js');
    const c = repo.commit('test: double');
    expect(c.status, c.stdout + c.stderr).toBe(1);
    expect(codesOf(c)).toContain('RED_UNTRACKED_IMPORT');
    expect(c.stdout + c.stderr).toContain("git add 'test/helpers/double.js'");
    repo.git('add', 'test/helpers/double.js');
    const again = repo.commit('test: double');
    // The helper now loads, and fails on the implementation that does not exist yet: a wrong reason for node (a missing module), but no longer the helper's.
    expect(codesOf(again)).not.toContain('RED_UNTRACKED_IMPORT');
  });

  it('RED on a helper whose new export is only in the working tree (modified, not staged): refused; the implementation unstaged is not', () => {
    setup({ 'test/helpers/math.js': 'export const one = () => 1;\n', 'src/math.js': 'export const one = () => 1;\n' });
    // The helper's new export, written and not staged.
    repo.write({ 'test/helpers/math.js': 'export const one = () => 1;\nexport const twice = (n) => n * 2;\n' });
    repo.write({ 'test/twice.test.js': testUsing('./helpers/math.js', 'twice') });
    repo.git('add', 'test/twice.test.js');
    const v = hook();
    expect(v.status).toBe(1);
    expect(v.json.findings.find((f) => f.code === 'RED_UNTRACKED_IMPORT')?.data).toMatchObject({ file: 'test/helpers/math.js', state: 'modified' });
    repo.git('checkout', '--', 'test/helpers/math.js');
    // The honest RED: the test imports the implementation's new function, written in the working tree, not staged.
    repo.write({
      'test/twice.test.js': testUsing('../src/math.js', 'twice'),
      'src/math.js': 'export const one = () => 1;\nexport const twice = (n) => n * 2;\n',
    });
    repo.git('add', 'test/twice.test.js');
    const honest = repo.commit('test: twice');
    expect(honest.status, honest.stdout + honest.stderr).toBe(0);
    expect(codesOf(honest)).not.toContain('RED_UNTRACKED_IMPORT');
  });

  it('GREEN whose module imports a file it forgot to stage: refused, and the note says `git add` it', () => {
    setup({ 'src/math.js': 'export const one = () => 1;\n' });
    repo.write({ 'test/twice.test.js': testUsing('../src/math.js', 'twice') });
    repo.git('add', 'test/twice.test.js');
    ok(repo.commit('test: twice'));
    repo.write({
      'src/math.js': "export const one = () => 1;\nexport { twice } from './twice.js';\n",
      'src/twice.js': 'export const twice = (n) => n * 2;\n',
    });
    repo.git('add', 'src/math.js');
    const c = repo.commit('feat: twice');
    expect(c.status, c.stdout + c.stderr).toBe(1);
    expect(codesOf(c)).toContain('UNTRACKED');
    expect(c.stdout + c.stderr).toContain("git add 'src/twice.js'");
    repo.git('add', 'src/twice.js');
    ok(repo.commit('feat: twice'));
    // REFACTOR: the same forgotten `git add` of a new module is named too.
    ok(repo.tdd('phase', 'refactor'));
    repo.write({
      'src/twice.js': "export { twice } from './double.js';\n",
      'src/double.js': 'export const twice = (n) => n + n;\n',
    });
    repo.git('add', 'src/twice.js');
    const r = repo.commit('refactor: double');
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(codesOf(r)).toContain('UNTRACKED');
    expect(r.stdout + r.stderr).toContain("git add 'src/double.js'");
    repo.git('add', 'src/double.js');
    ok(repo.commit('refactor: double'));
  });
});
