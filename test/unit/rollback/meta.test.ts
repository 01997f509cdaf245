/** The backup record: message round trip, validation (a tampered ref must not write outside the work tree), git output parsers. */
import { describe, expect, it } from 'vitest';
import { parseBackupRefs, parseLsFilesStage } from '../../../src/git/parse.js';
import { formatBackupMessage, isSafePath, parseBackupMessage, ROLLBACK_REFS } from '../../../src/rollback/meta.js';
import type { BackupMeta } from '../../../src/rollback/types.js';

const A = '587be6b4c3f93f93c489c0111bba5596147a26cb';
const META: BackupMeta = {
  version: 1,
  kind: 'rollback',
  target: A,
  head: A,
  worktree: '/tmp/repo',
  at: '2025-03-01T10:00:00.000Z',
  paths: [
    {
      path: 'src/new\nline "q".js',
      action: 'removed',
      target: null,
      index: null,
      worktree: { mode: '100755', oid: A, perm: 0o750 },
      changes: { index: false, worktree: true },
    },
    {
      path: '-dash.js',
      action: 'recreated',
      target: { mode: '120000', oid: A },
      index: { mode: '100644', oid: A },
      intentToAdd: true,
      worktree: null,
      changes: { index: true, worktree: true },
    },
  ],
};

describe('backup message', () => {
  it('round-trips the meta record, whatever the path names hold', () => {
    const text = formatBackupMessage(META, 3);
    expect(text.split('\n')[0]).toBe('tdd rollback 3: 2 implementation file(s) to 587be6b4c3f9');
    expect(parseBackupMessage(`tree ${A}\nparent ${A}\n\n${text}`)).toEqual(META);
  });

  it.each([
    ['no meta line', 'subject\n\nbody\n', 'no tdd-rollback-meta line'],
    ['bad JSON', 'tdd-rollback-meta: {nope\n', 'unreadable meta'],
    ['another version', `tdd-rollback-meta: ${JSON.stringify({ ...META, version: 2 })}\n`, 'unknown meta version'],
    ['no worktree', `tdd-rollback-meta: ${JSON.stringify({ ...META, worktree: undefined })}\n`, 'bad meta fields'],
    ['an absolute path', `tdd-rollback-meta: ${JSON.stringify({ ...META, paths: [{ ...META.paths[0], path: '/etc/passwd' }] })}\n`, 'bad path record'],
    ['a path out of the tree', `tdd-rollback-meta: ${JSON.stringify({ ...META, paths: [{ ...META.paths[0], path: 'src/../../x' }] })}\n`, 'bad path record'],
    [
      'a gitlink mode',
      `tdd-rollback-meta: ${JSON.stringify({ ...META, paths: [{ ...META.paths[0], worktree: { mode: '160000', oid: A } }] })}\n`,
      'bad path record',
    ],
    [
      'a short oid',
      `tdd-rollback-meta: ${JSON.stringify({ ...META, paths: [{ ...META.paths[0], worktree: { mode: '100644', oid: 'abc' } }] })}\n`,
      'bad path record',
    ],
    ['a path twice', `tdd-rollback-meta: ${JSON.stringify({ ...META, paths: [META.paths[0], META.paths[0]] })}\n`, 'a path is recorded twice'],
  ])('refuses %s', (_name, text, error) => {
    expect(parseBackupMessage(text)).toEqual({ error: expect.stringContaining(error) });
  });

  it.each([
    ['src/a.js', true],
    ['-dash', true],
    ['a b/c\nd', true],
    ['/abs', false],
    ['a//b', false],
    ['./a', false],
    ['a/../b', false],
    ['.git/config', false],
    ['sub/.GIT/hooks/x', false],
    ['', false],
  ])('isSafePath(%j) → %s', (path, safe) => {
    expect(isSafePath(path)).toBe(safe);
  });
});

describe('parsers', () => {
  it('parseLsFilesStage: stage-0 entries, and unmerged paths once', () => {
    const NUL = '\0';
    const out = [`100644 ${A} 0\tsrc/a.js`, `100644 ${A} 1\tc.js`, `100644 ${A} 2\tc.js`, `100644 ${A} 3\tc.js`, `120000 ${A} 0\tsp ace\nnl`].join(NUL) + NUL;
    const r = parseLsFilesStage(out);
    expect([...r.entries]).toEqual([
      ['src/a.js', { mode: '100644', oid: A }],
      ['sp ace\nnl', { mode: '120000', oid: A }],
    ]);
    expect(r.unmerged).toEqual(['c.js']);
  });

  it('parseBackupRefs: numbered refs only, in numeric order', () => {
    const out = `${A} refs/tdd/rollback/10\n${A} refs/tdd/rollback/2\n${A} refs/tdd/rollback/x\n${A} refs/tdd/rollback/01\n${A} refs/tdd/other/1\n`;
    expect(parseBackupRefs(out, ROLLBACK_REFS).map((r) => [r.ref, r.n])).toEqual([
      ['refs/tdd/rollback/2', 2],
      ['refs/tdd/rollback/10', 10],
    ]);
  });
});
