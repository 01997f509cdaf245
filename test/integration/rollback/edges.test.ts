/** Edges of the round trip: line-ending filters, a file where a directory was, intent-to-add, a subdirectory, linked worktrees. */
import { mkdirSync, realpathSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import rollback from '../../../src/cli/commands/rollback.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { commitPhase, fingerprint, refs, tdd } from './helpers.js';

let repo: Repo;
beforeEach(() => {
  repo = makeRepo({ 'src/a.js': 'a\n', 'src/lib/x.js': 'x\n', 'test/a.test.js': 't\n' });
  repo.git('add', '-A');
  commitPhase(repo, 'green');
});
afterEach(() => repo.cleanup());

describe('tdd rollback edges', () => {
  it('eol=crlf: files checked out with CRLF are not "changed"; rollback writes CRLF, undo the exact bytes', async () => {
    repo.write({ '.gitattributes': '*.js text eol=crlf\n' });
    repo.git('add', '.gitattributes');
    repo.git('commit', '-q', '-m', 'attributes', '-m', 'TDD-Phase: green');
    repo.remove('src/a.js');
    repo.git('checkout', '--', 'src/a.js');
    expect(repo.read('src/a.js')).toBe('a\r\n');
    repo.write({ 'src/lib/x.js': 'mixed\nendings\r\n' });
    const before = fingerprint(repo);
    const r = await tdd(repo);
    expect((r.json.paths as { path: string }[]).map((p) => p.path)).toEqual(['src/lib/x.js']);
    expect(repo.read('src/lib/x.js')).toBe('x\r\n');
    await tdd(repo, '--undo');
    expect(repo.read('src/lib/x.js')).toBe('mixed\nendings\r\n');
    expect(fingerprint(repo)).toBe(before);
  });

  it('a file now stands where the target has a directory (and back again on undo)', async () => {
    repo.remove('src/lib');
    repo.write({ 'src/lib': 'now a file\n' });
    repo.git('add', '-A', 'src/lib');
    const before = fingerprint(repo);
    const r = await tdd(repo);
    expect(Object.fromEntries((r.json.paths as { path: string; action: string }[]).map((p) => [p.path, p.action]))).toEqual({
      'src/lib': 'removed',
      'src/lib/x.js': 'recreated',
    });
    expect(repo.read('src/lib/x.js')).toBe('x\n');
    await tdd(repo, '--undo');
    expect(repo.read('src/lib')).toBe('now a file\n');
    expect(fingerprint(repo)).toBe(before);
  });

  it('an untracked file where the target has a directory, or in a directory where it has a file: refused, nothing changed', async () => {
    repo.remove('src/lib');
    repo.write({ 'src/lib': 'yours, untracked\n' });
    repo.git('add', '-A', 'src/lib/x.js');
    const before = fingerprint(repo);
    const r = await tdd(repo);
    expect([r.exitCode, r.code]).toEqual([2, 'ROLLBACK_BLOCKED']);
    expect(r.json.paths).toEqual(['src/lib']);
    expect(fingerprint(repo)).toBe(before);
    expect(refs(repo)).toEqual([]);
  });

  it('a directory now stands where the target has a file: fine when the rollback empties it', async () => {
    repo.write({ 'src/util': 'util as a file\n' });
    repo.git('add', 'src/util');
    repo.git('commit', '-q', '-m', 'util file', '-m', 'TDD-Phase: green');
    repo.git('rm', '-q', 'src/util');
    repo.write({ 'src/util/index.js': 'util as a folder\n', 'src/util/deep/more.js': 'more\n' });
    repo.git('add', 'src/util/index.js', 'src/util/deep/more.js');
    const before = fingerprint(repo);
    const r = await tdd(repo);
    expect(Object.fromEntries((r.json.paths as { path: string; action: string }[]).map((p) => [p.path, p.action]))).toEqual({
      'src/util': 'recreated',
      'src/util/deep/more.js': 'removed',
      'src/util/index.js': 'removed',
    });
    expect(repo.read('src/util')).toBe('util as a file\n');
    await tdd(repo, '--undo');
    expect(fingerprint(repo)).toBe(before);
  });

  it('an intent-to-add implementation file (git add -N) is removed and comes back intent-to-add', async () => {
    repo.write({ 'src/new.js': 'planned\n' });
    repo.git('add', '-N', 'src/new.js');
    const before = fingerprint(repo);
    const r = await tdd(repo);
    expect(r.json.paths).toEqual([expect.objectContaining({ path: 'src/new.js', action: 'removed' })]);
    expect(repo.git('status', '--porcelain')).toBe('');
    await tdd(repo, '--undo');
    expect(repo.git('status', '--porcelain')).toBe(' A src/new.js\n');
    expect(fingerprint(repo)).toBe(before);
  });

  it("works from a subdirectory: paths are the top level's", async () => {
    repo.write({ 'src/a.js': 'broken\n' });
    const r = await rollback.run({ argv: [], cwd: join(repo.dir, 'src', 'lib'), env: repo.env, json: true, color: false });
    expect(r.json.paths).toEqual([expect.objectContaining({ path: 'src/a.js' })]);
    expect(repo.read('src/a.js')).toBe('a\n');
  });

  it('a linked worktree does not undo a rollback made in another one (refs/tdd/ is shared)', async () => {
    const parent = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-rollback-wt-')));
    const other = join(parent, 'other');
    try {
      repo.git('worktree', 'add', '-q', '--detach', other);
      repo.write({ 'src/a.js': 'broken\n' });
      await tdd(repo);
      const r = await rollback
        .run({ argv: ['--undo'], cwd: other, env: repo.env, json: true, color: false })
        .catch((e: { code: string; exitCode: number }) => e);
      expect(r).toMatchObject({ code: 'ROLLBACK_OTHER_WORKTREE', exitCode: 2 });
      expect(refs(repo)).toEqual(['refs/tdd/rollback/1']);
      expect((await tdd(repo, '--undo')).exitCode).toBe(0);
      expect(repo.read('src/a.js')).toBe('broken\n');
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('a submodule (gitlink) is never touched', async () => {
    const sub = makeRepo({ 'f.txt': 'f\n' });
    try {
      sub.git('add', '-A');
      sub.git('commit', '-q', '-m', 'sub');
      mkdirSync(join(repo.dir, 'vendor'));
      repo.run('git', ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub.dir, 'vendor/sub']);
      repo.write({ 'src/a.js': 'broken\n' });
      const r = await tdd(repo);
      expect((r.json.paths as { path: string }[]).map((p) => p.path)).toEqual(['src/a.js']);
      expect(r.json.kept).toContainEqual({ path: 'vendor/sub', reason: 'submodule' });
      expect(repo.git('ls-files', '-s', 'vendor/sub')).toMatch(/^160000 /);
    } finally {
      sub.cleanup();
    }
  });

  it('writes a backup with a fixed identity even when the user has none and asks to sign', async () => {
    const env = { ...repo.env, GIT_CONFIG_GLOBAL: join(repo.dir, '.git', 'no-identity'), GIT_AUTHOR_NAME: undefined, EMAIL: undefined };
    writeFileSync(join(repo.dir, '.git', 'no-identity'), '[commit]\n\tgpgsign = true\n[user]\n\tuseConfigOnly = true\n');
    repo.write({ 'src/a.js': 'broken\n' });
    const r = await rollback.run({ argv: [], cwd: repo.dir, env, json: true, color: false });
    expect(r.json.backup).toMatchObject({ ref: 'refs/tdd/rollback/1' });
    expect(repo.git('log', '-1', '--format=%an <%ae>', 'refs/tdd/rollback/1')).toBe('tdd-hooks <tdd-hooks@localhost>\n');
  });
});
