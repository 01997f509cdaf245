/**
 * One task's lights → its cycles, times and status. Pure.
 *
 *   ✕ R G F   R G      two cycles: a refused attempt, RED, GREEN, a refactor; then RED, GREEN
 */
import { LIGHT_KINDS, type Cycle, type Light, type LightKind, type TaskReport, type TaskStatus } from './types.js';

/** A `tdd phase red` declaration: it starts the clock of the cycle it opens. */
export interface Declared {
  kind: 'declared';
  at: string;
  to: string;
}

/** An edit the agent guard denied (no light: nothing was committed or refused at commit time). */
export interface DeniedEdit {
  kind: 'denied';
  at: string;
  codes: string[];
  paths: string[];
}

export type TaskEntry = Light | Declared | DeniedEdit;

interface OpenCycle {
  start: number;
  red: number | null;
  green: number | null;
  refactors: number;
  testsAdded: number;
  regression: boolean;
  falseFail: boolean;
}

const ms = (iso: string): number => Date.parse(iso);
const iso = (t: number): string => new Date(t).toISOString();

function toCycle(c: OpenCycle): Cycle {
  return {
    startedAt: iso(c.start),
    redAt: c.red === null ? null : iso(c.red),
    greenAt: c.green === null ? null : iso(c.green),
    refactors: c.refactors,
    timeInRedMs: c.red !== null && c.green !== null ? c.green - c.red : null,
    timeToGreenMs: c.red !== null && c.green !== null ? c.green - c.start : null,
    testsAdded: c.testsAdded,
    regression: c.regression,
    falseFail: c.falseFail,
  };
}

/** RED → GREEN → REFACTOR cycles: each RED after a GREEN opens the next one. */
export function planCycles(entries: TaskEntry[]): Cycle[] {
  const cycles: OpenCycle[] = [];
  let cur: OpenCycle | undefined;
  // Work on the next cycle began before its RED commit: declared, or a refused RED attempt.
  let since: number | null = null;
  // The task's last commit: a clock read from TDD-Attempts never starts a cycle before it.
  let lastAt = -Infinity;
  const open = (start: number, red: number | null): OpenCycle => {
    const c: OpenCycle = { start, red, green: null, refactors: 0, testsAdded: 0, regression: false, falseFail: false };
    cycles.push(c);
    since = null;
    return c;
  };
  for (const e of entries) {
    const at = ms(e.at);
    // Between cycles: the last one reached GREEN (or REFACTOR), or was regression tests and this RED is not.
    const between = !cur || cur.green !== null || cur.refactors > 0 || (cur.regression && e.kind === 'red' && !e.regression);
    if ((e.kind === 'declared' && e.to === 'red') || (e.kind === 'refused' && e.phase === 'red')) {
      if (between) since = Math.min(since ?? at, at);
    } else if (e.kind === 'red') {
      if (!cur || between) {
        // TDD-Attempts: the task's clock started `elapsed` minutes before this commit.
        const clock = e.attempts?.elapsed ? at - e.attempts.elapsed.minutes * 60_000 : at;
        cur = open(Math.min(since ?? at, Math.max(clock, lastAt), at), at);
      }
      cur.testsAdded += (e.regression ? e.counts?.passed : e.counts?.failed) ?? 0;
      cur.regression ||= e.regression;
    } else if (e.kind === 'green' || e.kind === 'refactor') {
      // A range that starts mid-cycle: no RED to measure from.
      cur ??= open(since ?? at, null);
      if (e.kind === 'green' && cur.green === null) cur.green = at;
      if (e.kind === 'refactor') {
        cur.refactors++;
        // Regression tests passed from the start: a refactor after them ends no time in red.
        if (!cur.regression) cur.green ??= at;
      }
      cur.falseFail ||= e.falseFail !== null;
    }
    if (e.kind !== 'declared' && e.kind !== 'refused' && e.kind !== 'denied') lastAt = at;
  }
  return cycles.map(toCycle);
}

function statusOf(lights: Light[], cycles: Cycle[]): TaskStatus {
  const last = cycles.at(-1);
  if (!last) return lights.some((l) => l.kind === 'off') ? 'off' : lights.length > 0 ? 'refused' : 'denied';
  if (last.greenAt === null) return last.regression ? 'regression' : 'red';
  if (last.falseFail) return 'false-fail';
  return last.refactors > 0 ? 'refactored' : 'green';
}

const countBy = <T>(values: T[], key: (v: T) => string[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const v of values) for (const k of key(v)) out[k] = (out[k] ?? 0) + 1;
  return out;
};

/** A task's report from its entries, in order. */
export function assembleTask(id: string | null, entries: TaskEntry[]): TaskReport {
  const lights = entries.filter((e): e is Light => e.kind !== 'declared' && e.kind !== 'denied');
  const denied = entries.filter((e): e is DeniedEdit => e.kind === 'denied');
  const cycles = planCycles(entries);
  const counts = Object.fromEntries(LIGHT_KINDS.map((k) => [k, 0])) as Record<LightKind, number>;
  for (const l of lights) counts[l.kind]++;
  const green = cycles.filter((c) => c.timeInRedMs !== null);
  const times = [...entries.map((e) => ms(e.at)), ...cycles.map((c) => ms(c.startedAt))];
  const first = times.reduce((a, b) => Math.min(a, b), Infinity);
  const last = times.reduce((a, b) => Math.max(a, b), -Infinity);
  const commits = lights.flatMap((l) => (l.kind === 'refused' ? [] : [l]));
  return {
    id,
    title: null,
    lights,
    counts,
    cycles,
    status: statusOf(lights, cycles),
    startedAt: iso(first),
    endedAt: lights.at(-1)?.at ?? iso(last),
    timeInRedMs: green.length ? green.reduce((sum, c) => sum + c.timeInRedMs!, 0) : null,
    timeToGreenMs: green[0]?.timeToGreenMs ?? null,
    testsAdded: cycles.reduce((sum, c) => sum + c.testsAdded, 0),
    testFiles: [...new Set(commits.filter((c) => c.kind === 'red').flatMap((c) => c.testFiles))],
    refusedCodes: countBy(lights, (l) => (l.kind === 'refused' ? (l.codes.length ? l.codes : [l.exitCode === 3 ? 'RUN_UNVERIFIED' : 'REFUSED']) : [])),
    offReasons: commits.flatMap((c) => (c.kind === 'off' && c.reason ? [c.reason] : [])),
    revisions: commits.flatMap((c) => (c.kind === 'red' && c.revise ? [c.revise] : [])),
    attempts: [...commits].reverse().find((c) => c.attempts !== null)?.attempts ?? null,
    denied: { count: denied.length, codes: countBy(denied, (d) => d.codes), paths: [...new Set(denied.flatMap((d) => d.paths))] },
  };
}
