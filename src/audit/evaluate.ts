/**
 * Pure: commits (parents first) → findings, counts and what `--replay` would run. Each commit is
 * judged against the TDD state of its own line of history (so a GREEN cherry-picked away from its
 * RED has none), then its step is applied. A line is handed from parent to child without a copy
 * when the child is the parent's last reader, so a linear history costs O(1) per commit.
 */
import { applyStep, cloneLine, emptyLine, mergeLines, openRecord, taskOf, trackChanges } from './lineage.js';
import { allowedOffs } from './config.js';
import { RULES } from './rules/index.js';
import { isSetupPath } from '../snapshot/kinds.js';
import type { AuditCommit, AuditCounts, AuditFinding, AuditOptions, LineState, ReplayPlan } from './types.js';

export interface EvaluateInput {
  /** Parents before children. */
  commits: AuditCommit[];
  options: AuditOptions;
  /** The state at parents outside `commits` (read further back), by commit id. */
  outside?: ReadonlyMap<string, LineState>;
  /** Commits whose state after them to hand back (a look-back's boundary). */
  keep?: ReadonlySet<string>;
  /** Plan what `--replay` runs. */
  plan?: boolean;
}

export interface Evaluation {
  findings: AuditFinding[];
  counts: AuditCounts;
  plans: ReplayPlan[];
  kept: Map<string, LineState>;
  /** A GREEN or REFACTOR found no record of its task, on a line that leaves what was read: look further back. */
  needsLookback: boolean;
  /** The commits the rules judged (not those made before the hooks were in use). */
  judged: Set<string>;
}

export function emptyCounts(): AuditCounts {
  return { commits: 0, red: 0, green: 0, refactor: 0, off: 0, noTrailers: 0, ignored: 0, empty: 0, merge: 0, cut: 0, beforeHooks: 0 };
}

function count(counts: AuditCounts, c: AuditCommit): void {
  counts.commits++;
  if (c.kind === 'tdd' && c.phase) counts[c.phase]++;
  else if (c.kind === 'no-trailers') counts.noTrailers++;
  else if (c.kind !== 'tdd') counts[c.kind]++;
}

function planOf(c: AuditCommit, before: LineState): ReplayPlan | undefined {
  if (c.kind !== 'tdd' || !c.phase || c.phase === 'off') return undefined;
  const base = { commit: c.sha, parent: c.parents[0] ?? null, phase: c.phase, task: c.task, regression: c.regression, entries: c.entries };
  if (c.phase === 'red') {
    return { ...base, files: c.entries.filter((e) => e.kind === 'test' && e.status !== 'D').map((e) => e.path), reds: [] };
  }
  const record = c.phase === 'green' ? openRecord(before, taskOf(c)) : before.records.get(taskOf(c));
  // A GREEN without RED is refused before any run, at commit time and here.
  if (c.phase === 'green' && !record) return undefined;
  return { ...base, files: record && record.files.size > 0 ? [...record.files.keys()] : null, reds: record?.reds ?? [] };
}

/** Whether judging `c` needed state its line does not have (it lies before what was read; a setup commit needs to know none came before it). */
function consultsLine(c: AuditCommit, line: LineState): boolean {
  const task = taskOf(c);
  if (c.kind === 'tdd' && (c.phase === 'green' || c.phase === 'refactor')) return !line.records.has(task);
  if (c.kind === 'tdd' && c.phase === 'red')
    return !line.records.has(task) && (Boolean(c.oldTestChanges?.length) || c.entries.some((e) => e.kind === 'test' && e.status === 'D'));
  if (c.kind === 'no-trailers')
    return !line.current && (c.entries.some((e) => e.kind === 'test' || e.kind === 'support') || (line.records.size === 0 && c.entries.every(isSetupPath)));
  return false;
}

