import { describe, expect, it } from 'vitest';
import { analyzeTestFile, blank, declaredTestTitles } from '../../../src/lang/index.js';

const J = 'src/test/java/AddTest.java';
const K = 'src/test/kotlin/AddTest.kt';
const count = (text: string, path = J): number | undefined => analyzeTestFile(path, text)?.assertions;
const markers = (text: string, path = J): string[] => (analyzeTestFile(path, text)?.markers ?? []).map((m) => `${m.kind} ${m.text}`);

// research/test-runners.md §5.2 (Java row), and the literal forms of Java and Kotlin.
const EDGE: [string, string, number, string?][] = [
  ['text block """…assertEquals…"""', 'String s = """\n    assertEquals(1, 2); "quoted"\n    """;\n', 0],
  ['text block with an escaped quote run', 'String s = """\n  a \\""" assertEquals(1, 2);\n  """;\nassertEquals(1, x);\n', 1],
  ["char '\"' then a string", 'char q = \'"\'; String s = "assertTrue(x)";\n', 0],
  ['comments', '// assertEquals(1, 2);\n/* assertTrue(x);\n fail("y"); */\n', 0],
  ['Kotlin: nested block comment', '/* /* */ assertEquals(1, 2) */\n', 0, K],
  ['Kotlin: template with nested quotes', 'val s = "${map["assertEquals(1, 2)"]} assertTrue(x)"\nassertEquals(1, s.length)\n', 1, K],
  ['Kotlin: raw string with templates', 'val s = """\n  ${"x"} assertEquals(1, 2)\n"""\n', 0, K],
  ['Kotlin: raw string ending in extra quotes', 'val s = """a""""\nassertEquals("a\\"", s)\n', 1, K],
  ['Kotlin: backtick test name with // inside', '@Test\nfun `adds // two`() {\n  assertEquals(2, add(1, 1))\n}\n', 1, K],
];

const PATTERNS: [string, string, number, string?][] = [
  ['an assertion right after a lambda arrow', 'xs.forEach(x -> assertTrue(x > 0));\nRunnable r = () -> assertEquals(3, add(1, 2));\n', 2],
  ['JUnit assertions', 'assertEquals(2, add(1, 1));\nassertTrue(ok);\nassertThrows(E.class, () -> f());\nassertAll(() -> {});\n', 4],
  ['qualified and static forms', 'Assertions.assertEquals(1, x);\norg.junit.Assert.assertNull(y);\nMatcherAssert.assertThat(z, is(1));\n', 3],
  ['AssertJ and Truth', 'assertThat(x).isEqualTo(1);\nassertThatThrownBy(() -> f()).isInstanceOf(E.class);\nsoftly.assertThat(y).isTrue();\n', 3],
  ['fail( and the assert statement', 'fail("unreachable");\nAssertions.fail();\nassert x > 0 : "positive";\n', 3],
  ['Mockito verify', 'verify(repo).save(user);\nMockito.verify(repo, times(2)).load();\nverifyNoMoreInteractions(repo);\n', 3],
  ['Spring MockMvc / WebTestClient', 'mvc.perform(get("/")).andExpect(status().isOk());\nclient.get().exchange().expectStatus().isOk();\n', 2],
  ['declarations are not calls', 'void assertValid(User u) {}\nprivate static boolean assertOk(int x) { return true; }\n', 0],
  ['look-alikes', 'future.fail(e);\nint assertion = 1;\nmyAssertEquals(a, b);\nString shouldRender = "x";\n', 0],
  ['return of an assertion helper counts', 'return assertThat(x);\n', 1],
  [
    'kotlin.test and JUnit from Kotlin',
    'assertEquals(2, add(1, 1))\nassertFailsWith<IllegalStateException> { f() }\nassertThrows<E> { g() }\nassert(ok)\n',
    4,
    K,
  ],
  ['Kotest matchers', 'x shouldBe 2\nlist shouldContain 3\nshouldThrow<E> { f() }\ny.shouldBeNull()\nz shouldNotBe "a"\n', 5, K],
  ['Kotest look-alikes', 'val shouldRender = true\nif (shouldRender) {}\nval r = shouldRender && x\ninfix fun <T> T.shouldBeFoo(x: T) {}\n', 0, K],
  // issue 22: JUnit 4's expected exceptions, AssertJ's BDD style and BDDMockito, Truth's Expect rule.
  ['JUnit 4 @Test(expected = …)', '@Test(expected = IllegalStateException.class)\npublic void throwsOnEmpty() { f(); }\n', 1],
  [
    'JUnit 4 ExpectedException rule',
    '@Rule public ExpectedException thrown = ExpectedException.none();\n@Test public void a() {\n  thrown.expect(E.class);\n  thrown.expectMessage("m");\n  f();\n}\n',
    2,
  ],
  ['expect( without an ExpectedException rule is no assertion', 'client.expect(100);\nwatcher.expectMessage("x");\n', 0],
  [
    'AssertJ BDD and BDDMockito',
    'then(x).isEqualTo(1);\nBDDAssertions.then(list).hasSize(2);\nthenThrownBy(() -> f()).isInstanceOf(E.class);\nthen(repo).should().save(user);\nsoftly.then(y).isTrue();\n',
    5,
  ],
  ['then( look-alikes', 'when(repo.load()).then(answer);\nfuture.then(f);\nvoid then(int x) {}\nthen(x);\n', 0],
  ['Truth Expect', 'expect.that(x).isEqualTo(1);\nexpect.withMessage("m").that(y).isTrue();\n', 2],
  ['MockK and Strikt', 'verify { repo.save(any()) }\ncoVerify(exactly = 1) { repo.load() }\nconfirmVerified(repo)\nexpectThat(x).isEqualTo(1)\n', 4, K],
];

