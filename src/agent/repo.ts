/**
 * Where the repository is, read from the file system without starting git (a git process and
 * node:child_process cost more than the whole decision, see bench/run.mjs): the work tree's top,
 * its git dir (a `.git` folder, or the `gitdir:` a `.git` file names for a linked worktree or a
 * submodule), the common dir, HEAD's commit and the index's stamp. Undefined wherever git would
 * have to be asked (GIT_DIR in the environment, a reftable): the caller asks git then.
 */
import { realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isDirectory, readTextOr } from '../fs-read.js';
import { readHeadFiles } from '../git/head-files.js';

export interface GuardRepo {
  top: string;
  gitDir: string;
  commonDir: string;
  /** `git rev-parse --git-path tdd`: per worktree. */
  stateDir: string;
  /** HEAD's commit id; null on an unborn branch. */
  head: string | null;
  /** mtime, size and inode of the index: it changes whenever something is staged. */
  indexStamp: string;
}

export function findRepo(start: string, env: NodeJS.ProcessEnv): GuardRepo | undefined {
  if (env.GIT_DIR || env.GIT_WORK_TREE || env.GIT_COMMON_DIR || env.GIT_INDEX_FILE) return undefined;
  let dir: string;
  try {
    dir = realpathSync.native(resolve(start));
  } catch {
    return undefined;
  }
  for (;;) {
    const dotGit = join(dir, '.git');
    let gitDir: string | undefined;
    if (isDirectory(dotGit)) gitDir = dotGit;
    else {
      const m = /^gitdir: (.+)$/m.exec(readTextOr(dotGit) ?? '');
      if (m) gitDir = resolve(dir, m[1]!.trim());
    }
    if (gitDir) {
      let real: string;
      try {
        real = realpathSync.native(gitDir);
      } catch {
        return undefined;
      }
      const common = readTextOr(join(real, 'commondir'))?.trim();
      const commonDir = common ? resolve(real, common) : real;
      const head = readHeadFiles(real, commonDir);
      if (head === undefined) return undefined;
      let indexStamp = 'none';
      try {
        const st = statSync(join(real, 'index'));
        indexStamp = `${st.mtimeMs}:${st.size}:${st.ino}`;
      } catch {
        // no index yet (a fresh repository)
      }
      return { top: dir, gitDir: real, commonDir, stateDir: join(real, 'tdd'), head, indexStamp };
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}
