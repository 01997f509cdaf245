/**
 * A JSON-lines reporter for `node --test` (Node 20 has none built in). node loads the compiled
 * file itself: `node --test --test-reporter=<abs>/dist/runners/node-reporter.js
 * --test-reporter-destination=<report>`. It imports nothing at run time and decides nothing: it
 * keeps the fields the parser needs (src/runners/node.ts), one object per line, and ends with
 * `{"t":"end"}` so that a report cut short by a kill is recognisable.
 *
 * What Node 20.20 sends, observed:
 *   test:start / test:pass / test:fail  in declaration order, children before their parent's
 *     pass/fail; suites carry details.type 'suite'; skip/todo flags on the event;
 *     details.error = { code 'ERR_TEST_FAILURE', failureType, cause: the thrown value }.
 *   A file that crashed at load, or that has no tests, is one test named by its absolute path
 *     (fail with details.error.exitCode, or pass); its stderr arrives as test:stderr lines.
 *   A file with tests gets no pass/fail of its own, only a test:complete with exitCode.
 *
 * The report's seal (runners/seal.ts): when TDD_HOOKS_SEAL_REPORT is set (a guarded run), the
 * SHA-256 of every line it yields goes to stderr as `tdd-hooks-seal <sha256>` once the last one is
 * taken. This runs in node's main process; the project's tests run in its children, and a report
 * they (or a process they leave behind) put in its place no longer matches.
 */
import { createHash } from 'node:crypto';
import type { TestEvent } from 'node:test/reporters';

export interface ReportedError {
  failureType?: string;
  exitCode?: number | null;
  signal?: string | null;
  /** Of the thrown value (`cause`): AssertionError, TypeError… */
  name?: string;
  code?: string;
  message: string;
}

export type NodeReportLine =
  | { t: 'start'; file: string; name: string; nesting: number }
  | {
      t: 'pass' | 'fail';
      file: string;
      name: string;
      nesting: number;
      suite?: boolean;
      skip?: boolean;
      todo?: boolean;
      error?: ReportedError;
    }
  | { t: 'file'; file: string; passed: boolean; exitCode?: number | null }
  | { t: 'stderr'; file: string; text: string }
  | { t: 'diagnostic'; file?: string; message: string }
  | { t: 'end' };

const MAX_MESSAGE = 2000;
const MAX_STDERR_LINES = 300;

type Loose = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function reportError(error: unknown): ReportedError | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const e = error as Loose;
  const cause = e.cause;
  const c = cause !== null && typeof cause === 'object' ? (cause as Loose) : undefined;
  const message = c ? (str(c.message) ?? String(cause)) : String(cause ?? e.message ?? '');
  const out: ReportedError = { message: message.slice(0, MAX_MESSAGE) };
  if (str(e.failureType)) out.failureType = str(e.failureType);
  if ('exitCode' in e) out.exitCode = typeof e.exitCode === 'number' ? e.exitCode : null;
  if ('signal' in e) out.signal = str(e.signal) ?? null;
  if (c && str(c.name)) out.name = str(c.name);
  if (c && str(c.code)) out.code = str(c.code);
  return out;
}

function toLine(event: TestEvent, stderrLines: Map<string, number>): NodeReportLine | undefined {
  const d = (event.data ?? {}) as Loose;
  const file = str(d.file) ?? '';
  const name = str(d.name) ?? '';
  const nesting = typeof d.nesting === 'number' ? d.nesting : 0;
  const details = (d.details ?? {}) as Loose;
  switch (event.type) {
    case 'test:start':
      return { t: 'start', file, name, nesting };
    case 'test:pass':
    case 'test:fail': {
      const line: NodeReportLine = { t: event.type === 'test:pass' ? 'pass' : 'fail', file, name, nesting };
      if (details.type === 'suite') line.suite = true;
      if (d.skip !== undefined && d.skip !== false) line.skip = true;
      if (d.todo !== undefined && d.todo !== false) line.todo = true;
      const error = reportError(details.error);
      if (error) line.error = error;
      return line;
    }
    case 'test:complete': {
      // Only the per-file wrapper: it says how the file's process ended.
      if (nesting !== 0 || name !== file) return undefined;
      const error = reportError(details.error);
      return { t: 'file', file, passed: details.passed === true, exitCode: error?.exitCode ?? null };
    }
    case 'test:stderr': {
      const seen = stderrLines.get(file) ?? 0;
      if (seen >= MAX_STDERR_LINES) return undefined;
      stderrLines.set(file, seen + 1);
      return { t: 'stderr', file, text: (str(d.message) ?? '').slice(0, MAX_MESSAGE) };
    }
    case 'test:diagnostic':
      return file ? { t: 'diagnostic', file, message: str(d.message) ?? '' } : { t: 'diagnostic', message: str(d.message) ?? '' };
    default:
      return undefined;
  }
}

export default async function* nodeJsonReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string, void> {
  const stderrLines = new Map<string, number>();
  const seal = process.env.TDD_HOOKS_SEAL_REPORT ? createHash('sha256') : undefined;
  const out = (line: NodeReportLine): string => {
    const text = `${JSON.stringify(line)}\n`;
    seal?.update(text, 'utf8');
    return text;
  };
  for await (const event of source) {
    let line: NodeReportLine | undefined;
    try {
      line = toLine(event, stderrLines);
    } catch (e) {
      line = { t: 'diagnostic', message: `tdd-hooks reporter: ${String(e)}` };
    }
    if (line) yield out(line);
  }
  yield out({ t: 'end' });
  if (seal) process.stderr.write(`\ntdd-hooks-seal ${seal.digest('hex')}\n`);
}
