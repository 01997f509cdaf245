/**
 * The local state files as values we can trust (pure): a parsed `state.json` or `pending.json` →
 * the record, or undefined when any field is not what tdd-hooks writes. Deep on purpose: the hook
 * iterates `red[task].files`, hands `red[task].commit` to git and copies `pending.testFiles` into
 * the state, so a file that only looks right at the top (a hand edit, a crash of another tool, a
 * disk error) must be refused here, not crash a gate. A refused state is rebuilt from the history's
 * trailers; a refused pending verdict is as good as none (the tests run again).
 *
 *   {"version":1,"phase":"red","task":null,"regression":false,"reason":"declared","since":"…",
 *    "red":{"":{"commit":"3f2c…","tree":"9a1b…","files":["test/a.test.js"],"blobs":{…},
 *    "failing":["test/a.test.js > a"],"regression":false}},"lastGreen":null,"lastVerdict":null}
 */
import type { Phase } from '../types.js';
import type { Evidence, Followed, Pending, RedRecord, State, Verdict } from './types.js';

type Obj = Record<string, unknown>;

const PHASES: readonly string[] = ['red', 'green', 'refactor', 'off'];
/** A commit or tree id: SHA-1 or SHA-256. */
const OID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/**
 * A task id: one line (it becomes the TDD-Task trailer). `tdd phase --task` accepts less
 * (letters, digits, `. - _ / # :`), but a state rebuilt from a hand-written trailer may hold more,
 * and must read back as it was written.
 */
