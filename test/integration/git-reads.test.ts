/**
 * readObjects keeps what it read by a content-addressed name (an object id, `<id>:<path>`) for the
 * rest of the process, and never what can change (`:path`, `HEAD:path`) or what was missing. A
 * real repository: the kept bytes are told from git's answer by removing the object git would
 * read them from. And a tree written from an index file is listed from that file's entries
 * exactly as `git ls-tree -r` lists the tree.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexTreeOf } from '../../src/git/index-file.js';
import { parseLsTree } from '../../src/git/parse.js';
import { readObjects, readRepoContext, readWholeTree, type RepoContext } from '../../src/git/queries.js';
import { readIndexTree } from '../../src/snapshot/read.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

let repo: Repo;
let ctx: RepoContext;
beforeAll(async () => {
  repo = makeRepo({ 'a.txt': 'one\n' });
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'a', '--no-verify');
  ctx = await readRepoContext(repo.dir, repo.env);
});
afterAll(() => repo.cleanup());

const text = (b: Buffer | null | undefined) => b?.toString('utf8') ?? null;
const loose = (oid: string) => join(repo.dir, '.git', 'objects', oid.slice(0, 2), oid.slice(2));

describe('readObjects', () => {
  it('answers an object id and `<tree>:<path>` it read before without git', async () => {
    const written = repo.run('git', ['hash-object', '-w', '--stdin'], { input: 'kept\n' }).stdout.trim();
    const tree = repo.git('rev-parse', 'HEAD^{tree}').trim();
    expect((await readObjects(ctx, [written, `${tree}:a.txt`])).map(text)).toEqual(['kept\n', 'one\n']);
    rmSync(loose(written));
    expect(repo.run('git', ['cat-file', '-e', written]).status).not.toBe(0);
    // Gone from git, answered from what this process read; asked twice in one call, once each.
    expect((await readObjects(ctx, [written, written, `${tree}:a.txt`])).map(text)).toEqual(['kept\n', 'kept\n', 'one\n']);
  });

  it('asks git again for the index (`:path`) and HEAD, which change', async () => {
    expect((await readObjects(ctx, [':a.txt', 'HEAD:a.txt'])).map(text)).toEqual(['one\n', 'one\n']);
    repo.write({ 'a.txt': 'two\n' });
    repo.git('add', 'a.txt');
    expect((await readObjects(ctx, [':a.txt'])).map(text)).toEqual(['two\n']);
    repo.git('commit', '-qm', 'two', '--no-verify');
    expect((await readObjects(ctx, ['HEAD:a.txt'])).map(text)).toEqual(['two\n']);
  });

  it('asks again for an object that was missing (it may be written since)', async () => {
    const oid = repo.run('git', ['hash-object', '--stdin'], { input: 'later\n' }).stdout.trim();
    expect(await readObjects(ctx, [oid])).toEqual([null]);
    repo.run('git', ['hash-object', '-w', '--stdin'], { input: 'later\n' });
    expect((await readObjects(ctx, [oid])).map(text)).toEqual(['later\n']);
  });
});

describe('a tree listed from the index file it was written from', () => {
  let r: Repo;
  beforeAll(() => {
    r = makeRepo({ 'a-b': '1\n', 'a/b': '2\n', 'a.b': '3\n', a0: '4\n', 'deep/x/y/z.js': '5\n', 'run.sh': '#!/bin/sh\n', 'é ü.txt': '6\n' });
    symlinkSync('a.b', join(r.dir, 'link'));
    r.git('add', '-A');
    r.git('update-index', '--chmod=+x', 'run.sh');
    // A submodule's entry (a commit id), and the paths of a real project's tree (its order of names).
    r.git('update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},vendor/sub`);
    const blob = r.run('git', ['hash-object', '-w', '--stdin'], { input: 'x\n' }).stdout.trim();
    const paths = execFileSync('git', ['ls-files', '-z'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    r.run('git', ['update-index', '--add', '--index-info'], { input: paths.map((p) => `100644 ${blob}\tproject/${p}`).join('\n') + '\n' });
    r.write({ 'later.txt': 'not yet\n' });
    r.git('add', '-N', 'later.txt'); // intent to add: write-tree leaves it out
  });
  afterAll(() => r.cleanup());

  const lsTree = (tree: string) => parseLsTree(r.git('ls-tree', '-r', '-z', '--full-tree', tree));
  const sorted = (m: Map<string, unknown> | undefined) => (m ? [...m].sort(([a], [b]) => (a < b ? -1 : 1)) : m);

  for (const version of ['2', '3', '4']) {
    it(`is ls-tree -r of the written tree (index version ${version})`, async () => {
      r.git('update-index', '--index-version', version);
      if (version === '3') r.git('update-index', '--skip-worktree', 'a0'); // extended flags
      const ctx = await readRepoContext(r.dir, r.env);
      const tree = await readIndexTree(ctx);
      const listed = indexTreeOf(readFileSync(join(r.dir, '.git', 'index')), 20);
      expect(listed?.has('later.txt')).toBe(false);
      expect(listed?.get('vendor/sub')).toEqual({ mode: '160000', blob: '1'.repeat(40) });
      expect(listed?.get('link')?.mode).toBe('120000');
      expect(listed?.get('run.sh')?.mode).toBe('100755');
      expect(sorted(listed)).toEqual(sorted(lsTree(tree)));
      expect([...(await readWholeTree(ctx, tree))]).toEqual([...lsTree(tree)]);
    });
  }

  it('asks git where the index file leaves doubt (a split index)', async () => {
    r.git('update-index', '--split-index');
    const ctx = await readRepoContext(r.dir, r.env);
    const tree = await readIndexTree(ctx);
    expect(indexTreeOf(readFileSync(join(r.dir, '.git', 'index')), 20)).toBeUndefined();
    expect([...(await readWholeTree(ctx, tree))]).toEqual([...lsTree(tree)]);
    r.git('update-index', '--no-split-index');
  });

  it('says nothing of an index with a conflict', () => {
    const blob = r.run('git', ['hash-object', '-w', '--stdin'], { input: 'c\n' }).stdout.trim();
    r.run('git', ['update-index', '--index-info'], { input: `0 ${'0'.repeat(40)}\ta0\n100644 ${blob} 2\ta0\n100644 ${blob} 3\ta0\n` });
    expect(indexTreeOf(readFileSync(join(r.dir, '.git', 'index')), 20)).toBeUndefined();
  });
});
