import { describe, expect, it } from 'vitest';
import { analyzeTestFile, blank, declaredTestTitles, extractImports } from '../../../src/lang/index.js';

const P = 'tests/test_math.py';
const count = (text: string): number | undefined => analyzeTestFile(P, text)?.assertions;
const markers = (text: string): string[] => (analyzeTestFile(P, text)?.markers ?? []).map((m) => `${m.kind} ${m.text}`);

// research/test-runners.md §5.2 (Python rows), and the string and comment forms around them.
const EDGE: [string, string, number][] = [
  ['assert in a docstring', 'def test_a():\n    """assert x == 1\n    assert y"""\n    pass\n', 0],
  ['"#not a comment"; assert s', 's = "#not a comment"; assert s\n', 1],
  ['# assert x', '# assert x\n', 0],
  ['f-string with nested quotes (3.12)', 'msg = f"{d["assert x"]} {x:>{width}} {{assert y}}"\nassert msg\n', 1],
  ["rb'assert(x)'", "data = rb'assert(x)'\nassert data\n", 1],
  ['every prefix, any case', "a = Rb'assert x'; b = BR\"assert x\"; c = u'assert x'; d = F'{x} assert'; e = rf\"{y} assert\"\n", 0],
  ["single-quoted docstring ''' … '''", "'''\nassert module_doc\n'''\nassert real\n", 1],
  ['a quote inside a triple-quoted string', '"""it\'s "quoted" assert x"""\nassert y\n', 1],
  ['escaped quote', "s = 'it\\'s assert x'\nassert s\n", 1],
  ['raw string with an escaped quote', 'r"\\" assert x"\nassert y\n', 1],
  ['unterminated string ends at the line', "s = 'assert x\nassert y\n", 1],
  ['line continuation inside a string', "s = 'a \\\nassert x'\nassert y\n", 1],
  ['a # in a format spec', 'h = f"{n:#x} assert"\nassert h\n', 1],
  ['f-string expression with a dict and a slice', "v = f\"{ {'a': 1}['a'] } {xs[1:2]!r:>{w}}\"\nassert v\n", 1],
  ['nested f-strings', "v = f\"{f'{x!r}' + 'assert'}\"\nassert v\n", 1],
  ['a word ending in a prefix letter is not a prefix', "verb = 1; herb'x'\nassert verb\n", 1],
  ['hash inside a string, then a real comment', "s = '#'  # assert x\n", 0],
];

// research §5.4: pytest and unittest, and what must not count.
const PATTERNS: [string, string, number][] = [
  ['assert statement', 'def test_a():\n    assert add(1, 2) == 3\n', 1],
  ['assert with a message and parentheses', 'assert (x == 1), "bad"\nassert(x, "always true but still an assert")\n', 2],
  ['one-line compound statements', 'if x: assert y\nfor i in r: assert i; assert j\n', 3],
  [
    'pytest.raises / warns / fail / deprecated_call',
    'with pytest.raises(ValueError):\n    f()\nwith pytest.warns(UserWarning): g()\npytest.fail("no")\nwith pytest.deprecated_call(): h()\n',
    4,
  ],
  ['import pytest as pt', 'import pytest as pt\nwith pt.raises(KeyError):\n    d["x"]\n', 1],
  ['from pytest import raises', 'from pytest import raises, approx as ap\nwith raises(KeyError):\n    d["x"]\nap(1)\n', 1],
  ['unittest self.assert*', 'self.assertEqual(a, 1)\nself.assertTrue(b)\nwith self.assertRaises(E):\n    f()\nself.assert_(c)\n', 4],
  ['unittest self.fail and failUnless', 'self.fail("no")\nself.failUnlessEqual(a, b)\n', 2],
  ['unittest.mock assertions', 'm.assert_called_once_with(1)\nm.method.assert_not_called()\nm.assert_has_calls([])\nam.assert_awaited()\n', 4],
  ['numpy / pandas testing', 'np.testing.assert_allclose(a, b)\npd.testing.assert_frame_equal(x, y)\n', 2],
  ['imported assert functions', 'from numpy.testing import assert_array_equal as aae\nimport numpy.testing as npt\naae(a, b)\nnpt.assert_equal(c, d)\n', 2],
  ['hamcrest assert_that', 'from hamcrest import assert_that, equal_to\nassert_that(x, equal_to(1))\n', 1],
  ['names that are not the keyword', 'assertion = 1\nassert_ok = 2\nmy_assert(x)\nx.assertion\nreassert(y)\n', 0],
  ['definitions are not calls', 'def assert_that(x):\n    pass\ndef raises(e): pass\n', 0],
  ['assert in an expression position is not a statement', 'x = not assert_ready\n', 0],
  ['self.assert* in a comment or a string', '# self.assertEqual(a, 1)\ns = "self.assertTrue(x)"\n', 0],
  ['a mock attribute that is not an assertion method', 'm.assert_nothing_special()\n', 0],
];

