import { describe, expect, it } from 'vitest';
import { buildUnittestArgv, parseUnittestReport } from '../../../src/runners/unittest.js';
import type { ParseInput } from '../../../src/runners/types.js';

const ROOT = '/scratch/tree';

/**
 * From a real run of our shim on CPython 3.11.7 (exit 1) over ten files under tests/, next to
 * mathlib.py (no `add`), shapes/__init__.py (no circle.py) and broken.py (a syntax error); paths
 * rewritten to /scratch/tree and /usr, a newline put before each file and each test.
 */
const REPORT = `{"format": "tdd-hooks-unittest/1", "files": [
{"file": "tests/test_a.py", "load": null, "tests": [
  {"name": "TestAdder > test_adds", "outcome": "error", "error": {"type": "AttributeError", "message": "module 'mathlib' has no attribute 'add'", "path": "/scratch/tree/mathlib.py"}, "phase": "setUpClass"},
  {"name": "TestChecked > test_x", "outcome": "error", "error": {"type": "AssertionError", "message": "setup check"}, "phase": "setUpClass"},
  {"name": "TestDb > test_reads", "outcome": "error", "error": {"type": "RuntimeError", "message": "db down"}, "phase": "setUpClass"},
  {"name": "TestSub > test_attr", "outcome": "error", "error": {"type": "AttributeError", "message": "module 'mathlib' has no attribute 'add'", "path": "/scratch/tree/mathlib.py"}},
  {"name": "TestSub > test_fail", "outcome": "failure", "error": {"type": "AssertionError", "message": "not yet"}},
  {"name": "TestSub > test_key", "outcome": "error", "error": {"type": "KeyError", "message": "'x'"}},
  {"name": "TestSub > test_name", "outcome": "error", "error": {"type": "NameError", "message": "name 'undefined_thing' is not defined"}},
  {"name": "TestSub > test_os_attr", "outcome": "error", "error": {"type": "AttributeError", "message": "module 'os' has no attribute 'nope'", "path": "/usr/lib/python3.11/os.py"}},
  {"name": "TestSub > test_skip", "outcome": "skipped", "reason": "later"},
  {"name": "TestSub > test_sub", "outcome": "failure", "error": {"type": "AssertionError", "message": "2 != 3"}},
  {"name": "TestSub > test_table", "outcome": "failure", "error": {"type": "AssertionError", "message": "2 != 0"}},
  {"name": "TestSub > test_xfail", "outcome": "expected-failure", "error": {"type": "AssertionError", "message": "0.0 != 1.0"}},
  {"name": "TestSub > test_xpass", "outcome": "unexpected-success"},
  {"name": "TestTeardown > test_passes", "outcome": "passed"}], "errors": [{"phase": "tearDownClass", "target": "tests.test_a.TestTeardown", "error": {"type": "RuntimeError", "message": "teardown boom"}}]},
{"file": "tests/test_import.py", "load": {"type": "ImportError", "message": "cannot import name 'add' from 'mathlib' (/scratch/tree/mathlib.py)"}, "tests": [], "errors": []},
{"file": "tests/test_module.py", "load": {"type": "ModuleNotFoundError", "message": "No module named 'shapes.circle'"}, "tests": [], "errors": []},
{"file": "tests/test_package.py", "load": {"type": "ModuleNotFoundError", "message": "No module named 'requests_not_here'"}, "tests": [], "errors": []},
{"file": "tests/test_syntax.py", "load": {"type": "SyntaxError", "message": "'(' was never closed", "path": "/scratch/tree/tests/test_syntax.py", "line": 5}, "tests": [], "errors": []},
{"file": "tests/test_broken.py", "load": {"type": "SyntaxError", "message": "invalid syntax", "path": "/scratch/tree/broken.py", "line": 1}, "tests": [], "errors": []},
{"file": "tests/test_throw.py", "load": {"type": "RuntimeError", "message": "boom at import"}, "tests": [], "errors": []},
{"file": "tests/test_empty.py", "load": null, "tests": [], "errors": []},
{"file": "tests/test_modskip.py", "load": null, "tests": [
  {"name": "<module>", "outcome": "skipped", "reason": "needs numpy"}], "errors": []},
{"file": "tests/test_star.py", "load": null, "tests": [
  {"name": "T > test_x", "outcome": "error", "error": {"type": "NameError", "message": "name 'add' is not defined"}}], "errors": []}
], "stray": []}`;

const SOURCES = new Map([['tests/test_star.py', 'import unittest\nfrom mathlib import *\n']]);

/** What run.ts answers from the tree: mathlib.py, broken.py, shapes/ and tests/ are there. */
const PROJECT = new Set(['mathlib', 'broken', 'shapes', 'tests']);
const isProjectImport = (_file: string, module: string): boolean => PROJECT.has(module.split('.')[0]!);

