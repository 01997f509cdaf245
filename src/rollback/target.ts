/** Which commit a rollback goes back to. */
import { TddError, usageError } from '../errors.js';
import { isAncestorOfHead, readCommitSubject, readTrailerLog, resolveCommit, type RepoContext } from '../git/queries.js';
import { parseTrailerLog } from '../state/trailers.js';
import type { State } from '../state/types.js';

export interface Target {
  commit: string;
  /** Where it came from: `--to`, the state's last green, or the trailers of the history. */
  source: 'argument' | 'state' | 'trailers';
  subject: string;
}

/** `--to <rev>`, else the state's last GREEN/REFACTOR commit, else the newest such commit in `git log`. */
export async function readTarget(repo: RepoContext, state: State, to: string | undefined): Promise<Target> {
  const resolve = (rev: string) => resolveCommit(repo, rev);
  let found: { commit: string; source: Target['source'] } | null = null;
  if (to !== undefined) {
    // Never let a name become an option.
    if (to === '' || to.startsWith('-')) throw usageError(`"${to}" is not a commit`, 'tdd rollback --to <commit>');
    const commit = await resolve(to);
    if (!commit)
      throw new TddError('ROLLBACK_BAD_TARGET', `"${to}" names no commit of this repository`, 2, {
        hint: 'give a commit id, branch or tag: tdd rollback --to <commit>',
      });
    found = { commit, source: 'argument' };
  }
  if (!found && state.lastGreen?.commit && repo.head) {
    const commit = await resolve(state.lastGreen.commit);
    if (commit && (await isAncestorOfHead(repo, commit))) found = { commit, source: 'state' };
  }
  if (!found && repo.head) {
    const out = await readTrailerLog(repo);
    const green = parseTrailerLog(out).find((c) => c.phase === 'green' || c.phase === 'refactor');
    if (green) found = { commit: green.commit, source: 'trailers' };
  }
  if (!found) {
    throw new TddError(
      'ROLLBACK_NO_TARGET',
      'no green commit to roll back to: the state records none and no commit of the history has a TDD-Phase: green or refactor trailer',
      2,
      {
        hint: 'name the commit to roll back to: tdd rollback --to <commit>',
      },
    );
  }
  const subject = await readCommitSubject(repo, found.commit);
  return { ...found, subject };
}
