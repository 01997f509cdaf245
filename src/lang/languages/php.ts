import { blankPhp, phpDocBlocks } from '../lex/php.js';
import { closers, isDeclared, matchMarkers, matchOffsets, squeeze, type MarkerRule } from '../scan/match.js';
import type { LanguageProfile, MarkerHit, MarkerKind } from '../profile.js';

/**
 * PHP: PHPUnit (`$this->assertX(`, `self::`/`static::assertX(`, the global `assertX(` functions,
 * `expectException*`, mock `->expects(`), Prophecy and Mockery verifications, and Pest
 * (`expect($x)->toBe(…)`, `->throws(…)`) (research test-runners.md §6). Markers: PHPUnit's
 * `markTestSkipped` (skip) and `markTestIncomplete` (todo), `@requires` and `#[Requires…]`
 * (skip), a group named skip/ignore/disabled/incomplete (`@group`, `#[Group]`), and Pest's
 * `->skip(`, `->only(`, `->todo(`.
 */

// What may stand before a test case's own method: `$this->`, `self::`, `static::`, `parent::`,
// `Assert::`, `TestCase::`, `\PHPUnit\Framework\Assert::`; or nothing (a function). `$a->f(` and `Foo::f(` are another's.
const OWNED = /(?:\$this\s*->|(?<![\w$\\])(?:self|static|parent|(?:\\?\w+\\)*(?:Assert|TestCase))\s*::)\s*$/;
const OTHERS = /(?:->|::|[\w$\\])\s*$/;

/** Where the call of the name at `at` starts (its owner's start), or undefined when it is another object's method. */
function ownCall(b: string, at: number): number | undefined {
  // A short look back (an owner is short), so any number of names stays linear.
  const before = b.slice(Math.max(0, at - 120), at);
  const owned = OWNED.exec(before);
  if (owned) return at - before.length + owned.index;
  return OTHERS.test(before) ? undefined : at;
}

