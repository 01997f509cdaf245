/** git's ignore rules without git: the cases of gitignore(5), each checked against `git check-ignore` in a real repository. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ignoreMatcher, type IgnoreFile } from '../../../src/agent/gitignore.js';
import { makeRepo } from '../../helpers/repo.js';

const TOP = [
  '*.log',
  '!keep.log',
  '/build',
  'tmp/',
  'doc/*.txt',
  '**/cache',
  'deep/**/x.js',
  '\\#hash',
  'sp\\ ace',
  '# comment',
  '',
  'vendor/',
  '!vendor/keep.js',
  '[ab].bin',
  'q?.md',
].join('\n');
const SUB = ['local.txt', '!../never.log', '/anchored.js'].join('\n');
const FILES: IgnoreFile[] = [
  { dir: '', text: TOP },
  { dir: 'pkg', text: SUB },
];
const PATHS = [
  'a.log',
  'x/y/z.log',
  'keep.log',
  'x/keep.log',
  'build',
  'build/out.js',
  'src/build/out.js',
  'tmp/a',
  'x/tmp/a',
  'tmp',
  'doc/a.txt',
  'doc/x/a.txt',
  'x/doc/a.txt',
  'cache',
  'a/b/cache/c',
  'deep/x.js',
  'deep/a/b/x.js',
  '#hash',
  'sp ace',
  'vendor/keep.js',
  'vendor/other.js',
  'a.bin',
  'c.bin',
  'q1.md',
  'q12.md',
  'pkg/local.txt',
  'local.txt',
  'pkg/anchored.js',
  'pkg/sub/anchored.js',
  'src/a.js',
  'test/a.test.js',
];

const repo = makeRepo();
afterAll(() => repo.cleanup());

describe('ignoreMatcher', () => {
  it('agrees with git check-ignore on every case', () => {
    for (const f of FILES) {
      const p = join(repo.dir, f.dir, '.gitignore');
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, f.text);
    }
    const out = execFileSync('git', ['check-ignore', '--no-index', '-z', '--stdin'], {
      cwd: repo.dir,
      env: repo.env,
      input: PATHS.join('\0') + '\0',
    }).toString();
    const byGit = new Set(out.split('\0').filter(Boolean));
    const ignored = ignoreMatcher(FILES);
    expect(PATHS.filter((p) => ignored(p))).toEqual(PATHS.filter((p) => byGit.has(p)));
    expect(byGit.size).toBeGreaterThan(10);
  });

  it('lets a deeper file and a later line decide, and never re-includes under an ignored folder', () => {
    expect(
      ignoreMatcher([
        { dir: '', text: '*.js' },
        { dir: 'src', text: '!a.js' },
      ])('src/a.js'),
    ).toBe(false);
    expect(ignoreMatcher([{ dir: '', text: 'out/\n!out/a.js' }])('out/a.js')).toBe(true);
  });
});
