/** The core.* settings tdd-hooks reads, one question each. None of them writes the config. */
import { execGit } from './exec.js';
import type { RepoContext } from './queries.js';

/** core.fileMode (default true): whether the executable bit counts. */
export async function readFileMode(ctx: RepoContext): Promise<boolean> {
  const r = await execGit(['config', '--bool', '--get', 'core.fileMode'], { cwd: ctx.top, baseEnv: ctx.env, okCodes: [1] });
  return r.stdout.trim() !== 'false';
}

/** core.excludesFile with `~` expanded (`--path`), or null when unset or git cannot say. Synchronous (see GitOptions.sync). */
export async function readExcludesFileSetting(top: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const r = await execGit(['config', '--path', '--get', 'core.excludesFile'], { cwd: top, baseEnv: env, okCodes: [1], sync: true }).catch(() => undefined);
  return (r?.code === 0 && r.stdout.trim()) || null;
}

/** Whether core.hooksPath is set at all (to any value, `.git/hooks` included). */
export async function isHooksPathSet(top: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const r = await execGit(['config', '--get', 'core.hooksPath'], { cwd: top, baseEnv: env, okCodes: [1] });
  return r.code === 0;
}

/** `core.hooksPath` and the config file that sets it, for the refusal message. */
export async function readHooksPathOrigin(top: string, env: NodeJS.ProcessEnv): Promise<{ value: string; origin: string } | null> {
  const r = await execGit(['config', '--show-origin', '--get', 'core.hooksPath'], { cwd: top, baseEnv: env, okCodes: [1] });
  // "file:/home/u/.gitconfig\t/home/u/.githooks\n"
  const [origin, value] = r.stdout.replace(/\n$/, '').split('\t');
  return r.code === 0 && origin !== undefined && value !== undefined ? { value, origin } : null;
}

/**
 * `git config --show-scope --show-origin --get core.hooksPath` as git prints it
 * ("local\tfile:.git/config\t.husky/_\n"; doctor/parse.ts parseHooksPathSetting reads it), or null
 * when unset. A GitError on git < 2.26, which has no --show-scope.
 */
export async function readHooksPathScoped(top: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const r = await execGit(['config', '--show-scope', '--show-origin', '--get', 'core.hooksPath'], { cwd: top, baseEnv: env, okCodes: [1] });
  return r.code === 0 ? r.stdout : null;
}
