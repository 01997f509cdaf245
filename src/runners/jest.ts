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
import { join } from 'node:path';
import type { FailureClass, FileError, TestCaseResult } from '../types.js';
import { classifyLoadError, classifyThrown, firstLine, stripAnsi, type ImportContext } from './classify.js';
import { isProjectModuleSpecifier, scanImports } from './imports.js';
import { parseJestShaped } from './jest-shape.js';
import { asArg } from './paths.js';
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
    // Refuses to write new snapshots (the test fails: 'snapshot-missing'); obsolete ones are left alone.
    '--ci',
    '--json',
    `--outputFile=${o.reportPath}`,
    '--no-watchman',
    // A private cache that outlives the run, in the scratch's own cache folder (never the user's
    // /tmp/jest_*): ts-jest and babel compile a file once, not on every commit (5–10 s cold). jest
    // keys each entry by the file's content and the configuration, so the copy's new content is a miss.
    `--cacheDirectory=${join(o.cacheDir, 'jest')}`,
    // A coverage threshold on a partial run would fail it; `bail` in the config writes no report at all.
    '--coverage=false',
    '--bail=0',
    // The report is written before jest waits for open handles; without this a leaked timer is a timeout.
    '--forceExit',
    // Exact paths (no regex), still filtered by testMatch: a non-test file is absent from the report.
    // REFACTOR: the test files that depend on the changed sources, by jest's own graph (a test file
    // named there is related to itself).
    // A runner whose folder holds no test of the changed sources (another workspace package) finds
    // none: without --passWithNoTests jest exits 1 "No tests found" and writes no report.
    ...(o.related ? ['--findRelatedTests', '--passWithNoTests', ...o.related.map(asArg), ...o.files.map(asArg)] : ['--runTestsByPath', ...o.files.map(asArg)]),
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
  return providers.length > 0 && providers.every((d) => isProjectModuleSpecifier(d.specifier, ctx.workspacePackages));
}

const TIMEOUT = /Exceeded timeout of \d+ ?ms for a (?:test|hook)[^.\n"]*/;
/** `expect(received).toBe(expected)`, `expect.assertions(1)`, `expect(received).rejects.toThrow()` */
const EXPECT_HEAD = /^(?:Error: )?expect(?:\.[\w$]+)*\(/;
/** node:assert errors as jest-circus rewrites them: `assert.strictEqual(received, expected)`, `assert(received)`. */
const NODE_ASSERT_HEAD = /^(?:assert(?:\.[\w$]+)?\((?:received|function)\b|Expected value\b)/;

function hasMatcherResult(details: unknown[] | undefined): boolean {
  return (details ?? []).some((d) => d !== null && typeof d === 'object' && 'matcherResult' in d);
}

/** `--ci` refuses to write a snapshot that is not there yet (the message under "Snapshot name: `add 1`"). */
const SNAPSHOT_NOT_WRITTEN = /^New snapshot was not written\./m;

function failureOf(a: JestAssertion, raw: string, ctx: ImportContext): FailureClass {
  if (SNAPSHOT_NOT_WRITTEN.test(raw)) return 'snapshot-missing';
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
  const failure = failureOf(a, raw, ctx);
  // "expect(received).toMatchSnapshot()" says less than the name of the snapshot that is missing.
  const message = failure === 'snapshot-missing' ? (/Snapshot name: `[^\n]*`/.exec(raw)?.[0] ?? firstLine(raw)) : firstLine(raw);
  return { file, name, status, failure, message };
}

const SUITE_FAILED = /^\s*● Test suite failed to run\s*$/m;

/** The text under `● Test suite failed to run` → why the file could not run. */
function classifySuiteError(body: string, ctx: ImportContext): Omit<FileError, 'file'> {
  const empty = /Your test suite must contain at least one test\./.exec(body);
  if (empty) return { kind: 'no-tests', message: empty[0] };
  const found = classifyLoadError(body, ctx);
  if (found.kind === 'load-error' && isMissingTranspiledSymbol(found.message, ctx)) return { ...found, kind: 'missing-symbol' };
  return found;
}

export function parseJestReport(o: ParseInput): ParsedRun {
  return parseJestShaped<JestAssertion>(o, {
    runner: 'jest',
    distrust: (data) => (data.wasInterrupted === true ? 'jest reports the run as interrupted' : undefined),
    absent: 'not a test file to jest (testMatch/testPathIgnorePatterns)',
    toTest,
    fileError: (raw, ctx) => {
      const message = stripAnsi(raw);
      const header = SUITE_FAILED.exec(message);
      return header ? classifySuiteError(message.slice(header.index + header[0].length), ctx) : undefined;
    },
    hookFailed: (raw) => firstLine(stripAnsi(raw)) || 'the file failed without a failing test',
  });
}

export const jestAdapter: RunnerAdapter = { name: 'jest', relatedMode: 'jest --findRelatedTests', buildArgv: buildJestArgv, parse: parseJestReport };
