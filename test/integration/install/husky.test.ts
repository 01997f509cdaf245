/**
 * husky: a marked block in the tracked .husky/<hook> scripts, run by husky's own dispatcher (a copy
 * of husky 9's `h`, in helpers.ts) with `sh -e` and the hook's arguments. `.husky/_` is never touched.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOCK_BEGIN } from '../../../src/install/block.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { HOOKS, installIn, snapshotFiles, uninstallIn, writeFakeCli, writeHuskyDispatcher, writeNodeCounter, type FakeCli } from './helpers.js';

let repo: Repo;
afterEach(() => repo?.cleanup());

function setupHusky(files: Record<string, string> = {}): FakeCli {
  repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n', 'package.json': '{"devDependencies":{"husky":"9.1.7"}}\n', ...files });
  writeHuskyDispatcher(repo.dir);
  repo.git('config', 'core.hooksPath', '.husky/_');
  return writeFakeCli(repo.dir);
}

const underscoreSnapshot = (r: Repo) => snapshotFiles(readdirSync(join(r.dir, '.husky', '_')).map((f) => join(r.dir, '.husky', '_', f)));
const huskyFiles = (r: Repo) => HOOKS.map((h) => join(r.dir, '.husky', h));

/** A user line that logs into the fake CLI's log, so the order shows. */
const userLine = (fake: FakeCli, name: string) => `echo '{"argv":["user-${name}"],"args":"'"$*"'"}' >> '${fake.logPath}'`;

