import { describe, expect, it } from 'vitest';
import { exceptionOf, parseXml, readJUnit, type JUnitCase } from '../../../src/runners/junit.js';

/** vitest 4.1.12 `--reporter=junit` (exit 1): a.test.js ran, b.test.js has a syntax error, c.test.js imports a missing package. */
const VITEST = `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="6" failures="4" errors="0" time="0.007745408">
    <testsuite name="a.test.js" timestamp="2026-11-29T19:14:48.505Z" hostname="vm" tests="4" failures="2" errors="0" skipped="1" time="0.007745408">
        <testcase classname="a.test.js" name="math &gt; subtracts" time="0.005719793">
            <failure message="expected 2 to be 3 // Object.is equality" type="AssertionError">
AssertionError: expected 2 to be 3 // Object.is equality

- Expected
+ Received

 ❯ a.test.js:4:45
            </failure>
        </testcase>
        <testcase classname="a.test.js" name="math &gt; adds" time="0.000534874">
            <failure message="add is not a function" type="TypeError">
TypeError: add is not a function
 ❯ a.test.js:5:29
            </failure>
        </testcase>
        <testcase classname="a.test.js" name="math &gt; passes" time="0.000293175">
        </testcase>
        <testcase classname="a.test.js" name="math &gt; later" time="0">
            <skipped/>
        </testcase>
    </testsuite>
    <testsuite name="b.test.js" timestamp="2026-11-29T19:14:48.509Z" hostname="vm" tests="1" failures="1" errors="0" skipped="0" time="0">
        <testcase classname="b.test.js" name="b.test.js" time="0">
            <failure message="Failed to parse source for import analysis because the content contains invalid JS syntax. If you are using JSX, make sure to name the file with the .jsx or .tsx extension." type="Error">
Error: Failed to parse source for import analysis because the content contains invalid JS syntax. If you are using JSX, make sure to name the file with the .jsx or .tsx extension.
  Plugin: vite:import-analysis
  File: /scratch/tree/b.test.js:1:0
            </failure>
        </testcase>
    </testsuite>
    <testsuite name="c.test.js" timestamp="2026-11-29T19:14:48.511Z" hostname="vm" tests="1" failures="1" errors="0" skipped="0" time="0">
        <testcase classname="c.test.js" name="c.test.js" time="0">
            <failure message="Cannot find package &apos;left-pad-not-installed&apos; imported from /scratch/tree/c.test.js" type="Error">
Error: Cannot find package &apos;left-pad-not-installed&apos; imported from /scratch/tree/c.test.js
 ❯ c.test.js:2:1
Serialized Error: { code: &apos;ERR_MODULE_NOT_FOUND&apos; }
            </failure>
        </testcase>
    </testsuite>
</testsuites>`;

/** mocha 12.0.3 `--reporter xunit` (exit 3): untyped failures, the class in the text; the suite counts them as errors. */
const MOCHA = `<testsuite name="Mocha Tests" tests="5" failures="0" errors="3" skipped="1" timestamp="Sun, 29 Nov 2026 19:15:28 GMT" time="0.004">
<testcase classname="math" name="subtracts" file="/scratch/tree/a.test.js" time="0.001"><failure>Expected values to be strictly equal:

2 !== 3

AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

2 !== 3

    at Context.&#x3C;anonymous&#x3E; (a.test.js:4:34)</failure></testcase>
<testcase classname="math" name="adds" file="/scratch/tree/a.test.js" time="0"><failure>add is not a function
TypeError: add is not a function
    at Context.&#x3C;anonymous&#x3E; (a.test.js:5:41)</failure></testcase>
<testcase classname="math" name="passes" file="/scratch/tree/a.test.js" time="0"/>
<testcase classname="math" name="later" file="/scratch/tree/a.test.js" time="0"><skipped/></testcase>
<testcase classname="math" name="throws" file="/scratch/tree/a.test.js" time="0"><failure>boom &#x26; &#x3C;x&#x3E;
RangeError: boom &#x26; &#x3C;x&#x3E;
    at Context.&#x3C;anonymous&#x3E; (a.test.js:8:30)</failure></testcase>
</testsuite>`;

