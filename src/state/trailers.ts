/** The trailers tdd-hooks writes, and their parsing (pure). */
import type { Phase } from '../types.js';

export const TRAILER = {
  phase: 'TDD-Phase',
  task: 'TDD-Task',
  evidence: 'TDD-Evidence',
  regression: 'TDD-Regression',
  reason: 'TDD-Reason',
  falseFail: 'TDD-False-Fail',
  attempts: 'TDD-Attempts',
  tests: 'TDD-Tests',
  revise: 'TDD-Revise',
  offUntil: 'TDD-Off-Until',
  uncovered: 'TDD-Uncovered',
} as const;

export interface CommitTrailers {
  commit: string;
  phase?: Phase;
  task?: string;
  regression: boolean;
  evidence?: string;
  reason?: string;
  /** `TDD-Revise`: a RED declared to change tests that passed at its parent, and why. */
  revise?: string;
}

/**
 * `git log --format=%H%x1f%(trailers:only,unfold)%x1e` output:
 *
 *   3f2c…\x1fTDD-Phase: red\nTDD-Task: 12\nTDD-Evidence: node 1 failed (assertion 1)\n\x1e\n
 */
export function parseTrailerLog(out: string): CommitTrailers[] {
  const result: CommitTrailers[] = [];
  for (const record of out.split('\x1e')) {
    const [sha, body] = record.replace(/^\n/, '').split('\x1f');
    if (!sha || body === undefined) continue;
    const t: CommitTrailers = { commit: sha.trim(), regression: false };
    for (const line of body.split('\n')) {
      const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
      if (!m) continue;
      const [, key, value] = m as unknown as [string, string, string];
      const k = key.toLowerCase();
      if (k === TRAILER.phase.toLowerCase() && ['red', 'green', 'refactor', 'off'].includes(value)) t.phase = value as Phase;
      else if (k === TRAILER.task.toLowerCase()) t.task = value;
      else if (k === TRAILER.regression.toLowerCase()) t.regression = value === 'true';
      else if (k === TRAILER.evidence.toLowerCase()) t.evidence = value;
      else if (k === TRAILER.reason.toLowerCase()) t.reason = value;
      else if (k === TRAILER.revise.toLowerCase() && value) t.revise = value;
    }
    result.push(t);
  }
  return result;
}

/**
 * `git log --left-right --format=%m%H%x1f%(trailers:only,unfold)%x1e old...new` output: `<` marks
 * a commit reachable from `old` only (it left the history), `>` one reachable from `new` only.
 *
 *   <3f2c…\x1fTDD-Phase: red\n\x1e\n>9a1b…\x1f\x1e\n
 */
export function parseMoveLog(out: string): { left: CommitTrailers[]; came: CommitTrailers[] } {
  const left: CommitTrailers[] = [];
  const came: CommitTrailers[] = [];
  for (const record of out.split('\x1e')) {
    const r = record.replace(/^\n/, '');
    const side = r[0] === '<' ? left : r[0] === '>' ? came : undefined;
    if (side) side.push(...parseTrailerLog(r.slice(1)));
  }
  return { left, came };
}
