import { describe, expect, it } from 'vitest';
import { recordAttempt } from '../../../src/budget/attempts.js';
import { formatAccepted, formatDuration, formatRefusal, formatReport } from '../../../src/budget/format.js';
import { emptyLedger, taskOf, type AttemptLedger, type AttemptPhase } from '../../../src/budget/ledger.js';
import { reportOf } from '../../../src/budget/report.js';
import { ATTEMPTS_TRAILER, formatAttemptsTrailer, parseAttemptsTrailer } from '../../../src/budget/trailer.js';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const LIMITS = { red: 2, green: 3, perTaskMinutes: 30 };

function ledgerOf(steps: [string, AttemptPhase, number, boolean?][]): AttemptLedger {
  let l = emptyLedger();
  for (const [id, phase, minute, batch] of steps) l = recordAttempt(l, id, phase, { batch: batch ?? false, now: at(minute) }, LIMITS).ledger;
  return l;
}

describe('reportOf', () => {
  const ledger = ledgerOf([
    ['12', 'red', 0, true],
    ['12', 'red', 4],
    ['12', 'green', 10],
    ['12', 'green', 20],
    ['9', 'red', 1, true],
  ]);

  it('per task: attempts per phase, elapsed since the clock started, budget left, time per phase', () => {
    const r = reportOf(ledger, LIMITS, at(24), '12');
    expect(r.tasks).toEqual([
      {
        task: '12',
        red: { attempts: 2, batch: 1, ceiling: 2, remaining: 0, spentMs: 6 * 60_000 },
        green: { attempts: 2, batch: 0, ceiling: 3, remaining: 1, spentMs: 14 * 60_000 },
        startedAt: at(4).toISOString(),
        elapsedMs: 20 * 60_000,
        budgetMs: 30 * 60_000,
        remainingMs: 10 * 60_000,
        overBudget: false,
        atCeiling: ['red'],
      },
    ]);
  });

  it('every task in natural id order when no id is given', () => {
    expect(
      reportOf(
        ledgerOf([
          ['10', 'red', 0],
          ['9', 'red', 0],
          ['a', 'red', 0],
        ]),
        LIMITS,
        at(1),
      ).tasks.map((t) => t.task),
    ).toEqual(['9', '10', 'a']);
  });

  it('a task whose clock has not started keeps its whole budget', () => {
    const [t] = reportOf(ledger, LIMITS, at(500), '9').tasks;
    expect(t).toMatchObject({ startedAt: null, elapsedMs: 0, remainingMs: 30 * 60_000, overBudget: false });
    expect(t!.red).toMatchObject({ attempts: 1, batch: 1, spentMs: 0 });
  });

  it('over budget: no time left, flagged', () => {
    expect(reportOf(ledger, LIMITS, at(40), '12').tasks[0]).toMatchObject({ elapsedMs: 36 * 60_000, remainingMs: 0, overBudget: true });
  });

  it('an unknown task reports zeros', () => {
    expect(reportOf(ledger, LIMITS, at(1), 'nope').tasks[0]).toMatchObject({ red: { attempts: 0 }, green: { attempts: 0 }, startedAt: null });
  });

  it('a green batch attempt before the clock started puts all clock time in green', () => {
    const l = ledgerOf([
      ['7', 'green', 0, true],
      ['7', 'red', 5],
    ]);
    const [t] = reportOf(l, LIMITS, at(8), '7').tasks;
    expect([t!.red.spentMs, t!.green.spentMs]).toEqual([0, 3 * 60_000]);
  });

  it('formats one block per task', () => {
    const text = formatReport(reportOf(ledger, LIMITS, at(24)));
    expect(text).toContain('task 12: red 2/2 (1 batch), green 2/3; elapsed 20m 00s of 30m, 10m 00s left');
    expect(text).toContain('task 9: red 1/2 (1 batch), green 0/3; clock not started');
    expect(formatReport(reportOf(emptyLedger(), LIMITS, at(0)))).toBe('no attempts recorded');
  });
});

describe('wording', () => {
  it.each([
    [0, '0s'],
    [45_000, '45s'],
    [14 * 60_000 + 5_000, '14m 05s'],
    [62 * 60_000, '1h 02m'],
  ])('formatDuration(%d) = %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it('every refusal names the next step, with the reset command', () => {
    const l = ledgerOf([
      ['12', 'green', 0],
      ['12', 'green', 1],
      ['12', 'green', 2],
    ]);
    const { verdict } = recordAttempt(l, '12', 'green', { batch: false, now: at(40) }, LIMITS);
    const ceiling = formatRefusal('ATTEMPT_CEILING', verdict);
    expect(ceiling.what).toBe('attempt ceiling reached for task 12 (green 3/3)');
    expect(ceiling.next).toContain('`tdd attempt reset 12`');
    const budget = formatRefusal('TIME_BUDGET_EXCEEDED', verdict);
    expect(budget.what).toContain('40m 00s of 30m');
    expect(budget.next).toContain('`tdd attempt reset 12`');
  });

  it('an accepted attempt says how many are left and where the clock is', () => {
    const first = recordAttempt(emptyLedger(), '3', 'red', { batch: true, now: at(0) }, LIMITS);
    expect(formatAccepted(first.verdict)).toBe('task 3: red attempt 1/2 recorded (batch), 1 left; clock not started (batch)');
    const second = recordAttempt(first.ledger, '3', 'red', { batch: false, now: at(1) }, LIMITS);
    expect(formatAccepted(second.verdict)).toBe('task 3: red attempt 2/2 recorded, the last one; clock started, budget 30m');
  });
});

describe('the TDD-Attempts trailer', () => {
  it('is compact and round-trips', () => {
    const l = ledgerOf([
      ['12', 'red', 0, true],
      ['12', 'green', 2],
      ['12', 'green', 16.5],
    ]);
    const value = formatAttemptsTrailer(taskOf(l, '12'), LIMITS, at(16.5));
    expect(`${ATTEMPTS_TRAILER}: ${value}`).toBe('TDD-Attempts: red 1/2, green 2/3, elapsed 14.5m/30m');
    expect(parseAttemptsTrailer(value!)).toEqual({
      red: { count: 1, ceiling: 2 },
      green: { count: 2, ceiling: 3 },
      elapsed: { minutes: 14.5, budgetMinutes: 30 },
    });
  });

  it('leaves the clock out until it started, and says nothing for a task without attempts', () => {
    const l = ledgerOf([['12', 'red', 0, true]]);
    expect(formatAttemptsTrailer(taskOf(l, '12'), LIMITS, at(5))).toBe('red 1/2, green 0/3');
    expect(parseAttemptsTrailer('red 1/2, green 0/3')).toEqual({ red: { count: 1, ceiling: 2 }, green: { count: 0, ceiling: 3 } });
    expect(formatAttemptsTrailer(undefined, LIMITS, at(5))).toBeUndefined();
  });

  it.each(['', 'red 1, green 2', 'green 1/3, red 1/2', 'red 1/2, green 2/3, elapsed 3/30'])('%j is not an attempts trailer', (v) => {
    expect(parseAttemptsTrailer(v)).toBeUndefined();
  });
});
