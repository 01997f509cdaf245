/** The one decision: (phase, task, resolved paths) → the rule each change breaks, as a table of literal cases. */
import { describe, expect, it } from 'vitest';
import { decide } from '../../../src/agent/decide.js';
import type { GuardContext, ResolvedChange } from '../../../src/agent/types.js';
import type { FileKind, Phase } from '../../../src/types.js';

const ctx = (phase: Phase | null, extra: Partial<GuardContext> = {}): GuardContext => ({
  phase,
  task: null,
  openRed: true,
  redFiles: ['test/a.test.js'],
  ...extra,
});
const change = (rel: string, kind: FileKind, extra: Partial<ResolvedChange> = {}): ResolvedChange => ({
  path: rel,
  op: 'write',
  place: { where: 'repo', rel },
  kind,
  ...extra,
});
const codes = (c: GuardContext, ...changes: ResolvedChange[]) => decide(c, changes).findings.map((f) => f.code);

describe('phase rules on the paths a call would write', () => {
  it.each<[Phase | null, FileKind, string[]]>([
    ['red', 'test', []],
    ['red', 'support', []],
    ['red', 'manifest', []],
    ['red', 'ignored', []],
    ['red', 'impl', ['RED_IMPL_WRITE']],
    ['green', 'impl', []],
    ['green', 'manifest', []],
    ['green', 'test', ['TESTS_FROZEN']],
    ['green', 'support', ['TESTS_FROZEN']],
    ['green', 'ignored', []],
    ['refactor', 'impl', []],
    ['refactor', 'test', ['TESTS_FROZEN']],
    ['off', 'impl', []],
    ['off', 'test', []],
    [null, 'impl', ['PHASE_UNSET']],
    [null, 'test', ['PHASE_UNSET']],
    [null, 'ignored', []],
  ])('%s, a %s file → %j', (phase, kind, expected) => {
    expect(codes(ctx(phase), change('x/y.js', kind))).toEqual(expected);
  });

  it('RED allows a new empty implementation file (a module a test can fail on), as the commit does', () => {
    expect(codes(ctx('red'), change('src/calc.py', 'impl', { emptyNew: true }))).toEqual([]);
  });

  it('RED refuses deleting a test the open RED record froze, not another one', () => {
    expect(codes(ctx('red'), change('test/a.test.js', 'test', { op: 'delete' }))).toEqual(['RED_TEST_REMOVED']);
    expect(codes(ctx('red'), change('test/b.test.js', 'test', { op: 'delete' }))).toEqual([]);
  });

  it('GREEN with no open RED record denies implementation: the failing test comes first', () => {
    expect(codes(ctx('green', { openRed: false }), change('src/a.js', 'impl'))).toEqual(['GREEN_WITHOUT_RED']);
    expect(codes(ctx('refactor', { openRed: false }), change('src/a.js', 'impl'))).toEqual([]);
  });

  it('a path git ignores is never the commit’s: allowed in any phase', () => {
    expect(codes(ctx('red'), change('out.log', 'impl', { gitIgnored: true }))).toEqual([]);
    expect(codes(ctx(null), change('out.log', 'impl', { gitIgnored: true }))).toEqual([]);
  });

  it('the git dir and the files that carry the hooks are denied in every phase, off included', () => {
    const gitDir: ResolvedChange = { path: '.git/hooks/pre-commit', op: 'delete', place: { where: 'git-dir', rel: '.git/hooks/pre-commit' } };
    for (const phase of ['red', 'green', 'refactor', 'off', null] as const) {
      expect(codes(ctx(phase), gitDir)).toEqual(['GIT_DIR_WRITE']);
      expect(codes(ctx(phase), change('.claude/settings.json', 'impl', { holdsHooks: true }))).toEqual(['HOOKS_EDIT']);
    }
  });

  it('outside the work tree, or a path only the run knows: nothing to judge', () => {
    expect(codes(ctx('red'), { path: '/tmp/x', op: 'write', place: { where: 'outside' } }, { path: '$OUT', op: 'write', place: { where: 'unknown' } })).toEqual(
      [],
    );
  });
});

describe('task scope', () => {
  const scope = {
    task: 'A',
    paths: ['src/alpha.js', 'test/alpha.test.js'],
    always: ['tdd-plan.json', '.tddrc.json', '.tddrc'],
    owners: { 'src/beta.js': 'B' },
  };

  it('denies a sibling task’s file, naming its owner, and allows the task’s own, the plan, ignored paths', () => {
    const d = decide(ctx('green', { task: 'A', taskScope: scope }), [
      change('src/beta.js', 'impl'),
      change('src/alpha.js', 'impl'),
      change('tdd-plan.json', 'impl'),
      change('README.md', 'ignored'),
    ]);
    expect(d.findings).toEqual([{ code: 'TASK_SCOPE', path: 'src/beta.js', data: { task: 'A', owner: 'B' } }]);
  });

  it('does not apply in off', () => {
    expect(codes(ctx('off', { task: 'A', taskScope: scope }), change('src/beta.js', 'impl'))).toEqual([]);
  });
});

describe('the decision', () => {
  it('allows when nothing is found, and keeps the command’s findings first, each path’s once', () => {
    expect(decide(ctx('red'), [change('test/a.test.js', 'test')])).toMatchObject({ allow: true, findings: [], phase: 'red' });
    const d = decide(
      ctx('red'),
      [change('src/a.js', 'impl'), change('src/a.js', 'impl')],
      [{ code: 'NO_VERIFY', data: { command: 'git commit --no-verify' } }],
    );
    expect(d.allow).toBe(false);
    expect(d.findings.map((f) => f.code)).toEqual(['NO_VERIFY', 'RED_IMPL_WRITE']);
  });
});
