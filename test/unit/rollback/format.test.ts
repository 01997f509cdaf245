/** The words: every path with its action, the backup ref and the way back; awkward names quoted. */
import { describe, expect, it } from 'vitest';
import { formatPath, formatRollback, formatUndo, plainGitCommand } from '../../../src/rollback/format.js';
import type { RollbackOutcome } from '../../../src/rollback/rollback.js';
import type { UndoOutcome } from '../../../src/rollback/undo.js';

const T = '0123456789abcdef0123456789abcdef01234567';
const outcome = (over: Partial<RollbackOutcome> = {}): RollbackOutcome => ({
  dryRun: false,
  target: { commit: T, source: 'state', subject: 'green: parse dates' },
  head: T,
  entries: [
    {
      path: 'src/a.js',
      action: 'restored',
      target: { mode: '100644', oid: T },
      index: { mode: '100644', oid: T },
      worktree: { kind: 'missing' },
      changes: { index: false, worktree: true },
    },
    { path: 'src/b.js', action: 'removed', target: null, index: null, worktree: { kind: 'missing' }, changes: { index: true, worktree: false } },
  ],
  kept: [{ path: 'test/a.test.js', reason: 'test' }],
  backup: { ref: 'refs/tdd/rollback/4', n: 4, commit: T },
  ...over,
});

describe('format', () => {
  it('formatPath quotes names that would break a line or hide spaces', () => {
    expect(['src/a b.js', 'a\nb', ' lead', 'q"uote', '-dash'].map(formatPath)).toEqual(['src/a b.js', '"a\\nb"', '" lead"', '"q\\"uote"', '-dash']);
  });

  it('a rollback: each path and action, what was left, the ref, undo and the plain-git command', () => {
    expect(formatRollback(outcome(), false)).toBe(
      [
        'rolled back 2 implementation file(s) to 0123456789ab "green: parse dates" (the last green commit the state records):',
        '  restored   src/a.js',
        '  removed    src/b.js (index only)',
        'left as they are (rollback changes tracked implementation files only): 1 path(s)',
        '  kept       test/a.test.js (test)',
        'saved first in refs/tdd/rollback/4: the overwritten files, and their index entries in refs/tdd/rollback/4^',
        '  undo:       tdd rollback --undo',
        '  plain git:  git checkout refs/tdd/rollback/4 -- :/   (writes the saved files over those paths, staged; removes nothing)',
        '  next: run the tests; commit the rollback, or undo it',
      ].join('\n'),
    );
    expect(plainGitCommand('refs/tdd/rollback/4')).toBe('git checkout refs/tdd/rollback/4 -- :/');
  });

  it('a dry run and nothing to do say so', () => {
    expect(formatRollback(outcome({ dryRun: true, backup: null }), false)).toMatch(/^dry run — nothing was changed/);
    expect(formatRollback(outcome({ entries: [], backup: null }), false)).toMatch(/^nothing to roll back/);
  });

  it('an undo: the paths, what a forced undo overwrote and where it is, what remains', () => {
    const o: UndoOutcome = {
      dryRun: false,
      backup: { ref: 'refs/tdd/rollback/2', n: 2, commit: T, meta: { version: 1, kind: 'rollback', target: T, head: T, worktree: '/r', at: '', paths: [] } },
      paths: [{ path: 'src/b.js', action: 'recreated', changes: { index: true, worktree: true } }],
      changed: ['src/b.js'],
      overwritten: { ref: 'refs/tdd/overwritten/1', n: 1, commit: T },
      headWas: null,
      remaining: ['refs/tdd/rollback/1'],
    };
    const text = formatUndo(o, false);
    expect(text).toContain('  recreated  src/b.js');
    expect(text).toContain('overwrote (--force) changes made since the rollback to: src/b.js');
    expect(text).toContain('git checkout refs/tdd/overwritten/1 -- :/');
    expect(text).toContain('dropped refs/tdd/rollback/2');
    expect(text).toContain('`tdd rollback --undo` again undoes refs/tdd/rollback/1');
  });
});
