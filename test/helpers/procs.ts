/**
 * Fault injection for hook tests (catalogue §8): a command started as the leader of its own
 * process group (so a signal can go to the whole group, as a terminal's Ctrl-C does), and every
 * process it starts, followed through /proc — so a test can find the hook or the runner, signal
 * them, and wait until each of them is gone (an orphan re-parented away from the tree included).
 * Linux only: `HAS_PROC` says whether it can work here.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const HAS_PROC = process.platform === 'linux' && existsSync('/proc/self/stat');

interface Stat {
  ppid: number;
  pgid: number;
  state: string;
}

/** /proc/<pid>/stat, read after the command name (which may hold spaces and parentheses). */
function stat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: f[0]!, ppid: Number(f[1]), pgid: Number(f[2]) };
  } catch {
    return undefined;
  }
}

/** Running (a zombie waiting for a parent that never reaps it counts as gone). */
export function alive(pid: number): boolean {
  const s = stat(pid);
  return s !== undefined && s.state !== 'Z' && s.state !== 'X';
}

export function processGroupOf(pid: number): number | undefined {
  return stat(pid)?.pgid;
}

export function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter((a) => a !== '');
  } catch {
    return [];
  }
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const t of tasks) {
    try {
      for (const c of readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ')) if (c.trim()) out.push(Number(c));
    } catch {
      /* gone, or a kernel without the children file: see below */
    }
  }
  return out;
}

/** Children by a full scan of /proc (kernels without /proc/<pid>/task/<tid>/children). */
function childrenByScan(parents: Set<number>): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s && parents.has(s.ppid)) out.push(Number(name));
  }
  return out;
}

const HAS_CHILDREN_FILE = HAS_PROC && existsSync(`/proc/${process.pid}/task/${process.pid}/children`);

export interface Launched {
  /** The leader's pid, which is also the id of its process group. */
  pid: number;
  /** stdout and stderr so far, interleaved. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Every process seen in the tree so far (the leader excluded). */
  seen: Set<number>;
  /** The processes seen in the tree whose argv holds every one of `words` (exact arguments). */
  find(...words: string[]): number[];
  /** Wait until the leader and every process ever seen in its tree are gone; throws after `timeoutMs`. */
  settle(timeoutMs?: number): Promise<void>;
  /** SIGKILL whatever of the tree is still running (by pid) and stop watching. */
  dispose(): void;
}

/** Start `cmd` detached (a new session and process group) and watch the processes it starts. */
export function launch(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Launched {
  const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid!;
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
  child.stderr.on('data', (b: Buffer) => (out += b.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const seen = new Set<number>();
  const commands = new Map<number, string[]>();
  const scan = (): void => {
    // Breadth-first from the leader and every process seen that still runs (orphans keep their
    // own children, though they are no longer below the leader).
    const roots = new Set([pid, ...[...seen].filter(alive)]);
    let level = [...roots];
    while (level.length > 0) {
      const next = HAS_CHILDREN_FILE ? level.flatMap(childrenOf) : childrenByScan(new Set(level));
      level = [];
      for (const c of next) {
        if (c === pid || seen.has(c)) continue;
        seen.add(c);
        level.push(c);
      }
    }
    // A forked child shows its parent's command line until it execs: keep the latest one seen.
    for (const p of seen) {
      const argv = cmdline(p);
      if (argv.length > 0) commands.set(p, argv);
    }
  };
  const timer = setInterval(scan, 5);
  scan();
  const stillRunning = (): number[] => [pid, ...seen].filter(alive);
  return {
    pid,
    output: () => out,
    exited,
    seen,
    find(...words) {
      scan();
      return [...seen].filter((p) => {
        const argv = commands.get(p) ?? [];
        return words.every((w) => argv.includes(w));
      });
    },
    async settle(timeoutMs = 15_000) {
      await exited;
      const until = Date.now() + timeoutMs;
      for (;;) {
        scan();
        const left = stillRunning();
        if (left.length === 0) return;
        if (Date.now() > until) {
          const what = left.map((p) => `${p}: ${(commands.get(p) ?? cmdline(p)).join(' ')}`).join('\n');
          throw new Error(`still running ${timeoutMs} ms after ${cmd} exited:\n${what}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    dispose() {
      clearInterval(timer);
      for (const p of stillRunning()) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    },
  };
}

/** Poll `check` until it returns a value other than undefined/false; throws after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 15_000, everyMs = 5): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
