import { describe, expect, it } from 'vitest';
import { parseEventLog } from '../../../src/report/events.js';

const line = (o: unknown) => JSON.stringify(o);
const AT = '2025-05-02T14:00:00.000Z';

describe('parseEventLog', () => {
  it('keeps the events the report uses, in order, with their fields', () => {
    const log = parseEventLog(
      [
        line({ at: AT, event: 'phase', from: null, to: 'red', task: 'T1', regression: false, reason: 'declared' }),
        line({ at: AT, event: 'pre-commit', phase: 'red', task: 'T1', tree: 'abc', exitCode: 1, codes: ['RED_WRONG_REASON'], testMs: 812 }),
        line({ at: AT, event: 'commit', commit: 'c1', phase: 'red', task: 'T1', regression: false, summary: 's', failing: [], next: 'green' }),
        line({ at: AT, event: 'commit-amended', commit: 'c2', replaced: 'c1', phase: 'red', task: null }),
        line({ at: AT, event: 'commit-unverified', commit: 'c3', phase: null, task: null }),
      ].join('\n') + '\n',
    );
    expect(log).toMatchObject({ lines: 5, corrupt: 0 });
    expect(log.events.map((e) => e.kind)).toEqual(['phase', 'pre-commit', 'commit', 'commit', 'commit']);
    expect(log.events[1]).toEqual({
      kind: 'pre-commit',
      line: 2,
      at: Date.parse(AT),
      phase: 'red',
      task: 'T1',
      exitCode: 1,
      codes: ['RED_WRONG_REASON'],
      testMs: 812,
    });
    expect(log.events[3]).toMatchObject({ kind: 'commit', commit: 'c2', task: null });
  });

  it.each([
    ['a line cut short', '{"at": "2025-05-02T14:00:00Z", "event": "pre-co'],
    ['not an object', '[1, 2]'],
    ['a string', '"hello"'],
    ['no event', line({ at: AT })],
    ['no time', line({ event: 'commit', commit: 'c1' })],
    ['a time that is not one', line({ at: 'yesterday', event: 'commit', commit: 'c1' })],
    ['codes not a list', line({ at: AT, event: 'pre-commit', exitCode: 1, codes: 'RED_TESTS_PASS' })],
    ['no exit code', line({ at: AT, event: 'pre-commit', codes: [] })],
    ['a task that is not text', line({ at: AT, event: 'pre-commit', exitCode: 1, codes: [], task: 12 })],
    ['a commit that is not text', line({ at: AT, event: 'commit', commit: 12 })],
    ['a phase event without a target', line({ at: AT, event: 'phase', task: 'T1' })],
  ])('skips and counts %s', (_, text) => {
    const log = parseEventLog(`${text}\n${line({ at: AT, event: 'commit', commit: 'c1', task: null })}\n`);
    expect(log).toMatchObject({ lines: 2, corrupt: 1 });
    expect(log.events).toHaveLength(1);
  });

  it('skips events it has no use for, blank lines and an unborn commit, without counting them corrupt', () => {
    const log = parseEventLog(
      [
        '',
        line({ at: AT, event: 'attempt', task: 'T1' }),
        '   ',
        line({ at: AT, event: 'commit-unverified', commit: null, task: null }),
        line({ at: AT, event: 'rollback', task: null }),
      ].join('\n'),
    );
    expect(log).toEqual({ events: [], lines: 3, corrupt: 0 });
  });

  it('keeps the agent guard’s denials (not its allows)', () => {
    const guard = (decision: string) =>
      line({
        at: AT,
        event: 'guard',
        agent: 'codex',
        tool: 'apply_patch',
        decision,
        phase: 'green',
        task: 'T1',
        codes: decision === 'deny' ? ['TESTS_FROZEN'] : [],
        paths: ['test/a.test.js'],
      });
    const log = parseEventLog([guard('deny'), guard('allow'), line({ at: AT, event: 'guard', decision: 'deny', codes: 'X' })].join('\n'));
    expect(log).toMatchObject({ lines: 3, corrupt: 1 });
    expect(log.events).toEqual([
      {
        kind: 'denied',
        line: 1,
        at: Date.parse(AT),
        task: 'T1',
        phase: 'green',
        agent: 'codex',
        tool: 'apply_patch',
        codes: ['TESTS_FROZEN'],
        paths: ['test/a.test.js'],
      },
    ]);
  });

  it('reads an empty log', () => {
    expect(parseEventLog('')).toEqual({ events: [], lines: 0, corrupt: 0 });
  });
});
