import { describe, expect, it } from 'vitest';
import { analyzeTestFile, analyzeTestFileWithHelpers, type SourceReader } from '../../../src/lang/index.js';
import { MAX_DEPTH } from '../../../src/lang/helpers/index.js';

/** A repository in memory: path → text. */
function memory(files: Record<string, string>): SourceReader & { reads: string[][] } {
  const reads: string[][] = [];
  return {
    reads,
    async read(paths) {
      reads.push([...paths]);
      return new Map(paths.filter((p) => Object.hasOwn(files, p)).map((p) => [p, files[p]!]));
    },
    async list(dir) {
      return Object.keys(files).filter((p) => p.slice(0, p.lastIndexOf('/') === -1 ? 0 : p.lastIndexOf('/')) === dir);
    },
  };
}

/** The test file is the first entry; the answer: assertions and, per via, "call → helper @ path". */
async function check(files: Record<string, string>, assertFunctionNames: string[] = []): Promise<{ assertions: number; via: string[] }> {
  const [path, text] = Object.entries(files)[0]!;
  const a = await analyzeTestFileWithHelpers(path, text, memory(files), { assertFunctionNames });
  return { assertions: a!.assertions, via: (a!.via ?? []).map((v) => `${v.call} → ${v.helper ?? v.pattern} @ ${v.path ?? v.kind}`) };
}

