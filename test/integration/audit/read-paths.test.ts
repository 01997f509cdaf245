/**
 * The audit's reading, on real repositories: the one `git cat-file --batch` every fact reads
 * through (BlobReader), and the look-back read without diffs when what lies before the range
 * declares no TDD step — judged exactly as when the whole history is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobReader } from '../../../src/audit/history.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { branch, bypass, errors, runAudit, TEST } from './helpers.js';

let repo: Repo;
beforeAll(() => {
  repo = makeRepo({ 'README.md': '# p\n' });
  bypass(repo, {}, '', 'root: README only');
  repo.git('tag', 'root');
});
afterAll(() => repo.cleanup());

describe('BlobReader', () => {
  it('reads blob ids and <commit>:<path> names in one process, each once; missing, non-blob and unusable names are null', async () => {
    branch(repo, 'blobs', 'root');
    const big = 'x'.repeat(300_000) + '\né\n';
    bypass(repo, { 'big.txt': big, 'dir/a.txt': 'a\n' });
    const blob = repo.git('rev-parse', 'HEAD:dir/a.txt').trim();
    const reader = new BlobReader({ top: repo.dir, env: repo.env });
    try {
      const names = [blob, 'HEAD:big.txt', 'HEAD:nope', 'HEAD:dir', 'HEAD:dir/a.txt\nHEAD:big.txt', ''];
      const [got, again] = await Promise.all([reader.read(names), reader.read(['HEAD:big.txt', blob])]);
      expect(got.get(blob)).toEqual({ oid: blob, text: 'a\n' });
      expect(got.get('HEAD:big.txt')?.text).toBe(big);
      expect(again.get('HEAD:big.txt')).toEqual(got.get('HEAD:big.txt'));
      for (const n of names.slice(2)) expect(got.get(n), n).toBeNull();
      const texts = await reader.readTexts(['HEAD:dir/a.txt']);
      expect([...texts]).toEqual([[blob, 'a\n']]);
    } finally {
      reader.close();
    }
  });
});

describe('the look-back before the range', () => {
  it('a setup commit right after a root without TDD steps is exempt whether the range starts at it or at the root', async () => {
    branch(repo, 'setup', 'root');
    bypass(repo, { 'package.json': '{"name":"p","type":"module","scripts":{"test":"node --test"}}\n' }, '', 'chore: package.json');
    const whole = await runAudit(repo, 'HEAD');
    const part = await runAudit(repo, 'root..HEAD');
    expect(errors(whole)).toEqual([]);
    expect(errors(part)).toEqual([]);
  });

  it('commits without trailers before the range: the same findings as over the whole history', async () => {
    branch(repo, 'untracked', 'root');
    // A project that adopted tdd-hooks (a configuration): its commits without trailers after that are findings, not "before the hooks".
    bypass(
      repo,
      { 'package.json': '{"name":"p","type":"module","scripts":{"test":"node --test"}}\n', '.tddrc.json': '{"runner":"node"}\n' },
      '',
      'chore: package.json',
    );
    bypass(repo, { 'test/math.test.js': TEST }, '', 'test: no trailers');
    repo.git('tag', 'untracked-base');
    bypass(repo, {
      'src/math.js': 'export const add = (a, b) => a + b;\n',
      'package.json': '{"name":"p","version":"2.0.0","type":"module","scripts":{"test":"node --test"}}\n',
    });
    const whole = await runAudit(repo, 'HEAD');
    const part = await runAudit(repo, 'untracked-base..HEAD');
    expect(errors(part)).toEqual(['AUDIT_NO_TRAILERS package.json']);
    expect(errors(whole).slice(-1)).toEqual(errors(part));
  });

  it('a RED before the range, under commits without trailers: read with its diffs, so its GREEN finds it', async () => {
    branch(repo, 'red-behind', 'root');
    bypass(repo, { 'test/math.test.js': TEST }, 'TDD-Phase: red\nTDD-Task: T9', 'test: red');
    bypass(repo, { 'docs/a.md': '# a\n' }, '', 'docs');
    repo.git('tag', 'red-behind-base');
    bypass(repo, { 'src/math.js': 'export const add = (a, b) => a + b;\n' }, 'TDD-Phase: green\nTDD-Task: T9', 'feat: green');
    const r = await runAudit(repo, 'red-behind-base..HEAD');
    expect(errors(r)).toEqual([]);
    branch(repo, 'green-alone', 'root');
    bypass(repo, { 'docs/a.md': '# a\n' }, '', 'docs');
    repo.git('tag', 'green-alone-base');
    bypass(repo, { 'src/math.js': 'export const add = (a, b) => a + b;\n' }, 'TDD-Phase: green\nTDD-Task: T9', 'feat: green');
    expect(errors(await runAudit(repo, 'green-alone-base..HEAD'))).toEqual(['AUDIT_GREEN_WITHOUT_RED']);
  });
});
