/**
 * A refusal says what around the commit matters, through real commits: `git commit -a` staged
 * more than the user staged (commit without -a); a GREEN run failed while the working copy holds
 * other edits (the tests ran on the staged version); a missing runner gets doctor's fix.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { codesOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

const PKG = JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n';
const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n";

let repo: Repo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

function ok(r: { status: number | null; stdout: string; stderr: string }): void {
  expect(r.status, r.stdout + r.stderr).toBe(0);
}

/** skeleton committed in phase off, then the phase asked for. */
function setup(phase: string[]): Repo {
  const r = (repo = makeRepo({ 'package.json': PKG, 'src/index.js': 'export const v = 1;\n' }));
  ok(r.tdd('install'));
  r.git('add', '-A');
  ok(r.tdd('phase', 'off', '--reason', 'skeleton'));
  ok(r.commit('chore: skeleton'));
  ok(r.tdd('phase', ...phase));
  return r;
}

describe('notes on a refusal', () => {
  it('git commit -a: COMMIT_ALL (commit without -a)', () => {
    const r = setup(['red']);
    r.write({ 'test/math.test.js': TEST, 'src/index.js': 'export const v = 2; // unrelated, unstaged\n' });
    r.git('add', 'test/math.test.js');
    const all = r.run('git', ['commit', '-a', '-m', 'test: add']);
    expect(all.status).toBe(1);
    expect(codesOf(all)).toEqual(expect.arrayContaining(['RED_IMPL_STAGED', 'COMMIT_ALL']));
    r.git('reset', '-q');
    r.git('add', 'test/math.test.js');
    // Without -a: what was staged, and it passes.
    const plain = r.commit('test: add');
    expect(plain.status, plain.stdout + plain.stderr).toBe(0);
    expect(codesOf(plain)).not.toContain('COMMIT_ALL');
  });

  it('a GREEN failure with unstaged edits: STAGED_VERSION names the file', () => {
    const r = setup(['red']);
    r.write({ 'test/math.test.js': TEST });
    r.git('add', '-A');
    ok(r.commit('test: add'));
    r.write({ 'src/math.js': 'export const add = (a, b) => a - b;\n' });
    r.git('add', 'src/math.js');
    r.write({ 'src/math.js': 'export const add = (a, b) => a + b;\n' });
    const v = r.tdd('verify', '--json');
    expect(v.status).toBe(1);
    const out = JSON.parse(v.stdout) as { findings: { code: string }[]; notes: { code: string; paths?: string[] }[] };
    expect(out.findings.map((f) => f.code)).toContain('GREEN_TESTS_FAIL');
    expect(out.notes).toEqual([expect.objectContaining({ code: 'STAGED_VERSION', paths: ['src/math.js'] })]);
  });

  it('a missing runner: the refusal gives doctor’s fix', () => {
    const r = setup(['red']);
    r.write({ '.tddrc.json': '{ "runner": "vitest" }\n' });
    r.git('add', '.tddrc.json');
    ok(r.tdd('phase', 'off', '--reason', 'vitest'));
    ok(r.commit('chore: vitest'));
    ok(r.tdd('phase', 'red'));
    r.write({
      'test/math.test.js': "import { expect, test } from 'vitest';\nimport { add } from '../src/math.js';\n\ntest('adds', () => expect(add(2, 3)).toBe(5));\n",
    });
    r.git('add', '-A');
    const v = r.tdd('verify', '--json');
    expect(v.status).toBe(3);
    const f = (JSON.parse(v.stdout) as { findings: { code: string; data: { status: string; fix?: string } }[] }).findings.find(
      (x) => x.code === 'RUN_UNVERIFIED',
    )!;
    expect(f.data).toMatchObject({ status: 'runner-missing', fix: 'npm install --save-dev vitest' });
  });
});
