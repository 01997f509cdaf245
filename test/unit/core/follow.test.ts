/** The state follows the history (state/follow.ts): literal moves → what is dropped, the phase, what to find again. */
import { describe, expect, it } from 'vitest';
import { followHistory, type HistoryMove } from '../../../src/state/follow.js';
import { parseMoveLog } from '../../../src/state/trailers.js';
import { emptyState, type RedRecord, type State } from '../../../src/state/types.js';

const [A, B, R, G, X] = ['a', 'b', 'r', 'g', 'x'].map((c) => c.repeat(40)) as [string, string, string, string, string];
const NOW = new Date('2026-12-01T00:00:00Z');
const record = (commit: string, extra: Partial<RedRecord> = {}): RedRecord => ({
  commit,
  tree: 't'.repeat(40),
  files: ['a.test.js'],
  blobs: {},
  failing: [],
  regression: false,
  ...extra,
});
const state = (over: Partial<State>): State => ({ ...emptyState(NOW), head: A, ...over });
const move = (left: HistoryMove['left'], came: HistoryMove['came'] = []): HistoryMove => ({ from: A, to: B, left, came });

describe('followHistory', () => {
  it('nothing left and nothing checked came (a fast-forward of docs): only the HEAD moves', () => {
    const s = state({ phase: 'green', red: { '': record(R) } });
    const r = followHistory(s, move([], [{ commit: B, regression: false }]), NOW);
    expect(r.state).toEqual({ ...s, head: B });
    expect(r.refind).toBeUndefined();
  });

  it('a reset of the RED: its record is dropped, the phase is back to red on its task, the task looked up again', () => {
    const s = state({ phase: 'green', task: '5', red: { '5': record(R) } });
    const r = followHistory(s, move([{ commit: R, phase: 'red', task: '5', regression: false }]), NOW);
    expect(r.state.red).toEqual({});
    expect(r.state).toMatchObject({ phase: 'red', task: '5', head: B });
    expect(r.state.followed).toMatchObject({
      from: A,
      to: B,
      dropped: [{ record: 'red', task: '5', commit: R }],
      phase: { from: 'green', to: 'red', commit: R },
    });
    expect(r.refind).toBe('5');
  });

  it('a reset of the GREEN: the RED is open again, the phase green', () => {
    const s = state({ phase: 'refactor', red: { '': record(R, { greenCommit: G }) }, lastGreen: { commit: G, task: null } });
    const r = followHistory(s, move([{ commit: G, phase: 'green', regression: false }]), NOW);
    expect(r.state.red['']).toEqual(record(R));
    expect(r.state.lastGreen).toBeNull();
    expect(r.state.phase).toBe('green');
    expect(r.refind).toBeUndefined();
  });

  it('a switch to a branch with TDD commits of its own: the phase after its newest, its RED found again', () => {
    const s = state({ phase: 'refactor', task: 'hotfix', red: { hotfix: record(R, { greenCommit: G }) } });
    const r = followHistory(
      s,
      move(
        [
          { commit: G, phase: 'green', task: 'hotfix', regression: false },
          { commit: R, phase: 'red', task: 'hotfix', regression: false },
        ],
        [{ commit: X, phase: 'red', task: '5', regression: false }],
      ),
      NOW,
    );
    expect(r.state.red).toEqual({});
    expect(r.state).toMatchObject({ phase: 'green', task: '5' });
    expect(r.refind).toBe('5');
  });

  it('an off commit that came is one commit: the phase it interrupted stays (or comes back); a regression RED that left is declared again as one', () => {
    expect(followHistory(state({ phase: 'red' }), move([], [{ commit: X, phase: 'off', regression: false }]), NOW).state.phase).toBe('red');
    const resumed = followHistory(
      state({ phase: 'off', resume: { phase: 'refactor', task: '5' } }),
      move([], [{ commit: X, phase: 'off', regression: false }]),
      NOW,
    );
    expect(resumed.state).toMatchObject({ phase: 'refactor', task: '5' });
    expect(resumed.refind).toBeUndefined();
    const back = followHistory(state({ phase: 'refactor' }), move([{ commit: R, phase: 'red', regression: true }]), NOW).state;
    expect(back).toMatchObject({ phase: 'red', regression: true });
  });
});

describe('parseMoveLog', () => {
  it('splits `git log --left-right` by side, newest first', () => {
    const out = `<${R}\x1fTDD-Phase: red\nTDD-Task: 5\n\x1e\n>${X}\x1f\x1e\n>${B}\x1fTDD-Phase: green\n\x1e\n`;
    expect(parseMoveLog(out)).toEqual({
      left: [{ commit: R, phase: 'red', task: '5', regression: false }],
      came: [
        { commit: X, regression: false },
        { commit: B, phase: 'green', regression: false },
      ],
    });
  });
});

describe('parseCommitObject', () => {
  it('reads the parents and whether the message has a TDD-Phase trailer', async () => {
    const { parseCommitObject } = await import('../../../src/git/parse.js');
    const obj = (message: string, parents = [A]) =>
      Buffer.from(`tree ${'t'.repeat(40)}\n${parents.map((p) => `parent ${p}\n`).join('')}author T <t@x> 1 +0000\ncommitter T <t@x> 1 +0000\n\n${message}`);
    expect(parseCommitObject(obj('docs: readme\n'))).toEqual({ parents: [A], tddTrailer: false });
    expect(parseCommitObject(obj('feat: x\n\nTDD-Phase: green\n', [A, B]))).toEqual({ parents: [A, B], tddTrailer: true });
    // A header line is never the message's.
    expect(parseCommitObject(obj('TDD-Phase in the subject only? no: TDD-Phase: red\n', [])).parents).toEqual([]);
  });
});
