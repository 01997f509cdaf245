// 2,000-line test files per language family (research test-runners.md §5.1), shared by
// perf-languages.test.ts, test/integration/red-check.test.ts and bench/red-check.mjs. Each block
// is 12 lines with exactly THREE real assertions (marked `// real` below, in the generator only)
// and decoys in comments, docstrings, strings, raw strings, text blocks, interpolations, heredocs,
// %-literals, regex literals and string templates; one print. With `real: false` the three become
// prints: 0 assertions, 4 prints, print-only.
// Plain JavaScript so that node runs it in the bench without a build.

export const BLOCKS = 166; // header + 166 × 12 = 1,995–2,000 lines
export const ASSERTIONS_PER_BLOCK = 3;
export const PRINTS_PER_BLOCK_WHEN_PRINTING = 4;

/** @type {Record<string, { path: string, header: string[], block: (i: number, real: boolean) => string[] }>} */
export const LANGUAGES = {
  js: {
    path: 'test/big.test.ts',
    header: ["import { describe, it, expect, assert } from 'vitest';", "import { add } from '../src/math.js';", ''],
    block: (i, real) => [
      `// suite ${i}: expect(decoy).toBe(1) and it.only in a line comment`,
      `  /* assert.ok(decoy); fit('x') */`,
      `  it('adds ${i}: expect(x).toBe(1) in the name', () => {`,
      `    const s: string = "expect(nope).toBe(1)" + 'assert(nope)';`,
      `    const t = \`template expect(no).ok \${s.length} assert.ok(no)\`;`,
      `    const r = /expect\\(x\\)/.test(s) ? 1 : 2;`,
      real ? `    expect(add<number>(${i}, 1)).toBe(${i + 1});` : `    console.log(add<number>(${i}, 1));`, // real
      real ? `    assert.equal(t.length > r, true);` : `    console.info(t.length > r);`, // real
      real ? `    expect(s).toMatch(/nope/);` : `    console.log(s);`, // real
      `    console.log(\`debug expect(\${${i}}).toBe(1)\`);`,
      `  });`,
      ``,
    ],
  },
  python: {
    path: 'tests/test_big.py',
    header: ['import pytest', 'import unittest', ''],
    block: (i, real) => [
      `class TestSuite${i}(unittest.TestCase):`,
      `    """Docstring: assert x == 1 and self.assertEqual(a, b); @pytest.mark.skip."""`,
      `    # assert decoy; pytest.raises(X) in a comment`,
      `    def test_adds_${i}(self):`,
      `        s = "assert nope" + 'self.fail("no")'; t = f"{s!r:>10} assert {d["k"]} {{print(no)}}"`,
      `        r = rb'pytest.raises(X)' if s else """assert multi`,
      `        line self.assertTrue(x)"""`,
      real ? `        assert add(${i}, 1) == ${i + 1}` : `        print(add(${i}, 1))`, // real
      real ? `        self.assertEqual(len(t) > 0, True)` : `        print(len(t))`, // real
      real ? `        with pytest.raises(ValueError): parse(r)` : `        print(parse(r))`, // real
      `        print(f"debug {t}")`,
      ``,
    ],
  },
  go: {
    path: 'big_test.go',
    header: ['package big', '', 'import "testing"'],
    block: (i, real) => [
      `// TestAdd${i} checks t.Errorf("decoy") in a comment`,
      `func TestAdd${i}(t *testing.T) {`,
      `\t/* require.NoError(t, err) t.Skip() */ s := "t.Fatal(nope)" + \`assert.Equal(t, 1, 2)`,
      `\tt.Error(raw)\``,
      `\tr := '"'`,
      `\tif got := Add(${i}, 1); got != ${i + 1} {`,
      real ? `\t\tt.Errorf("Add = %d, want %d", got, ${i + 1})` : `\t\tfmt.Printf("Add = %d\\n", got)`, // real
      `\t}`,
      real ? `\tassert.Equal(t, ${i + 1}, Add(${i}, 1))` : `\tfmt.Println(Add(${i}, 1))`, // real
      real ? `\trequire.NoError(t, check(s, r))` : `\tlog.Println(check(s, r))`, // real
      `\tt.Logf("debug %s", s)`,
      `}`,
    ],
  },
  rust: {
    path: 'tests/big.rs',
    header: ['use big::add;', '', ''],
    block: (i, real) => [
      `#[test]`,
      `fn adds_${i}() {`,
      `    // assert_eq!(decoy) #[ignore]`,
      `    /* outer /* inner assert!(x) */ still a comment */`,
      `    let s = "assert!(nope)"; let c = '"';`,
      `    let r = r#"assert_eq!(a, "b")"#;`,
      `    fn id<'a>(x: &'a str) -> &'a str { x }`,
      real ? `    assert_eq!(add(${i}, 1), ${i + 1});` : `    println!("{}", add(${i}, 1));`, // real
      real ? `    assert!(id(s).len() > 0);` : `    dbg!(id(s).len());`, // real
      real ? `    debug_assert_ne!(c, 'x');` : `    eprintln!("{}", c);`, // real
      `    println!("debug {}", r);`,
      `}`,
    ],
  },
  java: {
    path: 'src/test/java/BigTest.java',
    header: ['import org.junit.jupiter.api.Test;', 'import static org.junit.jupiter.api.Assertions.*;', 'class BigTest {'],
    block: (i, real) => [
      `    @Test`,
      `    void adds${i}() {`,
      `        // assertEquals(decoy) @Disabled`,
      `        /* assertTrue(no); fail("x"); */ String s = "assertEquals(1, 2)"; char c = '"';`,
      `        String t = """`,
      `            assertThat(x).isEqualTo(1) "q"`,
      `            """;`,
      real ? `        assertEquals(${i + 1}, add(${i}, 1));` : `        System.out.println(add(${i}, 1));`, // real
      real ? `        assertThat(s).isNotEmpty();` : `        System.out.println(s);`, // real
      real ? `        verify(mock).save(t);` : `        System.err.println(t);`, // real
      `        System.out.println(c);`,
      `    }`,
    ],
  },
  kotlin: {
    path: 'src/test/kotlin/BigTest.kt',
    header: ['import kotlin.test.Test', 'import kotlin.test.assertEquals', 'class BigTest {'],
    block: (i, real) => [
      `    @Test`,
      `    fun \`adds ${i} // not a comment\`() {`,
      `        // assertEquals(decoy)`,
      `        /* /* nested */ assertTrue(no) */ val s = "\${map["assertEquals(1, 2)"]} shouldBe"`,
      `        val t = """`,
      `            assertThat(x) \${"x"}`,
      `        """`,
      real ? `        add(${i}, 1) shouldBe ${i + 1}` : `        println(add(${i}, 1))`, // real
      real ? `        assertEquals(${i + 1}, add(${i}, 1))` : `        println(s)`, // real
      real ? `        verify { repo.save(any()) }` : `        print(t)`, // real
      `        println(s + t)`,
      `    }`,
    ],
  },
  csharp: {
    path: 'tests/BigTests.cs',
    header: ['using Xunit;', 'public class BigTests', '{'],
    block: (i, real) => [
      `    [Fact]`,
      `    public void Adds${i}() {`,
      `        // Assert.Equal(decoy) [Fact(Skip = "x")]`,
      `        /* Assert.True(no); */ var p = @"C:\\dir\\"; var q = $"{(ok ? "Assert.True(a)" : "b")} Assert.False(c)";`,
      `        var r = """`,
      `            Assert.Equal(1, 2) "quoted"`,
      `            """;`,
      real ? `        Assert.Equal(${i + 1}, Add(${i}, 1));` : `        Console.WriteLine(Add(${i}, 1));`, // real
      real ? `        result.Should().Be(${i + 1});` : `        Console.WriteLine(result);`, // real
      real ? `        mock.Verify(m => m.Save(), Times.Once);` : `        Debug.WriteLine(mock);`, // real
      `        Console.WriteLine(p + q + r);`,
      `    }`,
    ],
  },
  ruby: {
    path: 'spec/big_spec.rb',
    header: [
      "require 'spec_helper'",
      '=begin expect(embedded_doc).to eq 1',
      '  RSpec.describe "x", :focus do; xit "no"; assert_equal 1, 2',
      '=end',
      'RSpec.describe Big do',
    ],
    block: (i, real) => [
      `  it "adds ${i} #{'expect(x).to eq 1'}" do # assert_equal 1, 2; fit`,
      `    s = "assert(x) #{n / 2} must_equal" + %q(skip (nested) fit) + 'should == 1' + ?" + %w[refute flunk].join`,
      `    doc = <<~EOS.strip + <<-'RAW' if s =~ /expect\\(x\\).to/`,
      `      expect(heredoc).to eq 1 #{flunk}`,
      `    EOS`,
      `      assert_equal(raw, 1)`,
      `      RAW`,
      real ? `    expect(add(${i}, 1)).to eq(${i + 1})` : `    puts add(${i}, 1)`, // real
      real ? `    assert_equal ${i + 1}, add(${i}, 1)` : `    p add(${i}, 1)`, // real
      real ? `    expect { parse(doc) }.not_to raise_error` : `    pp parse(doc)`, // real
      `    puts "debug #{doc}"`,
      `  end`,
    ],
  },
  abap: {
    path: 'src/zcl_big.clas.testclasses.abap',
    header: [
      'CLASS ltcl_big DEFINITION FINAL FOR TESTING DURATION SHORT RISK LEVEL HARMLESS.',
      '  PRIVATE SECTION.',
      '    METHODS adds FOR TESTING.',
      'ENDCLASS.',
      'CLASS ltcl_big IMPLEMENTATION.',
    ],
    block: (i, real) => [
      `* cl_abap_unit_assert=>assert_equals( act = 1 exp = 2 ). cl_abap_unit_assert=>skip( 'x' ).`,
      `  METHOD adds_${i}.`,
      `    " cl_abap_unit_assert=>fail( ). WRITE 'decoy'.`,
      `    DATA(s) = |assert_equals( act = { lines( t ) } ) \\| cl_aunit_assert=>fail( )|. " WRITE`,
      `    DATA(q) = 'cl_abap_unit_assert=>assert_true( ''x'' ) "' && \`cl_abap_unit_assert=>fail( \`\` )\`.`,
      `    DATA(r) = |{ q }{ COND string( WHEN s = 'x' THEN |cl_abap_unit_assert=>skip( )| ) }|.`,
      `    WRITE sy-datum TO s.`,
      real ? `    cl_abap_unit_assert=>assert_equals( act = add( ${i} ) exp = ${i + 1} ).` : `    WRITE: / |{ add( ${i} ) }|.`, // real
      real ? `    cl_abap_unit_assert=>assert_true( xsdbool( s <> q ) ).` : `    WRITE / s.`, // real
      real ? `    CL_AUNIT_ASSERT=>ASSERT_NOT_INITIAL( r ).` : `    cl_demo_output=>display( r ).`, // real
      `    WRITE: / 'debug', r.`,
      `  ENDMETHOD.`,
    ],
  },
  php: {
    path: 'tests/BigTest.php',
    header: ['<?php', '# $this->assertTrue(decoy); markTestSkipped', 'use PHPUnit\\Framework\\TestCase;', 'final class BigTest extends TestCase', '{'],
    block: (i, real) => [
      `    /** @dataProvider cases $this->assertSame(1, 2) */`,
      `    public function testAdds${i}(): void // self::assertTrue(decoy) #[Test]`,
      `    {`,
      `        $s = 'it\\'s $this->assertTrue(no)' . "a {$map["k"]} $this->assertTrue(\\"no\\")" . \`ls $this->fail()\`;`,
      `        $h = <<<EOT`,
      `            $this->assertSame(1, 2) {$this->markTestSkipped()}`,
      `            EOT;`,
      real ? `        $this->assertSame(${i + 1}, add(${i}, 1));` : `        echo add(${i}, 1);`, // real
      real ? `        self::assertTrue(strlen($s) > 0);` : `        var_dump($s);`, // real
      real ? `        expect($h)->not->toBeEmpty();` : `        print_r($h);`, // real
      `        echo "debug {$s}";`,
      `    }`,
    ],
  },
};

/** The file for `language`, real assertions or prints only. */
export function generate(language, real = true, blocks = BLOCKS) {
  const spec = LANGUAGES[language];
  const lines = [...spec.header];
  for (let i = 0; i < blocks; i++) lines.push(...spec.block(i, real));
  return lines.join('\n') + '\n';
}
