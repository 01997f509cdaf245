/** `off` is one commit: what a landed commit does to a declared off (state/machine), as literal cases → the phase after. */
import { describe, expect, it } from 'vitest';
import { applyCommit, expireOff } from '../../../src/state/machine.js';
import { emptyState, type Pending, type State } from '../../../src/state/types.js';

const NOW = new Date('2026-12-01T12:00:00Z');
const SHA = 'a'.repeat(40);
const TREE = 'b'.repeat(40);

function state(over: Partial<State>): State {
  return { ...emptyState(NOW), ...over };
}
function pending(phase: Pending['phase'], task: string | null = null): Pending {
  return { tree: TREE, phase, task, regression: false, reason: 'why', testFiles: [], blobs: {}, failing: [], summary: phase, at: NOW.toISOString() };
}

describe('off lasts one commit unless --until says longer', () => {
  it.each<[string, Partial<State>, string | null, State['phase']]>([
    ['off interrupting green: green comes back', { phase: 'off', resume: { phase: 'green', task: '12' }, task: '12' }, '12', 'green'],
    ['off interrupting refactor: refactor comes back', { phase: 'off', resume: { phase: 'refactor', task: null } }, null, 'refactor'],
    ['off with no phase before: none comes back', { phase: 'off', resume: { phase: null, task: null } }, null, null],
    ['off from an older state without resume: none comes back', { phase: 'off' }, null, null],
    ['--until task 12 while 12 is active: still off', { phase: 'off', task: '12', until: 'task:12', resume: { phase: 'red', task: '12' } }, '12', 'off'],
    ['--until a later time: still off', { phase: 'off', until: '2026-12-02T00:00:00.000Z', resume: { phase: 'red', task: null } }, null, 'off'],
    ['--until a time now past: the phase comes back', { phase: 'off', until: '2026-12-01T11:00:00.000Z', resume: { phase: 'red', task: null } }, null, 'red'],
  ])('%s', (_, before, task, after) => {
    const next = applyCommit(state(before), pending('off', task), SHA, { autoAdvance: true, now: NOW });
    expect(next.phase).toBe(after);
    if (after !== 'off') expect([next.resume ?? null, next.until ?? null]).toEqual([null, null]);
  });

  it('the interrupted task comes back with its phase', () => {
    const next = applyCommit(state({ phase: 'off', task: null, resume: { phase: 'green', task: '7' } }), pending('off'), SHA, { autoAdvance: true, now: NOW });
    expect([next.phase, next.task]).toEqual(['green', '7']);
  });

  it('--revise is for one RED commit: cleared once it lands', () => {
    const next = applyCommit(state({ phase: 'red', revise: 'the spec changed' }), pending('red'), SHA, { autoAdvance: true, now: NOW });
    expect([next.phase, next.revise]).toEqual(['green', null]);
  });
});

describe('an off --until <time> expires before a commit is judged', () => {
  it.each<[string, Partial<State>, boolean, State['phase']]>([
    ['past its time: green is back', { phase: 'off', until: '2026-12-01T11:59:59.000Z', resume: { phase: 'green', task: null } }, true, 'green'],
    ['before its time: stays off', { phase: 'off', until: '2026-12-01T12:00:01.000Z', resume: { phase: 'green', task: null } }, false, 'off'],
    ['until a task: no clock ends it', { phase: 'off', task: '3', until: 'task:3', resume: { phase: 'green', task: '3' } }, false, 'off'],
    ['one-commit off: no clock ends it', { phase: 'off', resume: { phase: 'green', task: null } }, false, 'off'],
    ['not off at all', { phase: 'green', until: '2026-12-01T11:00:00.000Z' }, false, 'green'],
  ])('%s', (_, before, changed, after) => {
    const s = state(before);
    expect(expireOff(s, NOW)).toBe(changed);
    expect(s.phase).toBe(after);
  });
});