// [case, files (the test file first), expected]
const HELPERS: [string, Record<string, string>, { assertions: number; via: string[] }][] = [
  [
    'JS: a named import from a relative file (TypeScript .js → .ts)',
    {
      'test/add.test.ts': "import { checkCase } from './harness.js';\nit('adds', () => checkCase({ in: [1, 2], out: 3 }));\n",
      'test/harness.ts': 'export function checkCase(c) {\n  expect(add(...c.in)).toBe(c.out);\n}\n',
    },
    { assertions: 1, via: ['checkCase → checkCase @ test/harness.ts'] },
  ],
  [
    'JS: an arrow function bound to a const, imported by default',
    {
      'test/a.test.js': "import verify from '../support/verify';\ntest('x', () => { verify(1); });\n",
      'support/verify.js': 'const verify = (x) => assert.ok(x);\nexport default verify;\n',
    },
    { assertions: 1, via: ['verify → verify @ support/verify.js'] },
  ],
  [
    "JS: eslint's rule tester — a CommonJS class whose method asserts, re-exported, called on an instance",
    {
      'tests/lib/rules/no-x.js':
        "const rule = require('../../../lib/rules/no-x'),\n  { RuleTester } = require('../../../lib/rule-tester');\nconst ruleTester = new RuleTester();\nruleTester.run('no-x', rule, { valid: [], invalid: [] });\n",
      'lib/rule-tester/index.js': "const RuleTester = require('./rule-tester');\nmodule.exports = { RuleTester };\n",
      'lib/rule-tester/rule-tester.js':
        'class RuleTester {\n  run(name, rule, tests) {\n    describe(name, () => {\n      function testValid(item) { assert.ok(lint(item)); }\n      tests.valid.forEach(testValid);\n    });\n  }\n}\nmodule.exports = RuleTester;\n',
      'lib/rules/no-x.js': 'module.exports = { create() { return {}; } };\n',
    },
    { assertions: 1, via: ['ruleTester.run → run @ lib/rule-tester/rule-tester.js'] },
  ],
  // issue 22: fastify's require('./helper').payloadMethod('put', t), and CommonJS exports.fn = … definitions.
  [
    'JS: a helper called where it is required, defined as exports.fn = function',
    {
      'test/put.test.js': "const t = require('tap');\nrequire('./helper').payloadMethod('put', t);\n",
      'test/helper.js': "module.exports.payloadMethod = function (method, t) {\n  t.equal(method, 'put');\n};\n",
    },
    { assertions: 1, via: ['require.payloadMethod → payloadMethod @ test/helper.js'] },
  ],
  [
    'JS: exports.fn = (…) => through a bound require',
    {
      'test/a.test.js': "const h = require('./h');\ntest('x', () => h.check(1));\n",
      'test/h.js': 'exports.check = (x) => {\n  assert.ok(x);\n};\n',
    },
    { assertions: 1, via: ['h.check → check @ test/h.js'] },
  ],
  [
    'JS: an inline require of a helper that does not assert',
    {
      'test/b.test.js': "require('./helper').setup();\n",
      'test/helper.js': 'exports.setup = function () { return 1; };\n',
    },
    { assertions: 0, via: [] },
  ],
  // issue 22: tests inherited from a base class in another file.
  [
    'Java: an empty subclass of a test class in the same package',
    {
      'src/test/java/org/x/NoForceTest.java': 'package org.x;\npublic class NoForceTest extends CompareTest {}\n',
      'src/test/java/org/x/CompareTest.java': 'package org.x;\npublic class CompareTest {\n  @Test public void compares() { assertEquals(0, cmp(1, 1)); }\n}\n',
    },
    { assertions: 1, via: ['extends CompareTest → CompareTest @ src/test/java/org/x/CompareTest.java'] },
  ],
  [
    'Kotlin: an abstract base through its import, two levels up',
    {
      'src/jvmTest/kotlin/okio/JvmSystemFileSystemTest.kt':
        'package okio\nimport okio.fs.AbstractFileSystemTest\nclass JvmSystemFileSystemTest : AbstractFileSystemTest(clock = Clock.System) {\n  override fun make() = FileSystem.SYSTEM\n}\n',
      'src/jvmTest/kotlin/okio/fs/AbstractFileSystemTest.kt': 'package okio.fs\nabstract class AbstractFileSystemTest(val clock: Clock) : BaseFsTest() {}\n',
      'src/jvmTest/kotlin/okio/fs/BaseFsTest.kt': 'package okio.fs\nabstract class BaseFsTest {\n  @Test fun reads() { assertEquals(1, read()) }\n}\n',
    },
    { assertions: 1, via: ['extends AbstractFileSystemTest → BaseFsTest @ src/jvmTest/kotlin/okio/fs/BaseFsTest.kt'] },
  ],
  [
    'C# and PHP: a subclass of a base with tests',
    {
      'tests/NoForceTests.cs': 'public class NoForceTests : CompareTests\n{\n}\n',
      'tests/CompareTests.cs': 'public class CompareTests\n{\n  [Fact]\n  public void Compares() { Assert.Equal(0, Cmp(1, 1)); }\n}\n',
    },
    { assertions: 1, via: ['extends CompareTests → CompareTests @ tests/CompareTests.cs'] },
  ],
  [
    'PHP: a base whose namespace maps to its folder',
    {
      'tests/Monolog/Handler/FooHandlerTest.php':
        '<?php\nnamespace Monolog\\Handler;\nuse Monolog\\Test\\HandlerTestCase;\nclass FooHandlerTest extends HandlerTestCase {}\n',
      'tests/Monolog/Test/HandlerTestCase.php':
        '<?php\nnamespace Monolog\\Test;\nabstract class HandlerTestCase extends TestCase {\n  public function testHandles() { $this->assertTrue(true); }\n}\n',
    },
    { assertions: 1, via: ['extends HandlerTestCase → HandlerTestCase @ tests/Monolog/Test/HandlerTestCase.php'] },
  ],
  [
    "PHP: a PSR-4 prefix that maps to a folder of another name (commonmark's tests/functional)",
    {
      'tests/functional/Ext/Table/TableXmlTest.php':
        '<?php\nnamespace League\\CommonMark\\Tests\\Functional\\Ext\\Table;\nuse League\\CommonMark\\Tests\\Functional\\AbstractLocalDataTestCase;\nfinal class TableXmlTest extends AbstractLocalDataTestCase {}\n',
      'tests/functional/AbstractLocalDataTestCase.php':
        "<?php\nnamespace League\\CommonMark\\Tests\\Functional;\nabstract class AbstractLocalDataTestCase extends TestCase {\n  #[DataProvider('dataProvider')]\n  public function testRenders(string $in) { $this->assertSame($in, render($in)); }\n}\n",
    },
    { assertions: 1, via: ['extends AbstractLocalDataTestCase → AbstractLocalDataTestCase @ tests/functional/AbstractLocalDataTestCase.php'] },
  ],
  [
    'a base with assertion helpers but no tests of its own proves nothing',
    {
      'src/test/java/org/x/CouchTest.java':
        'package org.x;\npublic class CouchTest extends MonologTestCase {\n  @Test public void handles() { handler.handle(record); }\n}\n',
      'src/test/java/org/x/MonologTestCase.java':
        'package org.x;\npublic abstract class MonologTestCase {\n  protected void assertLogged(String m) { assertTrue(log.contains(m)); }\n}\n',
    },
    { assertions: 0, via: [] },
  ],
  [
    'a subclass with tests of its own that assert nothing is judged by them, not by its base',
    {
      'src/test/java/org/x/NoForceTest.java': 'package org.x;\npublic class NoForceTest extends CompareTest {\n  @Test public void compares() {}\n}\n',
      'src/test/java/org/x/CompareTest.java': 'package org.x;\npublic class CompareTest {\n  @Test public void compares() { assertEquals(0, cmp(1, 1)); }\n}\n',
    },
    { assertions: 0, via: [] },
  ],
  [
    "RSpec: shared examples in spec/support (factory_bot's it_should_behave_like)",
    {
      'spec/factory_bot/definition_spec.rb':
        "describe FactoryBot::Definition do\n  it_should_behave_like 'a callback runner'\n  include_examples('no such examples')\nend\n",
      'spec/support/shared_examples/callbacks.rb':
        "shared_examples 'a setup step' do\n  it { subject.setup }\nend\n\nshared_examples_for 'a callback runner' do\n  it 'runs' do\n    expect(subject.callbacks).to be_empty\n  end\nend\n",
    },
    { assertions: 1, via: ['it_behaves_like a callback runner → a callback runner @ spec/support/shared_examples/callbacks.rb'] },
  ],
  [
    'RSpec: shared examples that assert nothing prove nothing',
    {
      'spec/a_spec.rb': "describe A do\n  it_behaves_like 'a setup step'\nend\n",
      'spec/support/steps.rb': "shared_examples 'a setup step' do\n  it { subject.setup }\nend\n",
    },
    { assertions: 0, via: [] },
  ],
  [
    'a base that is not in the project',
    { 'src/test/java/org/x/ATest.java': 'package org.x;\nimport junit.framework.TestCase;\npublic class ATest extends TestCase {}\n' },
    { assertions: 0, via: [] },
  ],
  [
    'JS: a same-file helper that calls an imported one, transitively',
    {
      'test/b.test.js':
        "const { expectSame } = require('./util/compare.js');\nfunction roundTrip(x) { expectSame(parse(print(x)), x); }\nit('round-trips', () => roundTrip({ a: 1 }));\n",
      'test/util/compare.js': "const { deepEqual } = require('./deep.js');\nexports.expectSame = function expectSame(a, b) { deepEqual(a, b); };\n",
      'test/util/deep.js': "exports.deepEqual = function deepEqual(a, b) { if (!eq(a, b)) throw new Error('differs'); assert.deepStrictEqual(a, b); };\n",
    },
    { assertions: 1, via: ['expectSame → expectSame @ test/util/compare.js'] },
  ],
  [
    'Python: a project module imported by its package path',
    {
      'tests/test_format.py':
        'from tests.util import assert_same_output, read_data\n\ndef test_simple():\n    src, expected = read_data("simple")\n    check_file(src, expected)\n\nfrom tests.util import check_file\n',
      'tests/util.py':
        'def read_data(name):\n    return open(name).read(), ""\n\ndef check_file(src, expected):\n    actual = fmt(src)\n    assert actual == expected, "differs"\n',
    },
    { assertions: 1, via: ['check_file → check_file @ tests/util.py'] },
  ],
  [
    'Python: a base class in a relative module, called through self',
    {
      'pkg/tests/test_cli.py':
        'from .base import CliCase\n\nclass TestRun(CliCase):\n    def test_help(self):\n        self.check_output(["--help"], "usage")\n',
      'pkg/tests/base.py':
        'import unittest\n\nclass CliCase(unittest.TestCase):\n    def check_output(self, args, want):\n        out = run(args)\n        self.assertIn(want, out)\n',
    },
    { assertions: 1, via: ['self.check_output → check_output @ pkg/tests/base.py'] },
  ],
  [
    'Go: a helper in another _test.go file of the package',
    {
      'flag_test.go': 'package cli\n\nimport "testing"\n\nfunc TestFlag(t *testing.T) {\n\tgot := parse("-v")\n\texpect(t, got, true)\n}\n',
      'helpers_test.go':
        'package cli\n\nimport "testing"\n\nfunc expect(t *testing.T, a, b interface{}) {\n\tt.Helper()\n\tif a != b {\n\t\tt.Errorf("expected %v, got %v", b, a)\n\t}\n}\n',
      'flag.go': 'package cli\n\nfunc parse(s string) bool { return s == "-v" }\n',
    },
    { assertions: 1, via: ['expect → expect @ helpers_test.go'] },
  ],
  [
    'Go: a method helper, and a helper bound to a local func literal',
    {
      'srv/srv_test.go': 'package srv\n\nfunc TestServe(t *testing.T) {\n\th := newHarness(t)\n\th.get("/").status(200)\n}\n',
      'srv/harness_test.go':
        'package srv\n\ntype harness struct{ t *testing.T }\n\nfunc (h *harness) status(want int) *harness {\n\tcheck := func(t *testing.T) { t.Fatalf("status %d", want) }\n\tif h.code != want {\n\t\tcheck(h.t)\n\t}\n\treturn h\n}\n',
    },
    { assertions: 1, via: ['h.get.status → status @ srv/harness_test.go'] },
  ],
  [
    "Rust: a macro_rules! of the crate's test folder (ripgrep's eqnice!)",
    {
      'tests/regression.rs':
        'rgtest!(r16, |dir: Dir, mut cmd: TestCommand| {\n    let expected = "foo\\n";\n    eqnice!(expected, cmd.arg("x").stdout());\n});\n',
      'tests/macros.rs':
        '#[macro_export]\nmacro_rules! eqnice {\n    ($expected:expr, $got:expr) => {\n        let (expected, got) = ($expected, $got);\n        assert_eq!(expected, got);\n    };\n}\n',
      'tests/tests.rs': '#[macro_use]\nmod macros;\nmod regression;\n',
    },
    { assertions: 1, via: ['eqnice! → eqnice! @ tests/macros.rs'] },
  ],
  [
    'Rust: a helper function in a mod file of the folder',
    {
      'tests/cli.rs': 'mod common;\n\n#[test]\nfn help() {\n    common::check_output(&["--help"], "usage");\n}\n',
      'tests/common/mod.rs': 'pub fn check_output(args: &[&str], want: &str) {\n    let out = run(args);\n    assert!(out.contains(want));\n}\n',
    },
    { assertions: 1, via: ['common.check_output → check_output @ tests/common/mod.rs'] },
  ],
];

