/** `tdd rollback --undo`: stacked rollbacks undone in order; refused (exit 2) when it would lose work. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { blobAt, commitPhase, fingerprint, GREEN_FILES, refs, tdd } from './helpers.js';

let repo: Repo;
let first: string;
let second: string;
beforeEach(() => {
  repo = makeRepo(GREEN_FILES);
  repo.git('add', '-A');
  first = commitPhase(repo, 'green', 'green 1');
  repo.write({ 'src/a.js': 'export const a = 10;\n', 'src/c.js': 'export const c = 3;\n' });
  repo.git('add', '-A');
  second = commitPhase(repo, 'refactor', 'refactor 1');
});
afterEach(() => repo.cleanup());

describe('tdd rollback --undo', () => {
  it('two rollbacks, then two undos, each back to the exact state before it', async () => {
    repo.write({ 'src/a.js': 'wip\n', 'src/d.js': 'new\n' });
    repo.git('add', 'src/d.js');
    const s0 = fingerprint(repo);
    const r1 = await tdd(repo);
    expect(r1.json).toMatchObject({ target: { commit: second }, backup: { ref: 'refs/tdd/rollback/1' } });
    repo.write({ 'src/b.js': 'edited after the first rollback\n' });
    const s1 = fingerprint(repo);
    const r2 = await tdd(repo, '--to', first);
    expect(r2.json).toMatchObject({ target: { commit: first }, backup: { ref: 'refs/tdd/rollback/2' } });
    expect(existsSync(join(repo.dir, 'src/c.js'))).toBe(false);
    expect(refs(repo)).toEqual(['refs/tdd/rollback/1', 'refs/tdd/rollback/2']);
    const list = await tdd(repo, '--list');
    expect((list.json.backups as { ref: string }[]).map((b) => b.ref)).toEqual(['refs/tdd/rollback/2', 'refs/tdd/rollback/1']);

    const u2 = await tdd(repo, '--undo');
    expect(u2.json).toMatchObject({ backup: { ref: 'refs/tdd/rollback/2' }, remaining: ['refs/tdd/rollback/1'] });
    expect(u2.text).toContain('`tdd rollback --undo` again undoes refs/tdd/rollback/1');
    expect(fingerprint(repo)).toBe(s1);
    const u1 = await tdd(repo, '--undo');
    expect(u1.json).toMatchObject({ backup: { ref: 'refs/tdd/rollback/1' }, remaining: [] });
    // src/b.js is not in the first backup: the edit made after that rollback stays.
    expect(repo.read('src/b.js')).toBe('edited after the first rollback\n');
    repo.write({ 'src/b.js': GREEN_FILES['src/b.js']! });
    expect(fingerprint(repo)).toBe(s0);
    expect(refs(repo)).toEqual([]);
    const none = await tdd(repo, '--undo');
    expect([none.exitCode, none.code]).toEqual([2, 'ROLLBACK_NOTHING_TO_UNDO']);
  });

  it('refuses (exit 2, names the paths, changes nothing) when a saved path changed since the rollback', async () => {
    repo.write({ 'src/a.js': 'wip\n', 'src/d.js': 'new\n' });
    repo.git('add', 'src/d.js');
    const s0 = fingerprint(repo);
    await tdd(repo);
    repo.write({ 'src/a.js': 'edited after the rollback\n', 'src/d.js': 'recreated by hand\n' });
    const s1 = fingerprint(repo);
    const r = await tdd(repo, '--undo');
    expect([r.exitCode, r.code]).toEqual([2, 'ROLLBACK_UNDO_CHANGED']);
    expect(r.json.paths).toEqual(['src/a.js', 'src/d.js']);
    expect(r.message).toContain('src/a.js, src/d.js');
    expect(r.hint).toContain('--force');
    expect(fingerprint(repo)).toBe(s1);
    expect(refs(repo)).toEqual(['refs/tdd/rollback/1']);
    // A dry run says the same without refusing only when forced.
    expect((await tdd(repo, '--undo', '--dry-run')).code).toBe('ROLLBACK_UNDO_CHANGED');

    // --force: what it overwrites is saved first, then the state before the rollback comes back.
    const f = await tdd(repo, '--undo', '--force');
    expect(f.exitCode).toBe(0);
    expect(f.json).toMatchObject({ changed: ['src/a.js', 'src/d.js'], overwritten: { ref: 'refs/tdd/overwritten/1' } });
    expect(fingerprint(repo)).toBe(s0);
    expect(blobAt(repo, 'refs/tdd/overwritten/1', 'src/a.js')).toBe('edited after the rollback\n');
    expect(blobAt(repo, 'refs/tdd/overwritten/1', 'src/d.js')).toBe('recreated by hand\n');
    expect(refs(repo)).toEqual(['refs/tdd/overwritten/1']);
  });

  it('a staged change to a restored path also counts as a change since the rollback', async () => {
    repo.write({ 'src/a.js': 'wip\n' });
    await tdd(repo);
    repo.write({ 'src/a.js': 'staged after\n' });
    repo.git('add', 'src/a.js');
    repo.write({ 'src/a.js': 'export const a = 10;\n' });
    expect((await tdd(repo, '--undo')).code).toBe('ROLLBACK_UNDO_CHANGED');
  });

  it('undo is allowed after committing the rolled-back state, and says HEAD moved', async () => {
    repo.write({ 'src/a.js': 'wip\n' });
    await tdd(repo);
    repo.write({ 'test/a.test.js': 'another test\n' });
    repo.git('add', 'test/a.test.js');
    repo.git('commit', '-q', '-m', 'after the rollback');
    const u = await tdd(repo, '--undo');
    expect(u.exitCode).toBe(0);
    expect(u.json.headWas).toBe(second);
    expect(u.text).toContain('HEAD moved since the rollback');
    expect(repo.read('src/a.js')).toBe('wip\n');
    expect(repo.read('test/a.test.js')).toBe('another test\n');
  });

  it('--dry-run lists what undo would put back and changes nothing', async () => {
    repo.write({ 'src/a.js': 'wip\n' });
    await tdd(repo);
    const s1 = fingerprint(repo);
    const r = await tdd(repo, '--undo', '--dry-run');
    expect(r.json).toMatchObject({ dryRun: true, dropped: false, paths: [{ path: 'src/a.js', action: 'restored' }] });
    expect(fingerprint(repo)).toBe(s1);
    expect(refs(repo)).toEqual(['refs/tdd/rollback/1']);
  });

  it('refuses a backup ref it cannot read instead of guessing', async () => {
    repo.git('update-ref', 'refs/tdd/rollback/1', 'HEAD');
    const r = await tdd(repo, '--undo');
    expect([r.exitCode, r.code]).toEqual([2, 'ROLLBACK_BACKUP_UNREADABLE']);
  });
});
