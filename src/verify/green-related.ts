/**
 * GREEN runs what it can break (greenRuns "related", the default): beside the task's tests, the
 * tests related to the implementation the commit changes — REFACTOR's machinery
 * (verify/related.ts: the runner's related-tests mode, else the static import graph, else every
 * test file of the runner) minus the task's own files — on the same tree, in the task's own run
 * where the verdicts allow it (verify/green-run.ts). Only a test that fails now is checked against
 * the parent: its file alone is run on the parent's tree. Bounded: more than relatedFileLimit (200)
 * files chosen by name (relatedFileLimit) are not run, and that is said (GREEN_RELATED_UNRUN).
 */
import { readCommitTree } from '../git/queries.js';
import type { RelatedFacts } from '../gates/types.js';
import type { RedRecord } from '../state/types.js';
import type { RunResult, Snapshot } from '../types.js';
import type { CommitContext } from './context.js';
import { RELATED_AFTER_TASK } from './pending.js';

import { RELATED_FILE_LIMIT } from './test-files.js';

/** What GREEN runs beside the task's files: test files by name, and per runner (specKey) the changed sources of its related-tests mode. */
export interface GreenRelatedPlan {
  files: string[];
  related: Map<string, string[]>;
  /** For TDD-Tests. */
  tests: string;
  /** Too many files by name: not run, said. */
  unrun?: RelatedFacts['unrun'];
  /** The tree's JS/TS texts the import graph read, by path. */
  sources?: ReadonlyMap<string, string>;
}

/** undefined: nothing beside the task's tests to run (greenRuns "targeted", no implementation changed, no other test can see it). */
export async function planGreenRelated(cc: CommitContext, snapshot: Snapshot, red: RedRecord | undefined): Promise<GreenRelatedPlan | undefined> {
  const config = cc.loaded.config;
  if (config.greenRuns !== 'related') return undefined;
  const changed = snapshot.entries.filter((e) => e.kind === 'impl').map((e) => ({ path: e.path, deleted: e.status === 'D' }));
  if (changed.length === 0) return undefined;
  const { planRelatedRun } = await import('./related.js');
  const mine = new Set(red?.files ?? []);
  const plan = await planRelatedRun(cc.repo, config, snapshot.tree, changed, [], (p) => cc.classify(p) === 'test', mine);
  const files = plan.files.filter((f) => !mine.has(f));
  const tests = `${RELATED_AFTER_TASK}${plan.by.join(', ') || 'none'}`;
  const limit = config.relatedFileLimit ?? RELATED_FILE_LIMIT;
  if (files.length > limit) return { files: [], related: new Map(), tests, unrun: { reason: 'too-many', count: files.length, limit } };
  if (files.length === 0 && plan.related.size === 0) return undefined;
  return { files, related: plan.related, tests, ...(plan.sources ? { sources: plan.sources } : {}) };
}

/** The related tests' run `own` (the task's files left out) judged: a file failing now is run on the parent's tree. */
export async function judgeRelated(cc: CommitContext, red: RedRecord | undefined, own: RunResult): Promise<RelatedFacts> {
  const base = { red: red?.failing ?? [] };
  const failing = [...new Set([...own.tests.filter((t) => t.status === 'failed').map((t) => t.file), ...own.fileErrors.map((e) => e.file)])];
  if (failing.length === 0 || own.status !== 'completed' || !cc.repo.head) return { ...base, run: own };
  const { runStaged } = await import('./run-staged.js');
  const parent = await runStaged(cc.repo, cc.loaded.config, await readCommitTree(cc.repo, cc.repo.head), failing);
  return { ...base, run: own, parent };
}

export function passed(run: RunResult): boolean {
  return run.status === 'completed' && run.fileErrors.length === 0 && run.tests.every((t) => t.status === 'passed');
}