// Helpers that exist but do not assert, or that are not the project's: still nothing.
const NO_HELPER: [string, Record<string, string>][] = [
  [
    'a helper that only prints',
    { 'test/p.test.js': "import { show } from './show.js';\nit('x', () => show(1));\n", 'test/show.js': 'export function show(x) { console.log(x); }\n' },
  ],
  ['an import of a package', { 'test/q.test.js': "import { check } from 'some-package';\nit('x', () => check(1));\n" }],
  [
    'a same-named helper in a file the test does not import',
    { 'test/r.test.js': "it('x', () => verify(1));\n", 'test/verify.js': 'export function verify(x) { assert.ok(x); }\n' },
  ],
  [
    'a Python module whose function asserts nothing',
    { 'tests/test_s.py': 'from tests.util import prepare\n\ndef test_a():\n    prepare(1)\n', 'tests/util.py': 'def prepare(x):\n    return x + 1\n' },
  ],
  [
    'a Go helper of another package folder',
    {
      'a/a_test.go': 'package a\n\nfunc TestA(t *testing.T) { expect(t, 1, 1) }\n',
      'b/helpers_test.go': 'package b\n\nfunc expect(t *testing.T, a, b int) { t.Errorf("x") }\n',
    },
  ],
  [
    'a declaration named like an asserting helper (no call)',
    {
      'a/a_test.go': 'package a\n\nfunc (x *T) expect(t *testing.T) {}\n\nfunc TestA(t *testing.T) { run() }\n',
      'a/helpers_test.go': 'package a\n\nfunc expect(t *testing.T) { t.Errorf("x") }\n',
    },
  ],
  [
    'a JS method named like an imported asserting helper',
    {
      'test/m.test.js': "import { check } from './h.js';\nclass Page { check(a) { return a; } }\n",
      'test/h.js': 'export function check(x) { assert.ok(x); }\n',
    },
  ],
  [
    "Go: testing.T's own Run, and another package's function, named like an asserting package method",
    {
      'p/p_test.go': 'package p\n\nimport "strings"\n\nfunc TestA(t *testing.T) {\n\tt.Run("x", func(t *testing.T) {})\n\tstrings.Check("a")\n}\n',
      'p/h_test.go': 'package p\n\nfunc (h *harness) Run(t *testing.T) { t.Fatalf("x") }\nfunc (h *harness) Check(t *testing.T) { t.Fatalf("x") }\n',
    },
  ],
  [
    'a Rust macro that asserts nothing',
    { 'tests/t.rs': '#[test]\nfn a() { show!(1); }\n', 'tests/m.rs': 'macro_rules! show { ($x:expr) => { println!("{}", $x) }; }\n' },
  ],
];