/** `report: null`: the shim wrote none. */
function input(files: string[], report: string | null = REPORT, o: Partial<ParseInput> = {}): ParseInput {
  return { report: report ?? undefined, exitCode: 1, stdout: '', stderr: '', files, root: ROOT, sources: SOURCES, isProjectImport, ...o };
}

const FILES = ['import', 'module', 'package', 'syntax', 'broken', 'throw', 'empty', 'modskip', 'star'].map((n) => `tests/test_${n}.py`);

/** The report with one file's entry replaced (its text as the shim writes it). */
function withFile(file: string, entry: object): string {
  const data = JSON.parse(REPORT) as { files: { file: string }[] };
  data.files = data.files.map((f) => (f.file === file ? { file, ...entry } : f));
  return JSON.stringify(data);
}

describe('parseUnittestReport', () => {
  it('classifies every test of a file: FAIL an assertion, ERROR by its exception, class fixtures for their tests', () => {
    const r = parseUnittestReport(input(['./tests/test_a.py']));
    expect(r).toMatchObject({ status: 'completed', exitCode: 1, files: ['tests/test_a.py'] });
    expect(r.tests.map((t) => [t.name, t.status, t.failure, t.message])).toEqual([
      // setUpClass reaching for the symbol not written yet: the right reason, like the test itself.
      ['TestAdder > test_adds', 'failed', 'missing-symbol', "setUpClass: AttributeError: module 'mathlib' has no attribute 'add'"],
      // An assert in setUpClass is not the test's assertion.
      ['TestChecked > test_x', 'failed', 'exception', 'setUpClass: AssertionError: setup check'],
      ['TestDb > test_reads', 'failed', 'exception', 'setUpClass: RuntimeError: db down'],
      ['TestSub > test_attr', 'failed', 'missing-symbol', "AttributeError: module 'mathlib' has no attribute 'add'"],
      ['TestSub > test_fail', 'failed', 'assertion', 'AssertionError: not yet'],
      ['TestSub > test_key', 'failed', 'exception', "KeyError: 'x'"],
      // No star import of a project module: a NameError is a mistake in the test.
      ['TestSub > test_name', 'failed', 'exception', "NameError: name 'undefined_thing' is not defined"],
      ['TestSub > test_os_attr', 'failed', 'exception', "AttributeError: module 'os' has no attribute 'nope'"],
      ['TestSub > test_skip', 'skipped', undefined, 'later'],
      ['TestSub > test_sub', 'failed', 'assertion', 'AssertionError: 2 != 3'],
      // A failing subTest fails its test.
      ['TestSub > test_table', 'failed', 'assertion', 'AssertionError: 2 != 0'],
      // @expectedFailure: not a pass either way.
      ['TestSub > test_xfail', 'skipped', undefined, 'expected failure: AssertionError: 0.0 != 1.0'],
      ['TestSub > test_xpass', 'failed', 'exception', 'unexpected success (@expectedFailure)'],
      ['TestTeardown > test_passes', 'passed', undefined, undefined],
    ]);
    expect(r.fileErrors).toEqual([
      { file: 'tests/test_a.py', kind: 'load-error', message: 'tearDownClass (tests.test_a.TestTeardown): RuntimeError: teardown boom' },
    ]);
  });

  it('a file that could not be imported is a file error; one that skipped itself a skipped <module>', () => {
    const r = parseUnittestReport(input(FILES));
    expect(r.fileErrors.map((e) => [e.file, e.kind, e.message])).toEqual([
      ['tests/test_import.py', 'missing-symbol', "ImportError: cannot import name 'add' from 'mathlib' (/scratch/tree/mathlib.py)"],
      ['tests/test_module.py', 'missing-symbol', "ModuleNotFoundError: No module named 'shapes.circle'"],
      ['tests/test_package.py', 'missing-module', "ModuleNotFoundError: No module named 'requests_not_here'"],
      ['tests/test_syntax.py', 'syntax', "SyntaxError: '(' was never closed (tests/test_syntax.py:5)"],
      // The syntax error is in the project module the test imports.
      ['tests/test_broken.py', 'syntax', 'SyntaxError: invalid syntax (broken.py:1)'],
      ['tests/test_throw.py', 'load-error', 'RuntimeError: boom at import'],
      ['tests/test_empty.py', 'no-tests', 'no tests (no unittest.TestCase with test* methods)'],
    ]);
    expect(r.tests).toEqual([
      { file: 'tests/test_modskip.py', name: '<module>', status: 'skipped', message: 'needs numpy' },
      // `from mathlib import *`: the NameError is the project's missing symbol.
      { file: 'tests/test_star.py', name: 'T > test_x', status: 'failed', failure: 'missing-symbol', message: "NameError: name 'add' is not defined" },
    ]);
  });

  it("without the shell telling project modules, the module's file still decides", () => {
    const r = parseUnittestReport(input(['tests/test_import.py', 'tests/test_module.py', 'tests/test_a.py'], REPORT, { isProjectImport: undefined }));
    // ImportError and AttributeError name mathlib.py inside the root; `shapes.circle` names no file.
    expect(r.fileErrors.slice(0, 2).map((e) => e.kind)).toEqual(['missing-symbol', 'missing-module']);
    expect(r.tests.find((t) => t.name === 'TestSub > test_attr')?.failure).toBe('missing-symbol');
  });

  it("an AttributeError's module file outside the root is not the project's, whatever its name", () => {
    const r = parseUnittestReport(input(['tests/test_a.py'], REPORT, { isProjectImport: () => true }));
    expect(r.tests.find((t) => t.name === 'TestSub > test_os_attr')?.failure).toBe('exception');
  });

  it('an AttributeError without the file (Python < 3.10) goes by the module name', () => {
    const test = { name: 'T > test_adds', outcome: 'error', error: { type: 'AttributeError', message: "module 'mathlib' has no attribute 'add'" } };
    const report = withFile('tests/test_a.py', { load: null, tests: [test], errors: [] });
    expect(parseUnittestReport(input(['tests/test_a.py'], report)).tests[0]?.failure).toBe('missing-symbol');
    expect(parseUnittestReport(input(['tests/test_a.py'], report, { isProjectImport: undefined })).tests[0]?.failure).toBe('exception');
  });

  it('the same test twice: a failure stands', () => {
    const tests = [
      { name: 'T > test_x', outcome: 'failure', error: { type: 'AssertionError', message: '1 != 2' } },
      { name: 'T > test_x', outcome: 'passed' },
    ];
    const r = parseUnittestReport(input(['tests/test_a.py'], withFile('tests/test_a.py', { load: null, tests, errors: [] })));
    expect(r.tests.map((t) => [t.name, t.status])).toEqual([['T > test_x', 'failed']]);
  });

  it('no report: unknown, with the last line of stderr', () => {
    const stderr =
      'Traceback (most recent call last):\n  File "/scratch/tree/tests/test_a.py", line 4, in test_x\n    raise KeyboardInterrupt\nKeyboardInterrupt\n';
    const r = parseUnittestReport(input(['tests/test_a.py'], null, { exitCode: 1, stderr }));
    expect(r).toEqual({
      status: 'unknown',
      exitCode: 1,
      files: ['tests/test_a.py'],
      tests: [],
      fileErrors: [],
      reason: 'unittest wrote no report (exit 1): KeyboardInterrupt',
    });
  });

  const notRun = withFile('tests/test_a.py', { load: null, tests: [{ name: 'T > test_x', outcome: 'not-run' }], errors: [] });
  const noError = withFile('tests/test_a.py', { load: null, tests: [{ name: 'T > test_x', outcome: 'failure' }], errors: [] });
  const stray = REPORT.replace('"stray": []', '"stray": [{"description": "tearDownModule (gone)", "error": {"type": "RuntimeError", "message": "x"}}]');
  it.each([
    ['a truncated report', REPORT.slice(0, 2000), ['tests/test_a.py'], 'the unittest report is not what the shim writes'],
    ['not JSON', 'Ran 1 test', ['tests/test_a.py'], 'the unittest report is not what the shim writes'],
    ['another format', REPORT.replace('tdd-hooks-unittest/1', 'tdd-hooks-unittest/2'), ['tests/test_a.py'], 'the unittest report is not what the shim writes'],
    ['a failure without its exception', noError, ['tests/test_a.py'], 'the unittest report is not what the shim writes'],
    ['an unknown outcome', REPORT.replace('"outcome": "passed"', '"outcome": "ok"'), ['tests/test_a.py'], 'the unittest report is not what the shim writes'],
    ['a test collected but never run', notRun, ['tests/test_a.py'], 'unittest did not run tests/test_a.py > T > test_x'],
    ['a fixture error tied to no test', stray, ['tests/test_a.py'], 'unittest: tearDownModule (gone) belongs to no test asked for'],
    ['a file the report does not name', REPORT, ['tests/test_a.py', 'tests/test_other.py'], 'the unittest report says nothing of tests/test_other.py'],
  ])('%s is unknown', (_name, report, files, reason) => {
    const r = parseUnittestReport(input(files, report, { exitCode: 0 }));
    expect(r).toMatchObject({ status: 'unknown', exitCode: 0, tests: [], fileErrors: [] });
    expect(r.reason).toBe(reason);
  });
});

describe('buildUnittestArgv', () => {
  it('python3 with the shim, the report, then exactly the files', () => {
    const r = buildUnittestArgv({
      root: ROOT,
      files: ['tests/test_a.py', '-x_test.py'],
      reportPath: '/tmp/tdd-run-1/report',
      nodePath: '/usr/bin/node',
      runnerPath: 'python3',
      cacheDir: '/tmp/c',
      unittestShim: '/pkg/unittest_shim.py',
    });
    expect(r).toEqual({
      argv: ['python3', '/pkg/unittest_shim.py', '/tmp/tdd-run-1/report', '--', './tests/test_a.py', './-x_test.py'],
      env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0' },
    });
  });
});
