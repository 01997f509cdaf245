/**
 * History + event log → the report: per task, its traffic lights in order, its cycles and times;
 * a summary across tasks. Pure: the command reads git and the log, and hands them in.
 */
import type { HistoryCommit } from '../audit/history.js';
import { parseAttemptsTrailer } from '../budget/trailer.js';
import { TRAILER } from '../state/trailers.js';
import type { EventLog } from './events.js';
import { parseEvidence } from './evidence.js';
import { sequenceHistory } from './sequence.js';
import { assembleTask, type TaskEntry } from './task.js';
import { LIGHT_KINDS, type CommitLight, type Cycle, type LightKind, type Report, type TaskReport, type UntrackedCommit } from './types.js';

export interface ReportInput {
  /** The range, newest first (readHistory). */
  commits: HistoryCommit[];
  range: { label: string; revisions: string[] };
  /** The parsed events.jsonl; undefined when there is none. */
  eventLog?: EventLog;
  /** The range ends at HEAD: refused attempts after its last commit are shown (work in progress). */
  includeOpen: boolean;
  /** Which paths are test files: the project's classifier (snapshot/classify over its `tests` globs), the one definition. */
  isTestPath: (path: string) => boolean;
  /** Which paths are docs and the like (the project's `ignore` globs): a commit of only those is no bypass. */
  isIgnoredPath: (path: string) => boolean;
  /** Task titles from the plan, by id. */
  titles?: ReadonlyMap<string, string>;
  /** ISO time the report is made. */
  now: string;
}

/** The value of a trailer in a commit's raw trailer block (the last one wins, as git does with --if-exists replace). */
export function trailerValue(trailerText: string, key: string): string | null {
  let value: string | null = null;
  for (const line of trailerText.split('\n')) {
    const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (m && m[1]!.toLowerCase() === key.toLowerCase()) value = m[2]!.trim();
  }
  return value;
}

const uncoveredOf = (value: string | null): { uncovered?: string } => (value ? { uncovered: value } : {});

function commitLight(c: HistoryCommit, testMs: number | null, isTest: (p: string) => boolean): CommitLight | undefined {
  const { phase } = c.trailers;
  if (!phase) return undefined;
  const attempts = trailerValue(c.trailerText, TRAILER.attempts);
  return {
    kind: phase,
    at: new Date(c.time * 1000).toISOString(),
    task: c.trailers.task ?? null,
    sha: c.sha,
    subject: c.subject,
    evidence: c.trailers.evidence ?? null,
    counts: parseEvidence(c.trailers.evidence) ?? null,
    regression: c.trailers.regression,
    falseFail: trailerValue(c.trailerText, TRAILER.falseFail),
    ...uncoveredOf(trailerValue(c.trailerText, TRAILER.uncovered)),
    reason: c.trailers.reason ?? null,
    revise: c.trailers.revise ?? null,
    attempts: (attempts && parseAttemptsTrailer(attempts)) || null,
    testFiles: c.changes.filter((e) => e.status !== 'D' && isTest(e.path)).map((e) => e.path),
    testMs,
  };
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
}

function add(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}

export function assembleReport(input: ReportInput): Report {
  const { byTask, untracked, outsideRange } = laneHistory(input);
  const tasks: TaskReport[] = [...byTask]
    .map(([id, entries]) => ({ ...assembleTask(id, entries), title: (id !== null && input.titles?.get(id)) || null }))
    .filter((t) => t.lights.length > 0 || t.denied.count > 0);
  const log = input.eventLog;
  return {
    range: input.range,
    generatedAt: input.now,
    tasks,
    untracked,
    summary: summarize(input.commits.length, tasks, untracked),
    eventLog: { found: log !== undefined, lines: log?.lines ?? 0, corrupt: log?.corrupt ?? 0, outsideRange },
  };
}

