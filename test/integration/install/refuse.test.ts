/** Where install refuses (exit 2 with a fix) and where it steps aside (exit 0: npm install must not fail). */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import installCommand from '../../../src/cli/commands/install.js';
import uninstallCommand from '../../../src/cli/commands/uninstall.js';
import { isolatedEnv, makeRepo, type Repo } from '../../helpers/repo.js';
import { ctxOf, installIn, writeFakeCli } from './helpers.js';

let repo: Repo | undefined;
const temps: string[] = [];
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

function tempDir(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-install-')));
  temps.push(d);
  return d;
}

const NPM_PREPARE = { npm_lifecycle_event: 'prepare' };

describe('core.hooksPath outside the repository', () => {
  it('is refused with the fix, and nothing is written there or in the repository', async () => {
    repo = makeRepo();
    const shared = tempDir();
    repo.git('config', 'core.hooksPath', shared);
    const err = await installIn(repo, writeFakeCli(repo.dir)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'HOOKS_PATH_OUTSIDE', exitCode: 2 });
    expect((err as Error).message).toContain(shared);
    expect((err as { hint: string }).hint).toContain(`git config --local core.hooksPath ${join(repo.dir, '.git', 'hooks')}`);
    expect(readdirSync(shared)).toEqual([]);
    expect(existsSync(join(repo.dir, '.tddrc.json'))).toBe(false);
  });

  it('from global config too, naming where it is set; from an npm script it is a message and exit 0', async () => {
    repo = makeRepo();
    const shared = tempDir();
    const globalConfig = join(tempDir(), 'gitconfig');
    writeFileSync(globalConfig, `[user]\n\tname = T\n\temail = t@example.com\n[core]\n\thooksPath = ${shared}\n`);
    const env = { GIT_CONFIG_GLOBAL: globalConfig };
    const byHand = await installCommand.run(ctxOf(repo, [], env)).catch((e: unknown) => e);
    expect(byHand).toMatchObject({ code: 'HOOKS_PATH_OUTSIDE', exitCode: 2 });
    expect((byHand as Error).message).toContain(globalConfig);
    const fromNpm = await installCommand.run(ctxOf(repo, [], { ...env, ...NPM_PREPARE, INIT_CWD: repo.dir }));
    expect(fromNpm.exitCode).toBe(0);
    expect(fromNpm.json).toMatchObject({ skipped: 'error', error: { code: 'HOOKS_PATH_OUTSIDE' } });
    expect(fromNpm.text).toMatch(/^tdd-hooks: hooks not installed/);
    expect(readdirSync(shared)).toEqual([]);
  });

  it('inside the worktree (a tracked .githooks) gets shims without machine-specific paths', async () => {
    repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n' });
    repo.git('config', 'core.hooksPath', '.githooks');
    const fake = writeFakeCli(repo.dir);
    const report = await installIn(repo, fake);
    expect(report.dir).toBe(join(repo.dir, '.githooks'));
    const shim = repo.read('.githooks/pre-commit');
    expect(shim).toContain("cli_fallback=''");
    expect(shim).toContain("node_fallback=''");
    repo.git('add', '-A');
    expect(repo.commit('x').status).toBe(0);
    expect(fake.calls()).toHaveLength(3);
  });
});

describe('not a git repository', () => {
  it('by hand: exit 2 with the fix', async () => {
    const dir = tempDir();
    await expect(installCommand.run(ctxOf({ dir, env: isolatedEnv() }))).rejects.toMatchObject({ code: 'NOT_A_REPO', exitCode: 2 });
    await expect(uninstallCommand.run(ctxOf({ dir, env: isolatedEnv() }))).rejects.toMatchObject({ code: 'NOT_A_REPO', exitCode: 2 });
  });

  it('from npm prepare/postinstall (a tarball install, a Docker build): a message and exit 0, nothing written', async () => {
    const dir = tempDir();
    const pkg = join(dir, 'node_modules', 'x');
    mkdirSync(pkg, { recursive: true });
    for (const event of ['prepare', 'postinstall']) {
      const r = await installCommand.run({ ...ctxOf({ dir: pkg, env: isolatedEnv() }), env: { ...isolatedEnv(), npm_lifecycle_event: event, INIT_CWD: dir } });
      expect(r.exitCode).toBe(0);
      expect(r.json).toMatchObject({ skipped: 'error', error: { code: 'NOT_A_REPO' } });
    }
    expect(readdirSync(dir)).toEqual(['node_modules']);
  });

  it('a bare repository: exit 2, no work tree', async () => {
    const dir = tempDir();
    const env = isolatedEnv();
    const { execFileSync } = await import('node:child_process');
    execFileSync('git', ['init', '-q', '--bare', dir], { env });
    await expect(installCommand.run(ctxOf({ dir, env }))).rejects.toMatchObject({ code: 'NO_WORK_TREE', exitCode: 2 });
  });
});

describe('skips', () => {
  it('CI=true during a package install: exit 0, nothing written; CI=true by hand still installs', async () => {
    repo = makeRepo();
    const ci = await installCommand.run(ctxOf(repo, [], { CI: 'true', npm_lifecycle_event: 'postinstall', INIT_CWD: repo.dir }));
    expect(ci).toMatchObject({ exitCode: 0, json: { skipped: 'ci' } });
    expect(existsSync(join(repo.dir, '.git', 'hooks', 'pre-commit'))).toBe(false);
    const byHand = await installCommand.run(ctxOf(repo, [], { CI: 'true' }));
    expect(byHand.json).toMatchObject({ mode: 'git' });
    expect(existsSync(join(repo.dir, '.git', 'hooks', 'pre-commit'))).toBe(true);
  });

  it('TDD_HOOKS=0: install skipped', async () => {
    repo = makeRepo();
    const r = await installCommand.run(ctxOf(repo, [], { TDD_HOOKS: '0' }));
    expect(r).toMatchObject({ exitCode: 0, json: { skipped: 'disabled' } });
    expect(existsSync(join(repo.dir, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });

  it('git missing: exit 2 by hand, exit 0 from an npm script', async () => {
    repo = makeRepo();
    const noGit = { PATH: tempDir() };
    await expect(installCommand.run(ctxOf(repo, [], noGit))).rejects.toMatchObject({ code: 'GIT_MISSING', exitCode: 2 });
    const r = await installCommand.run(ctxOf(repo, [], { ...noGit, ...NPM_PREPARE, INIT_CWD: repo.dir }));
    expect(r).toMatchObject({ exitCode: 0, json: { skipped: 'error', error: { code: 'GIT_MISSING' } } });
  });
});

describe('a package.json that is not JSON', () => {
  it('is named (exit 2), never read as "no package.json": no runner guessed, nothing written', async () => {
    repo = makeRepo({ 'package.json': '{ "name": "p", "devDependencies": { "vitest": "4" }, }\n' });
    const err = await installIn(repo, writeFakeCli(repo.dir)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'PACKAGE_JSON_INVALID', exitCode: 2, data: { path: join(repo.dir, 'package.json') } });
    expect(existsSync(join(repo.dir, '.tddrc.json'))).toBe(false);
    expect(existsSync(join(repo.dir, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });
});
