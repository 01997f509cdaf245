/**
 * The pre-commit hook's speed tricks, apart from the pipeline they speed up (verify/pre-commit.ts).
 * Each saves what is measured beside it (docs/benchmarks.md: "Where a hook's time goes"):
 * - the shim's prefetch: hooks/shim.sh asks git for HEAD, the configuration blobs and the staged
 *   changes while node starts, so a commit that runs no tests spawns no git from node
 *   (verify/context.ts readHookInputs; ~20 ms of node's start overlaps two git processes);
 * - deferTreeId: a RED's tree id waits for its static gates (~4 ms of a refusal);
 * - HeadStart: GREEN and REFACTOR bring the private copy up to date while their reads and gates
 *   run (the copy's update is ~15–20 ms; ~8–12 ms off a test run).
 */
import type { Config } from '../config/schema.js';
import type { RepoContext } from '../git/queries.js';
import { mayBeIntentToAdd, readIndexTree, readSnapshot, withLinkTargets } from '../snapshot/read.js';
import type { Phase, Snapshot, StagedEntry } from '../types.js';
import type { Scratch } from './scratch.js';

/** What is being committed; `tree` is absent while a RED's tree id waits for its static gates (deferTreeId). */
export type Staged = Omit<Snapshot, 'tree'> & { tree?: string };

/**
 * deferTreeId: a RED commit its static gates refuse (no assertion, a skip marker…) needs no tree
 * id, so the copy of the index and its write-tree (~4 ms of a refusal) wait until the gates pass
 * (withTree). Only the tree tells an intent-to-add entry from an added empty file: with one of
 * those, and in every other phase, the tree comes first.
 */
export async function readStaged(repo: RepoContext, head: string | null, phase: Phase, entries: StagedEntry[]): Promise<Staged> {
  const deferTreeId = phase === 'red' && !entries.some(mayBeIntentToAdd);
  return deferTreeId ? { head, entries: await withLinkTargets(repo, entries) } : readSnapshot(repo, head, entries);
}

/** The snapshot with its tree id, read now when deferTreeId deferred it. */
export async function withTree(repo: RepoContext, staged: Staged): Promise<Snapshot> {
  return { ...staged, tree: staged.tree ?? (await readIndexTree(repo)) };
}

/** The tree id, when it is known already: what a refusal before the run reports. */
export const treeSoFar = (staged: Staged): { tree?: string } => (staged.tree === undefined ? {} : { tree: staged.tree });

/**
 * The private copy, prepared ahead of the test run: GREEN and REFACTOR run their tests unless
 * their static gates refuse, so the copy is brought up to date while the reads and gates run.
 * The run takes it (take); runPreCommit releases it otherwise (release).
 */
export class HeadStart {
  private scratch?: Promise<Scratch>;

  async start(repo: RepoContext, config: Config, tree: string): Promise<void> {
    const { prepareScratch } = await import('./run-staged.js');
    this.scratch = prepareScratch(repo, config, tree);
    this.scratch.catch(() => {}); // a failure surfaces when the run takes it
  }

  /** The copy for the run, which releases it from now on. */
  take(): Promise<Scratch> | undefined {
    const scratch = this.scratch;
    this.scratch = undefined;
    return scratch;
  }

  async release(): Promise<void> {
    if (this.scratch)
      await this.scratch.then(
        (s) => s.release(),
        () => {},
      );
  }
}
