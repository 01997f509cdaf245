import { describe, expect, it } from 'vitest';
import { buildVitestArgv, parseVitestReport } from '../../../src/runners/vitest.js';
import type { ParseInput } from '../../../src/runners/types.js';

const ROOT = '/scratch/tree';
const STACK = '\n    at /scratch/tree/test/a.test.ts:4:37\n    at file:///x/node_modules/@vitest/runner/dist/chunk-artifact.js:302:11';

/** Trimmed from real vitest 4.1.12 runs (`--reporter=json`), paths rewritten to /scratch/tree. */
const REPORT = {
  numTotalTestSuites: 9,
  numFailedTests: 5,
  success: false,
  testResults: [
    {
      assertionResults: [
        {
          ancestorTitles: ['math', 'add'],
          fullName: 'math add adds',
          status: 'failed',
          title: 'adds',
          failureMessages: [`TypeError: (0 , __vite_ssr_import_1__.add) is not a function${STACK}`],
        },
        { ancestorTitles: [], title: 'asserts', status: 'failed', failureMessages: [`AssertionError: expected 2 to be 3 // Object.is equality${STACK}`] },
        { ancestorTitles: [], title: 'throws', status: 'failed', failureMessages: [`TypeError: Cannot read properties of null (reading 'x')${STACK}`] },
        {
          ancestorTitles: [],
          title: 'slow',
          status: 'failed',
          failureMessages: ['Error: STACK_TRACE_ERROR\n    at task (file:///x/chunk-artifact.js:1784:27)'],
        },
        { ancestorTitles: [], title: 'str', status: 'failed', failureMessages: ['a string'] },
        { ancestorTitles: [], title: 'skipped', status: 'skipped', failureMessages: [] },
        { ancestorTitles: [], title: 'todo', status: 'todo', failureMessages: [] },
        { ancestorTitles: [], title: 'ok', status: 'passed', failureMessages: [] },
      ],
      status: 'failed',
      message: '',
      name: '/scratch/tree/test/a.test.ts',
    },
    { assertionResults: [], status: 'failed', message: 'boom during collection', name: '/scratch/tree/test/coll.test.ts' },
    {
      assertionResults: [],
      status: 'failed',
      message: 'No test suite found in file /scratch/tree/test/empty.test.ts',
      name: '/scratch/tree/test/empty.test.ts',
    },
    {
      assertionResults: [],
      status: 'failed',
      message: "Cannot find package 'left-pad-nonexistent' imported from /scratch/tree/test/mm.test.ts",
      name: '/scratch/tree/test/mm.test.ts',
    },
    {
      assertionResults: [],
      status: 'failed',
      message: "Cannot find module '../src/notyet.js' imported from /scratch/tree/test/mp.test.ts",
      name: '/scratch/tree/test/mp.test.ts',
    },
    {
      assertionResults: [],
      status: 'failed',
      message: 'Transform failed with 1 error:\n\n\u001b[31m[PARSE_ERROR] \u001b[0mExpected `)` but found `EOF`\n',
      name: '/scratch/tree/test/syn.test.ts',
    },
    // afterAll threw: the test passed, the file failed, the JSON has no message for it.
    {
      assertionResults: [{ ancestorTitles: ['aa'], title: 'a1', status: 'passed', failureMessages: [] }],
      status: 'failed',
      message: '',
      name: '/scratch/tree/test/hook.test.ts',
    },
    // --passWithNoTests in the user's config: an empty file passes with no results.
    { assertionResults: [], status: 'passed', message: '', name: '/scratch/tree/test/empty2.test.ts' },
    // Matched by substring (asked for test/a.test.ts), never asked for.
    {
      assertionResults: [{ ancestorTitles: [], title: 'x', status: 'failed', failureMessages: ['Error: x'] }],
      status: 'failed',
      message: '',
      name: '/scratch/tree/test/a.test.tsx',
    },
  ],
};

const SOURCE = "import { describe, it, expect } from 'vitest';\nimport { add } from '../src/math.js';\n";

function input(files: string[]): ParseInput {
  return { report: JSON.stringify(REPORT), exitCode: 1, stdout: '', stderr: '', files, root: ROOT, sources: new Map([['test/a.test.ts', SOURCE]]) };
}