/** node 20.20.2 `--test-reporter=junit` (exit 1): every failure is a testCodeFailure, the class in `cause:`; a file that crashed is a testcase named by its path. */
const NODE = `<?xml version="1.0" encoding="utf-8"?>
<testsuites>
	<testsuite name="math" time="0.003417" disabled="0" errors="0" tests="4" failures="2" skipped="1" hostname="vm">
		<testcase name="subtracts" time="0.001831" classname="test" failure="Expected values to be strictly equal:2 !== 3">
			<failure type="testCodeFailure" message="Expected values to be strictly equal:2 !== 3">
Error [ERR_TEST_FAILURE]: Expected values to be strictly equal:

2 !== 3

    at new Promise (&lt;anonymous>) {
  code: 'ERR_TEST_FAILURE',
  failureType: 'testCodeFailure',
  cause: AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:
  
  2 !== 3
  
      at TestContext.&lt;anonymous> (/scratch/tree/a.test.js:5:34) {
    code: 'ERR_ASSERTION',
  }
}
			</failure>
		</testcase>
		<testcase name="adds" time="0.000118" classname="test" failure="add is not a function">
			<failure type="testCodeFailure" message="add is not a function">
Error [ERR_TEST_FAILURE]: add is not a function
    at async Promise.all (index 0) {
  code: 'ERR_TEST_FAILURE',
  failureType: 'testCodeFailure',
  cause: TypeError [Error]: add is not a function
      at TestContext.&lt;anonymous> (/scratch/tree/a.test.js:6:41)
}
			</failure>
		</testcase>
		<testcase name="passes" time="0.000174" classname="test"/>
		<testcase name="later" time="0.000090" classname="test">
			<skipped type="skipped" message="true"/>
		</testcase>
	</testsuite>
	<testcase name="/scratch/tree/b.test.js" time="0.089144" classname="test" failure="test failed">
		<failure type="testCodeFailure" message="test failed">
[Error: test failed] { code: 'ERR_TEST_FAILURE', failureType: 'testCodeFailure', cause: 'test failed', exitCode: 1, signal: null }
		</failure>
	</testcase>
	<!-- tests 5 -->
</testsuites>`;

/** pytest 9.0.3 `--junitxml -o junit_family=xunit1 --continue-on-collection-errors` (exit 1): xunit1 adds `file` and `line`. */
const PYTEST = `<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" errors="1" failures="2" skipped="1" tests="5" time="0.072" timestamp="2026-11-29T19:19:08.532637+00:00" hostname="vm"><testcase classname="" name="tests.test_b" file="tests/test_b.py" time="0.000"><error message="collection failure">ImportError while importing test module '/scratch/tree/tests/test_b.py'.
Hint: make sure your test modules/packages have valid Python names.
Traceback:
tests/test_b.py:1: in &lt;module&gt;
    import not_installed_pkg_xyz
E   ModuleNotFoundError: No module named 'not_installed_pkg_xyz'</error></testcase><testcase classname="tests.test_a" name="test_sub" file="tests/test_a.py" line="2" time="0.001"><failure message="assert 2 == 3&#10; +  where 2 = sub(5, 3)">def test_sub():
&gt;       assert sub(5, 3) == 3
E       assert 2 == 3
E        +  where 2 = sub(5, 3)

tests/test_a.py:4: AssertionError</failure></testcase><testcase classname="tests.test_a.TestSub" name="test_neg" file="tests/test_a.py" line="5" time="0.005"><failure message="AttributeError: module 'mathlib' has no attribute 'add'">self = &lt;test_a.TestSub object at 0x7f7a3f11fa10&gt;

&gt;       assert mathlib.add(1, 2) == 3
E       AttributeError: module 'mathlib' has no attribute 'add'

tests/test_a.py:8: AttributeError</failure></testcase><testcase classname="tests.test_a" name="test_pass" file="tests/test_a.py" line="8" time="0.000" /><testcase classname="tests.test_a" name="test_skip" file="tests/test_a.py" line="10" time="0.000"><skipped type="pytest.skip" message="later">/scratch/tree/tests/test_a.py:11: later</skipped></testcase></testsuite></testsuites>`;

