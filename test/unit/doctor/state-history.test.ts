/** state-history: the state (a cache) against what the trailers and HEAD's ancestry say. */
import { describe, expect, it } from 'vitest';
import { checkStateHistory } from '../../../src/doctor/checks/state-history.js';
import { emptyState, type RedRecord, type State } from '../../../src/state/types.js';
import { formatMessage } from '../../../src/doctor/messages.js';
import type { DoctorFacts, HistoryFacts } from '../../../src/doctor/types.js';
import { facts, HEAD, TOP } from './literal.js';

const RED = 'r'.repeat(40);
const OTHER = 'o'.repeat(40);
const record = (commit: string, extra: Partial<RedRecord> = {}): RedRecord => ({
  commit,
  tree: 't',
  files: ['a.test.js'],
  blobs: {},
  failing: [],
  regression: false,
  ...extra,
});
const state = (over: Partial<State>): State => ({ ...emptyState(new Date('2024-01-02T00:00:00Z')), ...over });

function withState(st: State, history: Partial<HistoryFacts>, over: Partial<DoctorFacts> = {}): DoctorFacts {
  return facts({
    state: { kind: 'ok', path: `${TOP}/.git/tdd/state.json`, state: st },
    history: { head: HEAD, rebuilt: null, ancestors: {}, latest: null, ...history },
    ...over,
  });
}

const greenOn12 = state({ phase: 'green', task: '12', red: { '12': record(RED) } });
const rebuiltGreen = (commit: string | null) => state({ phase: 'green', task: '12', red: commit ? { '12': record(commit) } : {} });

describe('state-history', () => {
  it.each<[string, DoctorFacts, string, string]>([
    ['agrees', withState(greenOn12, { rebuilt: rebuiltGreen(RED), ancestors: { [RED]: true } }), 'ok', 'STATE_HISTORY_OK'],
    [
      'the open RED commit was amended or rebased away',
      withState(greenOn12, { rebuilt: rebuiltGreen(RED), ancestors: { [RED]: false } }),
      'fail',
      'STATE_RED_NOT_IN_HISTORY',
    ],
    [
      'a closed record off the history does not matter',
      withState(state({ phase: 'refactor', task: '12', red: { '12': record(RED, { greenCommit: OTHER }) } }), {
        rebuilt: state({ phase: 'refactor', task: '12' }),
        ancestors: { [RED]: false },
      }),
      'ok',
      'STATE_HISTORY_OK',
    ],
    [
      "another task's open record off the history",
      withState(state({ phase: 'red', task: '13', red: { '12': record(RED) } }), { ancestors: { [RED]: false } }),
      'warn',
      'STATE_RED_NOT_IN_HISTORY',
    ],
    [
      'phase green, and the state lost the RED record the trailers show',
      withState(state({ phase: 'green', task: '12' }), { rebuilt: rebuiltGreen(RED) }),
      'fail',
      'STATE_RED_DISAGREES',
    ],
    [
      'a newer RED commit in the trailers (made in another clone)',
      withState(greenOn12, { rebuilt: rebuiltGreen(OTHER), ancestors: { [RED]: true } }),
      'warn',
      'STATE_RED_DISAGREES',
    ],
    [
      'a TDD commit landed after the phase was set, and the phase did not move',
      withState(state({ phase: 'red', task: null, since: '2024-01-02T00:00:00.000Z' }), {
        rebuilt: state({ phase: 'green' }),
        latest: { commit: OTHER, phase: 'red', task: null, committedAt: '2024-01-03T00:00:00+00:00' },
      }),
      'warn',
      'STATE_BEHIND',
    ],
    [
      'a phase declared after the last TDD commit',
      withState(state({ phase: 'red', since: '2024-01-04T00:00:00.000Z' }), {
        rebuilt: state({ phase: 'refactor' }),
        latest: { commit: OTHER, phase: 'green', task: null, committedAt: '2024-01-03T00:00:00+00:00' },
      }),
      'ok',
      'STATE_HISTORY_OK',
    ],
    [
      'autoAdvance off: the phase stays as declared',
      withState(
        state({ phase: 'red', since: '2024-01-02T00:00:00.000Z' }),
        { rebuilt: state({ phase: 'green' }), latest: { commit: OTHER, phase: 'red', task: null, committedAt: '2024-01-03T00:00:00+00:00' } },
        { config: { ok: true, source: '.tddrc.json', runner: 'node', autoAdvance: false, warnings: [] } },
      ),
      'ok',
      'STATE_HISTORY_OK',
    ],
  ])('%s', (_, f, status, code) => {
    const result = checkStateHistory(f);
    expect(result).toMatchObject({ id: 'state-history', status, code });
    expect(formatMessage(result!, { cwd: TOP, top: TOP })).not.toMatch(/undefined|\[object|NaN/);
  });

  it('gives the rebuild as the fix', () => {
    expect(checkStateHistory(withState(greenOn12, { ancestors: { [RED]: false } }))?.fix).toBe('rm .git/tdd/state.json && npx tdd status');
  });

  it('does not apply without a readable state or without HEAD', () => {
    expect(checkStateHistory(facts({ state: { kind: 'corrupt', path: 'x', reason: 'json' } }))).toBeNull();
    expect(checkStateHistory(withState(greenOn12, { head: null }))).toBeNull();
  });
});
