/**
 * The attempts ledger on disk: `<stateDir>/attempts.json`. Every change is a read-modify-write
 * under an exclusive lock file (`attempts.json.lock`, created with O_EXCL), and the write itself
 * is atomic (temp + rename), so two processes recording at once lose no count and a crash never
 * leaves half a file. A ledger we cannot read is an error, never a silent reset.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { emptyLedger, parseLedger, type AttemptLedger } from '../budget/ledger.js';
import { TddError } from '../errors.js';
import { writeJsonAtomic } from './store.js';

export const ATTEMPTS_FILE = 'attempts.json';
export const attemptsPath = (stateDir: string): string => join(stateDir, ATTEMPTS_FILE);

export interface LockOptions {
  /** Give up waiting for the lock after this long (exit 3). */
  timeoutMs?: number;
  /** A lock older than this is taken over even if its owner may live (a critical section takes milliseconds). */
  staleMs?: number;
}

const DEFAULT_LOCK: Required<LockOptions> = { timeoutMs: 15_000, staleMs: 10_000 };

function corrupt(file: string, reason: string): TddError {
  return new TddError('ATTEMPTS_CORRUPT', `the attempts ledger ${file} is unreadable: ${reason}`, 2, {
    hint: 'keep a copy if you want to inspect it, then `tdd attempt reset --all` to start a new ledger (every task gets fresh attempts)',
    data: { file, reason },
  });
}

/** The ledger; empty when the file does not exist yet. */
export async function readAttempts(stateDir: string): Promise<AttemptLedger> {
  const file = attemptsPath(stateDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return emptyLedger();
    // A folder, no permission…: named like any other unreadable ledger, never an internal error.
    throw corrupt(file, `not a readable file (${code ?? (e as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw corrupt(file, `not valid JSON (${(e as Error).message})`);
  }
  let parsed: ReturnType<typeof parseLedger>;
  try {
    parsed = parseLedger(value);
  } catch {
    // JSON.parse reads deeper nesting than the problem's JSON.stringify writes back (RangeError).
    throw corrupt(file, '(root): nested too deeply');
  }
  if ('problem' in parsed) throw corrupt(file, parsed.problem);
  return parsed.ledger;
}

/** The atomic write, with the file named when something that is not the ledger is in its way. */
async function writeLedger(file: string, ledger: AttemptLedger): Promise<void> {
  try {
    await writeJsonAtomic(file, ledger);
  } catch (e) {
    throw new TddError('ATTEMPTS_UNWRITABLE', `could not write the attempts ledger ${file}: ${(e as Error).message}`, 3, {
      hint: `remove whatever is at ${file} (it is local state, never committed) and run the command again`,
      data: { file },
      cause: e,
    });
  }
}

/**
 * Read, change and write the ledger as one step against every other process. `change` is pure;
 * its ledger is written only when `write` is true (a refused attempt changes nothing).
 */
export async function updateAttempts<T>(
  stateDir: string,
  change: (ledger: AttemptLedger) => { ledger: AttemptLedger; result: T; write: boolean },
  opts: LockOptions = {},
): Promise<T> {
  return withLock(stateDir, opts, async () => {
    const { ledger, result, write } = change(await readAttempts(stateDir));
    if (write) await writeLedger(attemptsPath(stateDir), ledger);
    return result;
  });
}

/**
 * `reset --all`: a new, empty ledger, even over an unreadable one (that is the documented fix).
 * Returns how many tasks were dropped, or null when the old ledger was unreadable.
 */
export async function clearAttempts(stateDir: string, opts: LockOptions = {}): Promise<number | null> {
  return withLock(stateDir, opts, async () => {
    let dropped: number | null;
    try {
      dropped = Object.keys((await readAttempts(stateDir)).tasks).length;
    } catch (e) {
      if (!(e instanceof TddError)) throw e;
      dropped = null;
    }
    await writeLedger(attemptsPath(stateDir), emptyLedger());
    return dropped;
  });
}

interface LockOwner {
  pid: number;
  host: string;
  token: string;
  at: string;
}

interface Seen {
  text: string;
  ino: number;
  mtimeMs: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function look(file: string): Promise<Seen | undefined> {
  try {
    const [text, st] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { text, ino: st.ino, mtimeMs: st.mtimeMs };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function ownerOf(text: string): Partial<LockOwner> {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null ? (v as Partial<LockOwner>) : {};
  } catch {
    return {}; // just created, owner not written yet
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Dead owner on this host, or older than staleMs. An owner not yet written is judged by age only. */
function isStale(seen: Seen, staleMs: number): boolean {
  const owner = ownerOf(seen.text);
  if (typeof owner.pid === 'number' && owner.host === hostname() && !isAlive(owner.pid)) return true;
  return Date.now() - seen.mtimeMs > staleMs;
}

const same = (a: Seen, b: Seen) => a.text === b.text && a.ino === b.ino && a.mtimeMs === b.mtimeMs;

/**
 * Remove a stale lock. Takeovers are serialised by a second O_EXCL file and re-check that the lock
 * is still the one judged stale, so a waiter never removes a lock someone else just took.
 */
async function takeOver(lockFile: string, seen: Seen, staleMs: number): Promise<void> {
  const guard = `${lockFile}.takeover`;
  try {
    await (await open(guard, 'wx', 0o600)).close();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    // Its owner died in the few microseconds it holds it: take that over by age only.
    const g = await look(guard);
    if (g && Date.now() - g.mtimeMs > staleMs) await rm(guard, { force: true });
    return;
  }
  try {
    const again = await look(lockFile);
    if (again && same(again, seen)) await rm(lockFile, { force: true });
  } finally {
    await rm(guard, { force: true });
  }
}

async function withLock<T>(stateDir: string, opts: LockOptions, body: () => Promise<T>): Promise<T> {
  const { timeoutMs, staleMs } = { ...DEFAULT_LOCK, ...opts };
  await mkdir(stateDir, { recursive: true });
  const lockFile = `${attemptsPath(stateDir)}.lock`;
  const me: LockOwner = { pid: process.pid, host: hostname(), token: randomUUID(), at: new Date().toISOString() };
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    try {
      const fh = await open(lockFile, 'wx', 0o600);
      try {
        await fh.writeFile(JSON.stringify(me));
      } finally {
        await fh.close();
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const seen = await look(lockFile);
    if (!seen) continue; // released between our open and our look
    if (isStale(seen, staleMs)) {
      await takeOver(lockFile, seen, staleMs);
      continue;
    }
    if (Date.now() > deadline) {
      const owner = ownerOf(seen.text);
      throw new TddError('ATTEMPTS_LOCKED', `could not lock the attempts ledger: ${lockFile} is held by pid ${owner.pid ?? '?'} since ${owner.at ?? '?'}`, 3, {
        hint: `retry; if no tdd process is running, remove ${lockFile}`,
        data: { lockFile, owner },
      });
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
  try {
    return await body();
  } finally {
    // Only our own lock: if it was taken over as stale, the file is someone else's now.
    const now = await look(lockFile);
    if (now && ownerOf(now.text).token === me.token) await rm(lockFile, { force: true });
  }
}
