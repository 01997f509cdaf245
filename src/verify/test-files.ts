/**
 * Which test files a GREEN or REFACTOR run takes, and what the run's failures say about the test
 * files' imports. The heavier modules (the related-tests planner, the near-miss matcher) load only
 * when a run needs them.
 */
import { readObjects, readTreeFiles, type RepoContext } from '../git/queries.js';
import type { NearMiss } from '../runners/near-miss.js';
import type { RedRecord } from '../state/types.js';
import type { RunResult, StagedEntry } from '../types.js';
import type { CommitContext } from './context.js';
import type { RelatedOverBudget } from '../gates/related-over-budget.js';

/** relatedFileLimit when the configuration does not say. */
export const RELATED_FILE_LIMIT = 200;

/**
 * GREEN runs the RED record's test files. REFACTOR runs, by `refactorRuns`: those and every test
 * the change can affect (`related`, verify/related), those only (`targeted`), or every test file
 * (`full`, and whenever there is no RED record to start from). `tests` says which, for TDD-Tests.
 * More files than relatedFileLimit chosen by the import graph are not run: `overBudget` says so
 * (RELATED_OVER_BUDGET, exit 3).
 */
export async function chooseGreenFiles(
  repo: RepoContext,
  cc: CommitContext,
  tree: string,
  red: RedRecord | undefined,
  entries: StagedEntry[],
): Promise<{ files: string[]; related?: Map<string, string[]>; tests?: string; overBudget?: RelatedOverBudget }> {
  if (cc.state.phase === 'green') return { files: red?.files ?? [] };
  const how = cc.loaded.config.refactorRuns;
  const must = red?.files ?? [];
  if (how === 'targeted' && must.length > 0) return { files: must, tests: "targeted: the task's tests" };
  if (how === 'related' && must.length > 0) {
    const { planRelatedRun } = await import('./related.js');
    const changed = entries.filter((e) => e.kind === 'impl').map((e) => ({ path: e.path, deleted: e.status === 'D' }));
    const plan = await planRelatedRun(repo, cc.loaded.config, tree, changed, must, (p) => cc.classify(p) === 'test');
    // The import graph's choice is bounded (every test file of a runner without a graph is its suite, as `full` runs it: timeoutSeconds bounds that).
    const limit = cc.loaded.config.relatedFileLimit ?? RELATED_FILE_LIMIT;
    if (plan.byGraph > limit) return { files: must, tests: `related: ${plan.by.join(', ')}`, overBudget: { count: plan.byGraph, limit, by: 'import graph' } };
    return { files: plan.files, ...(plan.related.size > 0 ? { related: plan.related } : {}), tests: `related: ${plan.by.join(', ')}` };
  }
  const all = await readTreeFiles(repo, tree);
  return { files: all.filter((p) => cc.classify(p) === 'test'), tests: 'full: every test file' };
}

/**
 * The relative imports that name no file of the tree, one letter from one that does
 * (runners/near-miss), of the test files that could not load or failed on a missing symbol.
 */
export async function readNearMisses(repo: RepoContext, tree: string, run: RunResult): Promise<NearMiss[]> {
  const files = [...new Set([...run.fileErrors.map((e) => e.file), ...run.tests.filter((t) => t.failure === 'missing-symbol').map((t) => t.file)])];
  if (files.length === 0 || run.status !== 'completed') return [];
  const [texts, paths] = await Promise.all([
    readObjects(
      repo,
      files.map((f) => `${tree}:${f}`),
    ),
    readTreeFiles(repo, tree),
  ]);
  const { findNearMisses } = await import('../runners/near-miss.js');
  return files.flatMap((f, i) => (texts[i] ? findNearMisses(f, texts[i]!.toString('utf8'), paths) : []));
}
