/** Plain hooks directory: shims written, run by real commits, idempotent, updated, skipped. */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import installCommand from '../../../src/cli/commands/install.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { ctxOf, HOOKS, installIn, modeOf, snapshotFiles, writeFakeCli } from './helpers.js';

let repo: Repo;
afterEach(() => repo?.cleanup());

const hookPaths = (r: Repo) => HOOKS.map((h) => join(r.dir, '.git', 'hooks', h));

describe('install into .git/hooks', () => {
  it('writes three executable shims and a config; a commit runs the CLI once per hook, from the top level', async () => {
    repo = makeRepo({ 'package.json': '{"devDependencies":{"vitest":"4.1.12"}}\n', '.gitignore': 'node_modules/\n', 'a.txt': 'a\n' });
    const fake = writeFakeCli(repo.dir);
    const report = await installIn(repo, fake);
    expect(report.mode).toBe('git');
    expect(report.dir).toBe(join(repo.dir, '.git', 'hooks'));
    expect(report.hooks.map((h) => [h.hook, h.action])).toEqual(HOOKS.map((h) => [h, 'installed']));
    for (const p of hookPaths(repo)) {
      expect(modeOf(p)).toBe(0o755);
      expect(readFileSync(p, 'utf8')).toMatch(/^# tdd-hooks shim \d+:/m);
    }
    expect(report.config).toEqual({ path: join(repo.dir, '.tddrc.json'), action: 'created', runner: 'vitest' });
    expect(JSON.parse(repo.read('.tddrc.json'))).toEqual({ $schema: './node_modules/tdd-hooks/schema/tddrc.schema.json', runner: 'vitest' });

    repo.git('add', '-A');
    const c = repo.commit('first');
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls()).toEqual([
      { argv: ['hook', 'pre-commit'], cwd: repo.dir },
      { argv: ['hook', 'commit-msg', '.git/COMMIT_EDITMSG'], cwd: repo.dir },
      { argv: ['hook', 'post-commit'], cwd: repo.dir },
    ]);
  });

  it('creates the hooks folder when there is none (git init --template=)', async () => {
    repo = makeRepo();
    rmSync(join(repo.dir, '.git', 'hooks'), { recursive: true });
    const report = await installIn(repo, writeFakeCli(repo.dir));
    expect(report.hooks.map((h) => h.action)).toEqual(['installed', 'installed', 'installed']);
    expect(modeOf(join(repo.dir, '.git', 'hooks', 'pre-commit'))).toBe(0o755);
  });

  it('a failing CLI blocks the commit', async () => {
    repo = makeRepo({ 'a.txt': 'a\n' });
    const fake = writeFakeCli(repo.dir);
    await installIn(repo, fake);
    repo.git('add', 'a.txt');
    const c = repo.run('git', ['commit', '-m', 'x'], { env: { FAKE_TDD_EXIT: '1' } });
    expect(c.status).not.toBe(0);
    expect(repo.run('git', ['rev-parse', '-q', '--verify', 'HEAD']).status).not.toBe(0);
    expect(fake.calls().map((x) => x.argv[1])).toEqual(['pre-commit']);
  });

  it('runs from a subdirectory commit with the top level as cwd', async () => {
    repo = makeRepo({ 'sub/a.txt': 'a\n', '.gitignore': 'node_modules/\n' });
    const fake = writeFakeCli(repo.dir);
    await installIn(repo, fake, { cwd: join(repo.dir, 'sub') });
    repo.git('add', '-A');
    const c = repo.run('git', ['-C', 'sub', 'commit', '-m', 'x']);
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls().map((x) => x.cwd)).toEqual([repo.dir, repo.dir, repo.dir]);
  });

  it('TDD_HOOKS=0 commits without starting the CLI', async () => {
    repo = makeRepo({ 'a.txt': 'a\n' });
    const fake = writeFakeCli(repo.dir);
    await installIn(repo, fake);
    repo.git('add', 'a.txt');
    const c = repo.run('git', ['commit', '-m', 'x'], { env: { TDD_HOOKS: '0', FAKE_TDD_EXIT: '1' } });
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls()).toEqual([]);
  });

  it('a second install changes nothing, byte for byte', async () => {
    repo = makeRepo({ 'package.json': '{"scripts":{"test":"node --test"}}\n' });
    const fake = writeFakeCli(repo.dir);
    await installIn(repo, fake);
    const files = [...hookPaths(repo), join(repo.dir, '.tddrc.json')];
    const before = snapshotFiles(files);
    const again = await installIn(repo, fake);
    expect(again.hooks.map((h) => h.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(again.config.action).toBe('kept');
    expect(snapshotFiles(files)).toEqual(before);
  });

  it('replaces an older shim of ours, and repairs a lost executable bit', async () => {
    repo = makeRepo();
    const fake = writeFakeCli(repo.dir);
    await installIn(repo, fake);
    const [pre, msg] = hookPaths(repo) as [string, string];
    const current = readFileSync(pre, 'utf8');
    writeFileSync(pre, '#!/bin/sh\n# tdd-hooks shim 0: an older template\nexec npx tdd hook pre-commit "$@"\n', { mode: 0o755 });
    chmodSync(msg, 0o644);
    const report = await installIn(repo, fake);
    expect(report.hooks.map((h) => h.action)).toEqual(['updated', 'updated', 'unchanged']);
    expect(readFileSync(pre, 'utf8')).toBe(current);
    expect(modeOf(msg)).toBe(0o755);
  });

  it('never overwrites an existing config (.tddrc.json, .tddrc or package.json#tdd)', async () => {
    const cases: Record<string, string>[] = [{ '.tddrc.json': '{"runner":"node"}' }, { '.tddrc': '{}' }, { 'package.json': '{"tdd":{}}' }];
    for (const files of cases) {
      const r = makeRepo(files);
      try {
        const report = await installIn(r, writeFakeCli(r.dir));
        expect(report.config.action).toBe('kept');
        expect(existsSync(join(r.dir, '.tddrc.json'))).toBe('.tddrc.json' in files);
        if ('.tddrc.json' in files) expect(r.read('.tddrc.json')).toBe('{"runner":"node"}');
      } finally {
        r.cleanup();
      }
    }
  });

  it('the tdd-hooks repository itself: hooks run its own bin/tdd.js', async () => {
    repo = makeRepo({ 'package.json': '{"name":"tdd-hooks","bin":{"tdd":"bin/tdd.js"},"scripts":{"test":"vitest run"}}\n', 'a.txt': 'a\n' });
    const fake = writeFakeCli(repo.dir, 'bin/tdd.js');
    const report = await installIn(repo, fake);
    expect(report.cli).toBe('bin/tdd.js');
    expect(JSON.parse(repo.read('.tddrc.json'))).toEqual({ $schema: './schema/tddrc.schema.json', runner: 'vitest' });
    repo.git('add', '-A');
    expect(repo.commit('x').status).toBe(0);
    expect(fake.calls()).toHaveLength(3);
  });

  it('a monorepo package: the CLI path and the runner come from the package folder', async () => {
    repo = makeRepo({ 'packages/app/package.json': '{"devDependencies":{"vitest":"4"}}\n', 'a.txt': 'a\n', '.gitignore': 'node_modules/\n' });
    const fake = writeFakeCli(join(repo.dir, 'packages/app'));
    const report = await installIn(repo, fake, { cwd: join(repo.dir, 'packages/app') });
    expect(report.cli).toBe('packages/app/node_modules/tdd-hooks/bin/tdd.js');
    expect(JSON.parse(repo.read('.tddrc.json'))).toEqual({
      $schema: './packages/app/node_modules/tdd-hooks/schema/tddrc.schema.json',
      runner: 'vitest',
    });
    repo.git('add', '-A');
    expect(repo.commit('x').status).toBe(0);
    expect(fake.calls()).toHaveLength(3);
  });
});

