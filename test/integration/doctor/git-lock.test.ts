/**
 * An `index.lock` an interrupted git left behind: git refuses every commit before any hook runs,
 * so doctor is where the user learns it (and the fix).
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Repo } from '../../helpers/repo.js';
import { runDoctor, runFix, setupPlain } from './helpers.js';

let repo: Repo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

describe('doctor: index.lock', () => {
  it('a stale one: git refuses to write the index (128); doctor fails with `rm .git/index.lock`, and after it the commit goes through', async () => {
    ({ repo } = await setupPlain());
    const lock = join(repo.dir, '.git', 'index.lock');
    writeFileSync(lock, '');
    const old = (Date.now() - 120_000) / 1000;
    utimesSync(lock, old, old);
    repo.write({ 'b.txt': 'b\n' });
    const refused = repo.run('git', ['add', 'b.txt']);
    expect(refused.status).toBe(128);
    expect(refused.stderr).toContain('index.lock');

    const d = await runDoctor(repo.dir, repo.env);
    expect(d.exitCode).toBe(1);
    expect(d.problems()).toEqual({ 'git-lock': 'fail' });
    expect(d.check('git-lock')).toMatchObject({ code: 'INDEX_LOCK_LEFT', fix: 'rm .git/index.lock', data: { path: lock, size: 0, stale: true } });

    // From a subfolder the fix names the same file relative to it.
    mkdirSync(join(repo.dir, 'sub'));
    const sub = await runDoctor(join(repo.dir, 'sub'), repo.env);
    expect(sub.check('git-lock').fix).toBe('rm ../.git/index.lock');

    runFix(d.check('git-lock').fix!, repo.dir, repo.env);
    expect(repo.run('git', ['add', 'b.txt']).status).toBe(0);
    const after = await runDoctor(repo.dir, repo.env);
    expect(after.checks.map((c) => c.id)).not.toContain('git-lock');
    expect(after.exitCode).toBe(0);
  });

  it('a fresh one (a git command may still hold it): a warning, exit 0', async () => {
    ({ repo } = await setupPlain());
    writeFileSync(join(repo.dir, '.git', 'index.lock'), '');
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.check('git-lock')).toMatchObject({ status: 'warn', code: 'INDEX_LOCK_LEFT' });
    expect(d.exitCode).toBe(0);
  });
});
