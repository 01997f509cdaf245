/**
 * The attempts ledger: how many times each task's tester (red) and builder (green) were
 * dispatched, and when the task's clock started. Pure data and its parser; the file lives at
 * `<stateDir>/attempts.json` (state/attempts.ts reads and writes it).
 *
 * ```json
 * { "version": 1, "tasks": { "12": { "red": 1, "green": 2, "startedAt": "2025-01-01T10:00:00.000Z",
 *   "history": [{ "phase": "red", "at": "2025-01-01T09:58:00.000Z", "batch": true }, ...] } } }
 * ```
 */

export type AttemptPhase = 'red' | 'green';
export const ATTEMPT_PHASES: readonly AttemptPhase[] = ['red', 'green'];

export interface AttemptRecord {
  phase: AttemptPhase;
  /** ISO time the attempt was recorded. */
  at: string;
  /** A wave attempt: counts toward the ceiling, never starts the clock. */
  batch: boolean;
}

export interface TaskAttempts {
  red: number;
  green: number;
  /** ISO time of the first accepted non-batch attempt; null while only batch attempts exist. */
  startedAt: string | null;
  history: AttemptRecord[];
}

export interface AttemptLedger {
  version: 1;
  tasks: Record<string, TaskAttempts>;
}

export function emptyLedger(): AttemptLedger {
  return { version: 1, tasks: {} };
}

export function emptyTask(): TaskAttempts {
  return { red: 0, green: 0, startedAt: null, history: [] };
}

/** The task's entry, if any. Own properties only: a task called `__proto__` or `constructor` is just a name. */
export function taskOf(ledger: AttemptLedger, id: string): TaskAttempts | undefined {
  return Object.hasOwn(ledger.tasks, id) ? ledger.tasks[id] : undefined;
}

/** Task ids: what a plan or an orchestrator uses, safe in a trailer and a file name. */
export const TASK_ID = /^[\w.\-/#:]{1,64}$/;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

function isRecord(v: unknown): v is AttemptRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Partial<AttemptRecord>;
  return (r.phase === 'red' || r.phase === 'green') && isTime(r.at) && typeof r.batch === 'boolean';
}

/**
 * A parsed JSON value → the ledger, or where it is wrong (`"tasks.12.green"`). Strict on purpose:
 * a ledger we do not understand is reported, never silently reset (that would hand out fresh strikes).
 */
export function parseLedger(v: unknown): { ledger: AttemptLedger } | { problem: string } {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { problem: '(root): expected an object' };
  const o = v as Record<string, unknown>;
  if (o.version !== 1) return { problem: `version: expected 1, found ${JSON.stringify(o.version) ?? 'nothing'}` };
  const tasks = o.tasks;
  if (typeof tasks !== 'object' || tasks === null || Array.isArray(tasks)) return { problem: 'tasks: expected an object' };
  const out: Record<string, TaskAttempts> = {};
  for (const [id, t] of Object.entries(tasks)) {
    const where = `tasks.${id}`;
    if (typeof t !== 'object' || t === null) return { problem: `${where}: expected an object` };
    const e = t as Record<string, unknown>;
    if (!isCount(e.red)) return { problem: `${where}.red: expected a count` };
    if (!isCount(e.green)) return { problem: `${where}.green: expected a count` };
    if (e.startedAt !== null && !isTime(e.startedAt)) return { problem: `${where}.startedAt: expected an ISO time or null` };
    if (!Array.isArray(e.history) || !e.history.every(isRecord)) return { problem: `${where}.history: expected a list of {phase, at, batch}` };
    Object.defineProperty(out, id, {
      value: {
        red: e.red,
        green: e.green,
        startedAt: e.startedAt,
        history: e.history.map((r: AttemptRecord) => ({ phase: r.phase, at: r.at, batch: r.batch })),
      },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { ledger: { version: 1, tasks: out } };
}