describe('assertions through project helpers', () => {
  it.each(HELPERS)('%s', async (_name, files, expected) => {
    expect(await check(files)).toEqual(expected);
  });

  it.each(NO_HELPER)('not through %s', async (_name, files) => {
    expect(await check(files)).toEqual({ assertions: 0, via: [] });
  });

  it(`follows a chain of helpers up to ${MAX_DEPTH} calls deep, and no further`, async () => {
    // test → h1 → h2 → … → hN, where only hN asserts.
    const chain = (n: number): Record<string, string> => {
      const files: Record<string, string> = { 'test/t.test.js': "const { h1 } = require('./h1.js');\nit('x', () => h1());\n" };
      for (let k = 1; k <= n; k++) {
        files[`test/h${k}.js`] =
          k < n
            ? `const { h${k + 1} } = require('./h${k + 1}.js');\nexports.h${k} = function h${k}() { h${k + 1}(); };\n`
            : `exports.h${k} = function h${k}() { assert.ok(true); };\n`;
      }
      return files;
    };
    expect((await check(chain(MAX_DEPTH))).assertions).toBe(1);
    expect((await check(chain(MAX_DEPTH + 2))).assertions).toBe(0);
  });

  it('reads nothing when the file asserts by itself', async () => {
    const reader = memory({});
    const a = await analyzeTestFileWithHelpers('test/x.test.js', "import { h } from './h.js';\nit('x', () => { h(); expect(1).toBe(1); });\n", reader);
    expect([a?.assertions, a?.via, reader.reads]).toEqual([1, undefined, []]);
  });

  it('reads a level of helper files in one batch, and a file once per reader', async () => {
    const files = {
      'test/x.test.js': "import { a } from './a.js';\nimport { b } from './b.js';\nit('x', () => { a(); b(); });\n",
      'test/y.test.js': "import { b } from './b.js';\nit('y', () => b());\n",
      'test/a.js': 'export function a() {}\n',
      'test/b.js': 'export function b() { assert.ok(1); }\n',
    };
    const reader = memory(files);
    const x = await analyzeTestFileWithHelpers('test/x.test.js', files['test/x.test.js'], reader);
    expect(reader.reads.length).toBe(1);
    expect(reader.reads[0]).toEqual(expect.arrayContaining(['test/a.js', 'test/b.js']));
    const y = await analyzeTestFileWithHelpers('test/y.test.js', files['test/y.test.js'], reader);
    expect([x?.assertions, y?.assertions]).toEqual([1, 1]);
    expect(reader.reads.flat().filter((p) => p === 'test/b.js')).toEqual(['test/b.js']);
  });
});

