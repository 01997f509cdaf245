/**
 * `tdd rollback` in-process in real temp repositories: implementation files only go back to the
 * last green commit, after a backup of exactly what is overwritten; `--undo` restores it byte for byte.
 */
import { chmodSync, existsSync, lstatSync, readlinkSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { blobAt, commitPhase, fingerprint, GREEN_FILES, refs, tdd } from './helpers.js';

let repo: Repo;
let green: string;
beforeEach(() => {
  repo = makeRepo(GREEN_FILES);
  chmodSync(join(repo.dir, 'src/run.sh'), 0o755);
  symlinkSync('a.js', join(repo.dir, 'src/link'));
  repo.git('add', '-A');
  green = commitPhase(repo, 'green', 'green: a and b');
});
afterEach(() => repo.cleanup());

/** A refactor gone wrong: modified, added (untracked and staged), deleted, mode and symlink changes. */
function breakImplementation(): void {
  repo.write({ 'src/a.js': 'export const a = 42; // broken\n', 'src/new.js': 'export const helper = 0;\n', 'src/staged-new.js': 'x\n' });
  repo.git('add', 'src/staged-new.js');
  repo.remove('src/old.js');
  chmodSync(join(repo.dir, 'src/run.sh'), 0o644);
  unlinkSync(join(repo.dir, 'src/link'));
  symlinkSync('b.js', join(repo.dir, 'src/link'));
}

describe('tdd rollback', () => {
  it('restores modified, removes added and recreates deleted implementation files; modes and symlinks too', async () => {
    breakImplementation();
    const r = await tdd(repo);
    expect(r.exitCode).toBe(0);
    const paths = (r.json.paths as { path: string; action: string }[]).map((p) => [p.path, p.action]);
    expect(paths).toEqual([
      ['src/a.js', 'restored'],
      ['src/link', 'restored'],
      ['src/old.js', 'recreated'],
      ['src/run.sh', 'restored'],
      ['src/staged-new.js', 'removed'],
    ]);
    expect(repo.read('src/a.js')).toBe(GREEN_FILES['src/a.js']);
    expect(repo.read('src/old.js')).toBe(GREEN_FILES['src/old.js']);
    // Untracked: yours (the next task's new module), left as it is and listed.
    expect(repo.read('src/new.js')).toBe('export const helper = 0;\n');
    expect(r.json.kept).toContainEqual({ path: 'src/new.js', reason: 'untracked' });
    expect(existsSync(join(repo.dir, 'src/staged-new.js'))).toBe(false);
    expect(lstatSync(join(repo.dir, 'src/run.sh')).mode & 0o111).not.toBe(0);
    expect(readlinkSync(join(repo.dir, 'src/link'))).toBe('a.js');
    // Index and working tree are both the green commit's but for the untracked file.
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('?? src/new.js\n');
    expect((r.json.target as { commit: string; source: string }).commit).toBe(green);
    expect((r.json.target as { source: string }).source).toBe('trailers');
    expect(r.json.backup).toMatchObject({ ref: 'refs/tdd/rollback/1' });
    expect(r.text).toContain('refs/tdd/rollback/1');
    expect(r.text).toContain('tdd rollback --undo');
    expect(r.text).toContain('git checkout refs/tdd/rollback/1 -- :/');
  });

  it('saves the overwritten files (exact bytes, modes, staged new ones) and index entries where plain git reads them', async () => {
    breakImplementation();
    await tdd(repo);
    const ref = 'refs/tdd/rollback/1';
    expect(blobAt(repo, ref, 'src/a.js')).toBe('export const a = 42; // broken\n');
    expect(blobAt(repo, ref, 'src/staged-new.js')).toBe('x\n');
    expect(repo.git('ls-tree', ref, '--', 'src/link')).toMatch(/^120000 /);
    expect(repo.git('ls-tree', ref, '--', 'src/run.sh')).toMatch(/^100644 /);
    expect(blobAt(repo, ref, 'src/link')).toBe('b.js');
    // The index entries (only the paths that were in the index) are in the parent's tree.
    expect(repo.git('ls-tree', '-r', '--name-only', `${ref}^`).split('\n').filter(Boolean)).toEqual([
      'src/a.js',
      'src/link',
      'src/old.js',
      'src/run.sh',
      'src/staged-new.js',
    ]);
    expect(repo.git('rev-parse', `${ref}^^`).trim()).toBe(green);
    // Plain git brings the content back.
    repo.git('-C', 'src', 'checkout', ref, '--', ':/');
    expect(repo.read('src/a.js')).toBe('export const a = 42; // broken\n');
    expect(repo.read('src/staged-new.js')).toBe('x\n');
  });

  it('rollback + undo round-trips the working tree, the index and git status byte for byte', async () => {
    breakImplementation();
    repo.write({ 'test/a.test.js': '// unstaged test edit\n', 'notes.txt': 'untracked, not implementation\n', 'dist/out.js': 'gitignored\n' });
    const before = fingerprint(repo);
    expect((await tdd(repo)).exitCode).toBe(0);
    expect(fingerprint(repo)).not.toBe(before);
    const u = await tdd(repo, '--undo');
    expect(u.exitCode).toBe(0);
    expect(fingerprint(repo)).toBe(before);
    expect(refs(repo)).toEqual([]);
    expect((u.json.paths as { path: string; action: string }[]).find((p) => p.path === 'src/old.js')?.action).toBe('removed');
    expect((u.json.paths as { path: string; action: string }[]).find((p) => p.path === 'src/staged-new.js')?.action).toBe('recreated');
  });

  it('a staged-but-not-committed change: the index goes back to the target, undo puts the staged and unstaged versions back', async () => {
    repo.write({ 'src/b.js': 'staged version\n' });
    repo.git('add', 'src/b.js');
    repo.write({ 'src/b.js': 'unstaged version on top\n' });
    const stagedBlob = repo.git('rev-parse', ':src/b.js').trim();
    const before = fingerprint(repo);
    const r = await tdd(repo);
    expect(r.json.paths).toEqual([expect.objectContaining({ path: 'src/b.js', action: 'restored', index: true, worktree: true })]);
    expect(repo.git('rev-parse', ':src/b.js').trim()).toBe(repo.git('rev-parse', `${green}:src/b.js`).trim());
    expect(repo.read('src/b.js')).toBe(GREEN_FILES['src/b.js']);
    await tdd(repo, '--undo');
    expect(repo.git('rev-parse', ':src/b.js').trim()).toBe(stagedBlob);
    expect(repo.read('src/b.js')).toBe('unstaged version on top\n');
    expect(fingerprint(repo)).toBe(before);
  });

  it('an index-only difference is restored in the index and reported so; the file is not rewritten', async () => {
    repo.write({ 'src/b.js': 'staged then reverted on disk\n' });
    repo.git('add', 'src/b.js');
    repo.write({ 'src/b.js': GREEN_FILES['src/b.js']! });
    const r = await tdd(repo);
    expect(r.json.paths).toEqual([expect.objectContaining({ path: 'src/b.js', index: true, worktree: false })]);
    expect(r.text).toContain('src/b.js (index only)');
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('leaves tests (staged and unstaged), support, ignored and untracked non-implementation files as they are, and says so', async () => {
    repo.write({ 'test/a.test.js': 'staged test change\n' });
    repo.git('add', 'test/a.test.js');
    repo.write({
      'test/a.test.js': 'unstaged test change\n',
      'test/new.test.js': 'new test\n',
      'README.md': 'docs edit\n',
      'notes.txt': 'x\n',
      'dist/out.js': 'build\n',
      'src/a.js': 'broken\n',
    });
    const stagedTest = repo.git('rev-parse', ':test/a.test.js').trim();
    const r = await tdd(repo);
    expect((r.json.paths as { path: string }[]).map((p) => p.path)).toEqual(['src/a.js']);
    expect(repo.read('test/a.test.js')).toBe('unstaged test change\n');
    expect(repo.git('rev-parse', ':test/a.test.js').trim()).toBe(stagedTest);
    expect(repo.read('test/new.test.js')).toBe('new test\n');
    expect(repo.read('README.md')).toBe('docs edit\n');
    expect(repo.read('notes.txt')).toBe('x\n');
    expect(repo.read('dist/out.js')).toBe('build\n');
    expect(r.json.kept).toEqual(
      expect.arrayContaining([
        { path: 'test/a.test.js', reason: 'test' },
        { path: 'test/new.test.js', reason: 'test' },
        { path: 'README.md', reason: 'ignored' },
      ]),
    );
    expect((r.json.kept as { path: string }[]).map((k) => k.path)).not.toContain('dist/out.js');
    expect(r.text).toContain('rollback changes tracked implementation files only');
  });

  it('an untracked gitignored file where the target has a tracked implementation file is not touched', async () => {
    repo.git('rm', '-q', '--cached', 'src/b.js');
    repo.write({ '.gitignore': 'dist/\nsrc/b.js\n', 'src/b.js': 'local, ignored now\n' });
    const r = await tdd(repo);
    expect(r.json.paths).toEqual([]);
    expect(r.json.kept).toContainEqual({ path: 'src/b.js', reason: 'gitignored' });
    expect(repo.read('src/b.js')).toBe('local, ignored now\n');
  });

  it('--dry-run prints the plan and changes nothing (no backup ref)', async () => {
    breakImplementation();
    const before = fingerprint(repo);
    const r = await tdd(repo, '--dry-run');
    expect(r.exitCode).toBe(0);
    expect(r.json).toMatchObject({ dryRun: true, backup: null });
    expect((r.json.paths as unknown[]).length).toBe(5);
    expect(r.text).toContain('nothing was changed');
    expect(fingerprint(repo)).toBe(before);
    expect(refs(repo)).toEqual([]);
  });

  it('nothing to roll back: exit 0, no backup', async () => {
    repo.write({ 'test/a.test.js': 'only a test changed\n' });
    const r = await tdd(repo);
    expect(r.exitCode).toBe(0);
    expect(r.json.paths).toEqual([]);
    expect(r.text).toContain('nothing to roll back');
    expect(refs(repo)).toEqual([]);
  });

  it("the target: the state's lastGreen first, then the trailers, or --to", async () => {
    repo.write({ 'src/a.js': 'refactored\n' });
    repo.git('add', 'src/a.js');
    const refactor = commitPhase(repo, 'refactor');
    repo.write({ 'src/a.js': 'red-ish\n' });
    repo.git('add', 'src/a.js');
    commitPhase(repo, 'red');
    repo.write({ 'src/a.js': 'broken\n' });
    // Trailers: the newest green or refactor commit.
    expect((await tdd(repo, '--dry-run')).json.target).toMatchObject({ commit: refactor, source: 'trailers' });
    // The state's record wins when it is an ancestor of HEAD.
    const state = {
      version: 1,
      phase: 'refactor',
      task: null,
      regression: false,
      reason: null,
      since: new Date().toISOString(),
      red: {},
      lastGreen: { commit: green, task: null },
      lastVerdict: null,
    };
    writeFileSync(join(repo.dir, '.git/tdd/state.json'), JSON.stringify(state));
    expect((await tdd(repo, '--dry-run')).json.target).toMatchObject({ commit: green, source: 'state' });
    expect((await tdd(repo, '--dry-run', '--to', refactor)).json.target).toMatchObject({ commit: refactor, source: 'argument' });
    const r = await tdd(repo, '--to', 'HEAD~1');
    expect(r.json.target).toMatchObject({ commit: refactor });
    expect(repo.read('src/a.js')).toBe('refactored\n');
  });
});
