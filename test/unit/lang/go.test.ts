import { describe, expect, it } from 'vitest';
import { analyzeTestFile, blank, declaredTestTitles, extractImports } from '../../../src/lang/index.js';

const P = 'math/add_test.go';
const count = (text: string): number | undefined => analyzeTestFile(P, text)?.assertions;
const markers = (text: string): string[] => (analyzeTestFile(P, text)?.markers ?? []).map((m) => `${m.kind} ${m.text}`);

// research/test-runners.md §5.2 (Go rows), and the comment and string forms around them.
const EDGE: [string, string, number][] = [
  ['raw string `assert.Equal(...)`', 'want := `assert.Equal(t, 1, 2)\nt.Fatal(x)`\nassert.Equal(t, want, got)\n', 1],
  ["rune '\"'", 'q := \'"\'\ns := "t.Errorf(x)"\n', 0],
  ["rune '\\''", "q := '\\''\nif got != want { t.Errorf(\"got %v\", got) }\n", 1],
  ['escaped quote in a string', 's := "a \\" t.Fatal(x)"\nt.Fatal(s)\n', 1],
  ['line and block comments', '// t.Errorf("x")\n/* require.NoError(t, err)\n t.Fatal(y) */\n', 0],
  ['// inside a string', 'u := "http://x//t.Fatal("; t.Fatal(u)\n', 1],
  ['block comments do not nest in Go', '/* /* */ t.Error(x) // */\n', 1],
];

const PATTERNS: [string, string, number][] = [
  ['a harness holding the testing.T', 'func (h *harness) check(want int) {\n\th.t.Fatalf("want %d", want)\n\ts.tb.Error("x")\n}\n', 2],
  ['testify objects under any name', 'r := require.New(t)\nis := assert.New(t)\nr.Error(err)\nis.Equal(1, got)\nr.New(t)\n', 2],
  [
    'an example with its expected output',
    'func ExampleAdd() {\n\tfmt.Println(Add(1, 2))\n\t// Output: 3\n}\n\nfunc ExampleSorted() {\n\t// unordered output:\n\t// a\n}\n',
    2,
  ],
  ['an example without output, or an Output comment outside examples', 'func ExampleAdd() {\n\tAdd(1, 2)\n}\n', 0],
  ['an Output comment in a file without examples', 'func TestA(t *testing.T) {\n\t// Output: 3\n}\n', 0],
  ['testing: Error Errorf Fatal Fatalf Fail FailNow', 't.Error(a)\nt.Errorf("%d", b)\nt.Fatal(c)\nt.Fatalf("x")\nt.Fail()\nt.FailNow()\n', 6],
  ['benchmark, fuzz and testing.TB receivers', 'b.Fatal(err)\nf.Errorf("x")\ntb.Fatalf("y")\n', 3],
  ['t.Log and friends verify nothing', 't.Log(x)\nt.Logf("y")\nt.Helper()\nt.Run("sub", fn)\nt.Parallel()\n', 0],
  ['testify assert and require', 'assert.Equal(t, 1, x)\nrequire.NoError(t, err)\nassert.Len(t, xs, 2)\n', 3],
  ['assert.New is setup; its object asserts', 'assert := assert.New(t)\nassert.True(ok)\n', 1],
  ['testify suites', 's.Equal(1, x)\ns.Require().NoError(err)\nsuite.Assert().True(ok)\n', 3],
  ['gomega', 'Expect(x).To(Equal(1))\ng.Expect(err).NotTo(HaveOccurred())\nΩ(y).Should(BeTrue())\nEventually(f).Should(Succeed())\n', 4],
  ['quicktest / gocheck', 'qt.Assert(t, x, qt.Equals, 1)\nc.Assert(y, Equals, 2)\nc.Check(z, IsNil)\n', 3],
  ['look-alikes', 'tt.Errorf("x")\nst.Fatal(y)\nmyassert.Equal(a, b)\nexpect(x)\nt.Errors\nassertEqual(t, a, b)\n', 0],
  ['a helper named Expect is declared, not called', 'func Expect(x int) {}\nfunc (m *M) Expect(y int) {}\n', 0],
];

describe('Go assertions', () => {
  it.each(EDGE)('edge case: %s', (_name, text, expected) => expect(count(text)).toBe(expected));
  it.each(PATTERNS)('%s', (_name, text, expected) => expect(count(text)).toBe(expected));

  it('reports the line of each assertion', () => {
    expect(analyzeTestFile(P, '`\nt.Fatal(no)\n`\nif a { t.Fatal(x) }; t.Error(y)\n')?.assertionLines).toEqual([4, 4]);
  });
});

