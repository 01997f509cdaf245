/** Where git keeps a repository's parts, as git answers from a folder: the work tree, the git dirs, the hooks. */
import { execGit, git } from './exec.js';
import type { RepoContext } from './queries.js';

/**
 * The top level, this worktree's git dir, the shared git dir and where git runs hooks from
 * (`--git-path hooks`, which honours core.hooksPath), as git prints them: relative ones are
 * relative to `cwd` ("/r/a\n.git\n.git\n.git/hooks\n"). A GitError outside a work tree.
 */
export async function readGitLayout(cwd: string, env: NodeJS.ProcessEnv): Promise<{ top: string; gitDir: string; commonDir: string; hooksDir: string }> {
  const out = await git(['rev-parse', '--show-toplevel', '--git-dir', '--git-common-dir', '--git-path', 'hooks'], { cwd, baseEnv: env });
  const [top, gitDir, commonDir, hooksDir] = out.replace(/\n$/, '').split('\n') as [string, string, string, string];
  return { top, gitDir, commonDir, hooksDir };
}

/** `git rev-parse --git-path hooks` as git prints it (relative to the top level, or absolute), or null when git cannot say. */
export async function readHooksDir(ctx: Pick<RepoContext, 'top' | 'env'>): Promise<string | null> {
  const r = await execGit(['rev-parse', '--git-path', 'hooks'], { cwd: ctx.top, baseEnv: ctx.env, okCodes: [128] });
  return r.code === 0 ? r.stdout.trim() : null;
}