/** Surefire 3.2.5 + JUnit Jupiter, as research/test-runners.md records it: the cleanest split, a typed failure or error. */
const SUREFIRE = `<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="com.example.CalcTest" tests="3" errors="1" skipped="1" failures="1">
  <testcase name="adds" classname="com.example.CalcTest" time="0.01">
    <failure message="expected: &lt;3&gt; but was: &lt;2&gt;" type="org.opentest4j.AssertionFailedError"><![CDATA[org.opentest4j.AssertionFailedError: expected: <3> but was: <2>
	at com.example.CalcTest.adds(CalcTest.java:9)]]></failure>
  </testcase>
  <testcase name="divides" classname="com.example.CalcTest" time="0.001">
    <error type="java.lang.NullPointerException"><![CDATA[java.lang.NullPointerException
	at com.example.CalcTest.divides(CalcTest.java:14)]]></error>
  </testcase>
  <testcase name="later" classname="com.example.CalcTest" time="0"><skipped message="later"/></testcase>
</testsuite>`;

function cases(xml: string): JUnitCase[] {
  const r = readJUnit(xml);
  if ('error' in r) throw new Error(r.error);
  return r.cases;
}

/** name, outcome kind, and what it threw. */
const thrown = (xml: string) => cases(xml).map((c) => [c.name, c.outcome?.kind, c.outcome && exceptionOf(c.outcome)]);

describe('parseXml', () => {
  it('elements, attributes in either quotes, entities, self-closing tags, CDATA', () => {
    const el = parseXml(`<?xml version="1.0"?><!-- c --><a x='1' y="&lt;&#10;&#x41;&quot;"><b/>t&amp;<![CDATA[<raw>]]></a>`);
    expect(el).toEqual({ name: 'a', attrs: { x: '1', y: '<\nA"' }, children: [{ name: 'b', attrs: {}, children: [], text: '' }], text: 't&<raw>' });
  });
  it.each([['<a><b></a>'], ['<a>'], ['<a x=1></a>'], ['<a></a></b>']])('%s is not well-formed', (text) => {
    expect(parseXml(text)).toBeUndefined();
  });
});

describe('readJUnit', () => {
  it('every testcase, with its classname and file (its own or its suite’s)', () => {
    expect(cases(VITEST).map((c) => [c.classname, c.name, c.file])).toEqual([
      ['a.test.js', 'math > subtracts', undefined],
      ['a.test.js', 'math > adds', undefined],
      ['a.test.js', 'math > passes', undefined],
      ['a.test.js', 'math > later', undefined],
      ['b.test.js', 'b.test.js', undefined],
      ['c.test.js', 'c.test.js', undefined],
    ]);
    expect(cases(MOCHA).map((c) => c.file)).toEqual(Array(5).fill('/scratch/tree/a.test.js'));
    expect(cases(PYTEST).map((c) => [c.classname, c.name, c.file])[2]).toEqual(['tests.test_a.TestSub', 'test_neg', 'tests/test_a.py']);
    expect(cases(`<testsuites><testsuite file="spec/calc_spec.rb"><testcase name="adds"/></testsuite></testsuites>`)[0]!.file).toBe('spec/calc_spec.rb');
  });

  it('a testcase directly under testsuites (node: a file that crashed) is read too', () => {
    expect(cases(NODE).map((c) => [c.name, c.outcome?.kind])).toEqual([
      ['subtracts', 'failure'],
      ['adds', 'failure'],
      ['passes', undefined],
      ['later', 'skipped'],
      ['/scratch/tree/b.test.js', 'failure'],
    ]);
  });

  it('a failure wins over a skip next to it', () => {
    expect(cases(`<testsuite><testcase name="t"><skipped/><failure message="x"/></testcase></testsuite>`)[0]!.outcome?.kind).toBe('failure');
  });

  it.each([
    ['', 'is not JUnit XML'],
    ['<html><body/></html>', 'is not JUnit XML'],
    ['<testsuites><testsuite><testcase name="a"/>', 'is not JUnit XML'],
    ['<testsuite><testcase classname="x"/></testsuite>', 'has a testcase without a name (an interrupted run?)'],
  ])('%j: %s', (xml, error) => {
    expect(readJUnit(xml)).toEqual({ error });
  });
});

