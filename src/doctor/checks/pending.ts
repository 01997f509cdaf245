/**
 * pending: the verdict pre-commit leaves for commit-msg and post-commit. One made on top of
 * another HEAD belongs to a commit that never landed: while it is there the hooks start node for
 * commit-msg and post-commit on every commit, until the next pre-commit replaces it.
 */
import { shQuote } from '../../install/shim.js';
import { shown } from '../fixes.js';
import type { CheckResult, DoctorFacts } from '../types.js';

export function checkPending({ pending: p, history, layout }: DoctorFacts): CheckResult {
  const id = 'pending';
  if (p.kind === 'absent') return { id, status: 'ok', code: 'PENDING_NONE', data: {} };
  const fix = `rm ${shQuote(shown(layout, p.path))}`;
  if (p.kind === 'corrupt') return { id, status: 'warn', code: 'PENDING_CORRUPT', data: { path: p.path }, fix };
  const data = { path: p.path, at: p.at, phase: p.phase, head: p.head ?? null, now: history.head };
  // `head` is absent in verdicts written before it was recorded: nothing to compare.
  if (p.head !== undefined && p.head !== history.head) return { id, status: 'warn', code: 'PENDING_STALE', data, fix };
  return { id, status: 'ok', code: 'PENDING_CURRENT', data };
}
