/**
 * state-history: the local state agrees with the history, of which it is a cache. The active
 * task's open RED record must be a commit in HEAD's history (an amend, a rebase or another branch
 * leaves it behind, and GREEN is then refused), and the one the trailers name; a TDD commit that
 * landed after the phase was set (made in another clone, or recorded by no post-commit) must have
 * moved the phase on.
 */
import { taskKey } from '../../state/machine.js';
import type { CheckResult, DoctorFacts } from '../types.js';
import { rebuildFix } from './state.js';

export function checkStateHistory(f: DoctorFacts): CheckResult | null {
  const { state: s, history: h, layout } = f;
  if (s.kind !== 'ok' || !h.head) return null;
  const id = 'state-history';
  const st = s.state;
  const fix = rebuildFix(layout, s.path);
  const record = st.red[taskKey(st.task)];
  const open = record && !record.greenCommit ? record : undefined;
  if (open && h.ancestors[open.commit] === false) {
    return { id, status: 'fail', code: 'STATE_RED_NOT_IN_HISTORY', data: { task: st.task, commit: open.commit, head: h.head }, fix };
  }
  const others = Object.entries(st.red).filter(([k, r]) => k !== taskKey(st.task) && !r.greenCommit && h.ancestors[r.commit] === false);
  // The trailers rebuild a record for the task of the newest TDD commit only.
  if (h.rebuilt && h.rebuilt.task === st.task) {
    const traced = h.rebuilt.red[taskKey(st.task)]?.commit ?? null;
    if ((open?.commit ?? null) !== traced) {
      // GREEN needs the open record: without one in the state, the next GREEN commit is refused.
      const status = !open && st.phase === 'green' ? 'fail' : 'warn';
      return { id, status, code: 'STATE_RED_DISAGREES', data: { task: st.task, state: open?.commit ?? null, trailers: traced }, fix };
    }
  }
  const autoAdvance = f.config.ok ? f.config.autoAdvance : true;
  if (
    autoAdvance &&
    h.latest &&
    h.latest.phase !== 'off' &&
    h.rebuilt &&
    st.phase !== h.rebuilt.phase &&
    Date.parse(h.latest.committedAt) > Date.parse(st.since)
  ) {
    const data = { phase: st.phase, since: st.since, commit: h.latest.commit, commitPhase: h.latest.phase, expected: h.rebuilt.phase };
    return { id, status: 'warn', code: 'STATE_BEHIND', data, fix };
  }
  if (others.length > 0) {
    const [task, r] = others[0]!;
    return { id, status: 'warn', code: 'STATE_RED_NOT_IN_HISTORY', data: { task: task || null, commit: r.commit, head: h.head, active: false }, fix };
  }
  const followed = st.followed?.to === h.head ? { followed: st.followed.dropped.map((d) => d.commit) } : {};
  return { id, status: 'ok', code: 'STATE_HISTORY_OK', data: { phase: st.phase, task: st.task, red: open?.commit ?? null, ...followed } };
}
