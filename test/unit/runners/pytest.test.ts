import { describe, expect, it } from 'vitest';
import { buildPytestArgv, exceptionLine, explainPythonError, parsePytestReport, parseXml, type PyContext } from '../../../src/runners/pytest.js';
import type { ParseInput } from '../../../src/runners/types.js';

const ROOT = '/scratch/tree';

/**
 * From a real pytest 9.0.3 run (`-o junit_family=xunit2 -o xfail_strict=true --continue-on-collection-errors
 * --tb=short`, exit 1) of nine files under tests/; paths rewritten to /scratch/tree and /usr, the syntax
 * error's importlib frames cut, a newline put before each testcase.
 */
const REPORT = `<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" errors="9" failures="10" skipped="3" tests="23" time="0.172" timestamp="2026-11-29T18:21:53.236343+00:00" hostname="vm">
<testcase classname="" name="tests.test_import" time="0.000"><error message="collection failure">ImportError while importing test module '/scratch/tree/tests/test_import.py'.
Hint: make sure your test modules/packages have valid Python names.
Traceback:
/usr/lib/python3.11/importlib/__init__.py:126: in import_module
    return _bootstrap._gcd_import(name[level:], package, level)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
tests/test_import.py:1: in &lt;module&gt;
    from mathlib import add
E   ImportError: cannot import name 'add' from 'mathlib' (/scratch/tree/mathlib.py)</error></testcase>
<testcase classname="" name="tests.test_module" time="0.000"><error message="collection failure">ImportError while importing test module '/scratch/tree/tests/test_module.py'.
Hint: make sure your test modules/packages have valid Python names.
Traceback:
/usr/lib/python3.11/importlib/__init__.py:126: in import_module
    return _bootstrap._gcd_import(name[level:], package, level)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
tests/test_module.py:1: in &lt;module&gt;
    from shapes.circle import area
E   ModuleNotFoundError: No module named 'shapes.circle'</error></testcase>
<testcase classname="" name="tests.test_package" time="0.000"><error message="collection failure">ImportError while importing test module '/scratch/tree/tests/test_package.py'.
Hint: make sure your test modules/packages have valid Python names.
Traceback:
/usr/lib/python3.11/importlib/__init__.py:126: in import_module
    return _bootstrap._gcd_import(name[level:], package, level)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
tests/test_package.py:1: in &lt;module&gt;
    import requests_not_here
E   ModuleNotFoundError: No module named 'requests_not_here'</error></testcase>
<testcase classname="" name="tests.test_syntax" time="0.000"><error message="collection failure">/usr/lib/python3.11/site-packages/_pytest/python.py:507: in importtestmodule
/usr/lib/python3.11/ast.py:50: in parse
    return compile(source, filename, mode, flags,
E     File "/scratch/tree/tests/test_syntax.py", line 1
E       def test_x(:
E                  ^
E   SyntaxError: invalid syntax</error></testcase>
<testcase classname="" name="tests.test_throw" time="0.000"><error message="collection failure">tests/test_throw.py:1: in &lt;module&gt;
    raise RuntimeError("boom at import")
E   RuntimeError: boom at import</error></testcase>
<testcase classname="" name="tests.test_modskip" time="0.000"><skipped message="collection skipped">('/scratch/tree/tests/test_modskip.py', 2, "Skipped: could not import 'numpy_missing_xyz': No module named 'numpy_missing_xyz'")</skipped></testcase>
<testcase classname="tests.test_a" name="test_sub" time="0.000"><failure message="assert 2 == 3&#10; +  where 2 = sub(5, 3)">tests/test_a.py:7: in test_sub
    assert sub(5, 3) == 3
E   assert 2 == 3
E    +  where 2 = sub(5, 3)</failure></testcase>
<testcase classname="tests.test_a.TestSub.TestNested" name="test_neg" time="0.000"><failure message="assert -2 == 2&#10; +  where -2 = sub(1, 3)">tests/test_a.py:13: in test_neg
    assert sub(1, 3) == 2
E   assert -2 == 2
E    +  where -2 = sub(1, 3)</failure></testcase>
<testcase classname="tests.test_a.TestSub" name="test_param[1-2]" time="0.000" />
<testcase classname="tests.test_a" name="test_skip" time="0.000"><skipped type="pytest.skip" message="later">/scratch/tree/tests/test_a.py:20: later</skipped></testcase>
<testcase classname="tests.test_a" name="test_xfail" time="0.000"><skipped type="pytest.xfail" message="bug" /></testcase>
<testcase classname="tests.test_a" name="test_xpass" time="0.000"><failure message="[XPASS(strict)] fixed">[XPASS(strict)] fixed</failure></testcase>
<testcase classname="tests.test_a" name="test_raises" time="0.000"><failure message="Failed: DID NOT RAISE &lt;class 'ValueError'&gt;">tests/test_a.py:36: in test_raises
    with pytest.raises(ValueError):
E   Failed: DID NOT RAISE &lt;class 'ValueError'&gt;</failure></testcase>
<testcase classname="tests.test_a" name="test_attr" time="0.000"><failure message="AttributeError: module 'mathlib' has no attribute 'add'">tests/test_a.py:41: in test_attr
    assert mathlib.add(1, 2) == 3
           ^^^^^^^^^^^
E   AttributeError: module 'mathlib' has no attribute 'add'</failure></testcase>
<testcase classname="tests.test_a" name="test_exc" time="0.000"><failure message="KeyError: 'x'">tests/test_a.py:45: in test_exc
    {}["x"]
E   KeyError: 'x'</failure></testcase>
<testcase classname="tests.test_a" name="test_name" time="0.000"><failure message="NameError: name 'undefined_thing' is not defined">tests/test_a.py:49: in test_name
    assert undefined_thing(1) == 2
           ^^^^^^^^^^^^^^^
E   NameError: name 'undefined_thing' is not defined</failure></testcase>
<testcase classname="tests.test_a" name="test_fixture" time="0.000"><error message="failed on setup with &quot;RuntimeError: db down&quot;">tests/test_a.py:54: in db
    raise RuntimeError("db down")
E   RuntimeError: db down</error></testcase>
<testcase classname="tests.test_a" name="test_fixture_missing" time="0.000"><error message="failed on setup with &quot;AttributeError: module 'mathlib' has no attribute 'add'&quot;">tests/test_a.py:63: in adder
    return mathlib.add
           ^^^^^^^^^^^
E   AttributeError: module 'mathlib' has no attribute 'add'</error></testcase>
<testcase classname="tests.test_a" name="test_teardown_after_pass" time="0.000"><error message="failed on teardown with &quot;RuntimeError: teardown boom&quot;">tests/test_a.py:73: in res
    raise RuntimeError("teardown boom")
E   RuntimeError: teardown boom</error></testcase>
<testcase classname="tests.test_a" name="test_teardown_after_fail" time="0.000"><failure message="assert 1 == 2">tests/test_a.py:81: in test_teardown_after_fail
    assert res == 2
E   assert 1 == 2</failure></testcase>
<testcase classname="tests.test_a" name="test_teardown_after_fail" time="0.000"><error message="failed on teardown with &quot;RuntimeError: teardown boom&quot;">tests/test_a.py:73: in res
    raise RuntimeError("teardown boom")
E   RuntimeError: teardown boom</error></testcase>
<testcase classname="tests.test_a" name="test_msg" time="0.000"><failure message="AssertionError: custom message&#10;assert 0 == 1&#10; +  where 0 = sub(1, 1)">tests/test_a.py:85: in test_msg
    assert sub(1, 1) == 1, "custom message"
E   AssertionError: custom message
E   assert 0 == 1
E    +  where 0 = sub(1, 1)</failure></testcase>
<testcase classname="tests.test_star" name="test_x" time="0.000"><failure message="NameError: name 'add' is not defined">tests/test_star.py:4: in test_x
    assert add(1, 2) == 3
           ^^^
E   NameError: name 'add' is not defined</failure></testcase></testsuite></testsuites>`;

