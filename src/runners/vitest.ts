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
import type { TestCaseResult } from '../types.js';
import { classifyLoadError, classifyThrown, cleanViteNames, firstLine, type ImportContext } from './classify.js';
import { parseJestShaped } from './jest-shape.js';
import { asArg } from './paths.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

interface VitestAssertion {
  ancestorTitles?: string[];
  title: string;
  status: string;
  failureMessages?: string[];
}

export function buildVitestArgv(o: BuildArgvInput): BuiltCommand {
  const major = Number(/^(\d+)\./.exec(o.runnerVersion ?? '')?.[1] ?? NaN);
  if (!(major >= 1)) return { error: `unsupported vitest version ${o.runnerVersion ?? '(unknown)'}` };
  // Before 4, `--update` was a boolean (`--update=none` would mean "update"); CI=true is what
  // makes those versions refuse to write new snapshots. From 4 on, say it: `--update=false`
  // still writes new snapshots (observed), only `none` writes nothing.
  const snapshots = major >= 4 ? ['--update=none'] : [];
  const env: Record<string, string> = major >= 4 ? {} : { CI: 'true' };
  // `vitest related <sources…>` runs the test files whose module graph holds one of them; a test
  // file named there runs as well (it is its own source).
  const related = o.related
    ? ['related', '--run', ...[...o.related, ...o.files].map(asArg), ...(o.projectFilters ?? (o.excludeProjects ?? []).map((p) => `--project=!${p}`))]
    : ['run'];
  const argv = [
    o.nodePath,
    o.runnerPath,
    ...related,
    '--root',
    o.root,
    '--reporter=json',
    `--outputFile.json=${o.reportPath}`,
    '--reporter=default',
    // Seals the JSON report in vitest's main process (runners/vitest-seal.ts; inert unless asked).
    ...(o.vitestSeal ? [`--reporter=${o.vitestSeal}`] : []),
    ...snapshots,
    '--allowOnly=false',
    // Without this vitest writes node_modules/.vite/vitest/<hash>/results.json into the tree.
    '--no-cache',
    // Positional filters are substring matches: `a.test.ts` also runs `data.test.ts` and
    // `a.test.tsx`. parse() keeps exactly the files asked for.
    ...(o.related ? [] : o.files.map(asArg)),
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

export function parseVitestReport(o: ParseInput): ParsedRun {
  return parseJestShaped<VitestAssertion>(o, {
    runner: 'vitest',
    // A complete report without the file: vitest's include/exclude never collected it.
    absent: 'not collected by vitest (include/exclude?)',
    toTest,
    fileError: (message, ctx) => (message.trim() === '' ? undefined : classifyLoadError(message.trim(), ctx)),
    // beforeAll/afterAll threw: the tests show as skipped or passed, the error is not in the JSON.
    hookFailed: () => 'a suite hook failed (see the output)',
  });
}

export const vitestAdapter: RunnerAdapter = {
  name: 'vitest',
  relatedMode: 'vitest related',
  buildArgv: buildVitestArgv,
  parse: parseVitestReport,
};
