import { describe, expect, it } from 'vitest';
import { buildJestArgv, isMissingTranspiledSymbol, parseJestReport } from '../../../src/runners/jest.js';
import type { ParseInput } from '../../../src/runners/types.js';

const ROOT = '/scratch/tree';
const AT = '\n    at Object.<anonymous> (/scratch/tree/test/a.test.js:6:45)\n    at new Promise (<anonymous>)';

/** Trimmed from real jest 30.5.2 runs (`--ci --json --outputFile`), paths rewritten to /scratch/tree. */
const REPORT = {
  numRuntimeErrorTestSuites: 7,
  success: false,
  wasInterrupted: false,
  testResults: [
    {
      name: '/scratch/tree/test/a.test.js',
      status: 'failed',
      message: '  ● math › inner › asserts\n\n    expect(received).toBe(expected) // Object.is equality\n\n    Expected: 3\n    Received: 2',
      assertionResults: [
        {
          ancestorTitles: ['math', 'inner'],
          title: 'asserts',
          status: 'failed',
          failing: false,
          failureDetails: [{ matcherResult: { name: 'toBe', pass: false } }],
          failureMessages: [`Error: expect(received).toBe(expected) // Object.is equality\n\nExpected: 3\nReceived: 2${AT}`],
        },
        {
          ancestorTitles: ['math'],
          title: 'adds',
          status: 'failed',
          failing: false,
          failureDetails: [{}],
          failureMessages: [`TypeError: add is not a function${AT}`],
        },
        {
          ancestorTitles: [],
          title: 'throws',
          status: 'failed',
          failing: false,
          failureDetails: [{}],
          failureMessages: [`TypeError: Cannot read properties of undefined (reading 'name')${AT}`],
        },
        // node:assert, as jest-circus rewrites it: a plain { message } without the error's name.
        {
          ancestorTitles: [],
          title: 'node assert',
          status: 'failed',
          failing: false,
          failureDetails: [{ message: 'assert.strictEqual(received, expected)' }],
          failureMessages: ['assert.strictEqual(received, expected)\n\nExpected value to strictly be equal to:\n  3\nReceived:\n  2'],
        },
        {
          ancestorTitles: [],
          title: 'counts',
          status: 'failed',
          failing: false,
          failureDetails: [{ message: 'expect.assertions(1)' }],
          failureMessages: [`Error: expect.assertions(1)\n\nExpected one assertion to be called but received zero assertion calls.${AT}`],
        },
        {
          ancestorTitles: [],
          title: 'slow',
          status: 'failed',
          failing: false,
          failureDetails: [{}],
          failureMessages: [
            'Error: thrown: "Exceeded timeout of 50 ms for a test.\nAdd a timeout value to this test to increase the timeout, if this is a long-running test. See https://jestjs.io/docs/api#testname-fn-timeout."\n    at Array.map (<anonymous>)',
          ],
        },
        { ancestorTitles: [], title: 'skipped', status: 'pending', failing: false, failureDetails: [], failureMessages: [] },
        { ancestorTitles: [], title: 'todo', status: 'todo', failing: false, failureDetails: [], failureMessages: [] },
        { ancestorTitles: [], title: 'expected to fail', status: 'passed', failing: true, failureDetails: [], failureMessages: [] },
        { ancestorTitles: [], title: 'ok', status: 'passed', failing: false, failureDetails: [], failureMessages: [] },
      ],
    },
    {
      name: '/scratch/tree/test/ts.test.ts',
      status: 'failed',
      message: '  ● adds\n\n    TypeError: (0 , math_1.add) is not a function',
      assertionResults: [
        {
          ancestorTitles: [],
          title: 'adds',
          status: 'failed',
          failing: false,
          failureDetails: [{}],
          failureMessages: ['TypeError: (0 , math_1.add) is not a function\n    at Object.<anonymous> (/scratch/tree/test/ts.test.ts:5:42)'],
        },
        {
          ancestorTitles: [],
          title: 'ns',
          status: 'failed',
          failing: false,
          failureDetails: [{}],
          failureMessages: ['TypeError: m.add is not a function\n    at Object.<anonymous> (/scratch/tree/test/ts.test.ts:6:27)'],
        },
      ],
    },
    {
      name: '/scratch/tree/test/top.test.js',
      status: 'failed',
      message:
        '  ● Test suite failed to run\n\n    TypeError: add is not a function\n\n      1 | const { add } = require("../src/math");\n    > 2 | const three = add(1, 2);',
      assertionResults: [],
    },
    {
      name: '/scratch/tree/test/mm.test.js',
      status: 'failed',
      message:
        "  ● Test suite failed to run\n\n    Cannot find module 'left-pad-nonexistent' from 'test/mm.test.js'\n\n    > 1 | const pad = require(\"left-pad-nonexistent\");\n        |             ^",
      assertionResults: [],
    },
    {
      name: '/scratch/tree/test/mp.test.js',
      status: 'failed',
      message:
        "  ● Test suite failed to run\n\n    Cannot find module '../src/notyet' from 'test/mp.test.js'\n\n    > 1 | const { mul } = require(\"../src/notyet\");\n        |                 ^",
      assertionResults: [],
    },
    // babel-jest (the default transform) parsing the file.
    {
      name: '/scratch/tree/test/syn.test.js',
      status: 'failed',
      message:
        '  ● Test suite failed to run\n\n    SyntaxError: /scratch/tree/test/syn.test.js: Unexpected token, expected "," (3:25)\n\n      1 | const { sub } = require("../src/math");\n      2 | it("x", () => {\n    > 3 |   expect(sub(1,1)).toBe(0;\n        |                          ^',
      assertionResults: [],
    },
    // A custom transform that left .js alone: node's parser, under jest's long advice.
    {
      name: '/scratch/tree/test/syn2.test.js',
      status: 'failed',
      message:
        '  ● Test suite failed to run\n\n    Jest encountered an unexpected token\n\n    Jest failed to parse a file. This happens e.g. when your code or its dependencies use non-standard JavaScript syntax, or when Jest is not configured to support such syntax.\n\n    Details:\n\n    /scratch/tree/test/syn2.test.js:3\n      expect(sub(1,1)).toBe(0;\n                            ^\n\n    SyntaxError: missing ) after argument list\n\n      at ModuleExecutor.compile (../../../work/main/node_modules/jest-runtime/build/index.js:3081:44)\n',
      assertionResults: [],
    },
    // afterAll threw: the test passed, the file failed to run.
    {
      name: '/scratch/tree/test/hook.test.js',
      status: 'failed',
      message: '\n\n  ● Test suite failed to run\n\n    after boom\n',
      assertionResults: [{ ancestorTitles: [], title: 'a1', status: 'passed', failing: false, failureDetails: [], failureMessages: [] }],
    },
    {
      name: '/scratch/tree/test/only.test.js',
      status: 'focused',
      message: '',
      assertionResults: [
        { ancestorTitles: [], title: 'a', status: 'passed', failing: false, failureDetails: [], failureMessages: [] },
        { ancestorTitles: [], title: 'b', status: 'pending', failing: false, failureDetails: [], failureMessages: [] },
      ],
    },
    {
      name: '/scratch/tree/test/coll.test.js',
      status: 'failed',
      message:
        '  ● Test suite failed to run\n\n    boom during collection\n\n    > 1 | describe("d", () => { throw new Error("boom during collection"); });\n        |                             ^',
      assertionResults: [],
    },
    {
      name: '/scratch/tree/test/empty.test.js',
      status: 'failed',
      message: '  ● Test suite failed to run\n\n    Your test suite must contain at least one test.\n\n          at Array.map (<anonymous>)\n',
      assertionResults: [],
    },
    // Native ESM (NODE_OPTIONS=--experimental-vm-modules).
    {
      name: '/scratch/tree/test/esm.test.js',
      status: 'failed',
      message:
        "  ● Test suite failed to run\n\n    SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'\n\n      at EsmLoader.linkAndEvaluateModule (../../../work/main/node_modules/jest-runtime/build/index.js:1989:7)\n",
      assertionResults: [],
    },
    // The same file without the flag.
    {
      name: '/scratch/tree/test/esm2.test.js',
      status: 'failed',
      message:
        '  ● Test suite failed to run\n\n    Must use import to load ES Module: /scratch/tree/test/esm2.test.js\n\n    The file contains ESM syntax (import/export) that could not be executed as CommonJS. Either:\n',
      assertionResults: [],
    },
  ],
};

