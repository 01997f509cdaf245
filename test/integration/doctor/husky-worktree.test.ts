/**
 * husky (core.hooksPath=.husky/_, our block in the tracked .husky/<hook>) and linked worktrees.
 * In a new worktree `.husky/_` does not exist — husky generates it, git ignores it — so git runs
 * no hook there at all, and says nothing (catalogue §5.31).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { installIn, writeFakeCli, writeHuskyDispatcher } from '../install/helpers.js';
import { runDoctor, setupPlain } from './helpers.js';

let repo: Repo | undefined;
let worktree = '';
afterEach(() => {
  if (worktree) rmSync(worktree, { recursive: true, force: true });
  worktree = '';
  repo?.cleanup();
  repo = undefined;
});

async function setupHusky(): Promise<Repo> {
  const r = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n', 'package.json': '{"devDependencies":{"husky":"9.1.7","tdd-hooks":"*"}}\n' });
  writeHuskyDispatcher(r.dir);
  r.git('config', 'core.hooksPath', '.husky/_');
  expect((await installIn(r, writeFakeCli(r.dir))).mode).toBe('husky');
  r.git('add', '-A');
  r.git('commit', '-q', '--no-verify', '-m', 'base');
  return r;
}

function addWorktree(r: Repo): string {
  const dir = `${r.dir}-wt`;
  r.git('worktree', 'add', '-q', dir);
  return dir;
}

describe('doctor with husky', () => {
  it("in the main checkout: the blocks are reached through husky's stubs", async () => {
    repo = await setupHusky();
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.check('hooks-path')).toMatchObject({ status: 'ok', code: 'HOOKS_PATH_LOCAL' });
    expect(d.check('hook-pre-commit')).toMatchObject({ status: 'ok', code: 'HOOK_OK' });
    expect(d.check('cli')).toMatchObject({ status: 'ok', code: 'CLI_OK' });
    expect(Object.keys(d.problems()).filter((id) => id !== 'node')).toEqual([]);
    expect(d.exitCode).toBe(0);
  });

  it('in a linked worktree without .husky/_: no hook runs, silently; doctor says so, with the fixes', async () => {
    repo = await setupHusky();
    worktree = addWorktree(repo);
    expect(existsSync(join(worktree, '.husky/_'))).toBe(false);
    expect(existsSync(join(worktree, '.husky/pre-commit'))).toBe(true);
    // What doctor is for: the commit goes through, and no hook ran.
    const c = repo.run('git', ['-C', worktree, 'commit', '-q', '--allow-empty', '-m', 'unchecked']);
    expect(c.status, c.stderr).toBe(0);
    expect(c.stderr + c.stdout).toBe('');

    const d = await runDoctor(worktree, repo.env);
    expect(d.exitCode).toBe(1);
    expect(d.check('hooks-dir')).toMatchObject({ status: 'fail', code: 'HOOKS_DIR_MISSING', fix: 'npm install' });
    expect(d.check('hooks-dir').message).toContain('in this worktree');
    for (const hook of ['pre-commit', 'commit-msg', 'post-commit']) expect(d.check(`hook-${hook}`)).toMatchObject({ status: 'fail', code: 'HOOK_NOT_REACHED' });
    // The blocks name node_modules/tdd-hooks/bin/tdd.js, relative to this checkout, which has none.
    expect(d.check('cli')).toMatchObject({ status: 'fail', code: 'CLI_MISSING', fix: 'npm install' });
    expect(d.text).toMatch(/fix: npm install\n/);
    expect(d.text).toContain('fix: the same as hooks-dir');

    // What `npm install` does there: node_modules (the CLI, husky) and husky's prepare writing .husky/_.
    writeFakeCli(worktree);
    writeHuskyDispatcher(worktree);
    const after = await runDoctor(worktree, repo.env);
    expect(Object.keys(after.problems()).filter((id) => id !== 'node')).toEqual([]);
    expect(after.exitCode).toBe(0);
  });

  it('run from a subfolder of the worktree with husky installed, the fix runs husky at the top level', async () => {
    repo = await setupHusky();
    worktree = addWorktree(repo);
    writeFakeCli(worktree);
    repo.run('mkdir', ['-p', join(worktree, 'node_modules/husky'), join(worktree, 'src')]);
    repo.run('sh', ['-c', `echo '{"name":"husky"}' > '${join(worktree, 'node_modules/husky/package.json')}'`]);
    const d = await runDoctor(join(worktree, 'src'), repo.env);
    expect(d.check('hooks-dir').fix).toBe(`cd ${worktree} && npx --no-install husky`);
  });

  it('husky in package.json, but not run in this clone: core.hooksPath unset, so git never reaches .husky', async () => {
    repo = await setupHusky();
    repo.git('config', '--unset', 'core.hooksPath');
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.check('hooks-path')).toMatchObject({ status: 'fail', code: 'HOOKS_PATH_HUSKY_UNSET' });
    expect(d.check('hook-pre-commit')).toMatchObject({ status: 'fail', code: 'HOOK_NOT_REACHED' });
  });
});

describe('doctor in a linked worktree, hooks in the common .git/hooks', () => {
  it('healthy: the shims reach the CLI through the absolute path install recorded', async () => {
    ({ repo } = await setupPlain());
    worktree = addWorktree(repo);
    const d = await runDoctor(worktree, repo.env);
    expect(d.check('hook-pre-commit')).toMatchObject({ status: 'ok', code: 'HOOK_OK' });
    expect(d.check('cli')).toMatchObject({ status: 'ok', code: 'CLI_FALLBACK' });
    expect(d.problems()).toEqual({});
  });
});