describe('the install command', () => {
  it('reports per hook and the next step, in text and json; --dry-run writes nothing', async () => {
    repo = makeRepo();
    mkdirSync(join(repo.dir, '.git', 'hooks'), { recursive: true });
    const dry = await installCommand.run(ctxOf(repo, ['--dry-run']));
    expect(dry.exitCode).toBe(0);
    expect(dry.json).toMatchObject({
      dryRun: true,
      next: 'npx tdd phase red',
      hooks: [{ action: 'installed' }, { action: 'installed' }, { action: 'installed' }],
    });
    expect(existsSync(join(repo.dir, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(existsSync(join(repo.dir, '.tddrc.json'))).toBe(false);

    const done = await installCommand.run(ctxOf(repo));
    expect(done.exitCode).toBe(0);
    expect(done.text).toContain('npx tdd phase red');
    expect(done.json).toMatchObject({ mode: 'git', dryRun: false, config: { action: 'created', runner: 'node' } });
    const again = await installCommand.run(ctxOf(repo));
    expect(again.json).toMatchObject({ hooks: [{ action: 'unchanged' }, { action: 'unchanged' }, { action: 'unchanged' }] });
  });

  it('rejects unknown options as a usage error', async () => {
    repo = makeRepo();
    await expect(installCommand.run(ctxOf(repo, ['--force']))).rejects.toMatchObject({ code: 'USAGE', exitCode: 2 });
  });
});
