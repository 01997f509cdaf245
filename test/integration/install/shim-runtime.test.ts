/**
 * The shims on their own: a PATH without node (GUI git clients), a missing CLI, the node recorded
 * at install time, tracing. Fail closed, with one line that says what is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { installIn, writeFakeCli, writeNodeCounter } from './helpers.js';

let repo: Repo;
let binDir: string;
afterEach(() => {
  repo?.cleanup();
  rmSync(binDir, { recursive: true, force: true });
});

/** A PATH that has git and nothing else. */
function pathWithoutNode(): string {
  binDir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-path-')));
  symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(binDir, 'git'));
  return binDir;
}

/**
 * A PATH with git and node and nothing else: no global `tdd-hooks` (the README recommends one for
 * Python projects, and the shim falls back to it), whatever the machine running the suite has.
 */
function pathWithNodeOnly(): string {
  const dir = pathWithoutNode();
  symlinkSync(process.execPath, join(dir, 'node'));
  return dir;
}

/** A PATH where `tdd-hooks` is a global install that logs how it was called. */
function pathWithGlobalCli(): { PATH: string; calls(): string[] } {
  const dir = pathWithNodeOnly();
  const log = join(dir, 'global.log');
  writeFileSync(join(dir, 'tdd-hooks'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\n`, { mode: 0o755 });
  return { PATH: dir, calls: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []) };
}

function setup() {
  repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n' });
  repo.git('add', '-A');
  return writeFakeCli(repo.dir);
}

describe('the plain shim', () => {
  it('without node on PATH nor a recorded node: one line saying so, exit 127, commit refused', async () => {
    const fake = setup();
    await installIn(repo, fake, { nodePath: '' });
    const c = repo.run('git', ['commit', '-m', 'x'], { env: { PATH: pathWithoutNode() } });
    expect(c.status).not.toBe(0);
    expect(c.stderr).toMatch(/^tdd-hooks: node not found in PATH \(GUI git client\?\).*TDD_HOOKS=0/m);
    expect(fake.calls()).toEqual([]);
    const direct = repo.run('/bin/sh', ['.git/hooks/pre-commit'], { env: { PATH: binDir } });
    expect(direct.status).toBe(127);
    expect(direct.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('without node on PATH, uses the node recorded at install time', async () => {
    const fake = setup();
    await installIn(repo, fake);
    const c = repo.run('git', ['commit', '-m', 'x'], { env: { PATH: pathWithoutNode() } });
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls()).toHaveLength(3);
  });

  it('without the CLI, no tdd-hooks on PATH either: one line naming the path and the fix, exit 127', async () => {
    const fake = setup();
    await installIn(repo, fake);
    rmSync(join(repo.dir, 'node_modules'), { recursive: true });
    const PATH = pathWithNodeOnly();
    const c = repo.run('git', ['commit', '-m', 'x'], { env: { PATH } });
    expect(c.status).not.toBe(0);
    expect(c.stderr).toMatch(/^tdd-hooks: cannot find node_modules\/tdd-hooks\/bin\/tdd.js \(run npm install/m);
    expect(repo.run('/bin/sh', ['.git/hooks/pre-commit'], { env: { PATH } }).status).toBe(127);
  });

  it('without the CLI, a global tdd-hooks on PATH: the hook runs that one', async () => {
    const fake = setup();
    await installIn(repo, fake);
    rmSync(join(repo.dir, 'node_modules'), { recursive: true });
    const global = pathWithGlobalCli();
    const r = repo.run('/bin/sh', ['.git/hooks/pre-commit'], { env: { PATH: global.PATH } });
    expect(r.status, r.stderr).toBe(0);
    expect(global.calls()).toEqual(['hook pre-commit']);
  });

  it('commit-msg and post-commit start node only when pre-commit left a verdict (<git-path tdd>/pending.json)', async () => {
    const fake = setup();
    await installIn(repo, fake);
    const node = writeNodeCounter(repo.dir);
    const CLI = 'node_modules/tdd-hooks/bin/tdd.js';
    const quiet = repo.run('git', ['commit', '-q', '-m', 'runs no tests'], { env: { PATH: node.PATH, FAKE_TDD_PENDING: '0' } });
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(node.starts()).toEqual([`${CLI} hook pre-commit`]);
    expect(fake.calls().map((c) => c.argv.join(' '))).toEqual(['hook pre-commit']);

    repo.write({ 'a.txt': 'b\n' });
    repo.git('add', 'a.txt');
    const verified = repo.run('git', ['commit', '-q', '-m', 'runs tests'], { env: { PATH: node.PATH } });
    expect(verified.status, verified.stderr).toBe(0);
    expect(node.starts().slice(1)).toEqual([`${CLI} hook pre-commit`, `${CLI} hook commit-msg .git/COMMIT_EDITMSG`, `${CLI} hook post-commit`]);
  });

  it("run by hand: commit-msg exits 0 without a verdict, and passes the CLI's exit code on with one", async () => {
    const fake = setup();
    await installIn(repo, fake);
    repo.write({ '.git/COMMIT_EDITMSG': 'x\n' });
    const msg = () => repo.run('/bin/sh', ['.git/hooks/commit-msg', '.git/COMMIT_EDITMSG'], { env: { FAKE_TDD_EXIT: '1' } });
    expect(msg().status).toBe(0);
    expect(fake.calls()).toEqual([]);
    repo.write({ '.git/tdd/pending.json': '{}\n' });
    expect(msg().status).toBe(1);
    expect(fake.calls().map((c) => c.argv)).toEqual([['hook', 'commit-msg', '.git/COMMIT_EDITMSG']]);
  });

  it('TDD_HOOKS=2 traces the shim', async () => {
    const fake = setup();
    await installIn(repo, fake);
    const r = repo.run('/bin/sh', ['.git/hooks/pre-commit'], { env: { TDD_HOOKS: '2' } });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('+ exec node node_modules/tdd-hooks/bin/tdd.js hook pre-commit');
  });
});

describe('the husky block', () => {
  function setupHusky() {
    const fake = setup();
    repo.write({ '.husky/pre-commit': 'echo user\n', 'package.json': '{"devDependencies":{"husky":"9"}}\n' });
    return fake;
  }

  it('without node on PATH: the same message, exit 127 (husky runs it with sh -e)', async () => {
    const fake = setupHusky();
    await installIn(repo, fake);
    const r = repo.run('/bin/sh', ['-e', '.husky/pre-commit'], { env: { PATH: pathWithoutNode() } });
    expect(r.status).toBe(127);
    expect(r.stderr).toMatch(/^tdd-hooks: node not found in PATH/m);
    expect(fake.calls()).toEqual([]);
  });

  it('without the CLI: names the path, exit 127', async () => {
    const fake = setupHusky();
    await installIn(repo, fake);
    rmSync(join(repo.dir, 'node_modules'), { recursive: true });
    const r = repo.run('/bin/sh', ['-e', '.husky/pre-commit']);
    expect(r.status).toBe(127);
    expect(r.stderr).toMatch(/^tdd-hooks: cannot find node_modules\/tdd-hooks\/bin\/tdd.js \(run npm install\)/m);
  });

  it('commit-msg and post-commit without a verdict: exit 0, node not started, not even to fail', async () => {
    const fake = setupHusky();
    await installIn(repo, fake);
    const node = writeNodeCounter(repo.dir);
    for (const hook of ['commit-msg', 'post-commit']) {
      const r = repo.run('/bin/sh', ['-e', `.husky/${hook}`, '.git/COMMIT_EDITMSG'], { env: { PATH: node.PATH, FAKE_TDD_EXIT: '1' } });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    expect(node.starts()).toEqual([]);
    expect(fake.calls()).toEqual([]);
  });

  it('with a verdict, passes the arguments on (commit-msg gets the message file) and the exit code', async () => {
    const fake = setupHusky();
    await installIn(repo, fake);
    repo.write({ '.git/tdd/pending.json': '{}\n' });
    const r = repo.run('/bin/sh', ['-e', '.husky/commit-msg', '.git/COMMIT_EDITMSG']);
    expect(r.status, r.stderr).toBe(0);
    expect(fake.calls().map((c) => c.argv)).toEqual([['hook', 'commit-msg', '.git/COMMIT_EDITMSG']]);
    expect(repo.run('/bin/sh', ['-e', '.husky/post-commit'], { env: { FAKE_TDD_EXIT: '1' } }).status).toBe(1);
  });
});
