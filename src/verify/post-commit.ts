/**
 * post-commit: the commit landed. If it is the tree pre-commit verified, record it (RED record,
 * last green) and advance the phase; either way, append to the event log. Never fails the commit.
 */
import { readCommitTree, resolveCommit, type RepoContext } from '../git/queries.js';
import { loadConfig } from '../config/load.js';
import { readClassifier } from '../state/glob-cache.js';
import { applyAmend, applyCommit } from '../state/machine.js';
import { appendEvent, readPending, removePending, writeState } from '../state/store.js';
import type { State } from '../state/types.js';
import { readState } from './context.js';

/** A commit's first parent (none for a root commit). */
const readParent = (repo: RepoContext, commit: string): Promise<string | null> => resolveCommit(repo, `${commit}^1`);

export interface PostCommitResult {
  /** The commit replaced by an amend, when the landed commit was one. */
  amended?: string | null;
  commit: string | null;
  recorded: boolean;
  before: State['phase'];
  after: State['phase'];
  task: string | null;
}

export async function runPostCommit(repo: RepoContext): Promise<PostCommitResult> {
  const head = repo.head;
  const pending = await readPending(repo.stateDir);
  const loaded = await loadConfig(repo).catch(() => undefined);
  const classify = loaded ? await readClassifier(repo.stateDir, loaded.config) : undefined;
  const [tree, parent] = head ? await Promise.all([readCommitTree(repo, head), readParent(repo, head)]) : [null, null];
  // The state as it was when pre-commit judged this commit: at the HEAD it saw (the parent; for an amend, the commit replaced).
  const verified = pending && pending.tree === tree && pending.head !== undefined;
  const state = await readState(repo, verified ? (pending.head ?? null) : parent, classify ? (p) => classify(p) === 'test' : undefined);
  const result: PostCommitResult = { commit: head, recorded: false, before: state.phase, after: state.phase, task: state.task };
  if (!head) return result;
  // `git commit --amend` looks like any commit to pre-commit, which diffed against the commit
  // being replaced. The verdict then is not this commit's: record nothing, say so; audit re-checks.
  if (verified && pending.head !== parent) {
    const opts = { autoAdvance: loaded?.config.autoAdvance ?? true, now: new Date() };
    const amended = pending.head ? applyAmend(state, pending, head, pending.head, opts) : { state: { ...state, head }, recorded: false };
    await writeState(repo.stateDir, amended.state);
    await removePending(repo.stateDir);
    const event = amended.recorded ? 'commit' : 'commit-amended';
    await appendEvent(repo.stateDir, {
      event,
      commit: head,
      replaced: pending.head,
      phase: pending.phase,
      task: pending.task,
      ...(amended.recorded ? { regression: pending.regression, summary: pending.summary, failing: pending.failing, next: amended.state.phase } : {}),
    });
    return amended.recorded ? { ...result, recorded: true, after: amended.state.phase } : { ...result, amended: pending.head };
  }
  if (!pending || pending.tree !== tree) {
    await appendEvent(repo.stateDir, { event: 'commit-unverified', commit: head, phase: state.phase, task: state.task });
    return result;
  }
  const next = applyCommit(state, pending, head, { autoAdvance: loaded?.config.autoAdvance ?? true, now: new Date() });
  await writeState(repo.stateDir, next);
  await removePending(repo.stateDir);
  await appendEvent(repo.stateDir, {
    event: 'commit',
    commit: head,
    phase: pending.phase,
    task: pending.task,
    regression: pending.regression,
    summary: pending.summary,
    failing: pending.failing,
    next: next.phase,
  });
  return { ...result, recorded: true, after: next.phase };
}
