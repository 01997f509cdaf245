/**
 * One ordered sequence of what happened in a range: the commits, oldest first, with each refused
 * attempt and phase declaration from the event log placed just before the commit that followed it.
 * Pure.
 *
 * The log, not the clock, decides the order: it is append-only, and post-commit writes a line
 * naming each commit that lands. The refusals between two such lines are the attempts that led to
 * the second commit. Clock times alone would misplace an attempt made in the same second as a
 * commit (git keeps whole seconds).
 */
import type { HistoryCommit } from '../audit/history.js';
import type { ReportEvent } from './events.js';

type PreCommitEvent = Extract<ReportEvent, { kind: 'pre-commit' }>;
type PhaseEvent = Extract<ReportEvent, { kind: 'phase' }>;
type DeniedEvent = Extract<ReportEvent, { kind: 'denied' }>;

export type SequenceItem =
  | { type: 'commit'; commit: HistoryCommit; testMs: number | null }
  | { type: 'refused'; event: PreCommitEvent }
  | { type: 'declared'; event: PhaseEvent }
  /** An edit the agent guard denied: placed like a refused attempt, before the commit that followed. */
  | { type: 'denied'; event: DeniedEvent };

export interface Sequence {
  items: SequenceItem[];
  /** Refused attempts that led to commits before the range. */
  outsideRange: number;
}

/**
 * @param commits    the range, newest first (as readHistory returns it)
 * @param events     the event log, in the order it was written
 * @param includeOpen the range ends at HEAD: refusals after the last commit are work in progress
 *                   and belong to the report
 */
export function sequenceHistory(commits: HistoryCommit[], events: ReportEvent[], includeOpen: boolean): Sequence {
  const oldest = [...commits].reverse();
  const inRange = new Set(oldest.map((c) => c.sha));
  // The range's first commit, in ms: a log line for a commit outside the range written after it
  // (a commit later amended or reset away) does not end the range's stretch of the log.
  const rangeStart = oldest.reduce((min, c) => Math.min(min, c.time * 1000), Infinity);
  const before = new Map<string, SequenceItem[]>();
  const testMs = new Map<string, number>();
  let pending: SequenceItem[] = [];
  let lastVerified: number | null = null;
  let seenInRange = false;
  let outsideRange = 0;
  const drop = () => {
    outsideRange += pending.filter((i) => i.type === 'refused').length;
    pending = [];
  };
  for (const e of events) {
    if (e.kind === 'pre-commit') {
      // A commit that reused a verdict (VERDICT_CACHED, no testMs) keeps the time of the run it reused.
      if (e.exitCode === 0) lastVerified = e.testMs ?? lastVerified;
      else pending.push({ type: 'refused', event: e });
    } else if (e.kind === 'phase') {
      pending.push({ type: 'declared', event: e });
    } else if (e.kind === 'denied') {
      pending.push({ type: 'denied', event: e });
    } else {
      if (inRange.has(e.commit)) {
        // A commit named twice keeps its first place.
        if (!before.has(e.commit)) {
          before.set(e.commit, pending);
          if (lastVerified !== null) testMs.set(e.commit, lastVerified);
          pending = [];
        }
        seenInRange = true;
      } else if (!seenInRange && e.at < rangeStart) {
        drop();
      }
      lastVerified = null;
    }
  }
  const items: SequenceItem[] = [];
  for (const c of oldest) {
    items.push(...(before.get(c.sha) ?? []), { type: 'commit', commit: c, testMs: testMs.get(c.sha) ?? null });
  }
  if (includeOpen) items.push(...pending);
  else drop();
  return { items, outsideRange };
}