describe('Python assertions', () => {
  it.each(EDGE)('edge case: %s', (_name, text, expected) => expect(count(text)).toBe(expected));
  it.each(PATTERNS)('%s', (_name, text, expected) => expect(count(text)).toBe(expected));

  it('reports the line of each assertion', () => {
    const text = '"""\nassert doc\n"""\nassert a\nx = 1; assert b; self.assertEqual(c, 1)\n';
    expect(analyzeTestFile(P, text)?.assertionLines).toEqual([4, 5, 5]);
  });
});

describe('Python print-only', () => {
  const cases: [string, string, boolean, number][] = [
    ['print', 'def test_a():\n    print(add(1, 2))\n', true, 1],
    ['pprint, logging, sys.stdout.write', 'pprint(x)\npprint.pprint(y)\nlogging.info("z")\nsys.stdout.write("w")\n', true, 4],
    ['print and assert', 'print(x)\nassert x\n', false, 1],
    ['print in a docstring', '"""print(x)"""\n', false, 0],
    ['a project logger and a method named print', 'logger.info(x)\nreport.print(y)\ndef print(z): pass\n', false, 0],
  ];
  it.each(cases)('%s', (_name, text, printOnly, prints) => {
    const a = analyzeTestFile(P, text)!;
    expect({ printOnly: a.printOnly, prints: a.prints }).toEqual({ printOnly, prints });
  });
});