describe('Java / Kotlin assertions', () => {
  it.each(EDGE)('edge case: %s', (_name, text, expected, path) => expect(count(text, path)).toBe(expected));
  it.each(PATTERNS)('%s', (_name, text, expected, path) => expect(count(text, path)).toBe(expected));
});

describe('Java / Kotlin print-only', () => {
  const cases: [string, string, string, boolean, number][] = [
    ['System.out / System.err', J, 'System.out.println(add(1, 2));\nSystem.err.printf("%d", x);\n', true, 2],
    ['Kotlin println / print', K, 'println(add(1, 2))\nprint(x)\n', true, 2],
    ['prints and an assertion', J, 'System.out.println(x);\nassertEquals(1, x);\n', false, 1],
    ['a logger is no print', J, 'log.info("x");\n', false, 0],
  ];
  it.each(cases)('%s', (_name, path, text, printOnly, prints) => {
    const a = analyzeTestFile(path, text)!;
    expect({ printOnly: a.printOnly, prints: a.prints }).toEqual({ printOnly, prints });
  });
});

describe('Java / Kotlin markers', () => {
  const POSITIVE: [string, string, string[], string?][] = [
    [
      '@Disabled and @Disabled("reason")',
      '@Disabled\n@Test void a() {}\n@Disabled("flaky")\n@Test void b() {}\n',
      ['skip @Disabled', 'skip @Disabled("flaky")'],
    ],
    [
      'conditional JUnit 5',
      '@DisabledOnOs(OS.WINDOWS)\n@EnabledIfEnvironmentVariable(named = "CI", matches = "true")\n@Test void a() {}\n',
      ['skip @DisabledOnOs(OS.WINDOWS)', 'skip @EnabledIfEnvironmentVariable(named = "CI", matches = "true")'],
    ],
    ['JUnit 4 @Ignore, qualified', '@org.junit.Ignore\n@Test public void a() {}\n', ['skip @org.junit.Ignore']],
    [
      'assumptions',
      'Assumptions.assumeTrue(isLinux());\nassumeThat(x, is(1));\nassumingThat(ci, () -> {});\norg.junit.Assume.assumeNotNull(y);\n',
      ['skip Assumptions.assumeTrue', 'skip assumeThat', 'skip assumingThat', 'skip org.junit.Assume.assumeNotNull'],
    ],
    [
      'TestNG',
      '@Test(enabled = false)\npublic void a() {}\nthrow new SkipException("later");\n',
      ['skip @Test(enabled = false)', 'skip throw new SkipException'],
    ],
    [
      'Kotest x-prefixed and config',
      'xtest("a") { }\nxshould("b") { }\ntest("c").config(enabled = false) { }\n',
      ['skip xtest', 'skip xshould', 'skip config(enabled = false)'],
      K,
    ],
    [
      'JUnit 5 Assumptions.abort',
      'Assumptions.abort("not here");\norg.junit.jupiter.api.Assumptions.<Void>abort();\n',
      ['skip Assumptions.abort', 'skip org.junit.jupiter.api.Assumptions.<Void>abort'],
    ],
    ['Kotest focus and bang names', 'test("f:only this") { }\n"!not this" { }\n', ['focus "f:only this"', 'skip "!not this"'], K],
  ];
  const NEGATIVE: [string, string, string?][] = [
    ['in comments and strings', '// @Disabled\n/* @Ignore */\nString s = "@Disabled assumeTrue(x)";\n'],
    ['ordinary annotations', '@Test\n@DisplayName("adds")\n@Tag("ignore")\n@Timeout(5)\nvoid a() {}\n'],
    ['TestNG enabled = true', '@Test(enabled = true)\npublic void a() {}\n'],
    ['Kotest plain names, and f: or ! strings elsewhere', 'test("adds") { }\nval s = "f:x"\nprintln("!y")\n', K],
    ['Java strings that look like Kotest names', 'when("f:x").thenReturn(1);\n'],
  ];
  it.each(POSITIVE)('finds %s', (_name, text, expected, path) => expect(markers(text, path)).toEqual(expected));
  it.each(NEGATIVE)('ignores %s', (_name, text, path) => expect(markers(text, path)).toEqual([]));
});

describe('Java / Kotlin titles and blanking', () => {
  it('Java: methods under @Test, @ParameterizedTest…, past other annotations', () => {
    const text =
      '@Test\nvoid adds() {}\n@ParameterizedTest(name = "{0}")\n@ValueSource(ints = {1, 2})\npublic void many(int n) {}\n@Test(expected = E.class) public void old() throws E {}\nvoid helper() {}\n';
    expect(declaredTestTitles(J, text)).toEqual(['adds', 'many', 'old']);
  });

  it('Kotlin: fun names and backtick names', () => {
    const text = '@Test\nfun adds() {}\n@Test\nfun `subtracts two numbers`() {}\nfun helper() {}\n';
    expect(declaredTestTitles(K, text)).toEqual(['adds', 'subtracts two numbers']);
  });

  const BLANK: [string, string, string, string][] = [
    ['Java text block', J, 'a = """\nxy""";', 'a = """\n  """;'],
    ['Java char', J, "c = 'x';", "c = ' ';"],
    ['Kotlin template blanked whole', K, 's = "a${b}c"', 's = "      "'],
    ['Kotlin backtick name is code', K, 'fun `a "b"`() {}', 'fun `a "b"`() {}'],
  ];
  it.each(BLANK)('blank: %s', (_name, path, text, expected) => expect(blank(path, text)).toBe(expected));
});
