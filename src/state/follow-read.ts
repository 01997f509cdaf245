/**
 * The stored state checked against the history on every read (state/follow.ts decides; this reads).
 * Cheap on the hook's hot path: HEAD where the state left it costs nothing; one commit more whose
 * message has no TDD trailer (a docs commit, which runs no post-commit) is read from the HEAD
 * object the hook has already; anything else is one `git log --left-right`, and only a move that
 * dropped a record or brought TDD commits reads the trailers of this branch for its open RED.
 */
import { readMoveLog } from '../git/history.js';
import { parseCommitObject } from '../git/parse.js';
import { isAncestorOfHead, type RepoContext } from '../git/queries.js';
import { followHistory, type HistoryMove } from './follow.js';
import { taskKey } from './machine.js';
import { readOpenRed, rebuildState } from './rebuild.js';
import { parseMoveLog } from './trailers.js';
import type { State } from './types.js';

/** A move wider than this is read as a new history: the state is rebuilt from its trailers. */
const MOVE_LIMIT = 10_000;

/** The state at `head`, and whether it differs from the stored one (then the caller writes it). */
export async function readFollowedState(
  repo: RepoContext,
  stored: State,
  head: string,
  isTest: (path: string) => boolean,
  headObject?: Buffer | null,
): Promise<{ state: State; changed: boolean }> {
  if (stored.head === head) return { state: stored, changed: false };
  if (stored.head && headObject) {
    const { parents, tddTrailer } = parseCommitObject(headObject);
    if (parents.length === 1 && parents[0] === stored.head && !tddTrailer) return { state: { ...stored, head }, changed: true };
  }
  const move = stored.head ? await readMove(repo, stored.head, head) : await readLegacyMove(repo, stored, head);
  if (!move) {
    const rebuilt = await rebuildState({ ...repo, head }, new Date(), isTest);
    const dropped = Object.entries(stored.red).map(([k, r]) => ({ record: 'red' as const, task: k || null, commit: r.commit }));
    return { state: { ...rebuilt, followed: { at: new Date().toISOString(), from: stored.head ?? null, to: head, dropped } }, changed: true };
  }
  const { state, refind } = followHistory(stored, move, new Date());
  if (refind !== undefined) {
    const key = taskKey(refind);
    const found = await readOpenRed(repo, refind, isTest);
    const kept = state.red[key];
    if (!found) delete state.red[key];
    else if (kept?.commit !== found.commit || kept.greenCommit) {
      state.red[key] = found;
      if (state.followed) state.followed.refound = found.commit;
    }
  }
  return { state, changed: true };
}

/** Both sides of the move from `from` to `to`; undefined when git cannot say (`from` is gone) or the move is too wide. */
async function readMove(repo: RepoContext, from: string, to: string): Promise<HistoryMove | undefined> {
  const out = await readMoveLog(repo, from, to, MOVE_LIMIT + 1);
  if (out === undefined) return undefined;
  const { left, came } = parseMoveLog(out);
  return left.length + came.length > MOVE_LIMIT ? undefined : { from, to, left, came };
}

/** A state written before tdd-hooks tracked its HEAD: each record's commit asked once (this happens once). */
async function readLegacyMove(repo: RepoContext, stored: State, to: string): Promise<HistoryMove> {
  const named = [
    ...new Set([
      ...Object.values(stored.red).flatMap((r) => [r.commit, ...(r.greenCommit ? [r.greenCommit] : [])]),
      ...(stored.lastGreen ? [stored.lastGreen.commit] : []),
    ]),
  ];
  const here = { ...repo, head: to };
  const answers = await Promise.all(named.map((c) => isAncestorOfHead(here, c)));
  return { from: null, to, left: named.filter((_, i) => !answers[i]).map((commit) => ({ commit, regression: false })), came: [] };
}
