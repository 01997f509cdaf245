/**
 * The ledger under contention: separate node processes (the compiled dist/, as the CLI runs it)
 * record into one `attempts.json` at the same moment and no count is lost; the ceiling holds
 * across processes; stale locks are taken over, live ones waited for.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordAttempt } from '../../../src/budget/attempts.js';
import { attemptsPath, readAttempts, updateAttempts } from '../../../src/state/attempts.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';

const DIST_STATE = join(PROJECT_ROOT, 'dist', 'state', 'attempts.js');
const DIST_BUDGET = join(PROJECT_ROOT, 'dist', 'budget', 'attempts.js');

// argv: stateDir task phase count limitsJson startAtMs → prints how many were accepted
const WORKER = `
import { updateAttempts } from ${JSON.stringify(pathToFileURL(DIST_STATE).href)};
import { recordAttempt } from ${JSON.stringify(pathToFileURL(DIST_BUDGET).href)};
const [stateDir, task, phase, count, limits, startAt] = process.argv.slice(1);
await new Promise((r) => setTimeout(r, Math.max(0, Number(startAt) - Date.now())));
let accepted = 0;
for (let i = 0; i < Number(count); i++) {
  const v = await updateAttempts(stateDir, (l) => {
    const r = recordAttempt(l, task, phase, { batch: false, now: new Date() }, JSON.parse(limits));
    return { ledger: r.ledger, result: r.verdict, write: r.verdict.accepted };
  });
  if (v.accepted) accepted++;
}
process.stdout.write(String(accepted));
`;

function worker(stateDir: string, task: string, count: number, limits: object, startAt: number): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', WORKER, stateDir, task, 'green', String(count), JSON.stringify(limits), String(startAt)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

let repo: Repo;
let stateDir: string;
beforeAll(() => {
  if (!existsSync(DIST_STATE) || !existsSync(DIST_BUDGET)) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` first');
});
beforeEach(() => {
  repo = makeRepo();
  stateDir = join(repo.dir, '.git', 'tdd');
});
afterEach(() => repo.cleanup());

describe('concurrent recording', () => {
  it('8 processes × 10 attempts at once: exactly 80 counted', async () => {
    const startAt = Date.now() + 400;
    const limits = { red: 2, green: 1000, perTaskMinutes: 30 };
    const results = await Promise.all(Array.from({ length: 8 }, () => worker(stateDir, '12', 10, limits, startAt)));
    for (const r of results) expect([r.code, r.out], r.err).toEqual([0, '10']);
    const ledger = await readAttempts(stateDir);
    expect(ledger.tasks['12']!.green).toBe(80);
    expect(ledger.tasks['12']!.history).toHaveLength(80);
    expect(readdirSync(stateDir).sort()).toEqual(['attempts.json']); // no lock or temp file left behind
  });

  it('the ceiling holds across processes: exactly `ceiling` attempts accepted in total', async () => {
    const startAt = Date.now() + 400;
    const limits = { red: 2, green: 25, perTaskMinutes: 30 };
    const results = await Promise.all(Array.from({ length: 8 }, () => worker(stateDir, '12', 10, limits, startAt)));
    expect(results.reduce((n, r) => n + Number(r.out), 0)).toBe(25);
    expect((await readAttempts(stateDir)).tasks['12']!.green).toBe(25);
  });
});

describe('the lock', () => {
  const LIMITS = { red: 2, green: 3, perTaskMinutes: 30 };
  const lockFile = () => `${attemptsPath(stateDir)}.lock`;
  const recordOne = (opts = {}) =>
    updateAttempts(
      stateDir,
      (l) => {
        const r = recordAttempt(l, '1', 'red', { batch: false, now: new Date() }, LIMITS);
        return { ledger: r.ledger, result: r.verdict, write: true };
      },
      opts,
    );
  const holdLock = (owner: object | string, ageSeconds = 0) => {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(lockFile(), typeof owner === 'string' ? owner : JSON.stringify(owner));
    if (ageSeconds) {
      const t = new Date(Date.now() - ageSeconds * 1000);
      utimesSync(lockFile(), t, t);
    }
  };

  it('a lock whose process is dead is taken over at once', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    holdLock({ pid: dead, host: hostname(), token: 'gone', at: new Date().toISOString() });
    const started = Date.now();
    expect((await recordOne()).count).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(existsSync(lockFile())).toBe(false);
  });

  it('a live, fresh lock is waited for, then reported (exit 3) without touching it', async () => {
    const owner = { pid: process.pid, host: hostname(), token: 'mine', at: new Date().toISOString() };
    holdLock(owner);
    await expect(recordOne({ timeoutMs: 300 })).rejects.toMatchObject({ code: 'ATTEMPTS_LOCKED', exitCode: 3 });
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual(owner);
    expect(existsSync(attemptsPath(stateDir))).toBe(false);
  });

  it('a lock older than staleMs is taken over even if its pid lives (or is on another host)', async () => {
    holdLock({ pid: process.pid, host: 'elsewhere', token: 'old', at: '2025-01-01T00:00:00Z' }, 60);
    expect((await recordOne()).count).toBe(1);
  });

  it('a lock whose owner is not written yet is judged by age', async () => {
    holdLock('');
    await expect(recordOne({ timeoutMs: 200 })).rejects.toMatchObject({ code: 'ATTEMPTS_LOCKED' });
    holdLock('', 60);
    expect((await recordOne()).count).toBe(1);
  });

  it('a released lock is picked up by a waiter', async () => {
    holdLock({ pid: process.pid, host: hostname(), token: 'short', at: new Date().toISOString() });
    setTimeout(() => spawnSync('rm', ['-f', lockFile()]), 150);
    expect((await recordOne({ timeoutMs: 5000 })).count).toBe(1);
  });
});
