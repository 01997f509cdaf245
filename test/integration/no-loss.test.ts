/**
 * No command loses work, through real `git commit` with node --test: the plan file is the tool's
 * own (never implementation; verdicts read the staged one), `tdd stage` keeps a hand-staged
 * version and refuses to drop one, `tdd rollback` touches only the task's tracked implementation,
 * `tdd-hooks uninstall` keeps a shim the user edited. Every file they must not touch is compared
 * byte for byte.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, fingerprint, trailersOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { slugify } from '../src/slug.js';\n\ntest('slugify', () => {\n  assert.equal(slugify('A B'), 'a-b');\n});\n";
const IMPL = "export function slugify(text) {\n  return text.toLowerCase().split(' ').join('-');\n}\n";
const PLAN = JSON.stringify({
  tasks: [
    { id: '1', title: 'slugify', files: ['src/slug.js'], tests: ['test/slug.test.js'] },
    { id: '2', title: 'other', files: ['src/other.js', 'src/shared.js'], tests: ['test/other.test.js'] },
  ],
});

/** The working tree alone (bytes and modes): what a command that only stages may never change. */
const workTree = (r: Repo) => fingerprint(r).split('\nindex ')[0]!;
const indexBlob = (r: Repo, path: string) => r.git('rev-parse', `:${path}`).trim();

describe('no command loses work', () => {
  let r: Repo;
  beforeAll(() => {
    r = makeRepo({ 'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n' });
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    attemptCommit(r, 0, 'SETUP_COMMIT');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    r.write({ 'src/shared.js': 'export const shared = 1;\n' });
    r.git('add', 'src/shared.js');
    attemptCommit(r, 0, 'PHASE_OFF');
    // The plan, untracked: an orchestrator's file.
    r.write({ 'tdd-plan.json': PLAN });
  });
  afterAll(() => r.cleanup());

  it('RED: the untracked plan decides nothing and is never implementation; tdd stage keeps and refuses to drop', () => {
    r.tdd('phase', 'red', '--task', '1');
    r.write({ 'test/slug.test.js': TEST, 'src/other.js': 'export const other = 2;\n' });
    // The untracked plan decides nothing: another task's file is implementation, not TASK_SCOPE.
    r.git('add', 'test/slug.test.js', 'src/other.js');
    const out = attemptCommit(r, 1, 'RED_IMPL_STAGED');
    expect(out).not.toContain('[TASK_SCOPE]');

    // Hand-staged (git add -p): the staged test, then more edits on disk; the plan staged too.
    r.git('add', 'test/slug.test.js', 'tdd-plan.json');
    const handStaged = indexBlob(r, 'test/slug.test.js');
    r.write({ 'test/slug.test.js': `${TEST}// more, not staged\n`, 'src/slug.js': IMPL });
    // Another task's file staged, then edited again: its staged version is only in the index.
    r.write({ 'src/shared.js': 'export const shared = 2;\n' });
    r.git('add', 'src/shared.js');
    r.write({ 'src/shared.js': 'export const shared = 3;\n' });
    const before = fingerprint(r);
    const refused = r.tdd('stage', '--json');
    expect(refused.status).toBe(2);
    expect(JSON.parse(refused.stderr || refused.stdout)).toMatchObject({ error: { code: 'STAGE_WOULD_DROP' } });
    expect(fingerprint(r)).toBe(before);

    // Staged as it is on disk: nothing is lost by unstaging it.
    r.git('add', 'src/shared.js');
    const tree = workTree(r);
    const s = r.tdd('stage', '--json');
    expect(s.status, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout)).toMatchObject({
      staged: [],
      unstaged: ['src/shared.js'],
      kept: ['test/slug.test.js'],
      held: [{ path: 'src/slug.js', reason: 'red-impl' }],
    });
    expect(workTree(r)).toBe(tree);
    expect(indexBlob(r, 'test/slug.test.js')).toBe(handStaged);
    expect(r.git('diff', '--cached', '--name-only')).toBe('tdd-plan.json\ntest/slug.test.js\n');

    // The index tdd stage built is one the gate accepts; the plan goes in with the test.
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('red');
  });

  it('GREEN: the staged plan decides TASK_SCOPE; the TESTS_CHANGED hint unstages before it discards', () => {
    r.git('add', 'src/slug.js', 'src/other.js');
    attemptCommit(r, 1, 'TASK_SCOPE');
    r.git('add', 'src/slug.js', 'test/slug.test.js');
    const out = attemptCommit(r, 1, 'TESTS_CHANGED');
    // The safe step first: unstaging keeps the edit; the one that discards it says so.
    const next = out.slice(out.indexOf('[TESTS_CHANGED]'));
    expect(next.indexOf("git restore --staged -- 'test/slug.test.js'")).toBeGreaterThan(-1);
    expect(next.indexOf("git restore --staged -- 'test/slug.test.js'")).toBeLessThan(next.indexOf('--worktree'));
    r.git('add', 'src/slug.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
  });

  it('rollback touches only the task’s tracked implementation, and lists what it leaves', () => {
    r.git('add', 'tdd-plan.json');
    r.write({
      'src/slug.js': 'export function slugify() {\n  return 42; // a refactor gone wrong\n}\n',
      'src/shared.js': 'export const shared = 4; // task 2, staged\n',
    });
    // Task 2's file staged by hand, then edited again: both versions are the user's.
    r.git('add', 'src/shared.js');
    r.write({ 'src/shared.js': 'export const shared = 5; // task 2, in progress\n' });
    const staged = indexBlob(r, 'src/shared.js');
    const tree = workTree(r)
      .split('\n')
      .filter((l) => !l.startsWith('src/slug.js '));
    const rb = r.tdd('rollback', '--json');
    expect(rb.status, rb.stderr).toBe(0);
    const json = JSON.parse(rb.stdout) as { paths: { path: string; action: string }[]; kept: { path: string; reason: string }[] };
    expect(json.paths.map((p) => [p.path, p.action])).toEqual([['src/slug.js', 'restored']]);
    expect(json.kept).toEqual(
      expect.arrayContaining([
        { path: 'src/other.js', reason: 'untracked' },
        { path: 'src/shared.js', reason: 'other-task' },
      ]),
    );
    expect(r.read('src/slug.js')).toBe(IMPL);
    // Everything else byte for byte, the hand-staged version of task 2's file too.
    expect(
      workTree(r)
        .split('\n')
        .filter((l) => !l.startsWith('src/slug.js ')),
    ).toEqual(tree);
    expect(indexBlob(r, 'src/shared.js')).toBe(staged);
  });

  it('uninstall keeps a shim the user edited, and says so', () => {
    const shim = join(r.dir, '.git', 'hooks', 'pre-commit');
    writeFileSync(shim, `${readFileSync(shim, 'utf8')}# my own addition\n`);
    const edited = readFileSync(shim);
    const u = r.tdd('uninstall', '--json');
    expect(u.status, u.stderr).toBe(0);
    const hooks = (JSON.parse(u.stdout) as { hooks: { hook: string; action: string; path: string }[] }).hooks.filter((h) => h.path.includes('.git/hooks'));
    expect(hooks.map((h) => [h.hook, h.action])).toEqual([
      ['pre-commit', 'edited'],
      ['commit-msg', 'removed'],
      ['post-commit', 'removed'],
    ]);
    expect(readFileSync(shim).equals(edited)).toBe(true);
    expect(existsSync(join(r.dir, '.git', 'hooks', 'commit-msg'))).toBe(false);
  });
});
