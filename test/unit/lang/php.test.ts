import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeTestFile, blank, declaredTestTitles, languageOf } from '../../../src/lang/index.js';

const P = 'tests/MathTest.php';
const php = (body: string): string => `<?php\n${body}`;
const count = (text: string): number | undefined => analyzeTestFile(P, php(text))?.assertions;
const markers = (text: string): string[] => (analyzeTestFile(P, php(text))?.markers ?? []).map((m) => `${m.kind} ${m.text}`);

// research/test-runners.md §5.2 (C-like row, PHP) and the rest of PHP's comment and literal forms.
const EDGE: [string, string, number][] = [
  ['// and # comments', '// $this->assertTrue(a);\n# $this->assertTrue(b);\n$this->assertTrue(c); # self::assertTrue(d)\n', 1],
  ['/* */ and /** docblock */', '/* $this->assertTrue(a); */ /** self::assertTrue(b) */ $this->assertTrue(c);\n', 1],
  ['#[ is an attribute, not a comment', '#[Test] public function adds(): void { $this->assertTrue($x); }\n', 1],
  ["'…' strings: only \\\\ and \\' escape", "$s = 'it\\'s $this->assertTrue(a) \\\\'; $this->assertTrue(b);\n", 1],
  ['"…" strings with $x and escaped quotes', '$s = "a \\" $this->assertTrue(a) $x"; $this->assertTrue(b);\n', 1],
  ['{$…} interpolation holds a quote of its own', '$s = "a {$map["k"]} $this->assertTrue(a)"; $this->assertTrue(b);\n', 1],
  ['${…} interpolation', '$s = "a ${name} self::assertTrue(a)"; self::assertTrue(b);\n', 1],
  ['backtick shell strings', '$s = `ls $this->assertTrue(a)`; $this->assertTrue(b);\n', 1],
  ['heredoc, its body blanked', '$h = <<<EOT\n  $this->assertTrue(a)\n  EOT;\n$this->assertTrue(b);\n', 1],
  ['quoted heredoc', '$h = <<<"EOT"\n$this->assertTrue(a)\nEOT;\n$this->assertTrue(b);\n', 1],
  ['nowdoc', "$h = <<<'EOT'\n{$this->assertTrue(a)}\nEOT . 'x';\n$this->assertTrue(b);\n", 1],
  ['a heredoc ends at its own identifier only', '$h = <<<EOT\nEOTX $this->assertTrue(a)\nEOT;\n$this->assertTrue(b);\n', 1],
  ['a heredoc closed inside a call', 'f(<<<EOT\n  $this->assertTrue(a)\n  EOT, 2);\n$this->assertTrue(b);\n', 1],
  ['inline HTML outside <?php … ?>', '$this->assertTrue(a); ?>\n<p>$this->assertTrue(b)</p>\n<?php $this->assertTrue(c);\n', 2],
  ['a // comment ends at ?>', '// note ?> <b>$this->assertTrue(a)</b>\n', 0],
  ['unterminated string', '$this->assertTrue(a);\n$s = "$this->assertTrue(b);\n', 1],
  ['unterminated heredoc', '$this->assertTrue(a);\n$s = <<<EOT\n$this->assertTrue(b);\n', 1],
];

// research §6: PHPUnit, Mockery, Prophecy and Pest, and what must not count.
const PATTERNS: [string, string, number][] = [
  ['$this->, self::, static::, parent::', '$this->assertSame(1, $x);\nself::assertTrue($y);\nstatic::assertCount(2, $z);\nparent::assertNull($w);\n', 4],
  ['Assert:: and the global functions', 'Assert::assertThat($x, $c);\n\\PHPUnit\\Framework\\Assert::assertTrue($y);\nassertEquals(1, $z);\n', 3],
  ['fail', '$this->fail("no");\nself::fail();\n', 2],
  [
    'expectException and the output expectations',
    '$this->expectException(E::class);\n$this->expectExceptionMessage("m");\n$this->expectOutputString("x");\n',
    3,
  ],
  ['mock expectations', "$m->expects($this->once())->method('f');\n$p->save()->shouldBeCalled();\n$spy->shouldHaveReceived('f');\n", 3],
  [
    'Pest expect()->to*',
    'expect($x)->toBe(1);\nexpect($y)->not->toBeNull();\nexpect($z)\n  ->toBeInt()\n  ->and($w)->toBeString();\nexpect($a)->each->toBeInt();\n',
    4,
  ],
  ['Pest ->throws()', "it('throws', fn () => f())->throws(E::class);\n", 1],
  [
    'look-alikes',
    "function assertValid($x) {}\n$a->assertTrue($x);\nFoo::assertTrue($y);\n$assertion = 1;\nexpect($x);\n$this->expectNotToPerformAssertions();\n$m->method('f')->willReturn(1);\n",
    0,
  ],
];