/** The history and the event log in order, in one lane per task (in the order tasks first appear); commits without trailers apart. */
function laneHistory(input: ReportInput): { byTask: Map<string | null, TaskEntry[]>; untracked: UntrackedCommit[]; outsideRange: number } {
  const isTest = input.isTestPath;
  const { items, outsideRange } = sequenceHistory(input.commits, input.eventLog?.events ?? [], input.includeOpen);
  // Commits with no task active share the null lane.
  const byTask = new Map<string | null, TaskEntry[]>();
  const push = (task: string | null, e: TaskEntry) => (byTask.get(task) ?? byTask.set(task, []).get(task)!).push(e);
  const untracked: UntrackedCommit[] = [];
  const isIgnored = input.isIgnoredPath;
  // Commits without trailers before the range's first TDD commit predate the hooks.
  let tddSeen = false;
  for (const item of items) {
    if (item.type === 'commit') {
      const c = item.commit;
      const light = commitLight(c, item.testMs, isTest);
      if (light) {
        tddSeen = true;
        push(light.task, light);
      } else {
        const merge = c.parents.length > 1;
        const bypass = tddSeen && !merge && c.changes.some((e) => !isIgnored(e.path));
        untracked.push({ sha: c.sha, at: new Date(c.time * 1000).toISOString(), subject: c.subject, merge, bypass });
      }
    } else if (item.type === 'denied') {
      const e = item.event;
      push(e.task, { kind: 'denied', at: new Date(e.at).toISOString(), codes: e.codes, paths: e.paths });
    } else if (item.type === 'refused') {
      const e = item.event;
      // Errors only: a warning printed beside a refusal did not refuse it.
      const errors = e.findings?.filter((f) => f.severity === 'error');
      const codes = errors ? [...new Set(errors.map((f) => f.code))] : e.codes;
      const findings = (errors ?? []).map((f) => ({ code: f.code, path: f.path, what: f.what }));
      push(e.task, {
        kind: 'refused',
        at: new Date(e.at).toISOString(),
        task: e.task,
        phase: e.phase,
        exitCode: e.exitCode,
        codes,
        findings,
        testMs: e.testMs,
      });
    } else if (item.event.to === 'red') {
      // `tdd phase red` starts the clock of the task's next cycle (alone, it shows no light).
      push(item.event.task, { kind: 'declared', at: new Date(item.event.at).toISOString(), to: item.event.to });
    }
  }
  return { byTask, untracked, outsideRange };
}

/** The figures over every task and cycle. */
function summarize(commits: number, tasks: TaskReport[], untracked: UntrackedCommit[]): Report['summary'] {
  const lights = Object.fromEntries(LIGHT_KINDS.map((k) => [k, 0])) as Record<LightKind, number>;
  const refusedCodes: Record<string, number> = {};
  const offReasons: Record<string, number> = {};
  const deniedCodes: Record<string, number> = {};
  for (const t of tasks) {
    add(lights, t.counts);
    add(refusedCodes, t.refusedCodes);
    add(deniedCodes, t.denied.codes);
    for (const r of t.offReasons) offReasons[r] = (offReasons[r] ?? 0) + 1;
  }
  const cycles: Cycle[] = tasks.flatMap((t) => t.cycles);
  return {
    commits,
    tasks: tasks.filter((t) => t.id !== null).length,
    lights,
    cycles: cycles.length,
    cyclesGreen: cycles.filter((c) => c.greenAt !== null).length,
    regressions: cycles.filter((c) => c.regression).length,
    falseFails: cycles.filter((c) => c.falseFail).length,
    testsAdded: cycles.reduce((sum, c) => sum + c.testsAdded, 0),
    medianTimeInRedMs: median(cycles.flatMap((c) => (c.timeInRedMs === null ? [] : [c.timeInRedMs]))),
    medianTimeToGreenMs: median(cycles.flatMap((c) => (c.timeToGreenMs === null ? [] : [c.timeToGreenMs]))),
    refusedCodes,
    offReasons,
    untracked: untracked.length,
    deniedEdits: tasks.reduce((n, t) => n + t.denied.count, 0),
    deniedCodes,
    bypasses: untracked.filter((c) => c.bypass).length,
  };
}
