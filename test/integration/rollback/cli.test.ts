/**
 * `tdd rollback` through the built CLI (bin/tdd.js → dist/tdd.cjs, built by `npm run build`):
 * exit codes, --json, --help, and the round trip in a real temp repository.
 */
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { commitPhase, fingerprint, GREEN_FILES, refs } from './helpers.js';

let repo: Repo;
beforeEach(() => {
  repo = makeRepo(GREEN_FILES);
  chmodSync(join(repo.dir, 'src/run.sh'), 0o755);
  repo.git('add', '-A');
  commitPhase(repo, 'green');
});
afterEach(() => repo.cleanup());

function cli(...args: string[]) {
  const r = repo.tdd('rollback', ...args);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('tdd rollback (spawned CLI)', () => {
  it('--help prints the usage and exits 0', () => {
    const r = cli('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: tdd rollback \[--to <commit>\]/);
    expect(r.stdout).toContain('--undo');
  });

  it('rollback then --undo round-trips the work tree and the index byte for byte', () => {
    repo.write({ 'src/a.js': 'broken\n', 'src/new file.js': 'new\n', 'test/a.test.js': 'unstaged test edit\n' });
    repo.remove('src/old.js');
    repo.git('add', '--', 'src/new file.js');
    chmodSync(join(repo.dir, 'src/run.sh'), 0o644);
    const before = fingerprint(repo);
    const r = cli();
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('rolled back 4 implementation file(s)');
    expect(r.stdout).toMatch(/restored +src\/a\.js/);
    expect(r.stdout).toMatch(/removed +src\/new file\.js/);
    expect(r.stdout).toMatch(/recreated +src\/old\.js/);
    expect(r.stdout).toContain('tdd rollback --undo');
    expect(r.stdout).toContain('git checkout refs/tdd/rollback/1 -- :/');
    expect(repo.read('test/a.test.js')).toBe('unstaged test edit\n');
    const u = cli('--undo');
    expect(u.code).toBe(0);
    expect(u.stdout).toContain('dropped refs/tdd/rollback/1');
    expect(fingerprint(repo)).toBe(before);
    expect(refs(repo)).toEqual([]);
  });

  it('--json: the plan and the backup; errors as {exitCode, error: {code, hint}}', () => {
    repo.write({ 'src/a.js': 'broken\n' });
    const dry = JSON.parse(cli('--dry-run', '--json').stdout);
    expect(dry).toMatchObject({ exitCode: 0, action: 'rollback', dryRun: true, backup: null, paths: [{ path: 'src/a.js', action: 'restored' }] });
    const done = JSON.parse(cli('--json').stdout);
    expect(done).toMatchObject({ exitCode: 0, backup: { ref: 'refs/tdd/rollback/1' }, undo: 'tdd rollback --undo' });
    repo.write({ 'src/a.js': 'edited after\n' });
    const refused = cli('--undo', '--json');
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toMatchObject({ exitCode: 2, error: { code: 'ROLLBACK_UNDO_CHANGED', paths: ['src/a.js'] } });
    const list = JSON.parse(cli('--list', '--json').stdout);
    expect(list.backups.map((b: { ref: string }) => b.ref)).toEqual(['refs/tdd/rollback/1']);
  });

  it('exit 2 with the fix when there is no green commit', () => {
    repo.git('checkout', '-q', '--orphan', 'fresh');
    repo.git('commit', '-q', '-m', 'no trailers');
    const r = cli();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('tdd: no green commit to roll back to');
    expect(r.stderr).toContain('next: name the commit to roll back to: tdd rollback --to <commit>');
    expect(cli('--bogus').code).toBe(2);
  });
});
