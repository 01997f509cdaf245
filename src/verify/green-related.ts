/**
 * GREEN runs what it can break (greenRuns "related", the default): after the task's tests pass,
 * the tests related to the implementation the commit changes — REFACTOR's machinery
 * (verify/related.ts: the runner's related-tests mode, else the static import graph, else every
 * test file of the runner) minus the task's own files — run on the same tree. Only a test that
 * fails now is checked against the parent: its file alone is run on the parent's tree. The common
 * case (everything passes) costs one more run and nothing else. Bounded: more than
 * RELATED_FILE_LIMIT files chosen by name are not run, and that is said (GREEN_RELATED_UNRUN).
 */
import { readCommitTree } from '../git/queries.js';
import type { RelatedFacts } from '../gates/types.js';
import type { RedRecord } from '../state/types.js';
import type { RunResult, Snapshot } from '../types.js';
import type { CommitContext } from './context.js';

export const RELATED_FILE_LIMIT = 200;

export async function runRelatedTests(
  cc: CommitContext,
  snapshot: Snapshot,
  red: RedRecord | undefined,
  taskRun: RunResult,
): Promise<{ related: RelatedFacts; tests: string } | undefined> {
  const config = cc.loaded.config;
  if (config.greenRuns !== 'related' || !passed(taskRun)) return undefined;
  const changed = snapshot.entries.filter((e) => e.kind === 'impl').map((e) => ({ path: e.path, deleted: e.status === 'D' }));
  if (changed.length === 0) return undefined;
  const { planRelatedRun } = await import('./related.js');
  const { runStaged } = await import('./run-staged.js');
  const mine = new Set(red?.files ?? []);
  const plan = await planRelatedRun(cc.repo, config, snapshot.tree, changed, [], (p) => cc.classify(p) === 'test');
  const files = plan.files.filter((f) => !mine.has(f));
  const tests = `related: the task's tests, then ${plan.by.join(', ') || 'none'}`;
  const base = { red: red?.failing ?? [] };
  if (files.length > RELATED_FILE_LIMIT) return { related: { ...base, unrun: { reason: 'too-many', count: files.length, limit: RELATED_FILE_LIMIT } }, tests };
  if (files.length === 0 && plan.related.size === 0) return undefined;
  const run = await runStaged(cc.repo, config, snapshot.tree, files, undefined, plan.related.size > 0 ? plan.related : undefined);
  // The runner's related-tests mode also ran the task's files: theirs is the task's run.
  const own = { ...run, tests: run.tests.filter((t) => !mine.has(t.file)), fileErrors: run.fileErrors.filter((e) => !mine.has(e.file)) };
  const failing = [...new Set([...own.tests.filter((t) => t.status === 'failed').map((t) => t.file), ...own.fileErrors.map((e) => e.file)])];
  if (failing.length === 0 || own.status !== 'completed' || !cc.repo.head) return { related: { ...base, run: own }, tests };
  const parent = await runStaged(cc.repo, config, await readCommitTree(cc.repo, cc.repo.head), failing);
  return { related: { ...base, run: own, parent }, tests };
}

function passed(run: RunResult): boolean {
  return run.status === 'completed' && run.fileErrors.length === 0 && run.tests.every((t) => t.status === 'passed');
}
