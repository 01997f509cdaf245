import { spawn } from 'node:child_process';
import { interruptedBy } from './interrupt.js';

/**
 * Runs a test runner as a child in its own process group, so that a timeout or a Ctrl-C can end
 * the runner *and* everything it forked (vitest workers, node --test file processes, a server a
 * test forgot to close). No shell ever sees an argument.
 */

export interface RunProcessOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Bytes of stdout and of stderr kept (the tail). */
  stdoutLimit?: number;
  /** How long the group gets between SIGTERM and SIGKILL. */
  graceMs?: number;
}

export interface ProcessResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** SIGINT/SIGTERM reached us while the child ran; the group was killed. */
  interrupted: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** The child could not be started (e.g. ENOENT); exitCode is null. */
  error?: string;
}

const DEFAULT_LIMIT = 64 * 1024;

/** Keeps the last `limit` bytes of a stream without holding all of it. */
class Tail {
  private chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly limit: number) {}
  push(b: Buffer): void {
    this.chunks.push(b);
    this.size += b.length;
    while (this.chunks.length > 1 && this.size - this.chunks[0]!.length >= this.limit) {
      this.size -= this.chunks.shift()!.length;
    }
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8');
  }
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

export function runProcess(argv: string[], opts: RunProcessOptions): Promise<ProcessResult> {
  const [cmd, ...args] = argv;
  const limit = opts.stdoutLimit ?? DEFAULT_LIMIT;
  const graceMs = opts.graceMs ?? 2000;
  // Not performance.now(): the global loads node:perf_hooks on first use (~12 M instructions, ~3 ms).
  const started = process.hrtime.bigint();
  const out = new Tail(limit);
  const err = new Tail(limit);
  let timedOut = false;
  let interrupted = false;
  let spawnError: string | undefined;

  return new Promise((resolve) => {
    if (cmd === undefined) {
      resolve({ exitCode: null, signal: null, timedOut, interrupted, stdout: '', stderr: '', durationMs: 0, error: 'empty argv' });
      return;
    }
    if (interruptedBy()) {
      resolve({ exitCode: null, signal: null, timedOut, interrupted: true, stdout: '', stderr: '', durationMs: 0 });
      return;
    }
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const timers: NodeJS.Timeout[] = [];
    let settled = false;

    const stop = (): void => {
      killGroup(child.pid, 'SIGTERM');
      timers.push(setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs));
    };
    const onSignal = (): void => {
      interrupted = true;
      stop();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    timers.push(
      setTimeout(() => {
        timedOut = true;
        stop();
      }, opts.timeoutMs),
    );

    const finish = (exitCode: number | null, signal: string | null): void => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({
        exitCode,
        signal,
        timedOut,
        interrupted,
        stdout: out.text(),
        stderr: err.text(),
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
        ...(spawnError === undefined ? {} : { error: spawnError }),
      });
    };

    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e: NodeJS.ErrnoException) => {
      spawnError = e.code ?? e.message;
      finish(null, null);
    });
    child.on('exit', (code, signal) => {
      // Whatever the runner left behind in its group (a worker, a server a test forgot) goes too;
      // otherwise it would hold our pipes open and 'close' would never come.
      killGroup(child.pid, 'SIGKILL');
      timers.push(setTimeout(() => finish(code, signal), 1000));
    });
    child.on('close', (code, signal) => finish(code, signal));
  });
}
