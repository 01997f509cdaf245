/**
 * state: `<git-path tdd>/state.json` is readable. It is a cache of the history: a corrupt one is
 * rebuilt from the trailers, and the declared phase it held is lost — so say it, and how.
 */
import { shQuote } from '../../install/shim.js';
import { shown } from '../fixes.js';
import type { CheckResult, DoctorFacts, LayoutFacts } from '../types.js';

/** Delete the state; `tdd status` rebuilds it from the trailers and shows the result. */
export const rebuildFix = (l: LayoutFacts, path: string): string => `rm ${shQuote(shown(l, path))} && npx tdd status`;

export function checkState({ state: s, layout }: DoctorFacts): CheckResult {
  const id = 'state';
  if (s.kind === 'absent') return { id, status: 'ok', code: 'STATE_ABSENT', data: { path: s.path } };
  if (s.kind === 'corrupt') return { id, status: 'fail', code: 'STATE_CORRUPT', data: { path: s.path, reason: s.reason }, fix: rebuildFix(layout, s.path) };
  return { id, status: 'ok', code: 'STATE_OK', data: { path: s.path, phase: s.state.phase, task: s.state.task } };
}