// The names, each matched where it starts; ownCall decides.
const NAMES = [
  // assertSame( · assertTrue( · assertThat( · fail(
  /(?<![\w$\\])(?:assert[A-Z]\w*|fail)(?=\s*\()/g,
  // expectException( · expectExceptionMessage( · expectExceptionCode( · expectOutputString(
  /(?<![\w$\\])expect(?:Exception\w*|Output(?:String|Regex)|Deprecation\w*|Notice\w*|Warning\w*|Error\w*|UserDeprecation\w*)(?=\s*\()/g,
];

const ASSERTIONS = [
  // PHPUnit mocks: $mock->expects($this->once()) · Prophecy ->shouldBeCalled() · Mockery ->shouldHaveReceived(
  /->\s*(?:expects|shouldBeCalled\w*|shouldNotBeCalled|shouldHaveBeenCalled|shouldNotHaveBeenCalled|shouldHaveReceived|shouldNotHaveReceived)\s*\(/g,
];

function ownCalls(b: string, re: RegExp): number[] {
  const found: number[] = [];
  for (const m of b.matchAll(re)) {
    const at = ownCall(b, m.index);
    if (at !== undefined && !isDeclared(b, at, false)) found.push(at);
  }
  return found;
}

// Pest: expect($x)->toBe(1) · expect($x)->not->toBeNull() · expect($a)->toBe(1)->and($b)->toBe(2) · ->each->toBeInt()
const PEST_EXPECT = /(?<![\w$\\>:])expect\s*\(/g;
const PEST_MATCHER = /^(?:\s*->\s*(?:not|each|and\s*\([^()]*\)|\w+))*?\s*->\s*to[A-Z]\w*\s*\(/;
// Pest: it('throws', fn () => …)->throws(E::class) · ->throwsIf(…)
const PEST_THROWS = /\)(?=\s*->\s*throws(?:If|Unless)?\s*\()/g;

function findPestExpectations(b: string): number[] {
  const found: number[] = [];
  let close: Map<number, number> | undefined;
  for (const m of b.matchAll(PEST_EXPECT)) {
    close ??= closers(b);
    const end = close.get(m.index + m[0].length - 1);
    // A chain is short: 300 characters after the `)` bounds the look, so any number of expect( stays linear.
    if (end !== undefined && PEST_MATCHER.test(b.slice(end + 1, end + 300))) found.push(m.index);
  }
  for (const m of b.matchAll(PEST_THROWS)) found.push(m.index);
  return found;
}

function findPhpAssertions(blanked: string): number[] {
  const keep = (at: number): boolean => !isDeclared(blanked, at, false);
  const own = NAMES.flatMap((re) => ownCalls(blanked, re));
  return [...new Set([...own, ...matchOffsets(blanked, ASSERTIONS, keep), ...findPestExpectations(blanked)])].sort((a, b) => a - b);
}

const PRINTS = [
  // echo $x; · print "y"; · print_r( · var_dump( · var_export( · printf( · dump( (Symfony) · fwrite(STDOUT, …)
  /(?<![\w$\\>:])(?:echo|print)(?=[\s("'$])/g,
  /(?<![\w$\\>:])(?:print_r|var_dump|var_export|printf|vprintf|dump|dd)\s*\(/g,
  /(?<![\w$\\])fwrite\s*\(\s*STD(?:OUT|ERR)\b/g,
];

const CALL_RULES: MarkerRule[] = [
  // Pest: a test without a closure, `it('adds');` — Pest reports it as todo.
  { re: /(?<![\w$\\>:])(?:it|test)\s*\(\s*(["'])\s*\1\s*\)\s*;/g, kind: 'todo' },
];

// $this->markTestSkipped( · self::markTestIncomplete(
const MARK_TEST = /(?<![\w$\\])markTest(Skipped|Incomplete)(?=\s*\()/g;

function findMarkTest(blanked: string, text: string): MarkerHit[] {
  const hits: MarkerHit[] = [];
  for (const m of blanked.matchAll(MARK_TEST)) {
    const at = ownCall(blanked, m.index);
    if (at === undefined || isDeclared(blanked, at, false)) continue;
    const end = blanked.indexOf('(', m.index) + 1;
    hits.push({ kind: m[1] === 'Skipped' ? 'skip' : 'todo', offset: at, text: squeeze(text.slice(at, end)) });
  }
  return hits;
}

// Inside an attribute: `#[` opened on the line before `at` and not closed.
function inAttribute(b: string, at: number): boolean {
  const before = b.slice(Math.max(0, at - 200), at);
  return /#\[[^\]\n]*$/.test(before);
}

// PHPUnit 10+: #[RequiresPhp('8.1')] · #[RequiresPhpExtension('intl')] · #[Test, RequiresOperatingSystemFamily('Linux')]
const REQUIRES_ATTRIBUTE = /(?<![\w$])Requires\w*(?=\s*[(,\]])/g;

function findRequiresAttributes(blanked: string): MarkerHit[] {
  return Array.from(blanked.matchAll(REQUIRES_ATTRIBUTE))
    .filter((m) => inAttribute(blanked, m.index))
    .map((m) => ({ kind: 'skip' as const, offset: m.index, text: m[0] }));
}

const SKIP_GROUP = /^(?:skip|skipped|ignore|ignored|disabled|incomplete|broken)$/i;

// #[Group('skip')] · #[Group("disabled")]: the name is in a string, so read from the text.
const GROUP_ATTRIBUTE = /(?<![\w$])Group\s*\(\s*(["'])/g;

function findGroupAttributes(blanked: string, text: string): MarkerHit[] {
  const hits: MarkerHit[] = [];
  for (const m of blanked.matchAll(GROUP_ATTRIBUTE)) {
    if (!inAttribute(blanked, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const close = blanked.indexOf(m[1]!, open + 1);
    if (close !== -1 && SKIP_GROUP.test(text.slice(open + 1, close).trim()))
      hits.push({ kind: 'skip', offset: m.index, text: squeeze(text.slice(m.index, close + 2)) });
  }
  return hits;
}

// Pest: test('x', fn () => …)->skip() · ->skipOnWindows() · ->with([…])->only() · ->todo(): a chain off a test call.
const PEST_CALL = /(?<![\w$\\>:])(?:it|test|describe)\s*\(/g;
const CHAIN_LINK = /^\s*->\s*(\w+)\s*\(/;
const PEST_KINDS: Record<string, MarkerKind> = { only: 'focus', todo: 'todo', skip: 'skip' };

function findPestChainMarkers(blanked: string): MarkerHit[] {
  const hits: MarkerHit[] = [];
  let close: Map<number, number> | undefined;
  for (const m of blanked.matchAll(PEST_CALL)) {
    close ??= closers(blanked);
    let end = close.get(m.index + m[0].length - 1);
    // Each link is `->name(…)`; the walk ends at the first thing that is not one.
    for (let links = 0; end !== undefined && links < 32; links++) {
      const link = CHAIN_LINK.exec(blanked.slice(end + 1, end + 200));
      if (!link) break;
      const name = link[1]!;
      const kind = PEST_KINDS[name] ?? (/^skipOn|^skipIf|^skipUnless|^skipLocally/.test(name) ? 'skip' : undefined);
      const at = end + 1 + link[0].indexOf(name);
      if (kind) hits.push({ kind, offset: at, text: name });
      end = close.get(end + link[0].length);
    }
  }
  return hits;
}

// A docblock's annotations: @requires PHP 8.1 · @requires extension intl · @group skip
const DOC_RULES: [RegExp, (m: RegExpExecArray) => boolean][] = [
  [/@requires[ \t]+[^\n*]*/g, () => true],
  [/@group[ \t]+([^\s*]+)/g, (m) => SKIP_GROUP.test(m[1]!)],
];

function findDocMarkers(text: string): MarkerHit[] {
  const hits: MarkerHit[] = [];
  for (const [start, end] of phpDocBlocks(text)) {
    const doc = text.slice(start, end);
    for (const [re, keep] of DOC_RULES) {
      for (const m of doc.matchAll(re)) if (keep(m as RegExpExecArray)) hits.push({ kind: 'skip', offset: start + m.index, text: squeeze(m[0]) });
    }
  }
  return hits;
}

function findPhpMarkers(blanked: string, text: string): MarkerHit[] {
  return [
    ...matchMarkers(blanked, text, CALL_RULES),
    ...findMarkTest(blanked, text),
    ...findRequiresAttributes(blanked),
    ...findGroupAttributes(blanked, text),
    ...findPestChainMarkers(blanked),
    ...findDocMarkers(text),
  ].sort((a, b) => a.offset - b.offset);
}

// public function testAdds( · a method after #[Test] or a `@test` docblock · Pest test('adds' / it('adds'
const TEST_METHOD = /function\s+(test\w*)\s*\(/g;
const PEST_TITLE = /(?<![\w$\\>:])(?:it|test)\s*\(\s*(["'])/g;
const TEST_ATTRIBUTE = /#\[\s*(?:\\?PHPUnit\\Framework\\Attributes\\)?Test\s*\]/g;
// What follows a test's annotation up to its name: more attributes and modifiers.
const METHOD_AFTER = /^\s*(?:#\[[^\]]*\]\s*)*(?:(?:public|protected|private|static|final)\s+)*function\s+(\w+)/;

function findPhpTestTitles(blanked: string, text: string): string[] {
  const found: [number, string][] = [];
  for (const m of blanked.matchAll(TEST_METHOD)) found.push([m.index, m[1]!]);
  for (const m of blanked.matchAll(PEST_TITLE)) {
    const open = m.index + m[0].length - 1;
    const close = blanked.indexOf(m[1]!, open + 1);
    if (close !== -1) found.push([m.index, text.slice(open + 1, close)]);
  }
  const marked = [
    ...Array.from(blanked.matchAll(TEST_ATTRIBUTE), (m) => m.index + m[0].length),
    ...phpDocBlocks(text)
      .filter(([s, e]) => /@test\b/.test(text.slice(s, e)))
      .map(([, e]) => e),
  ];
  for (const at of marked) {
    const name = METHOD_AFTER.exec(blanked.slice(at, at + 500))?.[1];
    if (name !== undefined && !name.startsWith('test')) found.push([at, name]);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, title]) => title);
}

export const phpProfile: LanguageProfile = {
  id: 'php',
  name: 'PHP',
  extensions: ['.php'],
  blank: (_path, text) => blankPhp(text),
  imports: () => [],
  assertions: (blanked) => findPhpAssertions(blanked),
  prints: (blanked) => matchOffsets(blanked, PRINTS, (at) => !isDeclared(blanked, at, false)),
  markers: (blanked, text) => findPhpMarkers(blanked, text),
  titles: findPhpTestTitles,
};
