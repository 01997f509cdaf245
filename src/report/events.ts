/**
 * The event log (`events.jsonl` under `git rev-parse --git-path tdd`) as the report needs it. Pure:
 * the command reads the file and hands the text in. One JSON object per line, e.g.
 *
 *   {"at":"2025-05-02T14:02:11.120Z","event":"pre-commit","phase":"red","task":"T1","tree":"…","exitCode":1,"codes":["RED_WRONG_REASON"],"testMs":812,
 *    "findings":[{"code":"RED_WRONG_REASON","severity":"error","path":"test/a.test.js","what":"test/a.test.js fails for the wrong reason …"}]}
 *   {"at":"2025-05-02T14:03:40.002Z","event":"commit","commit":"3f2c…","phase":"red","task":"T1","regression":false,"summary":"…","failing":[],"next":"green"}
 *   {"at":"2025-05-02T14:01:00.000Z","event":"phase","from":null,"to":"red","task":"T1","regression":false,"reason":"declared"}
 *   {"at":"2025-05-02T14:01:30.000Z","event":"guard","agent":"claude","tool":"Write","decision":"deny","phase":"red","task":"T1","codes":["RED_IMPL_WRITE"],"paths":["src/a.js"]}
 *
 * The log is append-only and local; a line cut short by a crash, or edited by hand, is skipped and
 * counted, never fatal. Events the report has no use for (attempt, rollback…) are skipped silently.
 */

export type ReportEvent =
  /** A pre-commit run: refused when exitCode is 1 or 3 (`tdd verify` runs are logged as `verify` and not shown). */
  | {
      kind: 'pre-commit';
      line: number;
      at: number;
      phase: string | null;
      task: string | null;
      exitCode: number;
      codes: string[];
      testMs: number | null;
      findings?: EventFinding[];
    }
  /** post-commit saw a commit land: recorded, amended, or not the verified tree. */
  | { kind: 'commit'; line: number; at: number; commit: string; task: string | null }
  /** `tdd phase`: a declaration. */
  | { kind: 'phase'; line: number; at: number; to: string; task: string | null }
  /** The agent guard denied an edit or a command (`tdd guard`); its allows are not the report's. */
  | { kind: 'denied'; line: number; at: number; task: string | null; phase: string | null; agent: string; tool: string; codes: string[]; paths: string[] };

/** A finding of a refused pre-commit as the log keeps it (older logs have codes only). */
export interface EventFinding {
  code: string;
  severity: 'error' | 'warn';
  path: string | null;
  what: string | null;
}

/** The findings a line carries, the malformed entries left out (they do not make the line corrupt). */
function parseFindings(v: unknown): EventFinding[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.flatMap((f): EventFinding[] => {
    if (typeof f !== 'object' || f === null) return [];
    const o = f as Record<string, unknown>;
    if (typeof o.code !== 'string' || (o.severity !== 'error' && o.severity !== 'warn')) return [];
    return [{ code: o.code, severity: o.severity, path: str(o.path), what: str(o.what) }];
  });
}

export interface EventLog {
  events: ReportEvent[];
  /** Non-blank lines read. */
  lines: number;
  /** Lines that are not a JSON object with an `event` and a valid `at`, or whose fields have the wrong types. */
  corrupt: number;
}

const COMMIT_EVENTS = new Set(['commit', 'commit-amended', 'commit-unverified']);

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const isStrOrNull = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

/** One line → an event, `undefined` for an event kind the report ignores, `null` for a corrupt line. */
function parseLine(text: string, line: number): ReportEvent | undefined | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const at = typeof o.at === 'string' ? Date.parse(o.at) : NaN;
  if (typeof o.event !== 'string' || Number.isNaN(at)) return null;
  if (!isStrOrNull(o.task)) return null;
  const task = str(o.task);
  if (o.event === 'pre-commit') {
    const codes = o.codes ?? [];
    if (typeof o.exitCode !== 'number' || !Array.isArray(codes) || !codes.every((c) => typeof c === 'string') || !isStrOrNull(o.phase)) return null;
    const testMs = typeof o.testMs === 'number' && Number.isFinite(o.testMs) ? o.testMs : null;
    const findings = parseFindings(o.findings);
    return {
      kind: 'pre-commit',
      line,
      at,
      phase: str(o.phase),
      task,
      exitCode: o.exitCode,
      codes: codes as string[],
      testMs,
      ...(findings ? { findings } : {}),
    };
  }
  if (COMMIT_EVENTS.has(o.event)) {
    // An unborn-branch post-commit records `commit: null`: nothing to anchor.
    if (o.commit === null || o.commit === undefined) return undefined;
    if (typeof o.commit !== 'string') return null;
    return { kind: 'commit', line, at, commit: o.commit, task };
  }
  if (o.event === 'phase') {
    if (typeof o.to !== 'string') return null;
    return { kind: 'phase', line, at, to: o.to, task };
  }
  if (o.event === 'guard') {
    if (o.decision !== 'deny') return o.decision === 'allow' ? undefined : null;
    const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
    if (!strings(o.codes) || !strings(o.paths ?? []) || !isStrOrNull(o.phase)) return null;
    return {
      kind: 'denied',
      line,
      at,
      task,
      phase: str(o.phase),
      agent: str(o.agent) ?? '',
      tool: str(o.tool) ?? '',
      codes: o.codes as string[],
      paths: (o.paths ?? []) as string[],
    };
  }
  return undefined;
}

/** The text of events.jsonl → the events the report uses, in the order they were written. */
export function parseEventLog(text: string): EventLog {
  const log: EventLog = { events: [], lines: 0, corrupt: 0 };
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    log.lines++;
    const e = parseLine(raw, i + 1);
    if (e === null) log.corrupt++;
    else if (e) log.events.push(e);
  });
  return log;
}
