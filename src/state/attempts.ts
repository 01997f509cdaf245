/**
 * The attempts ledger on disk: `<stateDir>/attempts.json`. Every change is a read-modify-write
 * under an exclusive lock file (`attempts.json.lock`: state/lock.ts), and the write itself
 * is atomic (temp + rename), so two processes recording at once lose no count and a crash never
 * leaves half a file. A ledger we cannot read is an error, never a silent reset.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { emptyLedger, parseLedger, type AttemptLedger } from '../budget/ledger.js';
import { TddError } from '../errors.js';
import { readLockOwner, releaseLock, tryLock, type LockOwner } from './lock.js';
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

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** `body` under `attempts.json.lock` (state/lock.ts), waited for up to timeoutMs. */
async function withLock<T>(stateDir: string, opts: LockOptions, body: () => Promise<T>): Promise<T> {
  const { timeoutMs, staleMs } = { ...DEFAULT_LOCK, ...opts };
  await mkdir(stateDir, { recursive: true });
  const lockFile = `${attemptsPath(stateDir)}.lock`;
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  let me: LockOwner | undefined;
  while (!(me = tryLock(lockFile, staleMs))) {
    if (Date.now() > deadline) {
      const owner = readLockOwner(lockFile);
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
    releaseLock(lockFile, me);
  }
}
