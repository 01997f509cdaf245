/** Linked worktrees share the hooks of the common git dir; their checkout may have no node_modules. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { installIn, writeFakeCli } from './helpers.js';

let repo: Repo;
let worktree: string;
afterEach(() => {
  rmSync(worktree, { recursive: true, force: true });
  repo?.cleanup();
});

function setup() {
  repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n' });
  repo.git('add', '-A');
  repo.git('commit', '-q', '--no-verify', '-m', 'base');
  worktree = `${repo.dir}-wt`;
  repo.git('worktree', 'add', '-q', worktree);
  return writeFakeCli(repo.dir);
}

describe('a linked worktree', () => {
  it("reaches the hooks installed from the main worktree, through the CLI path install recorded", async () => {
    const fake = setup();
    const report = await installIn(repo, fake);
    expect(report.dir).toBe(join(repo.dir, '.git', 'hooks'));
    const run = (args: string[]) => repo.run('git', ['-C', worktree, ...args]);
    const c = run(['commit', '-q', '--allow-empty', '-m', 'in the worktree']);
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls().map((c) => [c.argv.slice(0, 2).join(' '), c.cwd])).toEqual([
      ['hook pre-commit', worktree],
      ['hook commit-msg', worktree],
      ['hook post-commit', worktree],
    ]);
  });

  it('install run inside the worktree writes the shared hooks (the common git dir is this repository)', async () => {
    const fake = setup();
    const report = await installIn(repo, fake, { cwd: worktree });
    expect(report.mode).toBe('git');
    expect(report.dir).toBe(join(repo.dir, '.git', 'hooks'));
    expect(report.config.path).toBe(join(worktree, '.tddrc.json'));
    const c = repo.run('git', ['commit', '-q', '--allow-empty', '-m', 'in main']);
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls().map((x) => x.cwd)).toEqual([repo.dir, repo.dir, repo.dir]);
  });
});
