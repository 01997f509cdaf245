/**
 * vitest through its built-in JSON reporter. One file of the report looks like (vitest 4.1):
 *
 *   { "name": "/scratch/test/math.test.ts", "status": "failed", "message": "",
 *     "assertionResults": [{ "ancestorTitles": ["math"], "title": "adds", "status": "failed",
 *       "failureMessages": ["TypeError: (0 , __vite_ssr_import_1__.add) is not a function\n    at …"] }] }
 *
 * A file that failed to load has a `message` and no assertionResults:
 *   { "name": "/scratch/test/a.test.ts", "status": "failed", "assertionResults": [],
 *     "message": "Cannot find package 'left-pad' imported from /scratch/test/a.test.ts" }
 */
import type { FileError, TestCaseResult } from '../types.js';
import { classifyLoadError, classifyThrown, cleanViteNames, firstLine, type ImportContext } from './classify.js';
import { asArg, toRepoPath } from './paths.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

interface VitestAssertion {
  ancestorTitles?: string[];
  title: string;
  status: string;
  failureMessages?: string[];
}
interface VitestFile {
  name: string;
  status: string;
  message?: string;
  assertionResults?: VitestAssertion[];
}

export function buildVitestArgv(o: BuildArgvInput): BuiltCommand {
  const major = Number(/^(\d+)\./.exec(o.runnerVersion ?? '')?.[1] ?? NaN);
  if (!(major >= 1)) return { error: `unsupported vitest version ${o.runnerVersion ?? '(unknown)'}` };
  // Before 4, `--update` was a boolean (`--update=none` would mean "update"); CI=true is what
  // makes those versions refuse to write new snapshots. From 4 on, say it: `--update=false`
  // still writes new snapshots (observed), only `none` writes nothing.
  const snapshots = major >= 4 ? ['--update=none'] : [];
  const env: Record<string, string> = major >= 4 ? {} : { CI: 'true' };
  const argv = [
    o.nodePath,
    o.runnerPath,
    'run',
    '--root',
    o.root,
    '--reporter=json',
    `--outputFile.json=${o.reportPath}`,
    '--reporter=default',
    ...snapshots,
    '--allowOnly=false',
    // Without this vitest writes node_modules/.vite/vitest/<hash>/results.json into the tree.
    '--no-cache',
    // Positional filters are substring matches: `a.test.ts` also runs `data.test.ts` and
    // `a.test.tsx`. parse() keeps exactly the files asked for.
    ...o.files.map(asArg),
  ];
  return { argv, env };
}

/** `Error: STACK_TRACE_ERROR` is what vitest 4's JSON says for "Test timed out in 5000ms". */
function isTimeout(message: string): boolean {
  return /^Error: STACK_TRACE_ERROR\b/.test(message) || /^Error: (Test|Hook) timed out in \d+ms/.test(message);
}

const STATUS: Record<string, TestCaseResult['status']> = { passed: 'passed', failed: 'failed', skipped: 'skipped', todo: 'todo' };

function toTest(file: string, a: VitestAssertion, ctx: ImportContext): TestCaseResult {
  const name = [...(a.ancestorTitles ?? []), a.title].join(' > ');
  // 'pending' (never finished) and anything unknown did not pass.
  const status = STATUS[a.status] ?? 'skipped';
  if (status !== 'failed') return { file, name, status };
  const raw = a.failureMessages?.[0] ?? '';
  if (isTimeout(raw)) return { file, name, status, failure: 'timeout', message: 'test timed out' };
  const failure = classifyThrown({ message: raw }, ctx);
  return { file, name, status, failure, message: cleanViteNames(firstLine(raw)) };
}

function unknown(o: ParseInput, reason: string): ParsedRun {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  return { status: 'unknown', exitCode: o.exitCode, files, tests: [], fileErrors: [], reason };
}

export function parseVitestReport(o: ParseInput): ParsedRun {
  if (o.report === undefined) return unknown(o, 'vitest wrote no report');
  // 130/143: vitest stopped on SIGINT/SIGTERM; a report written then is partial.
  if (o.exitCode === 130 || o.exitCode === 143) return unknown(o, `vitest was stopped (exit ${o.exitCode})`);
  let results: VitestFile[];
  try {
    const data = JSON.parse(o.report) as { testResults?: unknown };
    if (!Array.isArray(data.testResults)) return unknown(o, 'vitest report has no testResults');
    results = data.testResults as VitestFile[];
  } catch {
    return unknown(o, 'vitest report is not JSON');
  }
  const files = o.files.map((f) => toRepoPath(o.root, f));
  const byPath = new Map(results.map((r) => [toRepoPath(o.root, r.name), r]));
  const tests: TestCaseResult[] = [];
  const fileErrors: FileError[] = [];
  for (const file of files) {
    const ctx: ImportContext = { file, root: o.root, sources: o.sources, isProjectImport: o.isProjectImport };
    const entry = byPath.get(file);
    if (!entry) {
      // A complete report without the file: vitest's include/exclude never collected it.
      fileErrors.push({ file, kind: 'no-tests', message: 'not collected by vitest (include/exclude?)' });
      continue;
    }
    const own = (entry.assertionResults ?? []).map((a) => toTest(file, a, ctx));
    tests.push(...own);
    const message = entry.message?.trim() ?? '';
    if (message !== '') fileErrors.push({ file, ...classifyLoadError(message, ctx) });
    else if (own.length === 0) fileErrors.push({ file, kind: 'no-tests', message: 'no tests in file' });
    else if (entry.status === 'failed' && !own.some((t) => t.status === 'failed')) {
      // beforeAll/afterAll threw: the tests show as skipped or passed, the error is not in the JSON.
      fileErrors.push({ file, kind: 'load-error', message: 'a suite hook failed (see the output)' });
    }
  }
  return { status: 'completed', exitCode: o.exitCode, files, tests, fileErrors };
}

export const vitestAdapter: RunnerAdapter = {
  name: 'vitest',
  buildArgv: buildVitestArgv,
  parse: parseVitestReport,
};
