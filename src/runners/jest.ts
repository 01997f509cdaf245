/**
 * jest through its built-in `--json --outputFile` report. One file of it (jest 30.5):
 *
 *   { "name": "/scratch/test/math.test.js", "status": "failed", "message": "  ● add › adds\n\n    TypeError: …",
 *     "assertionResults": [{ "ancestorTitles": ["add"], "title": "adds", "status": "failed", "failing": false,
 *       "failureDetails": [{}], "failureMessages": ["TypeError: add is not a function\n    at …"] }] }
 *
 * A file that could not run says so in its message, usually with no assertionResults:
 *   "  ● Test suite failed to run\n\n    Cannot find module '../src/notyet' from 'test/math.test.js'\n…"
 * `status: "focused"` is a file where `.only` ran and hid the others (they come back `pending`).
 * A file jest's testMatch/testPathIgnorePatterns rejected is simply absent.
 */
import { dirname, join } from 'node:path';
import type { FailureClass, FileError, FileErrorKind, TestCaseResult } from '../types.js';
import { classifyLoadError, classifyThrown, firstLine, stripAnsi, type ImportContext } from './classify.js';
import { isProjectSpecifier, scanImports } from './imports.js';
import { asArg, toRepoPath } from './paths.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

interface JestAssertion {
  ancestorTitles?: string[];
  title: string;
  status: string;
  /** `test.failing`: a 'passed' one failed as it was told to. */
  failing?: boolean;
  failureMessages?: string[];
  failureDetails?: unknown[];
}
interface JestFile {
  name: string;
  status: string;
  message?: string;
  assertionResults?: JestAssertion[];
}

export function buildJestArgv(o: BuildArgvInput): BuiltCommand {
  const major = Number(/^(\d+)\./.exec(o.runnerVersion ?? '')?.[1] ?? NaN);
  // 27 made jest-circus the default runner; the report fields read here are its.
  if (!(major >= 27)) return { error: `unsupported jest version ${o.runnerVersion ?? '(unknown)'}` };
  const argv = [
    o.nodePath,
    // Native ESM test files load only with it (jest's own instructions); CommonJS ones are unaffected.
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    o.runnerPath,
    // Refuses to write new snapshots (the test fails instead); obsolete ones are left alone.
    '--ci',
    '--json',
    `--outputFile=${o.reportPath}`,
    '--no-watchman',
    // No transform cache, and the haste map next to the report (not /tmp/jest_*): nothing outlives the run.
    '--no-cache',
    `--cacheDirectory=${join(dirname(o.reportPath), 'jest-cache')}`,
    // A coverage threshold on a partial run would fail it; `bail` in the config writes no report at all.
    '--coverage=false',
    '--bail=0',
    // The report is written before jest waits for open handles; without this a leaked timer is a timeout.
    '--forceExit',
    // Exact paths (no regex), still filtered by testMatch: a non-test file is absent from the report.
    '--runTestsByPath',
    ...o.files.map(asArg),
  ];
  return { argv, env: {} };
}

/**
 * `TypeError: (0 , math_1.add) is not a function` — a name read off a module object that a
 * transpiler made (tsc/ts-jest `math_1`, babel `_math`, esbuild `import_math`); also
 * `_math.Calc is not a constructor`. The name is the *exported* one. It is the project's when every
 * import in the test that provides that name comes from a project path. Shared with mocha.ts.
 */
export function isMissingTranspiledSymbol(message: string, ctx: ImportContext): boolean {
  const m = /^(?:TypeError: )?(?:\(0\s*,\s*([\w$]+)\.([\w$]+)\)|([\w$]+)\.([\w$]+)) is not a (?:function|constructor)\b/.exec(firstLine(message));
  if (!m) return false;
  const holder = (m[1] ?? m[3])!;
  const exported = (m[2] ?? m[4])!;
  const text = ctx.sources.get(ctx.file);
  const decls = text === undefined ? [] : scanImports(text);
  // `m.add` with `m` a binding of the source is classify's case (a namespace the test named).
  if (decls.some((d) => d.bindings.has(holder))) return false;
  const asked = ctx.isProjectImport?.(ctx.file, exported);
  if (asked !== undefined) return asked;
  const providers = decls.filter((d) => [...d.bindings.values()].includes(exported));
  return providers.length > 0 && providers.every((d) => isProjectSpecifier(d.specifier));
}