describe('exceptionOf', () => {
  it('vitest: the type attribute', () => {
    expect(thrown(VITEST)).toEqual([
      ['math > subtracts', 'failure', { type: 'AssertionError', message: 'expected 2 to be 3 // Object.is equality' }],
      ['math > adds', 'failure', { type: 'TypeError', message: 'add is not a function' }],
      ['math > passes', undefined, undefined],
      ['math > later', 'skipped', { type: undefined, message: '' }],
      ['b.test.js', 'failure', { type: 'Error', message: expect.stringMatching(/^Failed to parse source for import analysis/) }],
      ['c.test.js', 'failure', { type: 'Error', message: "Cannot find package 'left-pad-not-installed' imported from /scratch/tree/c.test.js" }],
    ]);
  });

  it('mocha: the exception line of the text', () => {
    expect(thrown(MOCHA).filter((t) => t[1] === 'failure')).toEqual([
      ['subtracts', 'failure', { type: 'AssertionError', message: 'Expected values to be strictly equal:' }],
      ['adds', 'failure', { type: 'TypeError', message: 'add is not a function' }],
      ['throws', 'failure', { type: 'RangeError', message: 'boom & <x>' }],
    ]);
  });

  it('node: the cause under the ERR_TEST_FAILURE wrapper', () => {
    expect(thrown(NODE).filter((t) => t[1] === 'failure')).toEqual([
      ['subtracts', 'failure', { type: 'AssertionError', message: 'Expected values to be strictly equal:' }],
      ['adds', 'failure', { type: 'TypeError', message: 'add is not a function' }],
      ['/scratch/tree/b.test.js', 'failure', { type: 'testCodeFailure', message: 'test failed' }],
    ]);
  });

  it("pytest: the message's exception, or the last E block's; a bare assert has no class", () => {
    expect(thrown(PYTEST).filter((t) => t[1] === 'failure' || t[1] === 'error')).toEqual([
      ['tests.test_b', 'error', { type: 'ModuleNotFoundError', message: "No module named 'not_installed_pkg_xyz'" }],
      ['test_sub', 'failure', { type: undefined, message: 'assert 2 == 3' }],
      ['test_neg', 'failure', { type: 'AttributeError', message: "module 'mathlib' has no attribute 'add'" }],
    ]);
  });

  it('Surefire: the type attribute, also without a message', () => {
    expect(thrown(SUREFIRE).filter((t) => t[1] !== 'skipped')).toEqual([
      ['adds', 'failure', { type: 'org.opentest4j.AssertionFailedError', message: 'expected: <3> but was: <2>' }],
      ['divides', 'error', { type: 'java.lang.NullPointerException', message: '' }],
    ]);
  });

  it.each([
    [
      { type: '', message: '', text: 'expected a number\nError: expected a number\n    at f (x.js:1:1)' },
      { type: 'Error', message: 'expected a number' },
    ],
    [
      { type: 'Minitest::Assertion', message: 'Expected: 3\n  Actual: 2', text: '' },
      { type: 'Minitest::Assertion', message: 'Expected: 3' },
    ],
    [
      { type: '', message: '', text: 'Error: expect(received).toBe(expected) // Object.is equality\n\nExpected: 3' },
      { type: 'Error', message: 'expect(received).toBe(expected) // Object.is equality' },
    ],
    [
      { type: '', message: '', text: '' },
      { type: undefined, message: '' },
    ],
  ])('%j', (outcome, expected) => {
    expect(exceptionOf({ kind: 'failure', ...outcome })).toEqual(expected);
  });
});
