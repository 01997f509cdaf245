/** File names with spaces, newlines, quotes, non-ASCII and a leading dash: no name reaches a shell or becomes an option. */
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { commitPhase, fingerprint, tdd } from './helpers.js';

const NAMES = ['-dash.js', 'src/with space.js', 'src/new\nline.js', 'src/"quoted".js', 'src/ünï.js', '--force', 'src/-n'];

let repo: Repo;
beforeEach(() => {
  repo = makeRepo(Object.fromEntries(NAMES.map((n) => [n, `green ${n}\n`])));
  repo.git('add', '-A');
  commitPhase(repo, 'green');
});
afterEach(() => repo.cleanup());

describe('tdd rollback with awkward file names', () => {
  it('modifies, deletes and adds such files; rollback restores them; undo round-trips byte for byte', async () => {
    repo.write({ '-dash.js': 'broken\n', 'src/new\nline.js': 'broken\n', '--force': 'broken\n' });
    repo.remove('src/with space.js');
    repo.remove('src/-n');
    repo.write({ 'src/ added\tone.js': 'new\n', '-rf': 'new\n' });
    // Tracked (rollback leaves untracked files alone).
    repo.git('add', '--', 'src/ added\tone.js', '-rf');
    chmodSync(join(repo.dir, 'src/"quoted".js'), 0o755);
    repo.git('add', '--', 'src/"quoted".js');
    const before = fingerprint(repo);
    const r = await tdd(repo);
    expect(r.exitCode).toBe(0);
    expect(Object.fromEntries((r.json.paths as { path: string; action: string }[]).map((p) => [p.path, p.action]))).toEqual({
      '-dash.js': 'restored',
      '--force': 'restored',
      '-rf': 'removed',
      'src/ added\tone.js': 'removed',
      'src/"quoted".js': 'restored',
      'src/-n': 'recreated',
      'src/new\nline.js': 'restored',
      'src/with space.js': 'recreated',
    });
    for (const n of NAMES) expect(repo.read(n)).toBe(`green ${n}\n`);
    expect(existsSync(join(repo.dir, '-rf'))).toBe(false);
    expect(repo.git('status', '--porcelain', '-z', '--untracked-files=all')).toBe('');
    // The text quotes what would break a line.
    expect(r.text).toContain('"src/new\\nline.js"');
    await tdd(repo, '--undo');
    expect(fingerprint(repo)).toBe(before);
  });
});