/**
 * Before tdd-hooks: a commit without TDD trailers whose parent had no tdd-hooks configuration, on
 * a lineage read back to its start that never had one (so deleting the configuration later brings
 * nothing back to "before"). The setup commit itself is one: it is the first judged by defaults
 * that brings the configuration. `tdd report` says "made before the hooks were in use".
 */
function isBeforeHooks(c: AuditCommit, line: LineState): boolean {
  return c.configured === false && c.kind !== 'tdd' && c.kind !== 'cut' && !line.adopted && !line.open && !line.truncated;
}

export function evaluateAudit(input: EvaluateInput): Evaluation {
  const { commits, options } = input;
  const outside = input.outside ?? new Map<string, LineState>();
  const keep = input.keep ?? new Set<string>();
  const readers = new Map<string, number>();
  for (const c of commits) for (const p of c.parents) readers.set(p, (readers.get(p) ?? 0) + 1);
  const states = new Map<string, LineState>();
  const reported = new Set<string>();
  const result: Evaluation = { findings: [], counts: emptyCounts(), plans: [], kept: new Map(), needsLookback: false, judged: new Set() };

  /** The state after `p` for one of its children: taken over by its last reader, copied otherwise. */
  const lineOf = (p: string): LineState => {
    const own = states.get(p);
    const left = (readers.get(p) ?? 1) - 1;
    readers.set(p, left);
    if (!own) {
      const out = outside.get(p);
      return out ? cloneLine(out) : emptyLine({ open: true });
    }
    if (left > 0 || keep.has(p)) return cloneLine(own);
    states.delete(p);
    return own;
  };

  for (const c of commits) {
    let line: LineState;
    if (c.kind === 'cut') line = emptyLine({ truncated: true });
    else if (c.parents.length === 0) line = emptyLine();
    else {
      const [first, ...rest] = c.parents.map(lineOf);
      line = rest.length > 0 ? mergeLines(first!, rest) : first!;
    }
    if (isBeforeHooks(c, line)) {
      result.counts.commits++;
      result.counts.beforeHooks++;
      states.set(c.sha, line);
      continue;
    }
    // A lineage that leaves what was read, not set up on what was: whether it was before is known only further back.
    if (line.open && !line.adopted && c.configured === false) result.needsLookback = true;
    if (c.configured || c.kind === 'tdd') line.adopted = true;
    trackChanges(line, c);
    result.judged.add(c.sha);
    const ruleInput = { commit: c, before: line, tracked: line.tracked, options, reported };
    for (const rule of RULES) {
      for (const f of rule(ruleInput)) {
        if (f.path && (f.code === 'AUDIT_FROZEN_TEST_CHANGED' || f.code === 'AUDIT_RED_TEST_REMOVED'))
          reported.add(`${(f.code === 'AUDIT_FROZEN_TEST_CHANGED' && 'by' in f.data ? f.data.by : undefined) ?? c.sha}\0${f.path}`);
        result.findings.push(f);
      }
    }
    if (line.open && consultsLine(c, line)) result.needsLookback = true;
    const plan = input.plan ? planOf(c, line) : undefined;
    if (plan) result.plans.push(plan);
    count(result.counts, c);
    applyStep(line, c);
    states.set(c.sha, line);
  }
  for (const sha of keep) {
    const s = states.get(sha);
    if (s) result.kept.set(sha, s);
  }
  result.findings = allowOffCommits(result.findings, options);
  return result;
}

/**
 * `audit.allowOff: N`: the range's first N off commits (parents first) are listed, the rest fail;
 * `true`: all listed; `false` or 0: all fail. `audit.failOnOff` fails every one.
 */
export function allowOffCommits(findings: AuditFinding[], options: AuditOptions): AuditFinding[] {
  const allowed = allowedOffs(options);
  let seen = 0;
  return findings.map((f) => {
    if (f.code !== 'AUDIT_OFF') return f;
    seen++;
    return { ...f, severity: seen <= allowed ? 'info' : 'error', data: { ...f.data, nth: seen } };
  });
}
