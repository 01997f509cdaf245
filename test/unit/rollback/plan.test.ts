/** planRollback and the undo checks: tables of literal states → actions, kept reasons, changed paths. */
import { describe, expect, it } from 'vitest';
import { findChangedSince, findUndoBlocked, isClearedBy, isWorktreeAt, planRollback, undoActionOf, type PlanInput } from '../../../src/rollback/plan.js';
import type { Entry, SavedPath, WorktreeState } from '../../../src/rollback/types.js';
import type { FileKind } from '../../../src/types.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);
const file = (oid: string, mode: '100644' | '100755' = '100644'): WorktreeState => ({ kind: 'file', mode, perm: mode === '100755' ? 0o755 : 0o644, oid });
const entry = (oid: string, mode = '100644'): Entry => ({ mode, oid });
const classify = (p: string): FileKind => (p.startsWith('test/') ? 'test' : p.endsWith('.md') ? 'ignored' : p === 'package.json' ? 'manifest' : 'impl');

function plan(rows: [path: string, target: Entry | null, index: Entry | null, worktree: WorktreeState][], extra: Partial<PlanInput> = {}) {
  return planRollback({
    candidates: rows.map((r) => r[0]),
    classify,
    target: new Map(rows.flatMap(([p, t]) => (t ? [[p, t] as const] : []))),
    index: new Map(rows.flatMap(([p, , i]) => (i ? [[p, i] as const] : []))),
    worktree: new Map(rows.map(([p, , , w]) => [p, w] as const)),
    gitignored: new Set(),
    fileMode: true,
    ...extra,
  });
}

describe('planRollback', () => {
  it.each([
    ['modified, unstaged', entry(A), entry(A), file(B), 'restored', { index: false, worktree: true }],
    ['modified, staged', entry(A), entry(B), file(B), 'restored', { index: true, worktree: true }],
    ['staged, then reverted on disk', entry(A), entry(B), file(A), 'restored', { index: true, worktree: false }],
    ['added, staged', null, entry(B), file(B), 'removed', { index: true, worktree: true }],
    ['added, staged, deleted on disk', null, entry(B), { kind: 'missing' }, 'removed', { index: true, worktree: false }],
    ['deleted, unstaged', entry(A), entry(A), { kind: 'missing' }, 'recreated', { index: false, worktree: true }],
    ['deleted, staged', entry(A), null, { kind: 'missing' }, 'recreated', { index: true, worktree: true }],
    ['executable bit dropped', entry(A, '100755'), entry(A, '100755'), file(A, '100644'), 'restored', { index: false, worktree: true }],
    ['symlink retargeted', entry(A, '120000'), entry(A, '120000'), { kind: 'symlink', oid: B }, 'restored', { index: false, worktree: true }],
    ['symlink became a file', entry(A, '120000'), entry(A, '120000'), file(A), 'restored', { index: false, worktree: true }],
  ] as const)('%s → %s', (_name, target, index, worktree, action, changes) => {
    const p = plan([['src/x.js', target, index, worktree as WorktreeState]]);
    expect(p.entries).toEqual([{ path: 'src/x.js', action, target, index, worktree, changes }]);
    expect(p.kept).toEqual([]);
  });

  it('skips paths that only look changed (stale stat data): same entry, same content', () => {
    expect(plan([['src/x.js', entry(A), entry(A), file(A)]]).entries).toEqual([]);
  });

  it('the executable bit does not count when core.fileMode is false', () => {
    expect(plan([['src/x.js', entry(A, '100755'), entry(A, '100755'), file(A, '100644')]], { fileMode: false }).entries).toEqual([]);
  });

  it('keeps tests, support, manifests, configured-ignored, gitignored untracked files and submodules, with the reason', () => {
    const p = plan(
      [
        ['test/a.test.js', entry(A), entry(B), file(B)],
        ['README.md', entry(A), entry(A), file(B)],
        ['package.json', entry(A), entry(A), file(B)],
        ['src/ignored.js', entry(A), null, file(B)],
        ['vendor/sub', entry(A, '160000'), entry(B, '160000'), { kind: 'dir' }],
        ['.gitmodules', null, entry(A), file(A)],
        ['src/impl.js', entry(A), entry(A), file(C)],
      ],
      { gitignored: new Set(['src/ignored.js']) },
    );
    expect(p.entries.map((e) => e.path)).toEqual(['src/impl.js']);
    expect(p.kept).toEqual([
      { path: '.gitmodules', reason: 'submodule' },
      { path: 'README.md', reason: 'ignored' },
      { path: 'package.json', reason: 'manifest' },
      { path: 'src/ignored.js', reason: 'gitignored' },
      { path: 'test/a.test.js', reason: 'test' },
      { path: 'vendor/sub', reason: 'submodule' },
    ]);
  });

  it("touches tracked files only: an untracked one (the next task's new module) is kept, saying so", () => {
    const p = plan([
      ['src/next.js', null, null, file(B)],
      ['src/gone.js', entry(A), null, file(B)],
    ]);
    expect(p.entries).toEqual([]);
    expect(p.kept).toEqual([
      { path: 'src/gone.js', reason: 'untracked' },
      { path: 'src/next.js', reason: 'untracked' },
    ]);
  });

  it("with the active task's declared files, another task's implementation is kept", () => {
    const rows: Parameters<typeof plan>[0] = [
      ['src/mine/a.js', entry(A), entry(A), file(B)],
      ['src/theirs.js', entry(A), entry(A), file(B)],
    ];
    const p = plan(rows, { task: ['src/mine', 'test/mine.test.js'] });
    expect(p.entries.map((e) => e.path)).toEqual(['src/mine/a.js']);
    expect(p.kept).toEqual([{ path: 'src/theirs.js', reason: 'other-task' }]);
  });

  it('a tracked file that .gitignore also matches is not "gitignored": only untracked ones are', () => {
    expect(plan([['src/x.js', entry(A), entry(A), file(B)]], { gitignored: new Set(['src/x.js']) }).entries).toHaveLength(1);
  });

  it('a directory where the target has a file is planned as recreated and listed as blocked', () => {
    const p = plan([['src/util', entry(A), null, { kind: 'dir' }]]);
    expect(p.entries).toMatchObject([{ path: 'src/util', action: 'recreated' }]);
    expect(p.blocked).toEqual([{ path: 'src/util', reason: 'directory' }]);
  });

  it('dedupes and sorts candidates', () => {
    const p = planRollback({
      candidates: ['b', 'a', 'b'],
      classify: () => 'impl',
      target: new Map(),
      index: new Map([
        ['a', entry(A)],
        ['b', entry(A)],
      ]),
      worktree: new Map([
        ['a', file(A)],
        ['b', file(B)],
      ]),
      gitignored: new Set(),
      fileMode: true,
    });
    expect(p.entries.map((e) => e.path)).toEqual(['a', 'b']);
  });
});

