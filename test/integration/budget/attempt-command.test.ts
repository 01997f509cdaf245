/**
 * `tdd attempt` in-process (its `run`, as cli/main calls it) in a real temp repository: the ledger
 * lands in `git rev-parse --git-path tdd`, the clock is injected through TDD_NOW.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import attempt from '../../../src/cli/commands/attempt.js';
import type { CommandResult } from '../../../src/cli/types.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const iso = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

let repo: Repo;
let ledgerFile: string;
beforeEach(() => {
  repo = makeRepo();
  ledgerFile = join(repo.dir, '.git', 'tdd', 'attempts.json');
});
afterEach(() => repo.cleanup());

function tdd(minute: number, ...argv: string[]): Promise<CommandResult> {
  return attempt.run({ argv, cwd: repo.dir, env: { ...repo.env, TDD_NOW: iso(minute) }, json: false, color: false });
}
const codes = async (minute: number, ...argv: string[]) => (await tdd(minute, ...argv)).exitCode;

describe('tdd attempt <ID> <red|green>', () => {
  it('GREEN: attempts 1-3 exit 0, the 4th exits 1 with the report and the next step', async () => {
    expect([await codes(0, '12', 'green'), await codes(1, '12', 'green'), await codes(2, '12', 'green')]).toEqual([0, 0, 0]);
    const r = await tdd(3, '12', 'green');
    expect(r.exitCode).toBe(1);
    expect(r.json).toMatchObject({ accepted: false, refusals: ['ATTEMPT_CEILING'], count: 3, ceiling: 3 });
    expect(r.text).toContain('attempt ceiling reached for task 12 (green 3/3)');
    expect(r.text).toContain('`tdd attempt reset 12`');
    expect(r.text).toContain('latency report');
    expect(JSON.parse(readFileSync(ledgerFile, 'utf8')).tasks['12'].green).toBe(3);
  });

  it('RED: 2 attempts, the 3rd refused', async () => {
    expect([await codes(0, '5', 'red'), await codes(1, '5', 'red'), await codes(2, '5', 'red')]).toEqual([0, 0, 1]);
  });

  it('batch attempts count but do not start the clock; the budget runs from the first non-batch attempt', async () => {
    expect(await codes(0, '7', 'red', '--batch')).toBe(0);
    const first = await tdd(90, '7', 'red');
    expect(first.json).toMatchObject({ accepted: true, count: 2, startedClock: true, startedAt: iso(90) });
    expect(await codes(120, '7', 'green')).toBe(0);
    const late = await tdd(121, '7', 'green', '--batch');
    expect(late.exitCode).toBe(1);
    expect(late.json).toMatchObject({ refusals: ['TIME_BUDGET_EXCEEDED'], elapsedMs: 31 * 60_000 });
    expect(late.text).toContain('time budget exceeded for task 7 (31m 00s of 30m');
  });

  it('reads the ceilings and the budget from the configuration (attempts, budgets.perTaskMinutes)', async () => {
    repo.write({ '.tddrc.json': JSON.stringify({ attempts: { red: 1, green: 1 }, budgets: { perTaskMinutes: 5 } }) });
    repo.git('add', '.tddrc.json');
    expect([await codes(0, '8', 'red'), await codes(1, '8', 'red')]).toEqual([0, 1]);
    expect(await codes(6, '8', 'green')).toBe(1);
    expect((await tdd(6, '8', 'green')).json).toMatchObject({ refusals: ['TIME_BUDGET_EXCEEDED'], ceiling: 1, budgetMs: 5 * 60_000 });
  });

  it('report: attempts, elapsed and budget per task, human and JSON', async () => {
    await tdd(0, '12', 'red', '--batch');
    await tdd(2, '12', 'red');
    await tdd(5, '12', 'green');
    await tdd(3, '13', 'red');
    const one = await tdd(12, 'report', '12');
    expect(one.exitCode).toBe(0);
    expect(one.text).toContain('task 12: red 2/2 (1 batch), green 1/3; elapsed 10m 00s of 30m, 20m 00s left');
    expect(one.json.tasks).toEqual([expect.objectContaining({ task: '12', elapsedMs: 10 * 60_000, red: expect.objectContaining({ spentMs: 3 * 60_000 }) })]);
    const all = await tdd(12, 'report');
    expect((all.json.tasks as { task: string }[]).map((t) => t.task)).toEqual(['12', '13']);
  });

  it('reset ID: fresh attempts for that task only; reset --all empties the ledger', async () => {
    await tdd(0, '12', 'red');
    await tdd(0, '12', 'red');
    await tdd(0, '13', 'red');
    expect((await tdd(1, 'reset', '12')).json).toEqual({ reset: '12', removed: true });
    expect((await tdd(1, 'reset', '12')).json).toEqual({ reset: '12', removed: false });
    expect((await tdd(2, '12', 'red')).json).toMatchObject({ accepted: true, count: 1 });
    expect((await tdd(3, 'reset', '--all')).json).toEqual({ reset: 'all', dropped: 2 });
    expect(JSON.parse(readFileSync(ledgerFile, 'utf8'))).toEqual({ version: 1, tasks: {} });
  });

  it('a corrupt ledger is an error (exit 2) naming the file and the fix, never a silent reset', async () => {
    await tdd(0, '12', 'red');
    writeFileSync(ledgerFile, '{"version": 1, "tasks": {"12": {"red": "two"');
    for (const argv of [['12', 'red'], ['report'], ['reset', '12']]) {
      await expect(tdd(1, ...argv)).rejects.toMatchObject({
        code: 'ATTEMPTS_CORRUPT',
        exitCode: 2,
        message: expect.stringContaining(ledgerFile),
        hint: expect.stringContaining('tdd attempt reset --all'),
      });
    }
    expect(readFileSync(ledgerFile, 'utf8')).toContain('"two"');
    expect((await tdd(1, 'reset', '--all')).json).toEqual({ reset: 'all', dropped: null });
    expect(await codes(2, '12', 'red')).toBe(0);
  });

  it('records each call in events.jsonl, refusals included', async () => {
    await tdd(0, '3', 'red');
    await tdd(0, '3', 'red');
    await tdd(0, '3', 'red');
    const events = readFileSync(join(repo.dir, '.git', 'tdd', 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.map((e) => [e.event, e.accepted])).toEqual([
      ['attempt', true],
      ['attempt', true],
      ['attempt', false],
    ]);
  });

  it.each([
    [[]],
    [['12']],
    [['12', 'refactor']],
    [['12', 'red', 'extra']],
    [['bad id!', 'red']],
    [['report', '12', '13']],
    [['reset']],
    [['reset', '12', '--all']],
    [['reset', '12', '--batch']],
    [['12', 'red', '--all']],
    [['12', 'red', '--nope']],
  ])('usage error (exit 2): %j', async (argv) => {
    await expect(tdd(0, ...argv)).rejects.toMatchObject({ exitCode: 2 });
    expect(existsSync(ledgerFile)).toBe(false);
  });

  it('TDD_NOW that is not a time is a usage error', async () => {
    await expect(
      attempt.run({ argv: ['1', 'red'], cwd: repo.dir, env: { ...repo.env, TDD_NOW: 'yesterday' }, json: false, color: false }),
    ).rejects.toMatchObject({ exitCode: 2 });
  });
});
