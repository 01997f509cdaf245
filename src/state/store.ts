/**
 * Local state under `git rev-parse --git-path tdd`: written atomically (temp file + rename).
 * Synchronous on purpose: these files are a few hundred bytes, and on a hook that runs no tests a
 * thread-pool round trip per step (open, stat, read, close) cost more than the reads themselves
 * (~0.5–1 ms each vs ~0.05 ms; see docs/benchmarks.md). The functions stay async for callers.
 */
import { appendFileSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TddError } from '../errors.js';
import { parsePending, parseState } from './parse.js';
import type { Pending, State } from './types.js';

function readJson(file: string): unknown | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Not a readable file (a directory, no permission): as good as corrupt; the state is rebuilt.
    return { corrupt: true };
  }
  try {
    return JSON.parse(text);
  } catch {
    return { corrupt: true };
  }
}

export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  writeJsonAtomicSync(file, value);
}

function writeJsonAtomicSync(file: string, value: unknown): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(value, null, 2) + '\n', { mode: 0o600 });
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // the temp file was never written: the first error is the one to report
    }
    throw e;
  }
}

/** The stored state; undefined when missing, unreadable or not what we write (the caller rebuilds it from history). */
export async function readStateFile(stateDir: string): Promise<State | undefined> {
  return parseState(readJson(join(stateDir, 'state.json')));
}

export async function writeState(stateDir: string, state: State): Promise<void> {
  const file = join(stateDir, 'state.json');
  unwritable(file, stateDir, () => writeJsonAtomicSync(file, state));
}

/** The pending verdict; undefined when missing or not what we write (the tests then run again). */
export async function readPending(stateDir: string): Promise<Pending | undefined> {
  return parsePending(readJson(join(stateDir, 'pending.json')));
}

export async function writePending(stateDir: string, pending: Pending): Promise<void> {
  const file = join(stateDir, 'pending.json');
  unwritable(file, stateDir, () => writeJsonAtomicSync(file, pending));
}

export async function removePending(stateDir: string): Promise<void> {
  const file = join(stateDir, 'pending.json');
  unwritable(file, stateDir, () => removeFile(file));
}

/** A state file that cannot be written or removed (a folder in its place, no permission): exit 3 naming it. */
function unwritable(file: string, stateDir: string, write: () => void): void {
  try {
    write();
  } catch (e) {
    throw new TddError('STATE_UNWRITABLE', `could not write ${file}: ${(e as Error).message}`, 3, {
      hint: `make ${stateDir} a writable folder (remove whatever is at ${file}); the state is rebuilt from the history`,
      cause: e,
    });
  }
}

/** unlink, a missing file being fine (fs.rmSync would load node's rimraf: ~0.4 ms on every commit). */
function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/** One line per gate run or state change; append-only. */
export async function appendEvent(stateDir: string, event: Record<string, unknown>): Promise<void> {
  const file = join(stateDir, 'events.jsonl');
  unwritable(file, stateDir, () => {
    mkdirSync(stateDir, { recursive: true });
    appendFileSync(file, JSON.stringify({ at: new Date().toISOString(), ...event }) + '\n');
  });
}
