/** Which working-tree files a failure names as a module, and when a RED is refused for one. */
import { describe, expect, it } from 'vitest';
import { evaluateRedUntrackedImport, providersOf } from '../../../src/gates/red-untracked-import.js';
import type { WorkTreeFile } from '../../../src/gates/types.js';
import type { RunResult } from '../../../src/types.js';

const files: WorkTreeFile[] = [
  { path: 'test/helpers/sample.ts', state: 'untracked', kind: 'support' },
  { path: 'tests/helpers/sample.py', state: 'modified', kind: 'support' },
  { path: 'src/sample.js', state: 'untracked', kind: 'impl' },
  { path: 'pkg/util/__init__.py', state: 'untracked', kind: 'impl' },
];
const paths = (message: string) => providersOf(message, files).map((f) => f.path);

describe('providersOf', () => {
  it.each<[string, string[]]>([
    ["Cannot find module '../helpers/sample.js' imported from /tmp/x/test/a.test.js", ['test/helpers/sample.ts', 'tests/helpers/sample.py']],
    ["Cannot find module '/tmp/copy/test/helpers/sample.ts'", ['test/helpers/sample.ts']],
    // Both would provide it.
    ["No module named 'helpers.sample'", ['test/helpers/sample.ts', 'tests/helpers/sample.py']],
    ["No module named 'sample'", []],
    ["cannot import name 'x' from 'pkg.util'", ['pkg/util/__init__.py']],
    ["The requested module '../src/sample.js' does not provide an export named 'sample'", ['src/sample.js']],
    ["Cannot find package 'lodash'", []],
    ['expected 1 to be 2', []],
  ])('%s', (message, expected) => {
    expect(paths(message)).toEqual(expected);
  });
});

const run = (message: string): RunResult => ({
  runner: 'node',
  status: 'completed',
  command: [],
  exitCode: 1,
  durationMs: 1,
  files: ['test/a.test.ts'],
  tests: [{ file: 'test/a.test.ts', name: 'a', status: 'failed', failure: 'missing-symbol', message }],
  fileErrors: [],
});

describe('RED_UNTRACKED_IMPORT', () => {
  it('a test support file, not an implementation file, and only in RED', () => {
    const input = { phase: 'red' as const, regression: false, entries: [], unstaged: files };
    expect(evaluateRedUntrackedImport({ ...input, run: run("does not provide an export named 'x': '../helpers/sample.js'") }).map((f) => f.data)).toEqual([
      { file: 'test/helpers/sample.ts', state: 'untracked', kind: 'missing-symbol', test: 'a' },
      { file: 'tests/helpers/sample.py', state: 'modified', kind: 'missing-symbol', test: 'a' },
    ]);
    expect(evaluateRedUntrackedImport({ ...input, run: run("'../src/sample.js' does not provide an export named 'sample'") })).toEqual([]);
    expect(evaluateRedUntrackedImport({ ...input, phase: 'green', run: run("'../helpers/sample.js'") })).toEqual([]);
  });
});
