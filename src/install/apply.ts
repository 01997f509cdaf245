/** Reads hook files for the planner and carries out its file operations. */
import { chmod, lstat, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import type { FileOp, FileState } from './plan.js';

/** What is at `path`, without following a symlink. Windows has no executable bit: files count as 0755. */
export async function readFileState(path: string): Promise<FileState> {
  let st;
  try {
    st = await lstat(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    throw e;
  }
  if (!st.isFile()) return { kind: 'other' };
  const mode = process.platform === 'win32' ? 0o755 : st.mode & 0o7777;
  return { kind: 'file', content: await readFile(path, 'utf8'), mode };
}

/** Write beside the target, then rename over it: a hook is never seen half-written. */
async function writeAtomic(path: string, content: string, mode: number): Promise<void> {
  const tmp = `${path}.tdd-hooks-${process.pid}.tmp`;
  try {
    await writeFile(tmp, content, { mode });
    await chmod(tmp, mode);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** In order; the planner orders them so that an interruption leaves a state the next run repairs. */
export async function applyOps(ops: readonly FileOp[]): Promise<void> {
  for (const op of ops) {
    if (op.op === 'write') await writeAtomic(op.path, op.content, op.mode);
    else if (op.op === 'rename') await rename(op.from, op.to);
    else await unlink(op.path);
  }
}
