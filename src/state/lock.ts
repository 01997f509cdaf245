/**
 * The one lock-file protocol, for the private copy (verify/scratch.ts: tried once; a busy copy means
 * a throwaway one) and the attempts ledger (state/attempts.ts: waited for). A lock is a file
 * created with O_EXCL that names its owner, `{"pid":…,"host":…,"token":…,"at":…}`. A lock whose
 * owner died on this host is taken over at once, one older than `staleMs` whoever owns it (the
 * private copy: never, a test run may take long), and one whose owner is not written yet (created,
 * not yet filled; or a bare pid, as tdd-hooks wrote the copy's lock before) after UNWRITTEN_MS at most. A takeover is
 * serialised by a second O_EXCL file and re-checks that the lock is still the one judged stale, so
 * no one removes a lock somebody else just took; a holder removes only its own lock (by token).
 * Synchronous: a few syscalls, and the private copy's git processes must start at once (verify/head-start.ts).
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

export interface LockOwner {
  pid: number;
  host: string;
  token: string;
  at: string;
}

/** How long a lock whose owner is not written, or a takeover's own guard file, may stand: both are held for microseconds. */
const UNWRITTEN_MS = 10_000;

interface Seen {
  text: string;
  ino: number;
  mtimeMs: number;
}

/** One try: the lock (its owner: us), or undefined while someone else holds it. */
export function tryLock(file: string, staleMs: number): LockOwner | undefined {
  const me: LockOwner = { pid: process.pid, host: hostname(), token: randomUUID(), at: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      return me;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const seen = look(file);
    if (!seen) continue; // released between our open and our look
    if (!isStale(seen, staleMs)) return undefined;
    takeOver(file, seen, staleMs);
  }
  return undefined;
}

/** Only our own lock: if it was taken over as stale, the file is someone else's now. */
export function releaseLock(file: string, me: LockOwner): void {
  const now = look(file);
  if (now && ownerOf(now.text).token === me.token) rmSync(file, { force: true });
}

/** Who holds the lock, as far as its file says. */
export function readLockOwner(file: string): Partial<LockOwner> {
  return ownerOf(look(file)?.text ?? '');
}

/** A process of this host that still exists (one we may not signal exists too). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function look(file: string): Seen | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    const st = statSync(file);
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

/** Dead owner on this host, or older than staleMs. An owner not yet written is judged by age only. */
function isStale(seen: Seen, staleMs: number): boolean {
  const owner = ownerOf(seen.text);
  if (typeof owner.pid === 'number' && owner.host === hostname() && !isAlive(owner.pid)) return true;
  const written = typeof owner.pid === 'number';
  return Date.now() - seen.mtimeMs > (written ? staleMs : Math.min(staleMs, UNWRITTEN_MS));
}

const same = (a: Seen, b: Seen) => a.text === b.text && a.ino === b.ino && a.mtimeMs === b.mtimeMs;

/** Removes a stale lock, serialised by `<file>.takeover`. */
function takeOver(file: string, seen: Seen, staleMs: number): void {
  const guard = `${file}.takeover`;
  try {
    closeSync(openSync(guard, 'wx', 0o600));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    // Its owner died in the few microseconds it holds it: take that over by age only.
    const g = look(guard);
    if (g && Date.now() - g.mtimeMs > Math.min(staleMs, UNWRITTEN_MS)) rmSync(guard, { force: true });
    return;
  }
  try {
    const again = look(file);
    if (again && same(again, seen)) rmSync(file, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}
