import { blankCLike } from '../lex/c-like.js';
import { JAVA, KOTLIN } from '../lex/c-syntax.js';
import { closers, isDeclared, matchMarkers, matchOffsets, methodNameAfter, type MarkerRule } from '../scan/match.js';
import type { LanguageProfile, MarkerHit } from '../profile.js';

/**
 * Java and Kotlin: JUnit 4/5, TestNG, AssertJ, Hamcrest, Truth, kotlin.test, Kotest, Strikt,
 * Mockito and MockK (research test-runners.md §5.4, §6). Type arguments and Kotlin's trailing
 * lambdas are allowed between a name and its call: `assertThrows<E> { … }`, `verify { … }`.
 */

const TYPE_ARGS = String.raw`(?:\s*<[^<>()]*(?:<[^<>()]*>[^<>()]*)*>)?`;
const CALL = `${TYPE_ARGS}\\s*[({]`;

const ASSERTIONS = [
  // assertEquals( assertThat( assertThrows( assertAll( Assertions.assertX( softly.assertThat( assertFailsWith<E> {
  new RegExp(String.raw`(?<![\w$])assert[A-Z]\w*${CALL}`, 'g'),
  // Java's assert statement; Kotlin's assert(…)
  /(?<![\w$.])assert(?=\s*\(|\s+[\w$!("'-])/g,
  // fail( · Assertions.fail( · Assert.fail( (not future.fail( and the like)
  new RegExp(String.raw`fail(?:(?<![\w$.]fail)|(?<=\b(?:Assert|Assertions|TestCase|Fail)\s*\.\s*fail))${TYPE_ARGS}\s*\(`, 'g'),
  // Mockito / MockK: verify(mock) · Mockito.verify( · verify { } · coVerify { } · confirmVerified(
  new RegExp(String.raw`(?<![\w$])(?:coV|v)erify(?:All|Order|Sequence|NoMoreInteractions|NoInteractions|ZeroInteractions)?${CALL}`, 'g'),
  /(?<![\w$])confirmVerified\s*\(/g,
  // Kotest matchers: x shouldBe y · x.shouldBeNull() · shouldThrow<E> { } · x shouldNotContain y —
  // a call or an infix operator with an operand, so `val shouldRender = true` is no assertion.
  /(?<![\w$])should(?:Not)?[A-Z]\w*(?=\s*[({<]|[ \t]+[\w$"'([{!-])/g,
  // Strikt: expectThat( · expectThrows<E> { · expectCatching {
  new RegExp(String.raw`(?<![\w$])expect(?:That|Throws|Catching)${CALL}`, 'g'),
  // Spring MockMvc and WebTestClient: .andExpect( · .expectStatus( · .expectBody(
  /(?<![\w$])(?:andExpect|expectStatus|expectBody|expectBodyList|expectHeader)(?<=\.\s*\w+)\s*\(/g,
  // JUnit 4: @Test(expected = E.class) — the test fails unless E is thrown.
  /@\s*(?:org\s*\.\s*junit\s*\.\s*)?Test\s*\([^()]*\bexpected\s*=/g,
  // Truth: expect.that(x) · expect.withMessage("m").that(x) · expect.about(…) (the Expect rule)
  /(?<![\w$.])expect\s*\.\s*(?:that|withMessage|about)\w*\s*\(/g,
  // AssertJ BDD and BDDMockito: then(x).isEqualTo(1) · thenThrownBy(() -> f()).isInstanceOf(…) · then(mock).should().save()
  /(?<![\w$])then(?:ThrownBy|Code|ExceptionOfType|Object|Iterable|Throwable|NoException)?(?=\s*\()/g,
];

// JUnit 4's ExpectedException rule: thrown.expect(E.class) · exception.expectMessage("m"), where a rule is declared.
const EXPECTED_EXCEPTION_RULE = /\bExpectedException\b/;
const RULE_EXPECT = /(?<=[\w$)]\s*\.\s*)expect(?:Message|Cause)?\s*\(/g;

const RULES: MarkerRule[] = [
  // JUnit 5 @Disabled("…") @DisabledOnOs(…) @EnabledIf(…) · JUnit 4 and kotlin.test @Ignore · Spock-style @IgnoreIf
  { re: /@\s*(?:[\w$]+\s*\.\s*)*(?:Disabled\w*|Ignore|IgnoreIf|Enabled(?:If|On|For|In)\w*)\b(?:\s*\([^()\n]*\))?/g, kind: 'skip' },
  // Assumptions.assumeTrue( · assumeThat( · assumingThat( · org.junit.Assume.assumeNotNull(
  { re: /(?<![\w$.])(?:[\w$]+\s*\.\s*)*(?:assume(?:True|False|That|NotNull|NoException)|assumingThat)(?=\s*\()/g, kind: 'skip' },
  // JUnit 5.9: Assumptions.abort("why") — the test is aborted, reported skipped.
  { re: /(?<![\w$.])(?:[\w$]+\s*\.\s*)*Assumptions\s*\.\s*(?:<[^<>()]*>\s*)?abort(?=\s*\()/g, kind: 'skip' },
  // TestNG: @Test(enabled = false) · throw new SkipException("…")
  { re: /@\s*Test\s*\([^()]*\benabled\s*=\s*false\b[^()]*\)/g, kind: 'skip' },
  { re: /(?<![\w$.])throw\s+(?:new\s+)?(?:[\w$]+\s*\.\s*)*SkipException(?=\s*\()/g, kind: 'skip' },
  // Kotest: xtest( xit( xdescribe( xshould( … and .config(enabled = false)
  {
    re: /(?<![\w$.])x(?:test|it|describe|context|should|feature|scenario|given|when|then|expect|Given|When|Then|And|Context|Describe|Feature|Scenario)(?=\s*[({])/g,
    kind: 'skip',
  },
  { re: /config(?<=\.\s*config)\s*\([^()]*\benabled\s*=\s*false\b[^()]*\)/g, kind: 'skip' },
];

// Kotest names: test("f:only this") focuses, "!not this" { … } skips.
const KOTEST_NAME =
  /(?:(?<![\w$.])(?:test|it|describe|context|should|feature|scenario|given|when|then|expect|Given|When|Then|Context|Describe|Feature|Scenario)\s*\(\s*)?"/g;

function findKotestNameMarkers(blanked: string, text: string): MarkerHit[] {
  const hits: MarkerHit[] = [];
  const re = new RegExp(KOTEST_NAME);
  for (let m = re.exec(blanked); m !== null; m = re.exec(blanked)) {
    const open = m.index + m[0].length - 1;
    // Blanked, a string is its quotes around spaces: the next quote closes it.
    const close = blanked.indexOf('"', open + 1);
    if (close === -1) break;
    re.lastIndex = close + 1;
    const kind = text.startsWith('f:', open + 1) ? 'focus' : text.startsWith('!', open + 1) ? 'skip' : undefined;
    // A test call's first argument, or a StringSpec test: `"name" {`.
    if (kind === undefined || (m[0].length === 1 && !/^\s*\{/.test(blanked.slice(close + 1, close + 50)))) continue;
    hits.push({ kind, offset: open, text: text.slice(open, close + 1) });
  }
  return hits;
}

function findJavaMarkers(blanked: string, text: string): MarkerHit[] {
  return matchMarkers(blanked, text, RULES);
}

function findKotlinMarkers(blanked: string, text: string): MarkerHit[] {
  return [...matchMarkers(blanked, text, RULES), ...findKotestNameMarkers(blanked, text)].sort((a, b) => a.offset - b.offset);
}

const TEST_ANNOTATION = /@\s*(?:[\w$]+\s*\.\s*)*(?:Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate)\b(?:\s*\((?:[^()]|\([^()]*\))*\))?/g;

function findJvmTestTitles(blanked: string, text: string): string[] {
  const names: string[] = [];
  for (const m of blanked.matchAll(TEST_ANNOTATION)) {
    const name = methodNameAfter(blanked, text, m.index + m[0].length);
    if (name !== undefined) names.push(name);
  }
  return names;
}

// `then(` is AssertJ's when called as a function or off BDDAssertions, BDDMockito or a soft-assertions object,
// and when a member is read off its result: `then(x).isEqualTo(1)`, not `when(x).then(answer)` or a `then(…)` of one's own.
const BDD_OWNER = /(?:^|[^\w$.])(?:BDDAssertions|BDDMockito|BDDSoftAssertions|Assertions|softly)\s*\.\s*$/;

function isBddThen(blanked: string, at: number, close: () => Map<number, number>): boolean {
  const before = blanked.slice(Math.max(0, at - 40), at);
  if (/\.\s*$/.test(before) && !BDD_OWNER.test(before)) return false;
  // A member is read off the call's result.
  const end = close().get(blanked.indexOf('(', at));
  return end !== undefined && /^\s*\.\s*[\w$]/.test(blanked.slice(end + 1, end + 40));
}

function findJvmAssertions(blanked: string, typed: boolean): number[] {
  let map: Map<number, number> | undefined;
  const close = (): Map<number, number> => (map ??= closers(blanked));
  const keep = (at: number): boolean => !isDeclared(blanked, at, typed) && (!blanked.startsWith('then', at) || isBddThen(blanked, at, close));
  const found = matchOffsets(blanked, ASSERTIONS, keep);
  if (!EXPECTED_EXCEPTION_RULE.test(blanked)) return found;
  return [...new Set([...found, ...matchOffsets(blanked, [RULE_EXPECT], keep)])].sort((a, b) => a - b);
}

function profile(id: 'java' | 'kotlin', name: string, extensions: string[], print: RegExp, typed: boolean): LanguageProfile {
  const syntax = id === 'java' ? JAVA : KOTLIN;
  return {
    id,
    name,
    extensions,
    blank: (_path, text) => blankCLike(text, syntax),
    imports: () => [],
    assertions: (blanked) => findJvmAssertions(blanked, typed),
    prints: (blanked) => matchOffsets(blanked, [print], (at) => !isDeclared(blanked, at, typed)),
    markers: id === 'java' ? findJavaMarkers : findKotlinMarkers,
    titles: findJvmTestTitles,
  };
}

const SYSTEM_OUT = String.raw`System\s*\.\s*(?:out|err)\s*\.\s*(?:print\w*|format|write)\s*\(`;

export const javaProfile = profile('java', 'Java', ['.java'], new RegExp(String.raw`(?<![\w$.])${SYSTEM_OUT}`, 'g'), true);
// Kotlin: `x shouldBe y` is a call, so a name after a word is not a declaration there.
export const kotlinProfile = profile('kotlin', 'Kotlin', ['.kt', '.kts'], new RegExp(String.raw`(?<![\w$.])(?:${SYSTEM_OUT}|print(?:ln)?\s*\()`, 'g'), false);