const SOURCES = new Map([
  ['test/a.test.js', "const { sub } = require('../src/math');\nconst { add } = require('../src/math');\n"],
  ['test/ts.test.ts', "import { add } from '../src/math';\nimport * as m from '../src/math';\n"],
  ['test/top.test.js', 'const { add } = require("../src/math");\nconst three = add(1, 2);\n'],
]);

function input(files: string[], report: string | undefined = JSON.stringify(REPORT)): ParseInput {
  return { report, exitCode: 1, stdout: '', stderr: '', files, root: ROOT, sources: SOURCES };
}

describe('parseJestReport', () => {
  it('names tests by their describe blocks and classifies every failure', () => {
    const r = parseJestReport(input(['./test/a.test.js']));
    expect(r.status).toBe('completed');
    expect(r.files).toEqual(['test/a.test.js']);
    expect(r.fileErrors).toEqual([]);
    expect(r.tests).toEqual([
      {
        file: 'test/a.test.js',
        name: 'math > inner > asserts',
        status: 'failed',
        failure: 'assertion',
        message: 'Error: expect(received).toBe(expected) // Object.is equality',
      },
      { file: 'test/a.test.js', name: 'math > adds', status: 'failed', failure: 'missing-symbol', message: 'TypeError: add is not a function' },
      {
        file: 'test/a.test.js',
        name: 'throws',
        status: 'failed',
        failure: 'exception',
        message: "TypeError: Cannot read properties of undefined (reading 'name')",
      },
      { file: 'test/a.test.js', name: 'node assert', status: 'failed', failure: 'assertion', message: 'assert.strictEqual(received, expected)' },
      { file: 'test/a.test.js', name: 'counts', status: 'failed', failure: 'assertion', message: 'Error: expect.assertions(1)' },
      { file: 'test/a.test.js', name: 'slow', status: 'failed', failure: 'timeout', message: 'Exceeded timeout of 50 ms for a test' },
      { file: 'test/a.test.js', name: 'skipped', status: 'skipped' },
      { file: 'test/a.test.js', name: 'todo', status: 'todo' },
      // test.failing that failed: an expected failure is not a pass.
      { file: 'test/a.test.js', name: 'expected to fail', status: 'todo' },
      { file: 'test/a.test.js', name: 'ok', status: 'passed' },
    ]);
  });

  it('--ci refusing to write a snapshot: missing, not mismatched (jest 30)', () => {
    const raw =
      'Error: expect(received).toMatchSnapshot()\n\nSnapshot name: `a works 1`\n\nNew snapshot was not written. The update flag must be explicitly passed to write a new snapshot.\n\n' +
      'This is likely because this test is run in a continuous integration (CI) environment in which snapshots are not written by default.\n\nReceived: 2' +
      AT;
    const report = {
      testResults: [
        {
          name: '/scratch/tree/test/s.test.js',
          status: 'failed',
          message: '',
          assertionResults: [
            {
              ancestorTitles: ['a'],
              title: 'works',
              status: 'failed',
              failing: false,
              failureDetails: [{ matcherResult: { name: 'toMatchSnapshot', pass: false } }],
              failureMessages: [raw],
            },
          ],
        },
      ],
    };
    expect(parseJestReport(input(['test/s.test.js'], JSON.stringify(report))).tests).toEqual([
      { file: 'test/s.test.js', name: 'a > works', status: 'failed', failure: 'snapshot-missing', message: 'Snapshot name: `a works 1`' },
    ]);
  });

  it('transpiled imports: `(0 , math_1.add)` and a namespace `m.add` are missing symbols', () => {
    const r = parseJestReport(input(['test/ts.test.ts']));
    expect(r.tests.map((t) => [t.name, t.failure, t.message])).toEqual([
      ['adds', 'missing-symbol', 'TypeError: (0 , math_1.add) is not a function'],
      ['ns', 'missing-symbol', 'TypeError: m.add is not a function'],
    ]);
  });

  it.each([
    ['test/top.test.js', 'missing-symbol', 'TypeError: add is not a function'],
    ['test/mm.test.js', 'missing-module', "Cannot find module 'left-pad-nonexistent' from 'test/mm.test.js'"],
    ['test/mp.test.js', 'missing-symbol', "Cannot find module '../src/notyet' from 'test/mp.test.js'"],
    ['test/syn.test.js', 'syntax', 'SyntaxError: /scratch/tree/test/syn.test.js: Unexpected token, expected "," (3:25)'],
    ['test/syn2.test.js', 'syntax', 'SyntaxError: missing ) after argument list'],
    ['test/hook.test.js', 'load-error', 'after boom'],
    ['test/coll.test.js', 'load-error', 'boom during collection'],
    ['test/empty.test.js', 'no-tests', 'Your test suite must contain at least one test.'],
    ['test/esm.test.js', 'missing-symbol', "SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'"],
    ['test/esm2.test.js', 'load-error', 'Must use import to load ES Module: /scratch/tree/test/esm2.test.js'],
    // Absent from a complete report: jest's testMatch did not take it.
    ['src/math.js', 'no-tests', 'not a test file to jest (testMatch/testPathIgnorePatterns)'],
  ])('%s is a file error: %s', (file, kind, message) => {
    const r = parseJestReport(input([file]));
    expect(r.status).toBe('completed');
    expect(r.fileErrors).toEqual([{ file, kind, message }]);
  });

  it('a file whose test failed to run keeps the tests that did run', () => {
    expect(parseJestReport(input(['test/hook.test.js'])).tests).toEqual([{ file: 'test/hook.test.js', name: 'a1', status: 'passed' }]);
  });

  it('focused: the tests .only hid are skipped', () => {
    expect(parseJestReport(input(['test/only.test.js'])).tests.map((t) => [t.name, t.status])).toEqual([
      ['a', 'passed'],
      ['b', 'skipped'],
    ]);
  });

  it.each([
    ['no report', undefined],
    ['not JSON', '{"testResults": ['],
    ['another shape', '{"results": []}'],
    ['an interrupted run', JSON.stringify({ ...REPORT, wasInterrupted: true })],
  ])('%s → unknown, never a pass', (_, report) => {
    const r = parseJestReport({ ...input(['test/a.test.js']), report });
    expect(r).toMatchObject({ status: 'unknown', tests: [], fileErrors: [] });
    expect(r.reason).toBeTruthy();
  });

  it('a report next to an exit of 130/143 (SIGINT/SIGTERM) is not trusted', () => {
    expect(parseJestReport({ ...input(['test/a.test.js']), exitCode: 130 })).toMatchObject({ status: 'unknown', tests: [] });
  });

  it('"No tests found" (exit 1, success: true, no results): every file is no-tests', () => {
    const none = JSON.stringify({ numTotalTestSuites: 0, success: true, testResults: [], wasInterrupted: false });
    expect(parseJestReport(input(['test/helper.js'], none)).fileErrors.map((e) => e.kind)).toEqual(['no-tests']);
  });
});

