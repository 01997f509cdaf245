/** HEAD read from git's files without git (the agent's guard): checked against what git itself answers, in one real repository. */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readHeadFiles } from '../../src/git/head-files.js';
import { makeRepo } from '../helpers/repo.js';

const repo = makeRepo({ 'a.txt': 'a\n' });
afterAll(() => repo.cleanup());
const gitDir = join(repo.dir, '.git');
const head = () => readHeadFiles(gitDir, gitDir);
const gitHead = () => repo.git('rev-parse', 'HEAD').trim();

describe('readHeadFiles', () => {
  // One repository walked through the states in order: each case starts where the last left off.
  it('unborn: null; a loose ref: its commit; packed: the packed-refs line; detached: the id; a ref chain: undefined (git is asked)', () => {
    expect(head()).toBeNull();
    repo.git('add', 'a.txt');
    repo.git('commit', '-q', '-m', 'one', '--no-verify');
    expect(head()).toBe(gitHead());
    repo.git('tag', '-a', '-m', 'v1', 'v1');
    repo.git('pack-refs', '--all');
    expect(repo.read('.git/packed-refs')).toMatch(/^\^[0-9a-f]{40}$/m); // the annotated tag's peeled line
    expect(head()).toBe(gitHead());
    repo.git('checkout', '-q', '--detach');
    expect(head()).toBe(gitHead());
    repo.git('checkout', '-q', 'main');
    repo.git('symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
    repo.git('symbolic-ref', 'HEAD', 'refs/heads/alias');
    expect(gitHead()).toMatch(/^[0-9a-f]{40}$/);
    expect(head()).toBeUndefined();
  });
});
