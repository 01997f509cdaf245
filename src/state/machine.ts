/** Pure phase arithmetic: what a landed commit does to the state. */
import type { Phase } from '../types.js';
import type { Pending, RedRecord, State } from './types.js';

/** red → green → refactor; refactor stays until the next `tdd phase red`; a regression RED has nothing to make green. */
export function nextPhase(phase: Phase, regression: boolean): Phase {
  if (phase === 'red') return regression ? 'refactor' : 'green';
  if (phase === 'green') return 'refactor';
  return phase;
}

export function taskKey(task: string | null): string {
  return task ?? '';
}

/** The task's RED record, and the same record while it is open (no GREEN commit yet). */
export function redRecordsOf(state: State): { record?: RedRecord; open?: RedRecord } {
  const record = state.red[taskKey(state.task)];
  return { record, open: record && !record.greenCommit ? record : undefined };
}

/**
 * The state after a verified commit landed. RED commits accumulate into the task's record until a
 * GREEN lands (two RED commits in a row freeze both sets of tests); GREEN closes the record.
 */
export function applyCommit(state: State, pending: Pending, commit: string, opts: { autoAdvance: boolean; now: Date }): State {
  const next: State = structuredClone(state);
  const key = taskKey(pending.task);
  if (pending.phase === 'red') {
    const prev = next.red[key];
    const open = prev && !prev.greenCommit;
    // A test file this RED renamed (or deleted) is no longer the task's: the record follows it to its new path.
    const removed = new Set(pending.removedTests ?? []);
    const kept = (path: string) => !removed.has(path);
    const record: RedRecord = {
      commit,
      tree: pending.tree,
      files: unique([...(open ? prev.files.filter(kept) : []), ...pending.testFiles]),
      blobs: Object.fromEntries(Object.entries({ ...(open ? prev.blobs : {}), ...pending.blobs }).filter(([p]) => kept(p))),
      failing: unique([...(open ? prev.failing.filter((id) => kept(id.split(' > ')[0]!)) : []), ...pending.failing]),
      regression: pending.regression && (!open || prev.regression),
    };
    next.red[key] = record;
  } else if (pending.phase === 'green') {
    const rec = next.red[key];
    if (rec) rec.greenCommit = commit;
    next.lastGreen = { commit, task: pending.task };
  } else if (pending.phase === 'refactor') {
    next.lastGreen = { commit, task: pending.task };
  }
  if (opts.autoAdvance && pending.phase !== 'off' && next.phase === pending.phase) {
    const advanced = nextPhase(pending.phase, pending.regression);
    if (advanced !== next.phase) {
      next.phase = advanced;
      next.reason = `advanced after ${pending.phase} commit ${commit.slice(0, 12)}`;
      next.since = opts.now.toISOString();
    }
  }
  if (pending.phase === 'red') {
    next.regression = false;
    next.revise = null;
  }
  if (pending.phase === 'off' && next.phase === 'off' && !offHolds(next, opts.now)) resumeAfterOff(next, `after off commit ${commit.slice(0, 12)}`, opts.now);
  next.head = commit;
  return next;
}

/**
 * The state after `git commit --amend` replaced `replaced` with `commit`. pre-commit judged the
 * amend against the commit it replaces, so its verdict is this commit's only when a RED amends the
 * task's open RED (the tests it ran, with the record's others, are what the new commit holds):
 * then the amended commit is the record. Otherwise nothing is recorded, and the records of the
 * replaced commit, which left the history, are dropped (a GREEN folded into its RED has no RED).
 */
export function applyAmend(
  state: State,
  pending: Pending,
  commit: string,
  replaced: string,
  opts: { autoAdvance: boolean; now: Date },
): { state: State; recorded: boolean } {
  const open = state.red[taskKey(pending.task)];
  if (pending.phase === 'red' && open && open.commit === replaced && !open.greenCommit)
    return { state: applyCommit(state, pending, commit, opts), recorded: true };
  const next: State = structuredClone(state);
  for (const [key, r] of Object.entries(next.red)) {
    if (r.commit === replaced) delete next.red[key];
    else if (r.greenCommit === replaced) delete r.greenCommit;
  }
  if (next.lastGreen?.commit === replaced) next.lastGreen = null;
  next.head = commit;
  return { state: next, recorded: false };
}

/**
 * Whether a declared `off` still holds: one commit unless `--until` says longer — `task:<id>`
 * while that task is active, or an ISO time not yet reached.
 */
export function offHolds(state: State, now: Date): boolean {
  const until = state.until;
  if (!until) return false;
  if (until.startsWith('task:')) return state.task === until.slice(5);
  const t = Date.parse(until);
  return Number.isFinite(t) && now.getTime() < t;
}

/** The phase `off` interrupted comes back (none when none was declared). */
export function resumeAfterOff(state: State, why: string, now: Date): void {
  state.phase = state.resume?.phase ?? null;
  if (state.resume) state.task = state.resume.task;
  state.reason = `back ${why}`;
  state.since = now.toISOString();
  state.resume = null;
  state.until = null;
}

/** An `off --until <time>` whose time has passed, before any commit: the interrupted phase is back (pure; the caller writes it). */
export function expireOff(state: State, now: Date): boolean {
  if (state.phase !== 'off' || !state.until || state.until.startsWith('task:') || offHolds(state, now)) return false;
  resumeAfterOff(state, `at ${state.until} (off --until)`, now);
  return true;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}
