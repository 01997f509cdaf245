import { describe, expect, it } from 'vitest';
import { recordAttempt, resetTask, type AttemptVerdict } from '../../../src/budget/attempts.js';
import { emptyLedger, taskOf, type AttemptLedger, type AttemptPhase } from '../../../src/budget/ledger.js';
import { DEFAULT_LIMITS, limitsFromConfig } from '../../../src/budget/limits.js';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const LIMITS = { red: 2, green: 3, perTaskMinutes: 30 };

type Step = [phase: AttemptPhase, minute: number, batch?: 'batch'];

/** Run steps for task "12" and return every verdict and the final ledger. */
function play(steps: Step[], ledger: AttemptLedger = emptyLedger(), limits = LIMITS) {
  const verdicts: AttemptVerdict[] = [];
  for (const [phase, minute, batch] of steps) {
    const r = recordAttempt(ledger, '12', phase, { batch: batch === 'batch', now: at(minute) }, limits);
    ledger = r.ledger;
    verdicts.push(r.verdict);
  }
  return { ledger, verdicts, last: verdicts[verdicts.length - 1]! };
}

describe('recordAttempt: ceilings', () => {
  it.each<[string, Step[], boolean[], number]>([
    [
      'red: attempts 1 and 2 accepted, 3 refused',
      [
        ['red', 0],
        ['red', 1],
        ['red', 2],
      ],
      [true, true, false],
      2,
    ],
    [
      'green: attempts 1-3 accepted, 4 refused',
      [
        ['green', 0],
        ['green', 1],
        ['green', 2],
        ['green', 3],
      ],
      [true, true, true, false],
      3,
    ],
    [
      'phases count separately',
      [
        ['red', 0],
        ['red', 1],
        ['green', 2],
        ['green', 3],
        ['green', 4],
      ],
      [true, true, true, true, true],
      3,
    ],
    [
      'batch attempts count toward the ceiling',
      [
        ['red', 0, 'batch'],
        ['red', 1, 'batch'],
        ['red', 2],
      ],
      [true, true, false],
      2,
    ],
    [
      'a refusal stays a refusal (not recorded)',
      [
        ['red', 0],
        ['red', 1],
        ['red', 2],
        ['red', 3],
      ],
      [true, true, false, false],
      2,
    ],
  ])('%s', (_name, steps, accepted, finalCount) => {
    const { verdicts, ledger, last } = play(steps);
    expect(verdicts.map((v) => v.accepted)).toEqual(accepted);
    expect(taskOf(ledger, '12')![last.phase]).toBe(finalCount);
    expect(last.count).toBe(finalCount);
  });

  it('the refused verdict says ATTEMPT_CEILING with count = ceiling, and leaves the ledger untouched', () => {
    const { ledger } = play([
      ['green', 0],
      ['green', 1],
      ['green', 2],
    ]);
    const r = recordAttempt(ledger, '12', 'green', { batch: false, now: at(3) }, LIMITS);
    expect(r.ledger).toBe(ledger);
    expect(r.verdict).toMatchObject({ accepted: false, refusals: ['ATTEMPT_CEILING'], count: 3, ceiling: 3, remaining: 0 });
  });

  it('remaining counts down to 0 on the last accepted attempt', () => {
    expect(
      play([
        ['green', 0],
        ['green', 1],
        ['green', 2],
      ]).verdicts.map((v) => v.remaining),
    ).toEqual([2, 1, 0]);
  });

  it('never mutates the ledger it is given', () => {
    const { ledger } = play([['red', 0]]);
    const copy = structuredClone(ledger);
    recordAttempt(ledger, '12', 'red', { batch: false, now: at(1) }, LIMITS);
    recordAttempt(ledger, '13', 'green', { batch: false, now: at(1) }, LIMITS);
    expect(ledger).toEqual(copy);
  });

  it('a lowered ceiling refuses a task already past it', () => {
    const { ledger } = play([
      ['green', 0],
      ['green', 1],
      ['green', 2],
    ]);
    expect(recordAttempt(ledger, '12', 'green', { batch: false, now: at(3) }, { ...LIMITS, green: 2 }).verdict.refusals).toEqual(['ATTEMPT_CEILING']);
  });
});

