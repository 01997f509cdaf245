/**
 * State is a cache of the history plus the declared phase. When it is missing or unreadable, the
 * trailers of recent commits rebuild it: the phase after the last checked commit, the task, and
 * the task's open RED record (its commit; the failing test ids are not in the trailers, so GREEN
 * then checks that every test of the RED files passes).
 */
import { readCommitPaths, readCommitTree, readTrailerLog, readTreePaths, type RepoContext } from '../git/queries.js';
import { nextPhase, taskKey } from './machine.js';
import { parseTrailerLog, type CommitTrailers } from './trailers.js';
import { emptyState, type RedRecord, type State } from './types.js';

/** The TDD commits of HEAD's first-parent history, newest first. */
export async function readTrailerHistory(repo: RepoContext): Promise<CommitTrailers[]> {
  const out = await readTrailerLog(repo).catch(() => '');
  return parseTrailerLog(out).filter((c) => c.phase);
}

export async function rebuildState(repo: RepoContext, now: Date, isTest: (path: string) => boolean = () => false): Promise<State> {
  const state = emptyState(now);
  const commits = await readTrailerHistory(repo);
  const latest = commits[0];
  if (repo.head) state.head = repo.head;
  if (!latest?.phase) return state;
  state.phase = latest.phase === 'off' ? null : nextPhase(latest.phase, latest.regression);
  state.task = latest.task ?? null;
  state.reason = `rebuilt from the trailers of ${latest.commit.slice(0, 12)}`;
  const open = await readOpenRed(repo, state.task, isTest, commits);
  if (open) state.red[taskKey(state.task)] = open;
  return state;
}

/**
 * The task's open RED record, from the trailers: every RED commit of the task since its last GREEN
 * (their test files are the task's), frozen at the newest. A test file a later RED renamed or
 * deleted is not in the newest RED's tree, and not the task's any more.
 */
export async function readOpenRed(
  repo: RepoContext,
  task: string | null,
  isTest: (path: string) => boolean,
  history?: CommitTrailers[],
): Promise<RedRecord | undefined> {
  const commits = history ?? (await readTrailerHistory(repo));
  const reds: CommitTrailers[] = [];
  for (const c of commits) {
    if ((c.task ?? null) !== task) continue;
    if (c.phase === 'green') break;
    if (c.phase === 'red') reds.push(c);
  }
  const last = reds[0];
  if (!last) return undefined;
  const [tree, ...changed] = await Promise.all([readCommitTree(repo, last.commit, { sync: false }), ...reds.map((c) => readCommitPaths(repo, c.commit))]);
  const named = [...new Set(changed.flat().filter((p) => p && isTest(p)))];
  const present = named.length ? await readTreePaths(repo, last.commit, named, { sync: false }) : new Set<string>();
  const files = named.filter((p) => present.has(p));
  return { commit: last.commit, tree: tree.trim(), files, blobs: {}, failing: [], regression: reds.every((c) => c.regression) };
}