describe('PHP assertions', () => {
  it('is the language of .php files', () => expect(languageOf('tests/MathTest.php')).toBe('php'));
  it.each(EDGE)('edge case: %s', (_name, text, expected) => expect(count(text)).toBe(expected));
  it.each(PATTERNS)('%s', (_name, text, expected) => expect(count(text)).toBe(expected));

  it('reports the line of each assertion', () => {
    expect(analyzeTestFile(P, php('/*\n$this->assertTrue(a);\n*/\n$this->assertTrue(b);\nexpect($c)\n  ->toBe(1);\n'))?.assertionLines).toEqual([5, 6]);
  });

  it('a file with prints and no assertion is print-only', () => {
    const a = analyzeTestFile(P, php("echo add(1, 2);\nprint 'x';\nvar_dump($y);\nprint_r($z);\nfwrite(STDERR, 'w');\n// echo q\n"))!;
    expect({ printOnly: a.printOnly, prints: a.prints }).toEqual({ printOnly: true, prints: 5 });
  });
});

describe('PHP markers', () => {
  const POSITIVE: [string, string, string[]][] = [
    [
      'markTestSkipped / markTestIncomplete',
      "$this->markTestSkipped('slow');\nself::markTestIncomplete();\n",
      ['skip $this->markTestSkipped(', 'todo self::markTestIncomplete('],
    ],
    [
      '@requires in a docblock',
      '/**\n * @requires extension intl\n * @requires PHP >= 8.1\n */\npublic function testA() {}\n',
      ['skip @requires extension intl', 'skip @requires PHP >= 8.1'],
    ],
    [
      '#[Requires…] attributes',
      "#[RequiresPhpExtension('intl')]\n#[Test, RequiresOperatingSystemFamily('Linux')]\n",
      ['skip RequiresPhpExtension', 'skip RequiresOperatingSystemFamily'],
    ],
    ['a group that is skipped', "/** @group skip */\n#[Group('disabled')]\n", ['skip @group skip', "skip Group('disabled')"]],
    [
      'Pest chains off a test call',
      "it('a', fn () => 1)->skip();\ntest('b', function () {})->with([1])->only();\nit('c')->todo();\ndescribe('d', fn () => 1)->skipOnWindows();\n",
      ['skip skip', 'focus only', 'todo todo', 'skip skipOnWindows'],
    ],
    ['a Pest test without a closure', 'it(\'adds\');\ntest("subtracts");\n', ["todo it('adds');", 'todo test("subtracts");']],
  ];
  const NEGATIVE: [string, string][] = [
    ['in comments, strings and heredocs', "// $this->markTestSkipped();\n$s = '#[RequiresPhp(8)]';\n$h = <<<EOT\n->skip()\nEOT;\n"],
    ['groups that run', "/** @group slow */\n#[Group('integration')]\n"],
    ['Laravel collections', "$c->skip(3)->only(['a']);\n$request->only('name');\n"],
    ['a @requires outside a docblock', '// @requires extension intl\n'],
  ];
  it.each(POSITIVE)('finds %s', (_name, text, expected) => expect(markers(text)).toEqual(expected));
  it.each(NEGATIVE)('ignores %s', (_name, text) => expect(markers(text)).toEqual([]));

  it('reports the 1-based line', () => {
    expect(analyzeTestFile(P, php('\n/**\n * @requires extension intl\n */\n'))?.markers).toEqual([
      { kind: 'skip', line: 4, text: '@requires extension intl' },
    ]);
  });
});

describe('PHP titles and blanking', () => {
  it('declares test methods, #[Test] and @test methods, and Pest titles', () => {
    const text = php(
      "class MathTest extends TestCase {\n  public function testAdds(): void {}\n  #[Test]\n  public function subtracts(): void {}\n  /** @test */\n  public function divides() {}\n  public function helper() {}\n}\nit('multiplies', fn () => 1);\n",
    );
    expect(declaredTestTitles(P, text)).toEqual(['testAdds', 'subtracts', 'divides', 'multiplies']);
  });

  it('keeps length and line breaks, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('<?php', '?>', '"', "'", '`', '{$', '${', '}', '<<<', 'EOT', "'EOT'", '\n', '//', '#', '#[', '/*', '*/', '\\', 'a', ' '),
        }),
        (s) => {
          const b = blank(P, s);
          return b.length === s.length && [...b].every((c, k) => (s[k] === '\n') === (c === '\n'));
        },
      ),
      { numRuns: 300, seed: 22 },
    );
  });
});
