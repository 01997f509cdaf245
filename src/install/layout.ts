/**
 * Where the hooks go: the repository as git sees it from the directory install runs in, and
 * whether husky owns the hooks directory.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { TddError } from '../errors.js';
import { isHooksPathSet } from '../git/config.js';
import { GitError } from '../git/exec.js';
import { readGitLayout } from '../git/layout.js';
import { readJsonObject } from '../fs-read.js';
import { isInside, realpathLoose, toPosix } from './paths.js';

export interface RepoLayout {
  /** Top level of the worktree install runs in. */
  top: string;
  gitDir: string;
  /** The git dir shared by all worktrees (`.git` of the main worktree). */
  commonDir: string;
  /** Where git runs hooks from: `git rev-parse --git-path hooks` (honours core.hooksPath). */
  hooksDir: string;
  /** husky's folder of tracked scripts (`<top>/.husky`) when husky runs the hooks. */
  huskyDir: string | null;
  /** Where hooksDir sits: in a git dir of this repository, in the worktree, or elsewhere. */
  hooksDirPlace: 'git-dir' | 'worktree' | 'outside';
}

function usesHusky(pkg: Record<string, unknown> | undefined): boolean {
  if (!pkg) return false;
  const deps = { ...(pkg.dependencies as object), ...(pkg.devDependencies as object) };
  const prepare = (pkg.scripts as Record<string, unknown> | undefined)?.prepare;
  return 'husky' in deps || (typeof prepare === 'string' && /\bhusky\b/.test(prepare));
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

/**
 * husky v9 sets core.hooksPath to `.husky/_` (a generated, git-ignored folder of stubs that run the
 * tracked `.husky/<hook>`); v4–v8 set `.husky` itself. A custom husky dir shows itself by husky's
 * files (`_/h`, `_/husky.sh`). A repository with a `.husky/` folder and husky in package.json whose
 * hooksPath is not set yet (before `npm install` runs husky) is husky's too.
 */
async function detectHuskyDir(top: string, hooksDir: string, defaultHooksDir: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  if (hooksDir === defaultHooksDir) {
    if (!isDir(join(top, '.husky')) || !usesHusky(readJsonObject(join(top, 'package.json')))) return null;
    // .git/hooks named on purpose in core.hooksPath is not "husky not installed yet".
    return (await isHooksPathSet(top, env)) ? null : join(top, '.husky');
  }
  if (!isInside(hooksDir, top)) return null;
  const rel = toPosix(relative(top, hooksDir));
  if (rel === '.husky/_' || rel === '.husky') return join(top, '.husky');
  if (basename(hooksDir) === '_' && (existsSync(join(hooksDir, 'h')) || existsSync(join(hooksDir, 'husky.sh')))) return dirname(hooksDir);
  if (existsSync(join(hooksDir, '_', 'husky.sh'))) return hooksDir;
  return null;
}

function notARepo(cwd: string, e: GitError): TddError {
  const reason = e.stderr.trim().split('\n').at(-1) ?? '';
  if (/dubious ownership/.test(e.stderr)) {
    return new TddError('DUBIOUS_OWNERSHIP', `git refuses this repository: ${reason}`, 2, {
      cause: e,
      hint: `if you trust it: git config --global --add safe.directory ${JSON.stringify(cwd)}`,
    });
  }
  if (/must be run in a work tree/.test(e.stderr)) {
    return new TddError('NO_WORK_TREE', `no work tree here (${cwd}): a bare repository or inside .git`, 2, {
      cause: e,
      hint: 'run npx tdd-hooks install in the top level of a checkout',
    });
  }
  return new TddError('NOT_A_REPO', `not inside a git repository (${cwd})`, 2, {
    cause: e,
    hint: 'run it from your project inside a git repository, or `git init` first',
    data: { reason },
  });
}

export async function readRepoLayout(cwd: string, env: NodeJS.ProcessEnv): Promise<RepoLayout> {
  let found: Awaited<ReturnType<typeof readGitLayout>>;
  try {
    found = await readGitLayout(cwd, env);
  } catch (e) {
    if (e instanceof GitError) throw notARepo(cwd, e);
    if (e instanceof TddError && e.code === 'GIT_MISSING') {
      throw new TddError('GIT_MISSING', `git not found: ${e.message}`, 2, { cause: e, hint: 'install git and make sure it is on PATH' });
    }
    throw e;
  }
  // Relative answers are relative to cwd.
  const real = (p: string): string => realpathLoose(resolve(cwd, p));
  const [top, gitDir, commonDir, hooksDir] = [real(found.top), real(found.gitDir), real(found.commonDir), real(found.hooksDir)];
  const defaultHooksDir = join(commonDir, 'hooks');
  const hooksDirPlace = isInside(hooksDir, commonDir) || isInside(hooksDir, gitDir) ? 'git-dir' : isInside(hooksDir, top) ? 'worktree' : 'outside';
  return { top, gitDir, commonDir, hooksDir, huskyDir: await detectHuskyDir(top, hooksDir, defaultHooksDir, env), hooksDirPlace };
}
