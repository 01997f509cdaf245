/** planStage: a table of literal path facts → what `tdd stage` does, per phase. */
import { describe, expect, it } from 'vitest';
import { planStage, type StagePath } from '../../../src/plan/stage.js';
import type { Phase } from '../../../src/types.js';

const DECLARED = ['src/slug.js', 'test/slug.test.js'];
const p = (path: string, kind: StagePath['kind'], facts: Partial<StagePath> = {}): StagePath => ({
  path,
  kind,
  staged: false,
  dirty: true,
  indexOnly: false,
  ...facts,
});
const plan = (phase: Phase | null, ...paths: StagePath[]) => planStage({ phase, declared: DECLARED, always: new Set(['tdd-plan.json']), paths });

describe('planStage', () => {
  it.each<[string, Phase | null, StagePath, Partial<ReturnType<typeof plan>>]>([
    ['a changed test in RED is staged', 'red', p('test/slug.test.js', 'test'), { add: ['test/slug.test.js'] }],
    ['the implementation is held back in RED', 'red', p('src/slug.js', 'impl'), { held: [{ path: 'src/slug.js', reason: 'red-impl' }] }],
    ['a new empty module is fine in RED', 'red', p('src/slug.js', 'impl', { newEmpty: true }), { add: ['src/slug.js'] }],
    ['implementation staged in RED is unstaged', 'red', p('src/slug.js', 'impl', { staged: true, dirty: false }), { unstage: ['src/slug.js'] }],
    [
      '…unless only the index holds it',
      'red',
      p('src/slug.js', 'impl', { staged: true, indexOnly: true }),
      { refused: [{ path: 'src/slug.js', reason: 'red-impl' }] },
    ],
    [
      'a hand-staged test with more edits on disk is kept',
      'red',
      p('test/slug.test.js', 'test', { staged: true, indexOnly: true }),
      { kept: ['test/slug.test.js'] },
    ],
    ['an intent-to-add entry is staged', 'red', p('test/slug.test.js', 'test', { dirty: true }), { add: ['test/slug.test.js'] }],
    ['staged as on disk: nothing to do', 'green', p('src/slug.js', 'impl', { staged: true, dirty: false }), { already: ['src/slug.js'] }],
    ['the implementation in GREEN', 'green', p('src/slug.js', 'impl'), { add: ['src/slug.js'] }],
    ['a test edited in GREEN is held back', 'green', p('test/slug.test.js', 'test'), { held: [{ path: 'test/slug.test.js', reason: 'frozen' }] }],
    [
      'the snapshot of a task test that only gains entries',
      'refactor',
      p('test/__snapshots__/slug.test.js.snap', 'support', { snapshotAdds: true }),
      { add: ['test/__snapshots__/slug.test.js.snap'] },
    ],
    [
      'a snapshot rewritten is held back',
      'refactor',
      p('test/__snapshots__/slug.test.js.snap', 'support'),
      { held: [{ path: 'test/__snapshots__/slug.test.js.snap', reason: 'frozen' }] },
    ],
    ['no phase: anything of the task', null, p('src/slug.js', 'impl'), { add: ['src/slug.js'] }],
    ['outside the task, staged as on disk: unstaged', 'red', p('src/other.js', 'impl', { staged: true, dirty: false }), { unstage: ['src/other.js'] }],
    [
      'outside the task, only in the index: refused',
      'red',
      p('src/other.js', 'impl', { staged: true, indexOnly: true }),
      { refused: [{ path: 'src/other.js', reason: 'outside-task' }] },
    ],
    ['outside the task, not staged: left alone', 'red', p('src/other.js', 'impl'), {}],
    ['the plan and ignored files stay staged', 'red', p('tdd-plan.json', 'ignored', { staged: true, dirty: false }), {}],
  ])('%s', (_name, phase, path, expected) => {
    expect(plan(phase, path)).toEqual({ add: [], already: [], unstage: [], kept: [], held: [], refused: [], ...expected });
  });
});
