import { describe, expect, it } from 'vitest';
import { buildNodeArgv, parseNodeReport } from '../../../src/runners/node.js';
import type { ParseInput } from '../../../src/runners/types.js';

const ROOT = '/scratch/tree';

/** Lines written by our reporter on Node 20.20.2 (real runs, paths rewritten, stderr trimmed). */
const LINES = String.raw`
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"math","nesting":0}
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"inner","nesting":1}
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"asserts","nesting":2}
{"t":"fail","file":"/scratch/tree/test/a.test.js","name":"asserts","nesting":2,"error":{"message":"Expected values to be strictly equal:\n\n2 !== 3\n","failureType":"testCodeFailure","name":"AssertionError","code":"ERR_ASSERTION"}}
{"t":"fail","file":"/scratch/tree/test/a.test.js","name":"inner","nesting":1,"suite":true,"error":{"message":"1 subtest failed","failureType":"subtestsFailed"}}
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"ok","nesting":1}
{"t":"pass","file":"/scratch/tree/test/a.test.js","name":"ok","nesting":1}
{"t":"fail","file":"/scratch/tree/test/a.test.js","name":"math","nesting":0,"suite":true,"error":{"message":"1 subtest failed","failureType":"subtestsFailed"}}
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"ns","nesting":0}
{"t":"fail","file":"/scratch/tree/test/a.test.js","name":"ns","nesting":0,"error":{"message":"m.add is not a function","failureType":"testCodeFailure","name":"TypeError"}}
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"null","nesting":0}
{"t":"fail","file":"/scratch/tree/test/a.test.js","name":"null","nesting":0,"error":{"message":"Cannot read properties of null (reading 'x')","failureType":"testCodeFailure","name":"TypeError"}}
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"slow","nesting":0}
{"t":"fail","file":"/scratch/tree/test/a.test.js","name":"slow","nesting":0,"error":{"message":"test timed out after 100ms","failureType":"testTimeoutFailure"}}
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"skipped","nesting":0}
{"t":"pass","file":"/scratch/tree/test/a.test.js","name":"skipped","nesting":0,"skip":true}
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"todofail","nesting":0}
{"t":"fail","file":"/scratch/tree/test/a.test.js","name":"todofail","nesting":0,"todo":true,"error":{"message":"1 !== 2","failureType":"testCodeFailure","name":"AssertionError","code":"ERR_ASSERTION"}}
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"parent","nesting":0}
{"t":"start","file":"/scratch/tree/test/a.test.js","name":"child","nesting":1}
{"t":"pass","file":"/scratch/tree/test/a.test.js","name":"child","nesting":1}
{"t":"pass","file":"/scratch/tree/test/a.test.js","name":"parent","nesting":0}
{"t":"file","file":"/scratch/tree/test/a.test.js","passed":false,"exitCode":1}
{"t":"start","file":"/scratch/tree/test/h.test.js","name":"hb","nesting":0}
{"t":"start","file":"/scratch/tree/test/h.test.js","name":"h1","nesting":1}
{"t":"fail","file":"/scratch/tree/test/h.test.js","name":"h1","nesting":1,"error":{"message":"test did not finish before its parent and was cancelled","failureType":"cancelledByParent"}}
{"t":"fail","file":"/scratch/tree/test/h.test.js","name":"hb","nesting":0,"suite":true,"error":{"message":"before boom","failureType":"hookFailed","name":"Error"}}
{"t":"file","file":"/scratch/tree/test/h.test.js","passed":false,"exitCode":1}
{"t":"file","file":"/scratch/tree/test/empty.test.js","passed":true,"exitCode":null}
{"t":"start","file":"/scratch/tree/test/empty.test.js","name":"/scratch/tree/test/empty.test.js","nesting":0}
{"t":"pass","file":"/scratch/tree/test/empty.test.js","name":"/scratch/tree/test/empty.test.js","nesting":0}
{"t":"start","file":"/scratch/tree/test/exit.test.js","name":"ok","nesting":0}
{"t":"pass","file":"/scratch/tree/test/exit.test.js","name":"ok","nesting":0}
{"t":"file","file":"/scratch/tree/test/exit.test.js","passed":false,"exitCode":1}
{"t":"start","file":"/scratch/tree/test/exit.test.js","name":"/scratch/tree/test/exit.test.js","nesting":0}
{"t":"fail","file":"/scratch/tree/test/exit.test.js","name":"/scratch/tree/test/exit.test.js","nesting":0,"error":{"message":"test failed","failureType":"testCodeFailure","exitCode":1,"signal":null}}
{"t":"stderr","file":"/scratch/tree/test/ms.test.js","text":"file:///scratch/tree/test/ms.test.js:2\n"}
{"t":"stderr","file":"/scratch/tree/test/ms.test.js","text":"import { add } from '../src/math.js';\n"}
{"t":"stderr","file":"/scratch/tree/test/ms.test.js","text":"         ^^^\n"}
{"t":"stderr","file":"/scratch/tree/test/ms.test.js","text":"SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'\n"}
{"t":"stderr","file":"/scratch/tree/test/ms.test.js","text":"    at ModuleJob._instantiate (node:internal/modules/esm/module_job:213:21)\n"}
{"t":"file","file":"/scratch/tree/test/ms.test.js","passed":false,"exitCode":1}
{"t":"start","file":"/scratch/tree/test/ms.test.js","name":"/scratch/tree/test/ms.test.js","nesting":0}
{"t":"fail","file":"/scratch/tree/test/ms.test.js","name":"/scratch/tree/test/ms.test.js","nesting":0,"error":{"message":"test failed","failureType":"testCodeFailure","exitCode":1,"signal":null}}
{"t":"stderr","file":"/scratch/tree/test/mm.test.js","text":"Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'left-pad-nonexistent' imported from /scratch/tree/test/mm.test.js\n"}
{"t":"start","file":"/scratch/tree/test/mm.test.js","name":"/scratch/tree/test/mm.test.js","nesting":0}
{"t":"fail","file":"/scratch/tree/test/mm.test.js","name":"/scratch/tree/test/mm.test.js","nesting":0,"error":{"message":"test failed","failureType":"testCodeFailure","exitCode":1,"signal":null}}
{"t":"stderr","file":"/scratch/tree/test/mp.test.js","text":"Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/scratch/tree/src/notyet.js' imported from /scratch/tree/test/mp.test.js\n"}
{"t":"start","file":"/scratch/tree/test/mp.test.js","name":"/scratch/tree/test/mp.test.js","nesting":0}
{"t":"fail","file":"/scratch/tree/test/mp.test.js","name":"/scratch/tree/test/mp.test.js","nesting":0,"error":{"message":"test failed","failureType":"testCodeFailure","exitCode":1,"signal":null}}
{"t":"stderr","file":"/scratch/tree/test/syn.test.js","text":"SyntaxError: Unexpected end of input\n"}
{"t":"start","file":"/scratch/tree/test/syn.test.js","name":"/scratch/tree/test/syn.test.js","nesting":0}
{"t":"fail","file":"/scratch/tree/test/syn.test.js","name":"/scratch/tree/test/syn.test.js","nesting":0,"error":{"message":"test failed","failureType":"testCodeFailure","exitCode":1,"signal":null}}
{"t":"start","file":"/scratch/tree/test/coll.test.js","name":"d","nesting":0}
{"t":"fail","file":"/scratch/tree/test/coll.test.js","name":"d","nesting":0,"suite":true,"error":{"message":"boom during collection","failureType":"testCodeFailure","name":"Error"}}
{"t":"file","file":"/scratch/tree/test/coll.test.js","passed":false,"exitCode":1}
{"t":"diagnostic","message":"tests 17"}
{"t":"end"}
`;

