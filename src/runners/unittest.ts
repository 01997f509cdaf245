/**
 * unittest has no machine-readable report, so a shim of ours runs it (python/unittest_shim.py, as
 * `python3 unittest_shim.py <report> -- ./tests/test_math.py …` in the root) and writes JSON at
 * the end (one line, split here; CPython 3.11):
 *
 *   {"format": "tdd-hooks-unittest/1", "files": [{"file": "tests/test_math.py", "load": null, "tests": [
 *     {"name": "TestSub > test_neg", "outcome": "failure", "error": {"type": "AssertionError", "message": "2 != 3"}},
 *     {"name": "TestSub > test_adds", "outcome": "error", "error": {"type": "AttributeError",
 *       "message": "module 'mathlib' has no attribute 'add'", "path": "/scratch/tree/mathlib.py"}},
 *     {"name": "TestDb > test_reads", "outcome": "error", "phase": "setUpClass", "error": {"type": "RuntimeError", "message": "db down"}},
 *     {"name": "TestSub > test_later", "outcome": "skipped", "reason": "later"}],
 *    "errors": [{"phase": "tearDownClass", "target": "tests.test_math.TestDb", "error": {…}}]},
 *   {"file": "tests/test_add.py", "load": {"type": "SyntaxError", "message": "invalid syntax",
 *     "path": "/scratch/tree/tests/test_add.py", "line": 4}, "tests": [], "errors": []}], "stray": []}
 *
 * `failure` is unittest's FAIL (the test's failureException: an assert* or self.fail), `error` its
 * ERROR (anything else raised). A file is imported by its dotted name when that name is the file
 * (tests/test_math.py → tests.test_math, so packages and relative imports work, as with
 * `python -m unittest tests/test_math.py`), else by path. The report is written at the very end,
 * under a temporary name then renamed: a run that died (KeyboardInterrupt, a crash, a kill) has none.
 *
 * Why a failure happened follows pytest.ts: an import or attribute error on a module of the
 * project (its file in the tree, or its package known to `isProjectImport`) is a missing symbol.
 */
import type { FailureClass, FileError, FileErrorKind, TestCaseResult } from '../types.js';
import { asArg, isProjectFile, toRepoPath } from './paths.js';
import { explainPythonError, type PyContext } from './pytest.js';
import { unknownRun } from './result.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

