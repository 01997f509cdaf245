/**
 * git as a user types it in a scratch repository the user watches (`tdd demo`): a new repository,
 * a commit through its hooks, a file put back, the history with its trailers. Each call runs in
 * `cwd` with exactly `env` (no index of ours): the commit is the user's, its hooks see what they
 * would see from a shell.
 */
import { execGit, git } from './exec.js';

/** `git init -q`: a new repository in `cwd` (an existing folder). */
export async function initRepo(cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  await git(['init', '-q'], { cwd, baseEnv: env });
}

/**
 * `git commit -q -m <message>` (`-a` with `all`, `--no-verify` with `verify: false`): accepted
 * when git exits 0; refused when it exits 1 (a hook said no), with what git and the hooks printed.
 */
export async function commitAs(
  cwd: string,
  env: NodeJS.ProcessEnv,
  message: string,
  o: { all?: boolean; verify?: boolean } = {},
): Promise<{ accepted: boolean; output: string }> {
  const args = ['commit', '-q', ...(o.all ? ['-a'] : []), '-m', message, ...(o.verify === false ? ['--no-verify'] : [])];
  const r = await execGit(args, { cwd, baseEnv: env, okCodes: [1] });
  return { accepted: r.code === 0, output: (r.stdout + r.stderr).trimEnd() };
}

/** `git checkout -q -- <paths>`: tracked files put back as the index holds them. */
export async function restoreFromIndex(cwd: string, env: NodeJS.ProcessEnv, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await git(['checkout', '-q', '--', ...paths.map((p) => `:(literal)${p}`)], { cwd, baseEnv: env });
}

/** `git log --reverse`, oldest first: `<short id> <subject>` and, on the next line, the trailers `keys` name, `; ` between them. */
export async function readTrailerHistory(cwd: string, env: NodeJS.ProcessEnv, keys: readonly string[]): Promise<string> {
  const trailers = `%(trailers:${keys.map((k) => `key=${k},`).join('')}separator=%x3B )`;
  return git(['log', `--format=%h %s%n${trailers}`, '--reverse'], { cwd, baseEnv: env });
}
