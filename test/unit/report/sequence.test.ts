import { describe, expect, it } from 'vitest';
import { parseEventLog, type ReportEvent } from '../../../src/report/events.js';
import { sequenceHistory, type SequenceItem } from '../../../src/report/sequence.js';
import { commit, SHA, T0 } from './sample.js';

const at = (s: number) => new Date((T0 + s) * 1000).toISOString();
const events = (...lines: object[]): ReportEvent[] => parseEventLog(lines.map((l) => JSON.stringify(l)).join('\n')).events;
const refused = (s: number, task = 'T1', codes = ['RED_TESTS_PASS']) => ({ at: at(s), event: 'pre-commit', phase: 'red', task, exitCode: 1, codes });
const landed = (s: number, c: string) => ({ at: at(s), event: 'commit', commit: SHA(c), task: 'T1' });

/** Each item as a short word: a commit by its sha's first char, `x:<code>` for a refusal, `d` for a declaration. */
const words = (items: SequenceItem[]) => items.map((i) => (i.type === 'commit' ? i.commit.sha[0] : i.type === 'refused' ? `x:${i.event.codes[0]}` : 'd'));

// Newest first, as readHistory returns them (RED at T0, GREEN a minute later).
const red = commit('1', 0, 'red', { 'TDD-Phase': 'red', 'TDD-Task': 'T1' });
const green = commit('2', 1, 'green', { 'TDD-Phase': 'green', 'TDD-Task': 'T1' });
const HISTORY = [green, red];

describe('sequenceHistory', () => {
  it('without an event log: the commits, oldest first', () => {
    expect(words(sequenceHistory(HISTORY, [], true).items)).toEqual(['1', '2']);
  });

  it('puts a refusal before the commit the log names after it, even in the same second', () => {
    // The refusal comes after the RED commit in the log, and in the same whole second as GREEN.
    const seq = sequenceHistory(HISTORY, events(landed(0, '1'), refused(60, 'T1', ['TESTS_CHANGED']), landed(60, '2')), true);
    expect(words(seq.items)).toEqual(['1', 'x:TESTS_CHANGED', '2']);
  });

  it('drops refusals that led to commits before the range, and counts them', () => {
    const seq = sequenceHistory(HISTORY, events(refused(-100), landed(-90, '9'), refused(-10, 'T1', ['RED_WRONG_REASON']), landed(0, '1')), true);
    expect(words(seq.items)).toEqual(['x:RED_WRONG_REASON', '1', '2']);
    expect(seq.outsideRange).toBe(1);
  });

  it('carries refusals across a commit that is no longer in the history (amended or reset away)', () => {
    const seq = sequenceHistory(HISTORY, events(landed(0, '1'), refused(20, 'T1', ['A']), landed(30, '8'), refused(40, 'T1', ['B']), landed(60, '2')), true);
    expect(words(seq.items)).toEqual(['1', 'x:A', 'x:B', '2']);
  });

  it('shows refusals after the last commit only when the range ends at HEAD', () => {
    const log = events(landed(0, '1'), landed(60, '2'), refused(90, 'T1', ['OPEN']));
    expect(words(sequenceHistory(HISTORY, log, true).items)).toEqual(['1', '2', 'x:OPEN']);
    const closed = sequenceHistory(HISTORY, log, false);
    expect(words(closed.items)).toEqual(['1', '2']);
    expect(closed.outsideRange).toBe(1);
  });

  it('keeps declarations with the commit they precede, and the test time of the verified run', () => {
    const seq = sequenceHistory(
      HISTORY,
      events(
        { at: at(-5), event: 'phase', to: 'red', task: 'T1' },
        { at: at(-1), event: 'pre-commit', phase: 'red', task: 'T1', exitCode: 0, codes: [], testMs: 640 },
        landed(0, '1'),
        landed(60, '2'),
      ),
      true,
    );
    expect(words(seq.items)).toEqual(['d', '1', '2']);
    expect(seq.items.filter((i) => i.type === 'commit').map((i) => (i.type === 'commit' ? i.testMs : 0))).toEqual([640, null]);
  });

  it("a commit that reused the verified run's verdict (an aborted message, retried) keeps that run's test time", () => {
    const ran = { at: at(-2), event: 'pre-commit', phase: 'red', task: 'T1', exitCode: 0, codes: [], testMs: 640 };
    const reused = { at: at(-1), event: 'pre-commit', phase: 'red', task: 'T1', exitCode: 0, codes: ['VERDICT_CACHED'] };
    const seq = sequenceHistory(HISTORY, events(ran, reused, landed(0, '1'), landed(60, '2')), true);
    expect(seq.items.filter((i) => i.type === 'commit').map((i) => (i.type === 'commit' ? i.testMs : 0))).toEqual([640, null]);
  });
});
