import { describe, expect, it } from 'vitest';
import { buildMochaArgv, parseMochaReport } from '../../../src/runners/mocha.js';
import type { ParseInput } from '../../../src/runners/types.js';

const ROOT = '/scratch/tree';
const A = '/scratch/tree/test/a.test.js';
const TIMEOUT_MSG =
  'Timeout of 50ms exceeded. For async tests and hooks, ensure "done()" is called; if returning a Promise, ensure it resolves. (/scratch/tree/test/a.test.js)';

const failed = {
  throws: {
    title: 'throws',
    fullTitle: 'throws',
    file: A,
    err: {
      stack: "TypeError: Cannot read properties of undefined (reading 'name')\n    at Context.<anonymous> (test/a.test.js:10:60)",
      message: "Cannot read properties of undefined (reading 'name')",
    },
  },
  slow: {
    title: 'slow',
    fullTitle: 'slow',
    file: A,
    err: { stack: `Error: ${TIMEOUT_MSG}\n    at listOnTimeout (node:internal/timers:581:17)`, message: TIMEOUT_MSG, code: 'ERR_MOCHA_TIMEOUT' },
  },
  literal: {
    title: 'literal',
    fullTitle: 'literal',
    file: A,
    err: {
      stack: 'Error: the string "a string" was thrown, throw an Error :)\n    at process.processImmediate (node:internal/timers:483:21)',
      message: 'the string "a string" was thrown, throw an Error :)',
    },
  },
  adds: {
    title: 'adds',
    fullTitle: 'math adds',
    file: A,
    err: { stack: 'TypeError: add is not a function\n    at Context.<anonymous> (test/a.test.js:8:41)', message: 'add is not a function' },
  },
  asserts: {
    title: 'asserts',
    fullTitle: 'math inner asserts',
    file: A,
    err: {
      stack: 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n',
      message: 'Expected values to be strictly equal:\n',
      code: 'ERR_ASSERTION',
    },
  },
};
const pending = ['skipped', 'pending', 'skips itself'].map((title) => ({ title, fullTitle: title, file: A, err: {} }));
const ok = { title: 'ok', fullTitle: 'ok', file: A, err: {} };
const a1 = { title: 'a1', fullTitle: 's a1', file: '/scratch/tree/test/hook.test.js', err: {} };

/** Trimmed from a real mocha 12.0.3 run (`--reporter json --reporter-option output=…`), paths rewritten. */
const REPORT = {
  stats: { tests: 11, passes: 3, pending: 3, failures: 7 },
  tests: [failed.throws, failed.slow, ...pending, failed.literal, ok, ok, failed.adds, failed.asserts, a1],
  pending,
  failures: [
    failed.throws,
    failed.slow,
    failed.literal,
    failed.adds,
    failed.asserts,
    {
      title: '"after all" hook for "a1"',
      fullTitle: 's "after all" hook for "a1"',
      file: '/scratch/tree/test/hook.test.js',
      err: { stack: 'Error: after boom\n    at Context.<anonymous> (test/hook.test.js:3:23)', message: 'after boom' },
    },
    {
      title: '"before all" hook for "d1"',
      fullTitle: 'db "before all" hook for "d1"',
      file: '/scratch/tree/test/ms.test.js',
      err: { stack: 'TypeError: setup is not a function\n    at Context.<anonymous> (test/ms.test.js:3:16)', message: 'setup is not a function' },
    },
  ],
  passes: [ok, ok, a1],
};

/** A `before` at the top level of test/rh.test.js: mocha's root suite, no `file`, and no test of any file ran. */
const ROOT_HOOK = {
  stats: { tests: 0, passes: 0, pending: 0, failures: 1 },
  tests: [],
  pending: [],
  failures: [
    {
      title: '"before all" hook for "throws"',
      fullTitle: '"before all" hook for "throws"',
      err: { stack: 'Error: root before boom\n    at Context.<anonymous> (test/rh.test.js:2:22)', message: 'root before boom' },
    },
  ],
  passes: [],
};