describe('recordAttempt: the clock', () => {
  it('batch attempts do not start the clock; the first non-batch attempt does', () => {
    const { ledger, verdicts } = play([
      ['red', 0, 'batch'],
      ['green', 5, 'batch'],
      ['red', 50],
      ['green', 51],
    ]);
    expect(verdicts.map((v) => v.startedClock)).toEqual([false, false, true, false]);
    expect(taskOf(ledger, '12')!.startedAt).toBe(at(50).toISOString());
    expect(verdicts[3]!.elapsedMs).toBe(60_000);
  });

  it('waiting behind wave siblings longer than the budget is not work', () => {
    const { verdicts } = play([
      ['red', 0, 'batch'],
      ['red', 120],
    ]);
    expect(verdicts.map((v) => v.accepted)).toEqual([true, true]);
  });

  it.each<[string, number, boolean]>([
    ['29 minutes in: within', 29, true],
    ['exactly 30 minutes: within', 30, true],
    ['30 minutes and 1 ms: exceeded', 30 + 1 / 60_000, false],
    ['45 minutes: exceeded', 45, false],
  ])('%s', (_name, minute, ok) => {
    const { last } = play([
      ['red', 0],
      ['green', minute],
    ]);
    expect(last.accepted).toBe(ok);
    expect(last.refusals).toEqual(ok ? [] : ['TIME_BUDGET_EXCEEDED']);
  });

  it('once exceeded, batch attempts are refused too', () => {
    expect(
      play([
        ['red', 0],
        ['green', 31, 'batch'],
      ]).last.refusals,
    ).toEqual(['TIME_BUDGET_EXCEEDED']);
  });

  it('both refusals at once', () => {
    expect(
      play([
        ['red', 0],
        ['red', 1],
        ['red', 40],
      ]).last.refusals,
    ).toEqual(['ATTEMPT_CEILING', 'TIME_BUDGET_EXCEEDED']);
  });

  it('a refused first non-batch attempt does not start the clock', () => {
    const { ledger, last } = play([
      ['red', 0, 'batch'],
      ['red', 1, 'batch'],
      ['red', 2],
    ]);
    expect(last.accepted).toBe(false);
    expect(taskOf(ledger, '12')!.startedAt).toBeNull();
  });

  it('the budget comes from the limits (fractional minutes work)', () => {
    const limits = { ...LIMITS, perTaskMinutes: 0.5 };
    expect(
      play(
        [
          ['red', 0],
          ['green', 0.5],
        ],
        emptyLedger(),
        limits,
      ).last.accepted,
    ).toBe(true);
    expect(
      play(
        [
          ['red', 0],
          ['green', 0.51],
        ],
        emptyLedger(),
        limits,
      ).last.accepted,
    ).toBe(false);
  });

  it('a clock that went backwards counts as 0 elapsed', () => {
    expect(
      play([
        ['red', 10],
        ['green', 0],
      ]).last,
    ).toMatchObject({ accepted: true, elapsedMs: 0 });
  });

  it('history keeps every accepted attempt with its time and batch flag', () => {
    const { ledger } = play([
      ['red', 0, 'batch'],
      ['red', 1],
      ['red', 2],
    ]);
    expect(taskOf(ledger, '12')!.history).toEqual([
      { phase: 'red', at: at(0).toISOString(), batch: true },
      { phase: 'red', at: at(1).toISOString(), batch: false },
    ]);
  });
});

describe('tasks and reset', () => {
  it('tasks are independent', () => {
    let l = play([
      ['red', 0],
      ['red', 1],
    ]).ledger;
    l = recordAttempt(l, '13', 'red', { batch: false, now: at(2) }, LIMITS).ledger;
    expect(taskOf(l, '13')!.red).toBe(1);
    expect(taskOf(l, '12')!.red).toBe(2);
  });

  it('reset gives one task fresh attempts and a stopped clock', () => {
    let l = play([
      ['red', 0],
      ['red', 1],
    ]).ledger;
    l = recordAttempt(l, '13', 'green', { batch: false, now: at(2) }, LIMITS).ledger;
    const r = resetTask(l, '12');
    expect(r.removed).toBe(true);
    expect(taskOf(r.ledger, '12')).toBeUndefined();
    expect(taskOf(r.ledger, '13')!.green).toBe(1);
    expect(play([['red', 60]], r.ledger).last).toMatchObject({ accepted: true, count: 1, startedClock: true });
  });

  it('resetting an unknown task changes nothing', () => {
    const l = play([['red', 0]]).ledger;
    expect(resetTask(l, '99')).toEqual({ ledger: l, removed: false });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('a task named %s is just a name', (id) => {
    const empty = emptyLedger();
    expect(taskOf(empty, id)).toBeUndefined();
    const r = recordAttempt(empty, id, 'red', { batch: false, now: at(0) }, LIMITS);
    expect(r.verdict.count).toBe(1);
    expect(Object.getPrototypeOf(r.ledger.tasks)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(r.ledger)).tasks[id].red).toBe(1);
    expect(Object.keys(resetTask(r.ledger, id).ledger.tasks)).toEqual([]);
  });
});

describe('limitsFromConfig', () => {
  it.each([
    [undefined, undefined, DEFAULT_LIMITS],
    [{ red: 1 }, undefined, { red: 1, green: 3, perTaskMinutes: 30 }],
    [{ red: 4, green: 5 }, { perTaskMinutes: 90 }, { red: 4, green: 5, perTaskMinutes: 90 }],
    [{ red: 0, green: 2.5 }, { perTaskMinutes: -1 }, DEFAULT_LIMITS],
  ])('%j %j → %j', (attempts, budgets, expected) => {
    expect(limitsFromConfig(attempts, budgets)).toEqual(expected);
  });
});
