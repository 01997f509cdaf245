/**
 * `tdd attempt` through the real CLI (bin/tdd.js → dist/tdd.cjs, so `npm run build` first):
 * concurrent processes lose no count, the ceiling holds across them, the clock is injected with
 * TDD_NOW, and an unreadable ledger exits 2.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, makeRepo, type Repo } from '../../helpers/repo.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let repo: Repo;
beforeEach(() => {
  repo = makeRepo();
});
afterEach(() => repo.cleanup());

/** One shell that runs `tdd attempt` for each argv in turn; resolves with the exit codes. */
function sequence(argvs: string[][], env: Record<string, string> = {}): Promise<Run> {
  const script = argvs.map((a) => [process.execPath, BIN, 'attempt', ...a].map((s) => `'${s}'`).join(' ') + '; echo $?').join('\n');
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', script], { cwd: repo.dir, env: { ...repo.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
const exitCodes = (r: Run) =>
  r.stdout
    .split('\n')
    .filter((l) => /^\d+$/.test(l))
    .map(Number);
const ledger = () => JSON.parse(repo.read('.git/tdd/attempts.json')) as { tasks: Record<string, { red: number; green: number }> };

describe('tdd attempt (spawned CLI)', () => {
  it('8 processes × 10 attempts at once into one ledger: all 80 counted', async () => {
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, p) => sequence(Array.from({ length: 10 }, (_, i) => [`p${p}-${i >> 1}`, i % 2 ? 'green' : 'red', '--batch']))),
    );
    for (const r of runs) expect(exitCodes(r), r.stderr).toEqual(Array(10).fill(0));
    const tasks = Object.values(ledger().tasks);
    expect(tasks).toHaveLength(40);
    expect(tasks.reduce((n, t) => n + t.red + t.green, 0)).toBe(80);
  });

  it('8 processes racing for one task: exactly 3 green attempts accepted', async () => {
    const runs = await Promise.all(Array.from({ length: 8 }, () => sequence([['12', 'green']])));
    const codes = runs.flatMap(exitCodes).sort();
    expect(codes).toEqual([0, 0, 0, 1, 1, 1, 1, 1]);
    expect(ledger().tasks['12']!.green).toBe(3);
  });

  it('the ceiling and the budget decide the exit code; the refusal prints the report and the next step', () => {
    const at = (m: number) => ({ env: { TDD_NOW: new Date(Date.parse('2025-03-01T10:00:00Z') + m * 60_000).toISOString() } });
    expect(repo.run(process.execPath, [BIN, 'attempt', '4', 'red', '--batch'], at(0)).status).toBe(0);
    expect(repo.run(process.execPath, [BIN, 'attempt', '4', 'red'], at(60)).status).toBe(0);
    const refused = repo.run(process.execPath, [BIN, 'attempt', '4', 'red'], at(61));
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain('attempt ceiling reached for task 4 (red 2/2)');
    expect(refused.stdout).toContain('`tdd attempt reset 4`');
    const late = repo.run(process.execPath, [BIN, 'attempt', '4', 'green', '--json'], at(91));
    expect(late.status).toBe(1);
    expect(JSON.parse(late.stdout)).toMatchObject({ exitCode: 1, refusals: ['TIME_BUDGET_EXCEEDED'] });
    const report = repo.run(process.execPath, [BIN, 'attempt', 'report', '4', '--json'], at(91));
    expect(JSON.parse(report.stdout)).toMatchObject({ exitCode: 0, tasks: [{ task: '4', overBudget: true, elapsedMs: 31 * 60_000 }] });
    expect(repo.tdd('attempt', 'reset', '4').status).toBe(0);
    expect(repo.run(process.execPath, [BIN, 'attempt', '4', 'red'], at(200)).status).toBe(0);
  });

  it('a corrupt ledger exits 2, naming the file and `tdd attempt reset --all`', () => {
    expect(repo.tdd('attempt', '1', 'red').status).toBe(0);
    writeFileSync(join(repo.dir, '.git', 'tdd', 'attempts.json'), 'not json');
    const r = repo.tdd('attempt', '1', 'red');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(join(repo.dir, '.git', 'tdd', 'attempts.json'));
    expect(r.stderr).toContain('tdd attempt reset --all');
    expect(JSON.parse(repo.tdd('attempt', 'report', '--json').stdout)).toMatchObject({ exitCode: 2, error: { code: 'ATTEMPTS_CORRUPT' } });
    expect(repo.tdd('attempt', 'reset', '--all').status).toBe(0);
    expect(repo.tdd('attempt', '1', 'red').status).toBe(0);
  });

  it('usage errors exit 2; --help prints the usage', () => {
    expect(repo.tdd('attempt', '1', 'blue').status).toBe(2);
    expect(repo.tdd('attempt', '1', 'red', '--nope').status).toBe(2);
    const help = repo.tdd('attempt', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: tdd attempt <ID> <red\|green>/);
  });
});
