/** Refusals (exit 2, with the fix): no target, an operation in progress, unmerged entries, a directory in the way, usage. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { commitPhase, fingerprint, refs, tdd } from './helpers.js';

let repo: Repo;
beforeEach(() => {
  repo = makeRepo({ 'src/a.js': 'a\n', 'test/a.test.js': 't\n' });
});
afterEach(() => repo.cleanup());

describe('tdd rollback refuses', () => {
  it('when there is no green commit (and says to use --to)', async () => {
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'no trailers');
    repo.write({ 'src/a.js': 'changed\n' });
    const r = await tdd(repo);
    expect([r.exitCode, r.code]).toEqual([2, 'ROLLBACK_NO_TARGET']);
    expect(r.hint).toContain('--to');
    // --to works without any trailer.
    expect((await tdd(repo, '--to', 'HEAD')).exitCode).toBe(0);
    expect(repo.read('src/a.js')).toBe('a\n');
  });

  it('on an unborn branch, and when --to names no commit or looks like an option', async () => {
    expect((await tdd(repo)).code).toBe('ROLLBACK_NO_TARGET');
    repo.git('add', '-A');
    commitPhase(repo, 'green');
    expect((await tdd(repo, '--to', 'nope')).code).toBe('ROLLBACK_BAD_TARGET');
    expect((await tdd(repo, '--to=--output=x')).code).toBe('USAGE');
    // An option where --to's value should be: the one option parser's usage error, not a commit named --output=x.
    expect((await tdd(repo, '--to', '--output=x')).code).toBe('USAGE');
  });

  it('during a merge with conflicts (operation first), and on unmerged entries', async () => {
    repo.git('add', '-A');
    commitPhase(repo, 'green');
    repo.git('checkout', '-q', '-b', 'other');
    repo.write({ 'src/a.js': 'other\n' });
    repo.git('commit', '-qam', 'other');
    repo.git('checkout', '-q', 'main');
    repo.write({ 'src/a.js': 'main\n' });
    repo.git('commit', '-qam', 'main');
    repo.run('git', ['merge', 'other']);
    const before = fingerprint(repo);
    const r = await tdd(repo);
    expect([r.exitCode, r.code]).toEqual([2, 'OPERATION_IN_PROGRESS']);
    expect(r.hint).toContain('git merge --continue (or --abort)');
    expect((await tdd(repo, '--undo')).code).toBe('OPERATION_IN_PROGRESS');
    // Unmerged entries without a merge (e.g. left by a stash pop): refused too.
    repo.run('rm', ['-f', join(repo.dir, '.git/MERGE_HEAD')]);
    const u = await tdd(repo, '--to', 'HEAD');
    expect([u.exitCode, u.code]).toEqual([2, 'UNMERGED_PATHS']);
    expect(u.json.paths).toEqual(['src/a.js']);
    expect(fingerprint(repo).split('--- status')[0]).toBe(before.split('--- status')[0]);
    expect(refs(repo)).toEqual([]);
  });

  it('when a directory stands where the target has a file: nothing changed', async () => {
    repo.git('add', '-A');
    commitPhase(repo, 'green');
    repo.git('rm', '-q', '--cached', 'src/a.js');
    repo.remove('src/a.js');
    mkdirSync(join(repo.dir, 'src/a.js'));
    writeFileSync(join(repo.dir, 'src/a.js/keep.txt'), 'not implementation\n');
    const before = fingerprint(repo);
    const r = await tdd(repo);
    expect([r.exitCode, r.code]).toEqual([2, 'ROLLBACK_BLOCKED']);
    expect(fingerprint(repo)).toBe(before);
    expect(refs(repo)).toEqual([]);
  });

  it('usage: stray arguments, --force without --undo, --to with --undo', async () => {
    repo.git('add', '-A');
    commitPhase(repo, 'green');
    expect((await tdd(repo, 'extra')).code).toBe('USAGE');
    expect((await tdd(repo, '--force')).code).toBe('USAGE');
    expect((await tdd(repo, '--undo', '--to', 'HEAD')).code).toBe('USAGE');
  });
});
