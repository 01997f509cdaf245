/**
 * Pure: the TDD state along a line of history — what the hooks' state would have been at each
 * commit, recomputed from the diffs (state/machine's applyCommit, with blob ids taken from the
 * trees instead of from the pending verdict). A merge inherits its first parent's line and
 * learns the records of the others.
 */
import { NULL_OID } from '../git/ids.js';
import type { AuditCommit, LineState, TaskRecord } from './types.js';

export function emptyLine(flags: { truncated?: boolean; open?: boolean } = {}): LineState {
  return { records: new Map(), tracked: new Map(), current: null, truncated: flags.truncated ?? false, open: flags.open ?? false };
}

/** A line the evaluator knows nothing of: what a parent outside the commits read stands for (no TDD step seen, history beyond unread). */
export function isUnread(s: LineState): boolean {
  return s.records.size === 0 && s.tracked.size === 0 && s.current === null && !s.truncated && s.open;
}

/** Records are replaced, never changed in place: a copy shares them. */
export function cloneLine(s: LineState): LineState {
  return { records: new Map(s.records), tracked: new Map(s.tracked), current: s.current, truncated: s.truncated, open: s.open, adopted: s.adopted ?? false };
}

export function mergeLines(first: LineState, others: LineState[]): LineState {
  const s = cloneLine(first);
  for (const o of others) {
    for (const [task, record] of o.records) {
      if (s.records.has(task)) continue;
      s.records.set(task, record);
      for (const path of record.files.keys()) {
        const t = o.tracked.get(path);
        if (t && !s.tracked.has(path)) s.tracked.set(path, t);
      }
    }
    s.truncated ||= o.truncated;
    s.open ||= o.open;
    s.adopted ||= o.adopted ?? false;
  }
  return s;
}

export function taskOf(c: AuditCommit): string {
  return c.task ?? '';
}

/** The task's RED record that GREEN may close (open: no GREEN since). */
export function openRecord(s: LineState, task: string): TaskRecord | undefined {
  const r = s.records.get(task);
  return r && !r.greenCommit ? r : undefined;
}

/** The paths the line tracks, as this commit leaves them (its changes against its first parent). */
export function trackChanges(s: LineState, c: AuditCommit): void {
  for (const e of c.entries) {
    if (!s.tracked.has(e.path)) continue;
    s.tracked.set(e.path, { mode: e.newMode, blob: e.status === 'D' ? NULL_OID : e.newBlob, by: c.sha });
  }
}

/**
 * The TDD step a commit declares, applied after the rules judged it. RED commits accumulate into
 * the task's record until a GREEN closes it; a RED after a GREEN starts a new record. Any
 * TDD step makes its task the line's current one; `off` leaves no task current.
 */
export function applyStep(s: LineState, c: AuditCommit): void {
  if (c.kind !== 'tdd' || !c.phase) return;
  if (c.phase === 'off') {
    s.current = null;
    return;
  }
  const task = taskOf(c);
  s.current = { task, phase: c.phase };
  if (c.phase === 'red') {
    const open = openRecord(s, task);
    const files = new Map(open?.files ?? []);
    for (const e of c.entries) {
      // A test file this RED deleted (a rename: the same blob added elsewhere) is not the task's any more; the rules judge the deletion.
      if (e.kind === 'test' && e.status === 'D') files.delete(e.path);
      if (e.kind !== 'test' || e.status === 'D') continue;
      s.tracked.set(e.path, { mode: e.newMode, blob: e.newBlob, by: c.sha });
      files.set(e.path, { mode: e.newMode, blob: e.newBlob });
    }
    // The record's files as this RED commit leaves them (an earlier change by another commit is absorbed, as in the hook).
    for (const path of files.keys()) {
      const t = s.tracked.get(path);
      if (t) files.set(path, { mode: t.mode, blob: t.blob });
    }
    // What this task's open RED commits wrote themselves: a later RED of the record may improve it.
    const own = new Set(open?.own ?? []);
    for (const e of c.entries) if (e.kind === 'test' && e.status === 'A') own.add(e.path);
    for (const key of c.addedTests ?? []) own.add(key);
    const record: TaskRecord = {
      commit: c.sha,
      reds: [...(open?.reds ?? []), c.sha],
      files,
      regression: c.regression && (!open || open.regression),
      own,
    };
    s.records.set(task, record);
  } else if (c.phase === 'green') {
    const r = openRecord(s, task);
    if (r) s.records.set(task, { ...r, greenCommit: c.sha });
  }
}