describe('parseVitestReport', () => {
  it('classifies every test of a file and keeps only the files asked for', () => {
    const r = parseVitestReport(input(['./test/a.test.ts']));
    expect(r.status).toBe('completed');
    expect(r.files).toEqual(['test/a.test.ts']);
    expect(r.fileErrors).toEqual([]);
    expect(r.tests).toEqual([
      { file: 'test/a.test.ts', name: 'math > add > adds', status: 'failed', failure: 'missing-symbol', message: 'TypeError: add is not a function' },
      { file: 'test/a.test.ts', name: 'asserts', status: 'failed', failure: 'assertion', message: 'AssertionError: expected 2 to be 3 // Object.is equality' },
      { file: 'test/a.test.ts', name: 'throws', status: 'failed', failure: 'exception', message: "TypeError: Cannot read properties of null (reading 'x')" },
      { file: 'test/a.test.ts', name: 'slow', status: 'failed', failure: 'timeout', message: 'test timed out' },
      { file: 'test/a.test.ts', name: 'str', status: 'failed', failure: 'exception', message: 'a string' },
      { file: 'test/a.test.ts', name: 'skipped', status: 'skipped' },
      { file: 'test/a.test.ts', name: 'todo', status: 'todo' },
      { file: 'test/a.test.ts', name: 'ok', status: 'passed' },
    ]);
  });

  it.each([
    ['test/coll.test.ts', 'load-error'],
    ['test/empty.test.ts', 'no-tests'],
    ['test/mm.test.ts', 'missing-module'],
    ['test/mp.test.ts', 'missing-symbol'],
    ['test/syn.test.ts', 'syntax'],
    ['test/hook.test.ts', 'load-error'],
    ['test/empty2.test.ts', 'no-tests'],
    // In a complete report but never collected (include/exclude).
    ['test/helper.ts', 'no-tests'],
  ])('%s is a file error: %s', (file, kind) => {
    const r = parseVitestReport(input([file]));
    expect(r.status).toBe('completed');
    expect(r.fileErrors.map((e) => [e.file, e.kind])).toEqual([[file, kind]]);
  });

  it.each([
    ['no report', undefined],
    ['not JSON', '{"testResults": ['],
    ['another shape', '{"results": []}'],
  ])('%s → unknown, never a pass', (_, report) => {
    const r = parseVitestReport({ ...input(['test/a.test.ts']), report });
    expect(r).toMatchObject({ status: 'unknown', tests: [], fileErrors: [] });
    expect(r.reason).toBeTruthy();
  });
});

describe('parseVitestReport after a signal', () => {
  it('a report from a vitest stopped by SIGINT/SIGTERM (exit 130/143) is not trusted', () => {
    expect(parseVitestReport({ ...input(['test/a.test.ts']), exitCode: 130 })).toMatchObject({ status: 'unknown', tests: [] });
  });
});

describe('buildVitestArgv', () => {
  const base = {
    root: ROOT,
    files: ['test/a.test.ts', '-odd.test.ts'],
    reportPath: '/tmp/r/report',
    nodePath: '/usr/bin/node',
    runnerPath: `${ROOT}/node_modules/vitest/vitest.mjs`,
  };

  it('vitest 4: no snapshot writes, no cache, no .only, exact files as ./paths', () => {
    expect(buildVitestArgv({ ...base, runnerVersion: '4.1.12' })).toEqual({
      argv: [
        '/usr/bin/node',
        `${ROOT}/node_modules/vitest/vitest.mjs`,
        'run',
        '--root',
        ROOT,
        '--reporter=json',
        '--outputFile.json=/tmp/r/report',
        '--reporter=default',
        '--update=none',
        '--allowOnly=false',
        '--no-cache',
        './test/a.test.ts',
        './-odd.test.ts',
      ],
      env: {},
    });
  });

  it('vitest 3: --update is a boolean there, CI=true is what stops snapshot writes', () => {
    const built = buildVitestArgv({ ...base, runnerVersion: '3.2.4' });
    expect(built).toMatchObject({ env: { CI: 'true' } });
    expect('argv' in built && built.argv.some((a) => a.startsWith('--update'))).toBe(false);
  });

  it('an unreadable version is an error', () => {
    expect(buildVitestArgv({ ...base })).toEqual({ error: expect.stringContaining('unsupported vitest') });
  });

  it("REFACTOR, related: `vitest related --run` with the changed sources and the task's test files, no other positional", () => {
    const built = buildVitestArgv({ ...base, runnerVersion: '4.1.12', related: ['src/a.ts'] });
    expect('argv' in built && built.argv.slice(2, 7)).toEqual(['related', '--run', './src/a.ts', './test/a.test.ts', './-odd.test.ts']);
    expect('argv' in built && built.argv.at(-1)).toBe('--no-cache');
  });
});