const SOURCE = "import { test } from 'node:test';\nimport * as m from '../src/math.js';\n";

function input(files: string[]): ParseInput {
  return { report: LINES, exitCode: 1, stdout: '', stderr: '', files, root: ROOT, sources: new Map([['test/a.test.js', SOURCE]]) };
}

describe('parseNodeReport', () => {
  it('names tests by their suites, classifies failures, and reads skip/todo flags', () => {
    const r = parseNodeReport(input(['test/a.test.js']));
    expect(r.status).toBe('completed');
    expect(r.fileErrors).toEqual([]);
    expect(r.tests.map((t) => [t.name, t.status, t.failure, t.message])).toEqual([
      ['math > inner > asserts', 'failed', 'assertion', 'AssertionError: Expected values to be strictly equal:'],
      ['math > ok', 'passed', undefined, undefined],
      ['ns', 'failed', 'missing-symbol', 'TypeError: m.add is not a function'],
      ['null', 'failed', 'exception', "TypeError: Cannot read properties of null (reading 'x')"],
      ['slow', 'failed', 'timeout', 'test timed out after 100ms'],
      ['skipped', 'skipped', undefined, undefined],
      ['todofail', 'todo', undefined, undefined],
      // A test with subtests is a suite: only the child is a test case.
      ['parent > child', 'passed', undefined, undefined],
    ]);
  });

  it('a failing before() hook: a load error for the suite, its tests failed as exceptions', () => {
    const r = parseNodeReport(input(['test/h.test.js']));
    expect(r.fileErrors).toEqual([{ file: 'test/h.test.js', kind: 'load-error', message: 'hb: before boom' }]);
    expect(r.tests.map((t) => [t.name, t.status, t.failure])).toEqual([['hb > h1', 'failed', 'exception']]);
  });

  it.each([
    ['test/empty.test.js', 'no-tests', 'no tests in file'],
    ['test/exit.test.js', 'load-error', 'exited with code 1'],
    ['test/ms.test.js', 'missing-symbol', "SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'"],
    [
      'test/mm.test.js',
      'missing-module',
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'left-pad-nonexistent' imported from /scratch/tree/test/mm.test.js",
    ],
    [
      'test/mp.test.js',
      'missing-symbol',
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/scratch/tree/src/notyet.js' imported from /scratch/tree/test/mp.test.js",
    ],
    ['test/syn.test.js', 'syntax', 'SyntaxError: Unexpected end of input'],
    ['test/coll.test.js', 'load-error', 'd: boom during collection'],
    ['test/never.test.js', 'no-tests', 'not run by node --test'],
  ])('%s → %s', (file, kind, message) => {
    const r = parseNodeReport(input([file]));
    expect(r.status).toBe('completed');
    expect(r.fileErrors).toEqual([{ file, kind, message }]);
  });

  it('the empty file and the crashed file produce no test cases', () => {
    expect(parseNodeReport(input(['test/empty.test.js', 'test/ms.test.js'])).tests).toEqual([]);
  });

  it.each([
    ['no report', undefined],
    ['a report cut short (no end line)', LINES.replace('{"t":"end"}', '')],
    ['a line that is not JSON', '{"t":"start",\n{"t":"end"}\n'],
  ])('%s → unknown, never a pass', (_, report) => {
    const r = parseNodeReport({ ...input(['test/a.test.js']), report });
    expect(r).toMatchObject({ status: 'unknown', tests: [], fileErrors: [] });
  });
});

describe('buildNodeArgv', () => {
  it('our reporter to the report file, spec to stdout, each file as ./path, never --test-only', () => {
    const built = buildNodeArgv({
      root: ROOT,
      files: ['test/a.test.js', '--test-only.test.js'],
      reportPath: '/tmp/r/report',
      nodePath: '/usr/bin/node',
      runnerPath: '/pkg/dist/runners/node-reporter.js',
    });
    expect(built).toEqual({
      argv: [
        '/usr/bin/node',
        '--test',
        '--test-reporter=/pkg/dist/runners/node-reporter.js',
        '--test-reporter-destination=/tmp/r/report',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        './test/a.test.js',
        './--test-only.test.js',
      ],
      env: {},
    });
  });
});
