/** Run the given test files on a private copy of `tree` (never the user's working tree). */
import type { Config, RunnerName } from '../config/schema.js';
import { readObjects, type RepoContext } from '../git/queries.js';
import { runTests } from '../runners/run.js';
import type { RunResult } from '../types.js';
import { scrubbedEnv } from './env.js';
import { materialize } from './scratch.js';
import { runStaticChecks } from './static-checks.js';
import type { StaticCheckResult } from '../gates/types.js';

export async function runStaged(repo: RepoContext, config: Config, runner: RunnerName, tree: string, files: string[]): Promise<RunResult> {
  const [blobs, scratch] = await Promise.all([readObjects(repo, files.map((f) => `${tree}:${f}`)), materialize(repo, tree, config.isolation.link)]);
  const sources = new Map(files.map((f, i) => [f, blobs[i]?.toString('utf8') ?? '']));
  try {
    const run = await runTests({
      runner,
      root: scratch.tree,
      files,
      env: { ...scrubbedEnv(repo.env), FORCE_COLOR: '0', NO_COLOR: '1' },
      timeoutMs: config.timeoutSeconds * 1000,
      sources,
    });
    return withRepoPaths(run, scratch.tree);
  } finally {
    await scratch.release();
  }
}

/** Run the configured static checks on a private copy of `tree`, `{files}` being the commit's changed files. */
export async function checkStaged(repo: RepoContext, config: Config, tree: string, changed: string[]): Promise<StaticCheckResult[]> {
  const scratch = await materialize(repo, tree, config.isolation.link);
  try {
    const env = { ...scrubbedEnv(repo.env), FORCE_COLOR: '0', NO_COLOR: '1' };
    return await runStaticChecks(config.staticChecks, scratch.tree, changed, env, config.timeoutSeconds * 1000);
  } finally {
    await scratch.release();
  }
}

/** Messages name files as the user knows them, not by their place in the scratch copy. */
function withRepoPaths(run: RunResult, root: string): RunResult {
  const strip = (m: string | undefined) => m?.split(`${root}/`).join('');
  return {
    ...run,
    tests: run.tests.map((t) => (t.message ? { ...t, message: strip(t.message)! } : t)),
    fileErrors: run.fileErrors.map((e) => ({ ...e, message: strip(e.message)! })),
    ...(run.outputTail ? { outputTail: strip(run.outputTail)! } : {}),
  };
}