describe('undo checks', () => {
  const saved = (path: string, target: Entry | null, extra: Partial<SavedPath> = {}): SavedPath => ({
    path,
    action: 'restored',
    target,
    index: entry(B),
    worktree: { mode: '100644', oid: B },
    changes: { index: true, worktree: true },
    ...extra,
  });

  it("findChangedSince: a path whose index entry or file is no longer the target's", () => {
    const paths = [saved('same', entry(A)), saved('edited', entry(A)), saved('staged', entry(A)), saved('gone', null), saved('back', null)];
    const index = new Map([
      ['same', entry(A)],
      ['edited', entry(A)],
      ['staged', entry(C)],
    ]);
    const worktree = new Map<string, WorktreeState>([
      ['same', file(A)],
      ['edited', file(C)],
      ['staged', file(A)],
      ['back', file(C)],
    ]);
    expect(findChangedSince(paths, index, worktree, true)).toEqual(['edited', 'staged', 'back']);
  });

  it('findUndoBlocked: a directory where a saved file goes', () => {
    const paths = [saved('d', null), saved('n', null, { worktree: null })];
    expect(
      findUndoBlocked(
        paths,
        new Map<string, WorktreeState>([
          ['d', { kind: 'dir' }],
          ['n', { kind: 'dir' }],
        ]),
      ),
    ).toEqual(['d']);
  });

  it('isClearedBy: every file under the directory is removed; an empty subdirectory is never', () => {
    expect(isClearedBy(['u/a.js', 'u/b/c.js'], new Set(['u/a.js', 'u/b/c.js']))).toBe(true);
    expect(isClearedBy(['u/a.js', 'u/keep.txt'], new Set(['u/a.js']))).toBe(false);
    expect(isClearedBy(['u/empty/'], new Set(['u/empty']))).toBe(false);
  });

  it('undoActionOf inverts the rollback action', () => {
    expect(['restored', 'removed', 'recreated'].map((a) => undoActionOf(a as 'restored'))).toEqual(['restored', 'recreated', 'removed']);
  });

  it('isWorktreeAt: a directory counts as no file', () => {
    expect(isWorktreeAt(null, { kind: 'dir' }, true)).toBe(true);
    expect(isWorktreeAt(entry(A), { kind: 'dir' }, true)).toBe(false);
    expect(isWorktreeAt(entry(A, '160000'), file(A), true)).toBe(false);
  });
});