const TIMEOUT = /Exceeded timeout of \d+ ?ms for a (?:test|hook)[^.\n"]*/;
/** `expect(received).toBe(expected)`, `expect.assertions(1)`, `expect(received).rejects.toThrow()` */
const EXPECT_HEAD = /^(?:Error: )?expect(?:\.[\w$]+)*\(/;
/** node:assert errors as jest-circus rewrites them: `assert.strictEqual(received, expected)`, `assert(received)`. */
const NODE_ASSERT_HEAD = /^(?:assert(?:\.[\w$]+)?\((?:received|function)\b|Expected value\b)/;

function hasMatcherResult(details: unknown[] | undefined): boolean {
  return (details ?? []).some((d) => d !== null && typeof d === 'object' && 'matcherResult' in d);
}

function failureOf(a: JestAssertion, raw: string, ctx: ImportContext): FailureClass {
  if (hasMatcherResult(a.failureDetails)) return 'assertion';
  const head = firstLine(raw);
  if (EXPECT_HEAD.test(head) || NODE_ASSERT_HEAD.test(head)) return 'assertion';
  const thrown = classifyThrown({ message: raw }, ctx);
  if (thrown === 'exception' && isMissingTranspiledSymbol(raw, ctx)) return 'missing-symbol';
  return thrown;
}

const STATUS: Record<string, TestCaseResult['status']> = { passed: 'passed', failed: 'failed', todo: 'todo' };

function toTest(file: string, a: JestAssertion, ctx: ImportContext): TestCaseResult {
  const name = [...(a.ancestorTitles ?? []), a.title].join(' > ');
  // pending (skip, or hidden by .only), disabled and anything unknown did not run.
  let status = STATUS[a.status] ?? 'skipped';
  // A `test.failing` that failed is an expected failure: not a pass (research §3: like todo).
  if (status === 'passed' && a.failing === true) status = 'todo';
  if (status !== 'failed') return { file, name, status };
  const raw = stripAnsi(a.failureMessages?.[0] ?? '');
  const timeout = TIMEOUT.exec(raw);
  if (timeout) return { file, name, status, failure: 'timeout', message: timeout[0] };
  return { file, name, status, failure: failureOf(a, raw, ctx), message: firstLine(raw) };
}

const SUITE_FAILED = /^\s*● Test suite failed to run\s*$/m;

/** The text under `● Test suite failed to run` → why the file could not run. */
function classifySuiteError(body: string, ctx: ImportContext): { kind: FileErrorKind; message: string } {
  const empty = /Your test suite must contain at least one test\./.exec(body);
  if (empty) return { kind: 'no-tests', message: empty[0] };
  const found = classifyLoadError(body, ctx);
  if (found.kind === 'load-error' && isMissingTranspiledSymbol(found.message, ctx)) return { ...found, kind: 'missing-symbol' };
  return found;
}

function unknown(o: ParseInput, reason: string): ParsedRun {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  return { status: 'unknown', exitCode: o.exitCode, files, tests: [], fileErrors: [], reason };
}

export function parseJestReport(o: ParseInput): ParsedRun {
  if (o.report === undefined) return unknown(o, 'jest wrote no report');
  // 130/143: jest stopped on SIGINT/SIGTERM (it writes no report then; one found would be stale).
  if (o.exitCode === 130 || o.exitCode === 143) return unknown(o, `jest was stopped (exit ${o.exitCode})`);
  let results: JestFile[];
  try {
    const data = JSON.parse(o.report) as { testResults?: unknown; wasInterrupted?: unknown };
    if (!Array.isArray(data.testResults)) return unknown(o, 'jest report has no testResults');
    if (data.wasInterrupted === true) return unknown(o, 'jest reports the run as interrupted');
    results = data.testResults as JestFile[];
  } catch {
    return unknown(o, 'jest report is not JSON');
  }
  const files = o.files.map((f) => toRepoPath(o.root, f));
  const byPath = new Map(results.map((r) => [toRepoPath(o.root, r.name), r]));
  const tests: TestCaseResult[] = [];
  const fileErrors: FileError[] = [];
  for (const file of files) {
    const ctx: ImportContext = { file, root: o.root, sources: o.sources, isProjectImport: o.isProjectImport };
    const entry = byPath.get(file);
    if (!entry) {
      fileErrors.push({ file, kind: 'no-tests', message: "not a test file to jest (testMatch/testPathIgnorePatterns)" });
      continue;
    }
    const own = (entry.assertionResults ?? []).map((a) => toTest(file, a, ctx));
    tests.push(...own);
    const message = stripAnsi(entry.message ?? '');
    const header = SUITE_FAILED.exec(message);
    if (header) {
      // Also after tests ran: an afterAll that threw. Its tests stay as reported.
      fileErrors.push({ file, ...classifySuiteError(message.slice(header.index + header[0].length), ctx) });
    } else if (own.length === 0) fileErrors.push({ file, kind: 'no-tests', message: 'no tests in file' });
    else if (entry.status === 'failed' && !own.some((t) => t.status === 'failed')) {
      fileErrors.push({ file, kind: 'load-error', message: firstLine(message) || 'the file failed without a failing test' });
    }
  }
  return { status: 'completed', exitCode: o.exitCode, files, tests, fileErrors };
}

export const jestAdapter: RunnerAdapter = { name: 'jest', buildArgv: buildJestArgv, parse: parseJestReport };