const SOURCES = new Map([
  ['tests/test_star.py', 'from mathlib import *\n\ndef test_x():\n    assert add(1, 2) == 3\n'],
  ['tests/test_a.py', 'import pytest\nimport mathlib\nfrom mathlib import sub\n'],
]);

/** What run.ts answers from the tree: mathlib.py, shapes/ and tests/ are there. */
const PROJECT = new Set(['mathlib', 'shapes', 'tests']);
const isProjectImport = (_file: string, module: string): boolean => PROJECT.has(module.split('.')[0]!);

/** `report: null`: pytest wrote none. */
function input(files: string[], report: string | null = REPORT, o: Partial<ParseInput> = {}): ParseInput {
  return { report: report ?? undefined, exitCode: 1, stdout: '', stderr: '', files, root: ROOT, sources: SOURCES, isProjectImport, ...o };
}

const FILES = ['a', 'import', 'module', 'package', 'syntax', 'empty', 'throw', 'modskip', 'star'].map((n) => `tests/test_${n}.py`);

describe('parsePytestReport', () => {
  it('classifies every test of a file: classes joined by " > ", report order, a teardown error as a file error', () => {
    const r = parsePytestReport(input(['./tests/test_a.py']));
    expect(r.status).toBe('completed');
    expect(r.files).toEqual(['tests/test_a.py']);
    expect(r.tests.map((t) => [t.name, t.status, t.failure, t.message])).toEqual([
      ['test_sub', 'failed', 'assertion', 'assert 2 == 3'],
      ['TestSub > TestNested > test_neg', 'failed', 'assertion', 'assert -2 == 2'],
      ['TestSub > test_param[1-2]', 'passed', undefined, undefined],
      ['test_skip', 'skipped', undefined, undefined],
      // xfail, and an xfail that passed (XPASS(strict)): neither a pass nor a failure.
      ['test_xfail', 'todo', undefined, undefined],
      ['test_xpass', 'todo', undefined, '[XPASS(strict)] fixed'],
      // pytest.raises that saw nothing: `Failed`, a failed expectation.
      ['test_raises', 'failed', 'assertion', "Failed: DID NOT RAISE <class 'ValueError'>"],
      ['test_attr', 'failed', 'missing-symbol', "AttributeError: module 'mathlib' has no attribute 'add'"],
      ['test_exc', 'failed', 'exception', "KeyError: 'x'"],
      // No star import of a project module: a NameError is a mistake in the test.
      ['test_name', 'failed', 'exception', "NameError: name 'undefined_thing' is not defined"],
      ['test_fixture', 'failed', 'exception', 'failed on setup with "RuntimeError: db down"'],
      // A fixture reaching for the symbol not written yet: the right reason, like the test itself.
      ['test_fixture_missing', 'failed', 'missing-symbol', `failed on setup with "AttributeError: module 'mathlib' has no attribute 'add'"`],
      ['test_teardown_after_pass', 'passed', undefined, undefined],
      ['test_teardown_after_fail', 'failed', 'assertion', 'assert 1 == 2'],
      ['test_msg', 'failed', 'assertion', 'AssertionError: custom message'],
    ]);
    expect(r.fileErrors).toEqual([
      { file: 'tests/test_a.py', kind: 'load-error', message: 'test_teardown_after_pass: failed on teardown with "RuntimeError: teardown boom"' },
      { file: 'tests/test_a.py', kind: 'load-error', message: 'test_teardown_after_fail: failed on teardown with "RuntimeError: teardown boom"' },
    ]);
  });

  it('a module that could not be imported is a file error; one that skipped itself a skipped <module>', () => {
    const r = parsePytestReport(input(FILES.slice(1)));
    expect(r.fileErrors.map((e) => [e.file, e.kind, e.message])).toEqual([
      ['tests/test_import.py', 'missing-symbol', "ImportError: cannot import name 'add' from 'mathlib' (/scratch/tree/mathlib.py)"],
      ['tests/test_module.py', 'missing-symbol', "ModuleNotFoundError: No module named 'shapes.circle'"],
      ['tests/test_package.py', 'missing-module', "ModuleNotFoundError: No module named 'requests_not_here'"],
      ['tests/test_syntax.py', 'syntax', 'SyntaxError: invalid syntax (/scratch/tree/tests/test_syntax.py:1)'],
      ['tests/test_throw.py', 'load-error', 'RuntimeError: boom at import'],
      ['tests/test_empty.py', 'no-tests', 'no tests collected (none in the file, or deselected by the configuration)'],
    ]);
    expect(r.tests).toEqual([
      {
        file: 'tests/test_modskip.py',
        name: '<module>',
        status: 'skipped',
        message: "Skipped: could not import 'numpy_missing_xyz': No module named 'numpy_missing_xyz'",
      },
      // `from mathlib import *`: the NameError is the project's missing symbol.
      { file: 'tests/test_star.py', name: 'test_x', status: 'failed', failure: 'missing-symbol', message: "NameError: name 'add' is not defined" },
    ]);
  });

  it("without the shell telling project modules, a module named by no path is not the project's", () => {
    const r = parsePytestReport(input(['tests/test_import.py', 'tests/test_module.py'], REPORT, { isProjectImport: undefined }));
    // The ImportError names mathlib.py inside the root: that needs no help.
    expect(r.fileErrors.map((e) => e.kind)).toEqual(['missing-symbol', 'missing-module']);
  });

  it("pytest's rootdir in a subfolder: classnames start below it", () => {
    // backend/pyproject.toml: rootdir backend/, so backend/tests/test_math.py is `tests.test_math`.
    const report = `<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" errors="0" failures="1" skipped="0" tests="2" time="0.010"><testcase classname="tests.test_math.TestSub" name="test_subtracts" time="0.001"><failure message="assert 2 == 3">…</failure></testcase><testcase classname="tests.test_math" name="test_two" time="0.001" /></testsuite></testsuites>`;
    const r = parsePytestReport(input(['backend/tests/test_math.py', 'backend/tests/test_empty.py'], report));
    expect(r.tests.map((t) => [t.file, t.name, t.status])).toEqual([
      ['backend/tests/test_math.py', 'TestSub > test_subtracts', 'failed'],
      ['backend/tests/test_math.py', 'test_two', 'passed'],
    ]);
    expect(r.fileErrors.map((e) => [e.file, e.kind])).toEqual([['backend/tests/test_empty.py', 'no-tests']]);
  });

  it('a test of a file outside the rootdir has no file in its classname: unknown', () => {
    // Observed: `::test_x` as nodeid, classname "".
    const report = `<testsuites><testsuite name="pytest" tests="1"><testcase classname="" name="test_x" time="0.001" /></testsuite></testsuites>`;
    expect(parsePytestReport(input(['tests/test_x.py'], report))).toMatchObject({ status: 'unknown', tests: [] });
  });

  it('tests of files the configuration added (addopts, testpaths) are left out', () => {
    const r = parsePytestReport(input(['tests/test_star.py']));
    expect(r.tests.map((t) => t.file)).toEqual(['tests/test_star.py']);
    expect(r.fileErrors).toEqual([]);
  });

  it('exit 5: nothing collected, every file no-tests', () => {
    const report = `<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" errors="0" failures="0" skipped="0" tests="0" time="0.006" timestamp="2026-11-29T18:14:42.998338+00:00" hostname="vm" /></testsuites>`;
    const r = parsePytestReport(input(['tests/test_empty.py'], report, { exitCode: 5 }));
    expect(r).toMatchObject({ status: 'completed', tests: [], fileErrors: [{ file: 'tests/test_empty.py', kind: 'no-tests' }] });
  });

  it.each([
    // KeyboardInterrupt in a test: exit 2 and a testcase without a name.
    [
      'exit 2',
      `<testsuites name="pytest tests"><testsuite name="pytest" errors="0" failures="0" skipped="0" tests="0"><testcase time="0.000" /></testsuite></testsuites>`,
      2,
    ],
    ['a nameless testcase', `<testsuites name="pytest tests"><testsuite name="pytest" tests="0"><testcase time="0.000" /></testsuite></testsuites>`, 1],
    ['exit 3 (internal error)', REPORT, 3],
    ['a truncated report', REPORT.slice(0, 2000), 1],
    ['not JUnit', '<html></html>', 1],
  ])('%s is unknown', (_name, report, exitCode) => {
    expect(parsePytestReport(input(['tests/test_a.py'], report, { exitCode }))).toMatchObject({ status: 'unknown', tests: [], fileErrors: [] });
  });

  it('no report and `No module named pytest`: runner-missing', () => {
    const r = parsePytestReport(input(['tests/test_a.py'], null, { stderr: '/usr/bin/python3: No module named pytest\n' }));
    expect(r).toMatchObject({ status: 'runner-missing', reason: 'pytest is not installed for python3' });
  });

  it('no report, a conftest that failed to import (exit 4): its files get the error, the others "not run"', () => {
    // Observed on stderr, pytest 9.0.3.
    const stderr =
      "ImportError while loading conftest '/scratch/tree/tests/conftest.py'.\ntests/conftest.py:1: in <module>\n    from mathlib import add\nE   ImportError: cannot import name 'add' from 'mathlib' (/scratch/tree/mathlib.py)\n";
    const r = parsePytestReport(input(['tests/test_a.py', 'other/test_b.py'], null, { exitCode: 4, stderr }));
    expect(r.status).toBe('completed');
    expect(r.fileErrors).toEqual([
      {
        file: 'tests/test_a.py',
        kind: 'missing-symbol',
        message: "tests/conftest.py: ImportError: cannot import name 'add' from 'mathlib' (/scratch/tree/mathlib.py)",
      },
      { file: 'other/test_b.py', kind: 'load-error', message: 'not run: pytest stopped loading tests/conftest.py' },
    ]);
  });

  it("no report otherwise (a usage error): unknown, with pytest's error line", () => {
    const stderr =
      'ERROR: usage: __main__.py [options] [file_or_dir] [file_or_dir] [...]\n__main__.py: error: unrecognized arguments: --lf\n  inifile: /scratch/tree/pytest.ini\n';
    const r = parsePytestReport(input(['tests/test_a.py'], null, { exitCode: 4, stderr }));
    expect(r).toMatchObject({ status: 'unknown' });
    expect(r.reason).toContain('exit 4');
  });
});

