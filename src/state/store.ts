/** Local state under `git rev-parse --git-path tdd`: written atomically (temp file + rename). */
import { appendFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TddError } from '../errors.js';
import type { Pending, State } from './types.js';

async function readJson(file: string): Promise<unknown | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
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
  await mkdir(join(file, '..'), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(tmp, JSON.stringify(value, null, 2) + '\n', { mode: 0o600 });
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** The stored state; undefined when missing or unreadable (the caller rebuilds it from history). */
export async function readStateFile(stateDir: string): Promise<State | undefined> {
  const v = await readJson(join(stateDir, 'state.json'));
  if (!isState(v)) return undefined;
  return v;
}

function isState(v: unknown): v is State {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Partial<State>;
  return (
    s.version === 1 &&
    (s.phase === null || s.phase === 'red' || s.phase === 'green' || s.phase === 'refactor' || s.phase === 'off') &&
    typeof s.red === 'object' && s.red !== null && typeof s.regression === 'boolean'
  );
}

export async function writeState(stateDir: string, state: State): Promise<void> {
  const file = join(stateDir, 'state.json');
  try {
    await writeJsonAtomic(file, state);
  } catch (e) {
    throw new TddError('STATE_UNWRITABLE', `could not write ${file}: ${(e as Error).message}`, 3, {
      hint: `make ${stateDir} a writable folder (remove whatever is at ${file}); the state is rebuilt from the history`,
      cause: e,
    });
  }
}

export async function readPending(stateDir: string): Promise<Pending | undefined> {
  const v = (await readJson(join(stateDir, 'pending.json'))) as Pending | undefined;
  return v && typeof v.tree === 'string' && typeof v.phase === 'string' ? v : undefined;
}

export function writePending(stateDir: string, pending: Pending): Promise<void> {
  return writeJsonAtomic(join(stateDir, 'pending.json'), pending);
}

export async function removePending(stateDir: string): Promise<void> {
  await rm(join(stateDir, 'pending.json'), { force: true });
}

/** One line per gate run or state change; append-only. */
export async function appendEvent(stateDir: string, event: Record<string, unknown>): Promise<void> {
  await mkdir(stateDir, { recursive: true });
  await appendFile(join(stateDir, 'events.jsonl'), JSON.stringify({ at: new Date().toISOString(), ...event }) + '\n');
}