export function buildUnittestArgv(o: BuildArgvInput): BuiltCommand {
  const argv = [o.runnerPath, o.unittestShim, o.reportPath, '--', ...o.files.map(asArg)];
  // No __pycache__ in the tree; the same str hashes (set order) on every run.
  return { argv, env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0' } };
}

// ---- the report

interface PyError {
  type: string;
  message: string;
  /** A SyntaxError's file (with `line`), or the module file an AttributeError is about (3.10+). */
  path?: string;
  line?: number;
}

const OUTCOMES = ['passed', 'failure', 'error', 'skipped', 'expected-failure', 'unexpected-success', 'not-run'] as const;

interface ShimTest {
  name: string;
  outcome: (typeof OUTCOMES)[number];
  error?: PyError;
  /** A skip's reason. */
  reason?: string;
  /** setUpClass / setUpModule: the class or module fixture failed (or skipped), the test never ran. */
  phase?: string;
}

interface ShimFile {
  file: string;
  load: PyError | null;
  tests: ShimTest[];
  /** tearDownClass / tearDownModule errors, after their tests passed or failed. */
  errors: { phase: string; target: string; error: PyError }[];
}

interface ShimReport {
  format: 'tdd-hooks-unittest/1';
  files: ShimFile[];
  /** Fixture errors the shim could tie to no test. */
  stray: { description: string; error: PyError }[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOptional = (v: unknown, type: 'string' | 'number'): boolean => v === undefined || typeof v === type;

function isPyError(v: unknown): v is PyError {
  return isObject(v) && typeof v.type === 'string' && typeof v.message === 'string' && isOptional(v.path, 'string') && isOptional(v.line, 'number');
}

function isShimTest(v: unknown): v is ShimTest {
  if (!isObject(v) || typeof v.name !== 'string' || !OUTCOMES.includes(v.outcome as ShimTest['outcome'])) return false;
  // A failure without its exception cannot be classified.
  const needsError = v.outcome === 'failure' || v.outcome === 'error';
  return (needsError ? isPyError(v.error) : v.error === undefined || isPyError(v.error)) && isOptional(v.reason, 'string') && isOptional(v.phase, 'string');
}

function isShimFile(v: unknown): v is ShimFile {
  return (
    isObject(v) &&
    typeof v.file === 'string' &&
    (v.load === null || isPyError(v.load)) &&
    Array.isArray(v.tests) &&
    v.tests.every(isShimTest) &&
    Array.isArray(v.errors) &&
    v.errors.every((e) => isObject(e) && typeof e.phase === 'string' && typeof e.target === 'string' && isPyError(e.error))
  );
}

function readReport(text: string): ShimReport | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const ok =
    isObject(data) &&
    data.format === 'tdd-hooks-unittest/1' &&
    Array.isArray(data.files) &&
    data.files.every(isShimFile) &&
    Array.isArray(data.stray) &&
    data.stray.every((s) => isObject(s) && typeof s.description === 'string' && isPyError(s.error));
  return ok ? (data as unknown as ShimReport) : undefined;
}

// ---- why

/** `SyntaxError: invalid syntax (tests/test_math.py:4)`: the place, which may be another file than the test. */
function headerOf(e: PyError, root: string): string {
  const head = e.message === '' ? e.type : `${e.type}: ${e.message}`;
  if (e.path === undefined || e.line === undefined) return head;
  return `${head} (${isProjectFile(e.path, root) ? toRepoPath(root, e.path) : e.path}:${e.line})`;
}

function explain(e: PyError, ctx: PyContext): ReturnType<typeof explainPythonError> {
  // The module's own file, when the shim could name it, says whose module lacks the name.
  if (e.type === 'AttributeError' && e.path !== undefined && /^module '[^']+' has no attribute '/.test(e.message)) {
    return isProjectFile(e.path, ctx.root) ? 'missing-symbol' : 'other';
  }
  return explainPythonError(headerOf(e, ctx.root), ctx);
}

function fileErrorOf(e: PyError, ctx: PyContext): { kind: FileErrorKind; message: string } {
  const why = explain(e, ctx);
  const kind: FileErrorKind = why === 'syntax' || why === 'missing-module' || why === 'missing-symbol' ? why : 'load-error';
  return { kind, message: headerOf(e, ctx.root) };
}

/** undefined: collected, yet never reported. */
function testOf(file: string, t: ShimTest, ctx: PyContext): TestCaseResult | undefined {
  const base = { file, name: t.name };
  const header = t.error === undefined ? '' : headerOf(t.error, ctx.root);
  switch (t.outcome) {
    case 'passed':
      return { ...base, status: 'passed' };
    case 'skipped':
      return { ...base, status: 'skipped', ...(t.reason ? { message: t.reason } : {}) };
    // @expectedFailure: a known bug, not a pass.
    case 'expected-failure':
      return { ...base, status: 'skipped', message: `expected failure: ${header}` };
    case 'unexpected-success':
      return { ...base, status: 'failed', failure: 'exception', message: 'unexpected success (@expectedFailure)' };
    case 'failure':
    case 'error': {
      const why = explain(t.error!, ctx);
      // An assertion in setUpClass is not the test's assertion.
      const failure: FailureClass =
        why === 'missing-symbol' ? why : (t.outcome === 'failure' || why === 'assertion') && t.phase === undefined ? 'assertion' : 'exception';
      return { ...base, status: 'failed', failure, message: t.phase === undefined ? header : `${t.phase}: ${header}` };
    }
    case 'not-run':
      return undefined;
  }
}

export function parseUnittestReport(o: ParseInput): ParsedRun {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  if (o.report === undefined) {
    // The shim died before its end: `KeyboardInterrupt`, a crash, os._exit in a test.
    const last = o.stderr.trimEnd().split('\n').at(-1)?.trim().slice(0, 300);
    return unknownRun(o, files, `unittest wrote no report (exit ${o.exitCode})${last ? `: ${last}` : ''}`);
  }
  const report = readReport(o.report);
  if (!report) return unknownRun(o, files, 'the unittest report is not what the shim writes');
  if (report.stray.length > 0) return unknownRun(o, files, `unittest: ${report.stray[0]!.description} belongs to no test asked for`);
  const byFile = new Map(report.files.map((f) => [toRepoPath(o.root, f.file), f]));

  const tests = new Map<string, TestCaseResult>();
  const fileErrors: FileError[] = [];
  for (const file of files) {
    const f = byFile.get(file);
    if (!f) return unknownRun(o, files, `the unittest report says nothing of ${file}`);
    const ctx: PyContext = { file, root: o.root, sources: o.sources, isProjectImport: o.isProjectImport };
    if (f.load) fileErrors.push({ file, ...fileErrorOf(f.load, ctx) });
    else if (f.tests.length === 0) fileErrors.push({ file, kind: 'no-tests', message: 'no tests (no unittest.TestCase with test* methods)' });
    for (const t of f.tests) {
      const result = testOf(file, t, ctx);
      // Something stopped the run half-way (a test calling result.stop()).
      if (!result) return unknownRun(o, files, `unittest did not run ${file} > ${t.name}`);
      const key = `${file}\0${t.name}`;
      const seen = tests.get(key);
      // The same test twice (a suite that lists it twice): a failure stands.
      if (!seen || (seen.status !== 'failed' && result.status === 'failed')) tests.set(key, result);
    }
    for (const e of f.errors) fileErrors.push({ file, kind: 'load-error', message: `${e.phase} (${e.target}): ${headerOf(e.error, o.root)}` });
  }
  return { status: 'completed', exitCode: o.exitCode, files, tests: [...tests.values()], fileErrors };
}

export const unittestAdapter: RunnerAdapter = { name: 'unittest', program: 'python3', python: true, buildArgv: buildUnittestArgv, parse: parseUnittestReport };