// assertFunctionNames, as eslint-plugin-jest's expect-expect reads it: [file, text, patterns, assertions, via patterns]
const CONFIG: [string, string, string[], number, string[]][] = [
  ["prettier's global runFormatTest", 'tests/format/js/format.test.js', 'runFormatTest(import.meta, ["babel"]);\n', ['runFormatTest'], 1, ['runFormatTest']],
  ['a member call', 'tests/r.test.js', "ruleTester.run('x', rule, {});\n", ['ruleTester.run'], 1, ['ruleTester.run']],
  ['** spans any chain', 'test/api.test.js', "it('x', () => client(app).get('/').set('a', 'b').check(200));\n", ['client.**.check'], 1, ['client.**.check']],
  ['* inside a segment', 'test/s.test.js', 'verifySnapshot(x);\nverifyAll(y);\n', ['verify*'], 2, ['verify*', 'verify*']],
  ['a Rust macro with !', 'tests/t.rs', '#[test]\nfn a() { eqnice!(x, y); }\n', ['eqnice!'], 1, ['eqnice!']],
  ['a macro pattern does not name a function', 'tests/t.rs', '#[test]\nfn a() { eqnice(x, y); }\n', ['eqnice!'], 0, []],
  ['a prefix that is not a whole segment', 'test/t.test.js', 'runFormatTests(x);\nruleTester.running(y);\n', ['runFormatTest', 'ruleTester.run'], 0, []],
  ['in a comment or a string', 'test/t.test.js', "// runFormatTest(x)\nconst s = 'runFormatTest(y)';\n", ['runFormatTest'], 0, []],
  ['Python', 'tests/test_a.py', 'def test_a():\n    check_format("a.py")\n', ['check_format'], 1, ['check_format']],
  // issue 22: calls without parentheses (rubocop-performance's expect_offense, Kotlin trailing lambdas).
  [
    'a Ruby command call with a heredoc',
    'spec/cop_spec.rb',
    'it "flags" do\n  expect_offense <<~RUBY\n    x.map { }.flatten\n  RUBY\n  expect_no_offenses "a"\nend\n',
    ['expect_offense', 'expect_no_offenses'],
    2,
    ['expect_offense', 'expect_no_offenses'],
  ],
  [
    'a Ruby command call on a receiver, and a block',
    'spec/a_spec.rb',
    'helper.assert_valid record\ncheck_all do\nend\n',
    ['helper.assert_valid', 'check_all'],
    2,
    ['helper.assert_valid', 'check_all'],
  ],
  ['Ruby: a name then an operator is no call', 'spec/a_spec.rb', 'expect_offense = 1\nexpect_offense + 2\nx = expect_offense y\n', ['expect_offense'], 0, []],
  [
    'a Kotlin trailing lambda',
    'src/test/kotlin/ATest.kt',
    '@Test fun a() {\n  check {\n    it.isValid()\n  }\n  fixture.checkAll { }\n}\n',
    ['check', 'fixture.checkAll'],
    2,
    ['check', 'fixture.checkAll'],
  ],
];