describe('isMissingTranspiledSymbol', () => {
  const ctx = (source: string, isProjectImport?: (f: string, n: string) => boolean | undefined) => ({
    file: 'test/a.test.ts',
    root: ROOT,
    sources: new Map([['test/a.test.ts', source]]),
    ...(isProjectImport ? { isProjectImport } : {}),
  });
  const project = "import { add } from '../src/math';\nimport { Calc } from '../src/calc';\n";

  it.each([
    ['TypeError: (0 , math_1.add) is not a function', project, true], // tsc / ts-jest
    ['TypeError: (0 , _math.add) is not a function', project, true], // babel
    ['TypeError: (0 , import_math.add) is not a function', project, true], // esbuild
    ['TypeError: calc_1.Calc is not a constructor', project, true],
    ['TypeError: (0 , lodash_1.chunk) is not a function', "import { chunk } from 'lodash';\n", false],
    ['TypeError: (0 , math_1.mul) is not a function', project, false], // not imported at all
    ['TypeError: Cannot read properties of undefined', project, false],
  ])('%s → %s', (message, source, expected) => {
    expect(isMissingTranspiledSymbol(message, ctx(source))).toBe(expected);
  });

  it("a holder the test itself names is classify.ts's case, not this one", () => {
    expect(isMissingTranspiledSymbol('TypeError: m.add is not a function', ctx("import * as m from '../src/math';\n"))).toBe(false);
  });

  it('asks isProjectImport with the exported name when given', () => {
    const asked: string[] = [];
    const answer = (_: string, name: string) => (asked.push(name), false);
    expect(isMissingTranspiledSymbol('TypeError: (0 , math_1.add) is not a function', ctx(project, answer))).toBe(false);
    expect(asked).toEqual(['add']);
  });
});