describe('explainPythonError', () => {
  const ctx: PyContext = { file: 'tests/test_a.py', root: ROOT, sources: SOURCES, isProjectImport };
  it.each([
    ['assert 2 == 3', 'assertion'],
    ['AssertionError', 'assertion'],
    ['AssertionError: 1 != 2', 'assertion'],
    ['Failed: explicit', 'assertion'],
    // pytest-timeout (from its source; not installed where this was written).
    ['Failed: Timeout (>1.0s) from pytest-timeout.', 'timeout'],
    ['Failed: Timeout >1s', 'timeout'],
    ['IndentationError: unexpected indent', 'syntax'],
    ["ModuleNotFoundError: No module named 'shapes.circle.parts'", 'missing-symbol'],
    ["ModuleNotFoundError: No module named 'requests.adapters2'", 'missing-module'],
    // A top-level name that is in the tree but not importable: sys.path, not a module to write.
    ["ModuleNotFoundError: No module named 'mathlib'", 'missing-module'],
    ["ImportError: cannot import name 'add' from 'shapes' (unknown location)", 'missing-symbol'],
    ["ImportError: cannot import name 'x' from 'requests' (/scratch/tree/.venv/lib/python3.11/site-packages/requests/__init__.py)", 'other'],
    ["ImportError: cannot import name 'x' from 'requests' (/usr/lib/python3.11/site-packages/requests/__init__.py)", 'other'],
    [
      "ImportError: cannot import name 'a' from partially initialized module 'mathlib' (most likely due to a circular import) (/scratch/tree/mathlib.py)",
      'other',
    ],
    ["AttributeError: module 'os' has no attribute 'nope'", 'other'],
    ["AttributeError: 'Calc' object has no attribute 'add'", 'other'],
    ['requests.exceptions.HTTPError: 500', 'other'],
    // A new parameter of the project's function (imported from mathlib): the right reason for RED.
    ["TypeError: sub() got an unexpected keyword argument 'rounding'", 'missing-symbol'],
    ['TypeError: sub() takes 2 positional arguments but 3 were given', 'missing-symbol'],
    ["TypeError: open() got an unexpected keyword argument 'rounding'", 'other'],
    ["TypeError: unsupported operand type(s) for +: 'int' and 'str'", 'other'],
    ['AttributeError: shorten', 'other'],
  ])('%s → %s', (header, why) => {
    expect(explainPythonError(header, ctx)).toBe(why);
  });

  it("a project module's own __getattr__ raising a bare AttributeError for the name the test reads (click.utils)", () => {
    const c: PyContext = {
      ...ctx,
      file: 'tests/test_s.py',
      sources: new Map([['tests/test_s.py', 'import mathlib.text\n\ndef test_s():\n    mathlib.text.shorten("abc", 2)\n']]),
    };
    const trace = (at: string) =>
      `tests/test_s.py:4: in test_s\n    mathlib.text.shorten("abc", 2)\n${at}:9: in __getattr__\n    raise AttributeError(name)\nE   AttributeError: shorten\n`;
    expect(explainPythonError('AttributeError: shorten', c, trace('mathlib/text.py'))).toBe('missing-symbol');
    expect(explainPythonError('AttributeError: shorten', c, trace('/usr/lib/python3/dist-packages/six.py'))).toBe('other');
    expect(explainPythonError('AttributeError: other', c, trace('mathlib/text.py'))).toBe('other');
    expect(explainPythonError('AttributeError: shorten', c, 'tests/test_s.py:4: in test_s\nE   AttributeError: shorten\n')).toBe('other');
  });
});