describe('assertFunctionNames', () => {
  it.each(CONFIG)('%s', (_name, path, text, patterns, assertions, via) => {
    const a = analyzeTestFile(path, text, { assertFunctionNames: patterns });
    expect([a?.assertions, (a?.via ?? []).map((v) => v.pattern)]).toEqual([assertions, via]);
    expect((a?.via ?? []).every((v) => v.kind === 'config')).toBe(true);
  });
});

// Not assertions: they look like one and verify nothing. [case, text, assertions]
const NOT_ASSERTIONS: [string, string, number][] = [
  ['a bare expect(x) with no matcher', "it('x', () => { expect(add(1, 2)); });", 0],
  ['expect.assertions(n) alone', "it('x', async () => { expect.assertions(1); await run(); });", 0],
  ['expect.hasAssertions() alone', "it('x', () => { expect.hasAssertions(); });", 0],
  ["chai's expect(x) with nothing after it", "import { expect } from 'chai';\nit('x', () => { expect(result); });", 0],
  ['a renamed chai expect with nothing after it', "import { expect as e } from 'chai';\nit('x', () => { e(result); });", 0],
  ['expect.assertions with a real matcher beside it', "it('x', () => { expect.assertions(1); expect(a).toBe(1); });", 1],
  ['a chai property assertion', "import { expect } from 'chai';\nit('x', () => { expect(ok).to.be.true; });", 1],
  ['a matcher on the next line', "it('x', () => {\n  expect(a)\n    .toBe(1);\n});", 1],
  ['expectTypeOf with a matcher, and bare', 'expectTypeOf(a).toEqualTypeOf<number>();\nexpectTypeOf(b);', 1],
];

describe('not assertions', () => {
  it.each(NOT_ASSERTIONS)('%s', (_name, text, assertions) => {
    expect(analyzeTestFile('test/x.test.ts', text)?.assertions).toBe(assertions);
  });
});