const SOURCES = new Map([
  ['test/a.test.js', "const assert = require('node:assert');\nconst { sub } = require('../src/math');\nconst { add } = require('../src/math');\n"],
  ['test/ms.test.js', 'const { setup } = require("../src/math");\n'],
  ['test/esm.test.js', "import assert from 'node:assert';\nimport { add } from '../src/math.js';\n"],
  ['test/esm2.test.js', "import assert from 'node:assert';\nimport { sub } from '../src/math.js';\n"],
]);

/** `report: null` — mocha wrote none. */
function input(files: string[], report: object | null = REPORT, stderr = ''): ParseInput {
  return { report: report === null ? undefined : JSON.stringify(report), exitCode: 1, stdout: '', stderr, files, root: ROOT, sources: SOURCES };
}

describe('parseMochaReport', () => {
  it('classifies every test of a file, in report order, and keeps only the files asked for', () => {
    const r = parseMochaReport(input(['./test/a.test.js']));
    expect(r.status).toBe('completed');
    expect(r.files).toEqual(['test/a.test.js']);
    expect(r.fileErrors).toEqual([]);
    expect(r.tests.map((t) => [t.name, t.status, t.failure, t.message])).toEqual([
      ['throws', 'failed', 'exception', "TypeError: Cannot read properties of undefined (reading 'name')"],
      ['slow', 'failed', 'timeout', `Error: ${TIMEOUT_MSG}`],
      ['skipped', 'skipped', undefined, undefined],
      ['pending', 'skipped', undefined, undefined],
      ['skips itself', 'skipped', undefined, undefined],
      ['literal', 'failed', 'exception', 'Error: the string "a string" was thrown, throw an Error :)'],
      ['ok', 'passed', undefined, undefined],
      ['ok', 'passed', undefined, undefined],
      ['math > adds', 'failed', 'missing-symbol', 'TypeError: add is not a function'],
      // Suite titles come joined by spaces: 'math inner'.
      ['math inner > asserts', 'failed', 'assertion', 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:'],
    ]);
  });

  it.each([
    // after() threw; the test ran and passed.
    ['test/hook.test.js', [['s > a1', 'passed']], [['load-error', 's "after all" hook for "a1": Error: after boom']]],
    // before() called a function the project does not have yet: its tests never ran.
    ['test/ms.test.js', [], [['missing-symbol', 'db "before all" hook for "d1": TypeError: setup is not a function']]],
    ['test/empty.test.js', [], [['no-tests', 'no tests in file']]],
  ])('%s: hook failures are file errors', (file, tests, errors) => {
    const r = parseMochaReport(input([file]));
    expect(r.tests.map((t) => [t.name, t.status])).toEqual(tests);
    expect(r.fileErrors.map((e) => [e.kind, e.message])).toEqual(errors);
  });

  it('a top-level hook is pinned on the file its stack names; the other files did not run', () => {
    const r = parseMochaReport(input(['test/rh.test.js', 'test/a.test.js'], ROOT_HOOK));
    expect(r.fileErrors).toEqual([
      { file: 'test/rh.test.js', kind: 'load-error', message: '"before all" hook for "throws": Error: root before boom' },
      { file: 'test/a.test.js', kind: 'load-error', message: 'not run: "before all" hook for "throws" in test/rh.test.js failed' },
    ]);
  });

  it('a failure no file asked for can be pinned on (a setup file, a root hook elsewhere) → unknown', () => {
    const r = parseMochaReport(input(['test/a.test.js'], ROOT_HOOK));
    expect(r).toMatchObject({ status: 'unknown', tests: [], fileErrors: [] });
    expect(r.reason).toMatch(/root before boom/);
  });

  it.each([
    ['no report, no explanation', undefined, ''],
    // A --require'd setup file threw: mocha says ERROR, not "Exception during run".
    ['a setup file failed', undefined, '\n✖ ERROR: Error: setup failed\n    at Object.<anonymous> (/scratch/tree/test/setup.js:1:7)\n'],
    ['not JSON', '{"stats": {', ''],
    ['another shape', { results: [] }, ''],
  ])('%s → unknown, never a pass', (_, report, stderr) => {
    const r = parseMochaReport({ ...input(['test/a.test.js'], null, stderr), report: typeof report === 'object' ? JSON.stringify(report) : report });
    expect(r).toMatchObject({ status: 'unknown', tests: [], fileErrors: [] });
    expect(r.reason).toBeTruthy();
  });

  it('an exit of 130/143 without a report is a stop (SIGINT/SIGTERM), not a load error', () => {
    const r = parseMochaReport({ ...input(['test/a.test.js'], null, LOAD.project), exitCode: 130 });
    expect(r).toMatchObject({ status: 'unknown', tests: [], fileErrors: [] });
  });

  it('with a report, exit 130 is 130 failures (mocha exits with their number): the report stands', () => {
    expect(parseMochaReport({ ...input(['test/a.test.js']), exitCode: 130 })).toMatchObject({ status: 'completed' });
  });
});

/** stderr of real runs that stopped while loading (no report), paths rewritten, stacks trimmed. */
const LOAD = {
  syntax:
    '\n Exception during run: /scratch/tree/test/syn.test.js:3\n  sub(1,1;\n        ^\n\nSyntaxError: missing ) after argument list\n    at wrapSafe (node:internal/modules/cjs/loader:1464:18)\n',
  package:
    "\n Exception during run: Error: Cannot find module 'left-pad-nonexistent'\nRequire stack:\n- /scratch/tree/test/mm.test.js\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)\n    at Object.<anonymous> (/scratch/tree/test/mm.test.js:1:13)\n",
  project:
    "\n Exception during run: Error: Cannot find module '../src/notyet'\nRequire stack:\n- /scratch/tree/test/mp.test.js\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)\n    at Object.<anonymous> (/scratch/tree/test/mp.test.js:1:17)\n",
  collection:
    '\n Exception during run: Error: boom during collection\n    at Suite.<anonymous> (/scratch/tree/test/coll.test.js:1:29)\n    at Object.create (file:///x/node_modules/mocha/lib/interfaces/common.js:143:19)\n',
  only: '\n Exception during run: Error: `.only` forbidden by --forbid-only\n    at createForbiddenExclusivityError (file:///x/node_modules/mocha/lib/errors.js:279:13)\n    at Object.<anonymous> (/scratch/tree/test/only.test.js:1:4)\n',
  // ESM link error: no file named at all.
  noExport:
    "\n Exception during run: SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'\n    at ModuleJobSync.runSync (node:internal/modules/esm/module_job:423:37)\n    at ModuleLoader.importSyncForRequire (node:internal/modules/esm/loader:389:47)\n",
  esmModule:
    "\n Exception during run: Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/scratch/tree/src/notyet.js' imported from /scratch/tree/test/mp.test.js\n    at finalizeResolution (node:internal/modules/esm/resolve:283:11)\n",
};

describe('parseMochaReport without a report: the load error', () => {
  it.each([
    ['test/syn.test.js', LOAD.syntax, 'syntax', 'SyntaxError: missing ) after argument list'],
    ['test/mm.test.js', LOAD.package, 'missing-module', "Error: Cannot find module 'left-pad-nonexistent'"],
    ['test/mp.test.js', LOAD.project, 'missing-symbol', "Error: Cannot find module '../src/notyet'"],
    ['test/coll.test.js', LOAD.collection, 'load-error', 'Error: boom during collection'],
    ['test/only.test.js', LOAD.only, 'load-error', 'Error: `.only` forbidden by --forbid-only'],
    ['test/esm.test.js', LOAD.noExport, 'missing-symbol', "SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'"],
    [
      'test/mp.test.js',
      LOAD.esmModule,
      'missing-symbol',
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/scratch/tree/src/notyet.js' imported from /scratch/tree/test/mp.test.js",
    ],
  ])('%s alone → %s', (file, stderr, kind, message) => {
    const r = parseMochaReport(input([file], null, stderr));
    expect(r).toMatchObject({ status: 'completed', tests: [], fileErrors: [{ file, kind, message }] });
  });

  it('with several files: the one named in the error; the others did not run', () => {
    const r = parseMochaReport(input(['test/a.test.js', 'test/mp.test.js'], null, LOAD.project));
    expect(r.fileErrors.map((e) => [e.file, e.kind, e.message])).toEqual([
      ['test/a.test.js', 'load-error', 'not run: mocha stopped loading at test/mp.test.js'],
      ['test/mp.test.js', 'missing-symbol', "Error: Cannot find module '../src/notyet'"],
    ]);
  });

  it('a relative path in a stack counts; a longer name (a.test.jsx) is not a.test.js', () => {
    const stderr = '\n Exception during run: Error: boom\n    at Object.<anonymous> (test/a.test.jsx:1:7)\n    at Suite.<anonymous> (test/z.test.js:2:3)\n';
    const r = parseMochaReport(input(['test/a.test.js', 'test/z.test.js'], null, stderr));
    expect(r.fileErrors.map((e) => [e.file, e.kind, e.message])).toEqual([
      ['test/a.test.js', 'load-error', 'not run: mocha stopped loading at test/z.test.js'],
      ['test/z.test.js', 'load-error', 'Error: boom'],
    ]);
  });

  it('no file named: the one file that imports the missing name from that module', () => {
    const r = parseMochaReport(input(['test/esm2.test.js', 'test/esm.test.js'], null, LOAD.noExport));
    expect(r.fileErrors.map((e) => [e.file, e.kind])).toEqual([
      ['test/esm2.test.js', 'load-error'],
      ['test/esm.test.js', 'missing-symbol'],
    ]);
  });

  it('no file named and none or several could be it → unknown', () => {
    const r = parseMochaReport(input(['test/a.test.js', 'test/ms.test.js'], null, LOAD.noExport));
    expect(r).toMatchObject({ status: 'unknown', fileErrors: [] });
    expect(r.reason).toMatch(/does not provide an export named 'add'/);
  });

  it('"No test files found" (every file ignored by the config) → no-tests for each', () => {
    const r = parseMochaReport(input(['test/a.test.js'], null, 'Error: No test files found: "./test/a.test.js"\n'));
    expect(r).toMatchObject({ status: 'completed', fileErrors: [{ file: 'test/a.test.js', kind: 'no-tests' }] });
  });
});

describe('buildMochaArgv', () => {
  const base = {
    root: ROOT,
    files: ['test/a.test.js', '--watch.test.js'],
    reportPath: '/tmp/r/report',
    nodePath: '/usr/bin/node',
    runnerPath: `${ROOT}/node_modules/mocha/bin/mocha.js`,
  };

  it('JSON to the report file; no .only, no zero-test pass, serial, no watch/bail/dry-run; exit when done', () => {
    expect(buildMochaArgv({ ...base, runnerVersion: '12.0.3' })).toEqual({
      argv: [
        '/usr/bin/node',
        `${ROOT}/node_modules/mocha/bin/mocha.js`,
        '--reporter',
        'json',
        '--reporter-option',
        'output=/tmp/r/report',
        '--forbid-only',
        '--fail-zero',
        '--no-parallel',
        '--no-watch',
        '--no-bail',
        '--no-dry-run',
        '--exit',
        './test/a.test.js',
        './--watch.test.js',
      ],
      env: {},
    });
  });

  it.each([
    ['9.2.2', /unsupported mocha version/],
    [undefined, /unsupported mocha version/],
  ])('mocha %s is refused', (runnerVersion, error) => {
    expect(buildMochaArgv({ ...base, ...(runnerVersion ? { runnerVersion } : {}) })).toMatchObject({ error: expect.stringMatching(error) });
  });

  it('a report path with a comma is refused (mocha splits reporter options on commas)', () => {
    expect(buildMochaArgv({ ...base, runnerVersion: '12.0.3', reportPath: '/tmp/a,b/report' })).toMatchObject({ error: expect.stringMatching(/comma/) });
  });
});