describe('Python markers', () => {
  const POSITIVE: [string, string, string[]][] = [
    ['@pytest.mark.skip', '@pytest.mark.skip\ndef test_a(): pass\n', ['skip pytest.mark.skip']],
    ['@pytest.mark.skip(reason=…)', '@pytest.mark.skip(reason="later")\ndef test_a(): pass\n', ['skip pytest.mark.skip']],
    ['@pytest.mark.skipif(', '@pytest.mark.skipif(sys.platform == "win32", reason="x")\ndef test_a(): pass\n', ['skip pytest.mark.skipif']],
    [
      'pytest.skip( and importorskip(',
      'pytest.skip("later", allow_module_level=True)\nnp = pytest.importorskip("numpy")\n',
      ['skip pytest.skip', 'skip pytest.importorskip'],
    ],
    ['pytestmark = pytest.mark.skip', 'pytestmark = pytest.mark.skip(reason="wip")\n', ['skip pytest.mark.skip']],
    ['pytest.param marks', 'params = [pytest.param(1, marks=pytest.mark.skip)]\n', ['skip pytest.mark.skip']],
    ['split over lines', '@pytest \\\n  .mark.skip\ndef test_a(): pass\n', ['skip pytest.mark.skip']],
    [
      '@pytest.mark.xfail and pytest.xfail(',
      '@pytest.mark.xfail(strict=True)\ndef test_a():\n    pytest.xfail("known")\n',
      ['xfail pytest.mark.xfail', 'xfail pytest.xfail'],
    ],
    ['focus plugins', '@pytest.mark.only\ndef test_a(): pass\n@pytest.mark.focus\ndef test_b(): pass\n', ['focus pytest.mark.only', 'focus pytest.mark.focus']],
    [
      'aliases',
      'import pytest as pt\nfrom pytest import mark, skip\n@pt.mark.skip\ndef test_a(): pass\n@mark.xfail\ndef test_b(): skip("x")\n',
      ['skip pt.mark.skip', 'xfail mark.xfail', 'skip skip'],
    ],
    [
      'unittest decorators',
      '@unittest.skip("x")\n@unittest.skipIf(a, "y")\n@unittest.skipUnless(b, "z")\n@unittest.expectedFailure\ndef test_a(self): pass\n',
      ['skip unittest.skip', 'skip unittest.skipIf', 'skip unittest.skipUnless', 'xfail unittest.expectedFailure'],
    ],
    [
      'bare unittest decorators',
      'from unittest import skip, expectedFailure\n@skip("x")\ndef test_a(self): pass\n@expectedFailure\ndef test_b(self): pass\n',
      ['skip skip', 'xfail expectedFailure'],
    ],
    [
      'self.skipTest( and raise SkipTest',
      'self.skipTest("no network")\nraise unittest.SkipTest("x")\nraise SkipTest\n',
      ['skip self.skipTest', 'skip raise unittest.SkipTest', 'skip raise SkipTest'],
    ],
  ];
  const NEGATIVE: [string, string][] = [
    ['in comments and strings', '# @pytest.mark.skip\ns = "pytest.skip(\'x\')"\n"""@unittest.skip("y")"""\n'],
    [
      'other marks',
      '@pytest.mark.parametrize("x", [1])\n@pytest.mark.slow\n@pytest.mark.skipped_on_ci_only_in_name_but_not_a_marker_call\ndef test_a(x): pass\n',
    ],
    ['a bare skip( not imported from unittest or pytest', 'from helpers import skip\nskip(3)\n@skip\ndef test_a(): pass\n'],
    ['a skip method of another object', 'reader.skip(4)\nitems.skipTest\n'],
  ];
  it.each(POSITIVE)('finds %s', (_name, text, expected) => expect(markers(text)).toEqual(expected));
  it.each(NEGATIVE)('ignores %s', (_name, text) => expect(markers(text)).toEqual([]));

  it('reports the 1-based line', () => {
    expect(analyzeTestFile(P, '"""\n@pytest.mark.skip\n"""\n\n@pytest.mark.skip\ndef test_a(): pass\n')?.markers).toEqual([
      { kind: 'skip', line: 5, text: 'pytest.mark.skip' },
    ]);
  });
});

describe('Python titles, imports and blanking', () => {
  it('declares def test_* names, async ones and methods, not other functions', () => {
    const text =
      'def test_adds():\n    pass\nasync def test_waits(): pass\nclass TestX:\n    def test_method(self): pass\n    def helper(self): pass\n# def test_comment(): pass\ns = "def test_string(): pass"\n';
    expect(declaredTestTitles(P, text)).toEqual(['test_adds', 'test_waits', 'test_method']);
  });

  it('reads import and from-import bindings', () => {
    const text =
      'import os, numpy.testing as npt\nimport a.b.c\nfrom pytest import (\n    raises,\n    mark as m,\n)\nfrom . import sibling\nfrom .pkg.mod import thing  # comment\nfrom x import *\n';
    expect(Object.fromEntries(extractImports(P, text))).toEqual({
      os: 'os',
      npt: 'numpy.testing',
      a: 'a',
      raises: 'pytest',
      m: 'pytest',
      sibling: '.',
      thing: '.pkg.mod',
    });
  });

  const BLANK: [string, string, string][] = [
    ['comment', 'x = 1  # assert x\ny', `x = 1${' '.repeat(12)}\ny`],
    ['quotes and prefixes stay', `a = rb'xy' + "z" + '''w\nv'''`, `a = rb'  ' + " " + ''' \n '''`],
    ['a continuation backslash', 'a = b \\\n  + c', 'a = b  \n  + c'],
    ['f-string expressions are blanked too', 'f"a{b}c"', 'f"     "'],
    ['a # in a string is not a comment', `s = "#"; t = 1 # c`, `s = " "; t = 1    `],
  ];
  it.each(BLANK)('blank: %s', (_name, text, expected) => {
    expect(blank(P, text)).toBe(expected);
    expect(blank(P, text).length).toBe(text.length);
  });
});