describe('exceptionLine', () => {
  it('the first exception line of the last E block', () => {
    expect(exceptionLine('x.py:1: in <module>\n    import y\nE   AssertionError: custom\nE   assert 0 == 1\n')).toBe('AssertionError: custom');
    expect(exceptionLine('no E lines here\nat all')).toBe('no E lines here');
  });
});

describe('parseXml', () => {
  it('elements, attributes in either quotes, entities, self-closing tags, CDATA', () => {
    const el = parseXml(`<?xml version="1.0"?><!-- c --><a x='1' y="&lt;&#10;&#x41;&quot;"><b/>t&amp;<![CDATA[<raw>]]></a>`);
    expect(el).toEqual({ name: 'a', attrs: { x: '1', y: '<\nA"' }, children: [{ name: 'b', attrs: {}, children: [], text: '' }], text: 't&<raw>' });
  });
  it.each([['<a><b></a>'], ['<a>'], ['<a x=1></a>'], ['<a></a></b>']])('%s is not well-formed', (text) => {
    expect(parseXml(text)).toBeUndefined();
  });
});

describe('buildPytestArgv', () => {
  it('python3 -m pytest on exactly the files, the report and cache in the private dir', () => {
    const r = buildPytestArgv({
      root: ROOT,
      files: ['tests/test_a.py', '-x_test.py'],
      reportPath: '/tmp/tdd-run-1/report',
      nodePath: '/usr/bin/node',
      runnerPath: 'python3',
      cacheDir: '/tmp/c',
      unittestShim: '/pkg/unittest_shim.py',
    });
    expect(r).toEqual({
      argv: [
        'python3',
        '-m',
        'pytest',
        '-o',
        'cache_dir=/tmp/tdd-run-1/pytest-cache',
        '--junitxml=/tmp/tdd-run-1/report',
        '-o',
        'junit_family=xunit2',
        '-o',
        'xfail_strict=true',
        '--continue-on-collection-errors',
        '--maxfail=0',
        '-q',
        '-ra',
        '--tb=short',
        '--no-header',
        '--color=no',
        './tests/test_a.py',
        './-x_test.py',
      ],
      env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0' },
    });
  });
});