describe('Go print-only', () => {
  const cases: [string, string, boolean, number][] = [
    ['fmt, log and t.Log', 'fmt.Println(add(1, 2))\nfmt.Printf("%d", x)\nfmt.Fprintln(os.Stderr, y)\nlog.Printf("z")\nt.Logf("w")\nprintln(v)\n', true, 6],
    ['prints and an assertion', 'fmt.Println(x)\nt.Errorf("x")\n', false, 1],
    ['Sprintf is no print', 's := fmt.Sprintf("%d", x)\n', false, 0],
  ];
  it.each(cases)('%s', (_name, text, printOnly, prints) => {
    const a = analyzeTestFile(P, text)!;
    expect({ printOnly: a.printOnly, prints: a.prints }).toEqual({ printOnly, prints });
  });
});

describe('Go markers', () => {
  const GINKGO = 'import (\n  . "github.com/onsi/ginkgo/v2"\n  . "github.com/onsi/gomega"\n)\n';
  const POSITIVE: [string, string, string[]][] = [
    [
      't.Skip( t.Skipf( t.SkipNow(',
      'if testing.Short() { t.Skip("slow") }\nt.Skipf("%s", x)\nt.SkipNow()\nb.Skip()\n',
      ['skip t.Skip', 'skip t.Skipf', 'skip t.SkipNow', 'skip b.Skip'],
    ],
    ['suite s.T().Skip(', 's.T().Skip("later")\n', ['skip T().Skip']],
    ['//go:build ignore', '//go:build ignore\n\npackage math\n', ['skip //go:build ignore']],
    [
      '// +build ignore, and a constraint that includes ignore',
      '//go:build ignore && linux\n// +build ignore\n\npackage math\n',
      ['skip //go:build ignore && linux', 'skip // +build ignore'],
    ],
    [
      'Ginkgo X/P/F specs, Skip( and decorators',
      `${GINKGO}var _ = Describe("a", func() {\n  FIt("x", func() {})\n  XIt("y", func() {})\n  PDescribe("z", func() {})\n  It("w", Focus, func() {})\n  It("v", Pending, func() { Skip("later") })\n})\n`,
      ['focus FIt', 'skip XIt', 'skip PDescribe', 'focus Focus', 'skip Pending', 'skip Skip'],
    ],
  ];
  const NEGATIVE: [string, string][] = [
    ['in comments and strings', '// t.Skip("x")\ns := "t.SkipNow()"\nr := `t.Skipf(`\n'],
    ['a build constraint without ignore, or negated', '//go:build linux && !ignore\n\npackage math\n'],
    ['//go:build after the package clause is no constraint', 'package math\n\n//go:build ignore\n'],
    ['Ginkgo names without a Ginkgo import', 'FIt("x")\nSkip("y")\nIt("z", Focus, fn)\n'],
    ['other receivers', 'reader.Skip(4)\ntt.Skip()\n'],
  ];
  it.each(POSITIVE)('finds %s', (_name, text, expected) => expect(markers(text)).toEqual(expected));
  it.each(NEGATIVE)('ignores %s', (_name, text) => expect(markers(text)).toEqual([]));
});

describe('Go titles, imports and blanking', () => {
  it('declares Test functions only', () => {
    const text =
      'func TestAdd(t *testing.T) {}\nfunc Test_sub(t *testing.T) {}\nfunc Test(t *testing.T) {}\nfunc Testing(t *testing.T) {}\nfunc BenchmarkAdd(b *testing.B) {}\nfunc helper() {}\n// func TestComment(t *testing.T) {}\n';
    expect(declaredTestTitles(P, text)).toEqual(['TestAdd', 'Test_sub', 'Test']);
  });

  it('reads single, grouped, aliased, dot and blank imports', () => {
    const text =
      'import "testing"\nimport (\n  "fmt" // why\n  q "github.com/frankban/quicktest"\n  . "github.com/onsi/gomega"\n  _ "embed"\n  "github.com/stretchr/testify/v2/assert"\n)\n';
    expect(Object.fromEntries(extractImports(P, text))).toEqual({
      testing: 'testing',
      fmt: 'fmt',
      q: 'github.com/frankban/quicktest',
      '.': 'github.com/onsi/gomega',
      _: 'embed',
      assert: 'github.com/stretchr/testify/v2/assert',
    });
  });

  const BLANK: [string, string, string][] = [
    ['raw string keeps its backticks', 'a := `x\ny` + "z"', 'a := ` \n ` + " "'],
    ['rune', "r := 'x'; s := '\\n'", "r := ' '; s := '  '"],
    ['comments', 'a // b\n/* c\nd */ e', 'a     \n    \n     e'],
  ];
  it.each(BLANK)('blank: %s', (_name, text, expected) => expect(blank(P, text)).toBe(expected));
});
