/**
 * Linked worktrees share the hooks of the common git dir; their checkout may have no node_modules.
 * Their `.git` is a file, and git runs their hooks with GIT_DIR set to `.git/worktrees/<name>`,
 * where `git rev-parse --git-path tdd` puts their own state, and the verdict pre-commit leaves.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { installIn, pendingPath, writeFakeCli, writeHuskyDispatcher, writeNodeCounter } from './helpers.js';

let repo: Repo;
let worktree: string;
afterEach(() => {
  rmSync(worktree, { recursive: true, force: true });
  repo?.cleanup();
});

function addWorktree() {
  repo.git('commit', '-q', '--no-verify', '-m', 'base');
  worktree = `${repo.dir}-wt`;
  repo.git('worktree', 'add', '-q', worktree);
}

function setup() {
  repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n' });
  repo.git('add', '-A');
  addWorktree();
  return writeFakeCli(repo.dir);
}

const worktreeGitDir = () => join(repo.dir, '.git', 'worktrees', basename(worktree));
const mainPending = () => join(repo.dir, '.git', 'tdd', 'pending.json');

/** A command run from the worktree, with only the test environment: no GIT_DIR, unlike a hook run by git. */
const runInWorktree = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { cwd: worktree, env: { ...repo.env, ...env }, encoding: 'utf8' });

describe('a linked worktree', () => {
  it('reaches the hooks installed from the main worktree, through the CLI path install recorded', async () => {
    const fake = setup();
    const report = await installIn(repo, fake);
    expect(report.dir).toBe(join(repo.dir, '.git', 'hooks'));
    expect(statSync(join(worktree, '.git')).isFile()).toBe(true);
    const run = (args: string[]) => repo.run('git', ['-C', worktree, ...args]);
    const c = run(['commit', '-q', '--allow-empty', '-m', 'in the worktree']);
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls().map((c) => [c.argv.slice(0, 2).join(' '), c.cwd])).toEqual([
      ['hook pre-commit', worktree],
      ['hook commit-msg', worktree],
      ['hook post-commit', worktree],
    ]);
    // The verdict commit-msg and post-commit acted on is the worktree's own.
    expect(pendingPath(worktree, repo.env)).toBe(join(worktreeGitDir(), 'tdd', 'pending.json'));
    expect(existsSync(join(worktreeGitDir(), 'tdd', 'pending.json'))).toBe(true);
    expect(existsSync(mainPending())).toBe(false);
  });

  it("without a verdict in its own git dir, commit-msg and post-commit start no node, whatever the main worktree's state holds", async () => {
    const fake = setup();
    await installIn(repo, fake);
    repo.write({ '.git/tdd/pending.json': '{}\n' });
    const node = writeNodeCounter(repo.dir);
    const c = repo.run('git', ['-C', worktree, 'commit', '-q', '--allow-empty', '-m', 'runs no tests'], {
      env: { PATH: node.PATH, FAKE_TDD_PENDING: '0' },
    });
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls().map((x) => x.argv.join(' '))).toEqual(['hook pre-commit']);
    expect(node.starts()).toEqual([`${fake.bin} hook pre-commit`]);
    expect(existsSync(mainPending())).toBe(true);
  });

  it('run without GIT_DIR where .git is a file, the shims cannot look for the verdict, so they start the CLI', async () => {
    const fake = setup();
    await installIn(repo, fake);
    const hook = (name: string) => join(repo.dir, '.git', 'hooks', name);
    expect(runInWorktree('/bin/sh', [hook('commit-msg'), '.git/COMMIT_EDITMSG'], { FAKE_TDD_EXIT: '1' }).status).toBe(1);
    expect(runInWorktree('/bin/sh', [hook('post-commit')]).status).toBe(0);
    expect(fake.calls().map((x) => [x.argv[1], x.cwd])).toEqual([
      ['commit-msg', worktree],
      ['post-commit', worktree],
    ]);
  });

  it('install run inside the worktree writes the shared hooks (the common git dir is this repository)', async () => {
    const fake = setup();
    const report = await installIn(repo, fake, { cwd: worktree });
    expect(report.mode).toBe('git');
    expect(report.dir).toBe(join(repo.dir, '.git', 'hooks'));
    expect(report.config.path).toBe(join(worktree, '.tddrc.json'));
    const c = repo.run('git', ['commit', '-q', '--allow-empty', '-m', 'in main']);
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls().map((x) => x.cwd)).toEqual([repo.dir, repo.dir, repo.dir]);
  });
});

describe('a linked worktree with husky', () => {
  it('runs its own checkout of the blocks, which find the verdict in .git/worktrees/<name>/tdd', async () => {
    repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n', 'package.json': '{"devDependencies":{"husky":"9.1.7"}}\n' });
    writeHuskyDispatcher(repo.dir);
    repo.git('config', 'core.hooksPath', '.husky/_');
    expect((await installIn(repo, writeFakeCli(repo.dir))).mode).toBe('husky');
    repo.git('add', '-A');
    addWorktree();
    // What `npm install` does in the new checkout: husky's prepare writes .husky/_; the CLI is there.
    writeHuskyDispatcher(worktree);
    const fake = writeFakeCli(worktree);
    const node = writeNodeCounter(worktree);
    const commit = (env: Record<string, string> = {}) =>
      repo.run('git', ['-C', worktree, 'commit', '-q', '--allow-empty', '-m', 'x'], { env: { PATH: node.PATH, ...env } });
    const CLI = 'node_modules/tdd-hooks/bin/tdd.js';

    const quiet = commit({ FAKE_TDD_PENDING: '0' });
    expect(quiet.status, quiet.stderr + quiet.stdout).toBe(0);
    expect(node.starts()).toEqual([`${CLI} hook pre-commit`]);

    // By hand, without GIT_DIR: the block cannot look for the verdict, so it starts the CLI.
    expect(runInWorktree('/bin/sh', ['-e', '.husky/post-commit'], { PATH: node.PATH }).status).toBe(0);
    expect(node.starts().slice(1)).toEqual([`${CLI} hook post-commit`]);

    const verified = commit();
    expect(verified.status, verified.stderr + verified.stdout).toBe(0);
    expect(node.starts().slice(2)).toEqual([
      `${CLI} hook pre-commit`,
      `${CLI} hook commit-msg ${join(worktreeGitDir(), 'COMMIT_EDITMSG')}`,
      `${CLI} hook post-commit`,
    ]);
    expect(fake.calls().every((x) => x.cwd === worktree)).toBe(true);
    expect(existsSync(join(worktreeGitDir(), 'tdd', 'pending.json'))).toBe(true);
    expect(existsSync(mainPending())).toBe(false);
  });
});