describe('husky (core.hooksPath=.husky/_)', () => {
  for (const eol of ['\n', '']) {
    it(`adds a block after the user's lines (${eol ? 'with' : 'without'} a final newline); both run; uninstall restores the bytes`, async () => {
      const fake = setupHusky();
      const userPre = `${userLine(fake, 'pre-commit')}${eol}`;
      repo.write({ '.husky/pre-commit': userPre });
      const before = snapshotFiles(huskyFiles(repo));
      const underscore = underscoreSnapshot(repo);

      const report = await installIn(repo, fake);
      expect(report.mode).toBe('husky');
      expect(report.dir).toBe(join(repo.dir, '.husky'));
      expect(report.hooks.map((h) => h.action)).toEqual(['installed', 'installed', 'installed']);
      const pre = repo.read('.husky/pre-commit');
      expect(pre.startsWith(`${userLine(fake, 'pre-commit')}\n${BLOCK_BEGIN}`)).toBe(true);
      expect(repo.read('.husky/commit-msg').startsWith(`#!/usr/bin/env sh\n${BLOCK_BEGIN}`)).toBe(true);
      expect(underscoreSnapshot(repo)).toEqual(underscore);
      expect(existsSync(join(repo.dir, '.git', 'hooks', 'pre-commit'))).toBe(false);
      // Tracked files name no machine-specific path.
      expect(pre.slice(pre.indexOf(BLOCK_BEGIN))).not.toContain(repo.dir);

      repo.git('add', '-A');
      const c = repo.commit('x');
      expect(c.status, c.stderr + c.stdout).toBe(0);
      expect(fake.calls().map((l) => l.argv.join(' '))).toEqual([
        'user-pre-commit',
        'hook pre-commit',
        'hook commit-msg .git/COMMIT_EDITMSG',
        'hook post-commit',
      ]);

      const installed = snapshotFiles(huskyFiles(repo));
      const again = await installIn(repo, fake);
      expect(again.hooks.map((h) => h.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
      expect(snapshotFiles(huskyFiles(repo))).toEqual(installed);

      const removed = await uninstallIn(repo);
      expect(removed.hooks.filter((h) => h.action !== 'absent').map((h) => [h.hook, h.action])).toEqual([
        ['pre-commit', 'block-removed'],
        ['commit-msg', 'deleted'],
        ['post-commit', 'deleted'],
      ]);
      expect(snapshotFiles(huskyFiles(repo))).toEqual(before);
      expect(underscoreSnapshot(repo)).toEqual(underscore);
    });
  }

  it("under sh -e a failing user line stops the script before tdd-hooks; TDD_HOOKS=0 skips only tdd-hooks' block", async () => {
    const fake = setupHusky();
    repo.write({ '.husky/pre-commit': `${userLine(fake, 'pre-commit')}\n[ "\${USER_FAIL-}" != 1 ]\n` });
    await installIn(repo, fake);
    repo.git('add', '-A');
    const failed = repo.run('git', ['commit', '-m', 'x'], { env: { USER_FAIL: '1' } });
    expect(failed.status).not.toBe(0);
    expect(fake.calls().map((l) => l.argv[0])).toEqual(['user-pre-commit']);

    const skipped = repo.run('git', ['commit', '-m', 'x'], { env: { TDD_HOOKS: '0', FAKE_TDD_EXIT: '1' } });
    expect(skipped.status, skipped.stderr + skipped.stdout).toBe(0);
    expect(fake.calls().map((l) => l.argv[0])).toEqual(['user-pre-commit', 'user-pre-commit']);
  });

  it('with no verdict from pre-commit, the commit-msg and post-commit blocks start no node; user lines before and after them run', async () => {
    const fake = setupHusky();
    repo.write({ '.husky/commit-msg': `${userLine(fake, 'commit-msg')}\n`, '.husky/post-commit': `${userLine(fake, 'post-commit')}\n` });
    await installIn(repo, fake);
    repo.write({ '.husky/post-commit': `${repo.read('.husky/post-commit')}${userLine(fake, 'after-block')}\n` });
    const node = writeNodeCounter(repo.dir);
    repo.git('add', '-A');
    const c = repo.run('git', ['commit', '-m', 'x'], { env: { PATH: node.PATH, FAKE_TDD_PENDING: '0' } });
    expect(c.status, c.stderr + c.stdout).toBe(0);
    expect(fake.calls().map((l) => l.argv.join(' '))).toEqual(['hook pre-commit', 'user-commit-msg', 'user-post-commit', 'user-after-block']);
    expect(node.starts()).toEqual(['node_modules/tdd-hooks/bin/tdd.js hook pre-commit']);
  });

  it('a failing CLI fails the husky script', async () => {
    const fake = setupHusky();
    await installIn(repo, fake);
    repo.git('add', '-A');
    const c = repo.run('git', ['commit', '-m', 'x'], { env: { FAKE_TDD_EXIT: '1' } });
    expect(c.status).not.toBe(0);
    expect(c.stdout + c.stderr).toContain('husky - pre-commit script failed (code 1)');
  });

  it('updates an older block in place, keeping lines the user put after it', async () => {
    const fake = setupHusky();
    await installIn(repo, fake);
    const fresh = repo.read('.husky/pre-commit');
    const old = fresh.replace(/node [^\n]*hook pre-commit[^\n]*/, 'npx tdd hook pre-commit');
    repo.write({ '.husky/pre-commit': `${old}echo after\n` });
    const report = await installIn(repo, fake);
    expect(report.hooks[0]!.action).toBe('updated');
    expect(repo.read('.husky/pre-commit')).toBe(`${fresh}echo after\n`);
  });

  it('refuses a block marker without its pair, changing nothing', async () => {
    const fake = setupHusky();
    repo.write({ '.husky/pre-commit': `npm test\n${BLOCK_BEGIN}\nnode x\n` });
    const before = snapshotFiles(huskyFiles(repo));
    await expect(installIn(repo, fake)).rejects.toMatchObject({ code: 'INSTALL_CONFLICT', exitCode: 2 });
    expect(snapshotFiles(huskyFiles(repo))).toEqual(before);
  });
});

describe('husky detection', () => {
  it('a .husky folder and husky in package.json, before husky set core.hooksPath', async () => {
    repo = makeRepo({ '.husky/pre-commit': 'npm test\n', 'package.json': '{"devDependencies":{"husky":"9"}}\n' });
    const report = await installIn(repo, writeFakeCli(repo.dir));
    expect(report.mode).toBe('husky');
    expect(readFileSync(join(repo.dir, '.husky/pre-commit'), 'utf8')).toMatch(/^npm test\n# >>> tdd-hooks >>>/);
  });

  it('husky 4-8 (core.hooksPath=.husky): the scripts are the hooks, created executable', async () => {
    repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n' });
    repo.git('config', 'core.hooksPath', '.husky');
    const fake = writeFakeCli(repo.dir);
    const report = await installIn(repo, fake);
    expect(report.mode).toBe('husky');
    repo.git('add', '-A');
    expect(repo.commit('x').status).toBe(0);
    expect(fake.calls()).toHaveLength(3);
  });

  it('a .husky folder without husky in package.json is not husky', async () => {
    repo = makeRepo({ '.husky/pre-commit': 'npm test\n' });
    const report = await installIn(repo, writeFakeCli(repo.dir));
    expect(report.mode).toBe('git');
    expect(repo.read('.husky/pre-commit')).toBe('npm test\n');
  });

  it('husky files an older install left are cleaned by uninstall even without husky', async () => {
    repo = makeRepo({ '.husky/pre-commit': 'npm test\n', 'package.json': '{"devDependencies":{"husky":"9"}}\n' });
    await installIn(repo, writeFakeCli(repo.dir));
    repo.write({ 'package.json': '{}\n' });
    await uninstallIn(repo);
    expect(repo.read('.husky/pre-commit')).toBe('npm test\n');
  });
});