const TASK = /^[^\x00-\x1f\x7f]{0,256}$/;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isOid = (v: unknown): v is string => isStr(v) && OID.test(v);
const isTask = (v: unknown): v is string | null => v === null || (isStr(v) && TASK.test(v));
const isStrOrNull = (v: unknown): v is string | null => v === null || isStr(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isPhase = (v: unknown): v is Phase => isStr(v) && PHASES.includes(v);
const isStringMap = (v: unknown): v is Record<string, string> => isObj(v) && Object.values(v).every(isStr);

/** Own keys only, into an object without a prototype: a task called `__proto__` is just a name. */
function ownEntries<T>(v: Obj, each: (value: unknown) => T | undefined): Record<string, T> | undefined {
  const out: Record<string, T> = Object.create(null) as Record<string, T>;
  for (const key of Object.keys(v)) {
    const item = each(v[key]);
    if (item === undefined) return undefined;
    out[key] = item;
  }
  return out;
}

function parseRedRecord(v: unknown): RedRecord | undefined {
  if (!isObj(v)) return undefined;
  const { commit, tree, files, blobs, failing, regression, greenCommit } = v;
  if (!isOid(commit) || !isOid(tree) || !isStrings(files) || !isStringMap(blobs) || !isStrings(failing) || typeof regression !== 'boolean') return undefined;
  if (greenCommit !== undefined && !isOid(greenCommit)) return undefined;
  return { commit, tree, files: [...files], blobs: { ...blobs }, failing: [...failing], regression, ...(greenCommit ? { greenCommit } : {}) };
}

export function parseEvidence(v: unknown): Evidence | undefined {
  if (!isObj(v)) return undefined;
  const { runner, command, exitCode, durationMs, passed, failed, skipped, failures, fileErrors } = v;
  if (!isStr(runner) || !isStrings(command) || !(exitCode === null || typeof exitCode === 'number') || typeof durationMs !== 'number') return undefined;
  if (!isCount(passed) || !isCount(failed) || !isCount(skipped) || !Array.isArray(failures) || !Array.isArray(fileErrors)) return undefined;
  const testsOk = failures.every(
    (t: unknown) =>
      isObj(t) &&
      isStr(t.id) &&
      ['passed', 'failed', 'skipped', 'todo'].includes(t.status as string) &&
      (t.failure === undefined || isStr(t.failure)) &&
      (t.message === undefined || isStr(t.message)),
  );
  const errorsOk = fileErrors.every((e: unknown) => isObj(e) && isStr(e.file) && isStr(e.kind) && isStr(e.message));
  return testsOk && errorsOk ? (v as unknown as Evidence) : undefined;
}

function parseVerdict(v: unknown): Verdict | undefined {
  if (!isObj(v)) return undefined;
  const { at, phase, task, tree, exitCode, codes, evidence } = v;
  if (!isStr(at) || !(phase === 'none' || isPhase(phase)) || !isTask(task) || !(tree === null || isOid(tree))) return undefined;
  if (!(exitCode === 0 || exitCode === 1 || exitCode === 3) || !isStrings(codes)) return undefined;
  if (evidence !== undefined && !parseEvidence(evidence)) return undefined;
  return v as unknown as Verdict;
}

/** `state.json` → the state, or undefined (rebuild it from the history). */
export function parseState(v: unknown): State | undefined {
  if (!isObj(v) || v.version !== 1) return undefined;
  const { phase, task, regression, reason, since, red, lastGreen, lastVerdict, head } = v;
  if (!(phase === null || isPhase(phase)) || !isTask(task) || typeof regression !== 'boolean' || !isStrOrNull(reason) || !isStr(since)) return undefined;
  const records = isObj(red) ? ownEntries(red, parseRedRecord) : undefined;
  if (!records) return undefined;
  if (lastGreen !== null && !(isObj(lastGreen) && isOid(lastGreen.commit) && isTask(lastGreen.task))) return undefined;
  if (head !== undefined && !isOid(head)) return undefined;
  // What the last follow found only informs `tdd status`: a broken one is dropped, the state kept.
  const followed = parseFollowed(v.followed);
  // The last verdict only informs `tdd status`: a broken one is dropped, the state kept.
  const verdict = lastVerdict === null || lastVerdict === undefined ? null : (parseVerdict(lastVerdict) ?? null);
  const extra = parseOffAndRevise(v);
  if (!extra) return undefined;
  return {
    ...extra,
    version: 1,
    phase,
    task,
    regression,
    reason,
    since,
    red: records,
    lastGreen: lastGreen === null ? null : { commit: lastGreen.commit as string, task: lastGreen.task as string | null },
    lastVerdict: verdict,
    ...(head ? { head } : {}),
    ...(followed ? { followed } : {}),
  };
}

function parseFollowed(v: unknown): Followed | undefined {
  if (!isObj(v) || !isStr(v.at) || !(v.from === null || isOid(v.from)) || !isOid(v.to) || !Array.isArray(v.dropped)) return undefined;
  const dropped = v.dropped.every((d: unknown) => isObj(d) && ['red', 'green', 'last-green'].includes(d.record as string) && isTask(d.task) && isOid(d.commit));
  const phase = v.phase === undefined || (isObj(v.phase) && isOid(v.phase.commit) && isTask(v.phase.task));
  return dropped && phase && (v.refound === undefined || isOid(v.refound)) ? (v as unknown as Followed) : undefined;
}

/** The optional keys of `tdd phase off` (resume, until) and `tdd phase red --revise`; undefined when malformed. */
function parseOffAndRevise(v: Obj): Pick<State, 'resume' | 'until' | 'revise'> | undefined {
  const { resume, until, revise } = v;
  const out: Pick<State, 'resume' | 'until' | 'revise'> = {};
  if (resume !== undefined && resume !== null) {
    if (!isObj(resume) || !(resume.phase === null || isPhase(resume.phase)) || !isTask(resume.task)) return undefined;
    out.resume = { phase: resume.phase, task: resume.task };
  }
  for (const [key, value] of [
    ['until', until],
    ['revise', revise],
  ] as const) {
    if (value === undefined || value === null) continue;
    if (!isStr(value) || /[\r\n]/.test(value)) return undefined;
    out[key] = value;
  }
  return out;
}

/** `pending.json` → the verdict pre-commit left, or undefined (none: the tests run again). */
export function parsePending(v: unknown): Pending | undefined {
  if (!isObj(v)) return undefined;
  const {
    tree,
    head,
    phase,
    task,
    regression,
    reason,
    testFiles,
    blobs,
    failing,
    evidence,
    summary,
    at,
    key,
    falseFail,
    attempts,
    subject,
    removedTests,
    uncovered,
  } = v;
  if (!isOid(tree) || !(head === undefined || head === null || isOid(head)) || !isPhase(phase) || !isTask(task)) return undefined;
  if (typeof regression !== 'boolean' || !isStrOrNull(reason) || !isStrings(testFiles) || !isStringMap(blobs) || !isStrings(failing)) return undefined;
  if (!isStr(summary) || !isStr(at) || (evidence !== undefined && !parseEvidence(evidence))) return undefined;
  if (removedTests !== undefined && !isStrings(removedTests)) return undefined;
  for (const s of [key, falseFail, attempts, v.revise, v.until, uncovered, v.tests]) if (s !== undefined && !isStr(s)) return undefined;
  if (v.findings !== undefined && !(Array.isArray(v.findings) && v.findings.every(isKeptFinding))) return undefined;
  if (subject !== undefined && !(isObj(subject) && isStr(subject.text) && (subject.mode === 'fill' || subject.mode === 'enforce'))) return undefined;
  // Trailer values are one line each: a newline would smuggle in a trailer of its own (the reason
  // of an off commit has its whitespace folded by commit-msg).
  for (const s of [summary, falseFail, attempts, v.revise, v.until, uncovered, v.tests]) if (isStr(s) && /[\r\n]/.test(s)) return undefined;
  return v as unknown as Pending;
}

/** A finding an accepted verdict keeps: a code, and no error (an accepted verdict has none). */
function isKeptFinding(f: unknown): boolean {
  return isObj(f) && isStr(f.code) && (f.severity === 'warn' || f.severity === 'info') && (f.path === undefined || isStr(f.path));
}