describe('buildJestArgv', () => {
  const base = {
    root: ROOT,
    files: ['test/a.test.js', '--ci.test.js'],
    reportPath: '/tmp/r/report',
    nodePath: '/usr/bin/node',
    runnerPath: `${ROOT}/node_modules/jest/bin/jest.js`,
    cacheDir: '/tmp/c',
  };

  it('CI mode (no snapshot writes), JSON to the report, cache beside it, exact paths as ./paths', () => {
    expect(buildJestArgv({ ...base, runnerVersion: '30.5.2' })).toEqual({
      argv: [
        '/usr/bin/node',
        '--experimental-vm-modules',
        '--no-warnings=ExperimentalWarning',
        `${ROOT}/node_modules/jest/bin/jest.js`,
        '--ci',
        '--json',
        '--outputFile=/tmp/r/report',
        '--no-watchman',
        '--cacheDirectory=/tmp/c/jest',
        '--coverage=false',
        '--bail=0',
        '--forceExit',
        '--runTestsByPath',
        './test/a.test.js',
        './--ci.test.js',
      ],
      env: {},
    });
  });

  it.each([['26.6.3'], [undefined]])('jest %s is refused', (runnerVersion) => {
    expect(buildJestArgv({ ...base, ...(runnerVersion ? { runnerVersion } : {}) })).toMatchObject({ error: expect.stringMatching(/unsupported jest version/) });
  });
});
