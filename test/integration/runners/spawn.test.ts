/**
 * runProcess with real children: process groups, timeouts, interrupts, output tails.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runProcess } from '../../../src/process/spawn.js';
import { isAlive } from './fixture.js';

const node = process.execPath;
const opts = { cwd: tmpdir(), env: { PATH: process.env.PATH ?? '' }, timeoutMs: 10_000 };

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('runProcess', () => {
  it('returns the exit code and both outputs, without a shell', async () => {
    const r = await runProcess([node, '-e', 'console.log("out $HOME"); console.error("err"); process.exit(3)'], opts);
    expect(r).toMatchObject({ exitCode: 3, signal: null, timedOut: false, interrupted: false, stdout: 'out $HOME\n', stderr: 'err\n' });
    expect(r.error).toBeUndefined();
  });

  it('gives the child no stdin', async () => {
    const r = await runProcess(['cat'], opts);
    expect(r.exitCode).toBe(0);
  });

  it('keeps only the tail of a long output', async () => {
    const r = await runProcess([node, '-e', 'for (let i = 0; i < 20000; i++) console.log("line " + i)'], { ...opts, stdoutLimit: 1000 });
    expect(r.stdout.length).toBeLessThanOrEqual(1000);
    expect(r.stdout.endsWith('line 19999\n')).toBe(true);
  });

  it('a command that does not exist is an error, not an exit code', async () => {
    const r = await runProcess(['/nonexistent/tdd-runner'], opts);
    expect(r.exitCode).toBeNull();
    expect(r.error).toBe('ENOENT');
  });

  it('on timeout kills the whole group, grandchildren included', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tdd-spawn-'));
    const pidFile = join(dir, 'pid');
    const script = `sleep 300 & echo $! > '${pidFile}'; wait`;
    const r = await runProcess(['sh', '-c', script], { ...opts, timeoutMs: 3000 });
    expect(r.timedOut).toBe(true);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    await expect.poll(() => isAlive(grandchild), { timeout: 10_000 }).toBe(false);
  });

  it('a child that ignores SIGTERM gets SIGKILL after the grace period', async () => {
    const r = await runProcess([node, '-e', 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1000)'], {
      ...opts,
      timeoutMs: 300,
      graceMs: 300,
    });
    expect(r).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
  });

  it('SIGINT to us while the child runs kills the group, resolves as interrupted, and unhooks', async () => {
    const before = process.listeners('SIGINT');
    const beforeTerm = process.listeners('SIGTERM');
    const pending = runProcess([node, '-e', 'setInterval(() => {}, 1000)'], opts);
    const ours = process.listeners('SIGINT').filter((l) => !before.includes(l));
    expect(ours).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    // Call only our listener: emitting SIGINT would also reach the test runner's own handlers.
    (ours[0] as () => void)();
    const r = await pending;
    expect(r).toMatchObject({ interrupted: true, timedOut: false });
    expect(process.listeners('SIGINT')).toEqual(before);
    expect(process.listeners('SIGTERM')).toEqual(beforeTerm);
  });
});
