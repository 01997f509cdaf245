import { describe, expect, it } from 'vitest';
import { analyzeTestFile, blank, declaredTestTitles } from '../../../src/lang/index.js';

const P = 'tests/AddTests.cs';
const count = (text: string): number | undefined => analyzeTestFile(P, text)?.assertions;
const markers = (text: string): string[] => (analyzeTestFile(P, text)?.markers ?? []).map((m) => `${m.kind} ${m.text}`);

// research/test-runners.md §5.2 (C# row), and the other literal forms of C#.
const EDGE: [string, string, number][] = [
  ['verbatim @"C:\\dir\\" + commented Assert', 'var p = @"C:\\dir\\"; // Assert.True(x);\n', 0],
  ['verbatim with "" escapes', 'var s = @"say ""Assert.True(x)"" now";\nAssert.Equal("a", s);\n', 1],
  ['interpolation with nested strings', 'var s = $"{(ok ? "Assert.True(a)" : "b")} Assert.False(c)";\nAssert.NotNull(s);\n', 1],
  ['$@ and @$', 'var a = $@"{x}"" Assert.True(y)"; var b = @$"Assert.True(z)";\n', 0],
  ['raw string literal', 'var s = """\n  Assert.True(x) "quoted" ""\n  """;\n', 0],
  ['raw string with four quotes', 'var s = """"\n  """ Assert.True(x)\n  """";\nAssert.Equal(1, 1);\n', 1],
  ['interpolated raw string', 'var s = $$"""{{x}} Assert.True(y) {z}""";\n', 0],
  ["char '\"'", 'var q = \'"\'; var s = "Assert.True(x)";\n', 0],
  ['@identifier is code', 'var @class = 1;\nAssert.Equal(1, @class);\n', 1],
];

const PATTERNS: [string, string, number][] = [
  ['an assertion right after a lambda arrow', '[Fact]\npublic void Adds() => Assert.Equal(3, 1 + 2);\nvar check = () => Assert.True(ok);\n', 2],
  ['xUnit', 'Assert.Equal(2, Add(1, 1));\nAssert.True(ok);\nAssert.Throws<ArgumentException>(() => F());\nawait Assert.ThrowsAsync<E>(G);\n', 4],
  ['NUnit', 'Assert.That(x, Is.EqualTo(1));\nClassicAssert.AreEqual(1, x);\nCollectionAssert.Contains(xs, 1);\nStringAssert.StartsWith("a", s);\n', 4],
  ['qualified', 'Xunit.Assert.Equal(1, x);\nNUnit.Framework.Assert.That(y, Is.Null);\n', 2],
  ['Assert methods that verify nothing', 'Assert.Pass();\nAssert.Multiple(() => {});\nAssert.Warn("x");\n', 0],
  ['FluentAssertions and Shouldly', 'x.Should().Be(1);\nresult.Should().NotBeNull();\ny.ShouldBe(2);\nShould.Throw<E>(() => F());\n', 4],
  [
    'Moq, NSubstitute, FakeItEasy, Verify',
    'mock.Verify(m => m.Save(), Times.Once);\nsub.Received().Save();\nA.CallTo(() => f.Go()).MustHaveHappened();\nawait Verify(result);\n',
    4,
  ],
  ['declarations are not calls', 'public static void ShouldBeValid(this User u) {}\nprivate Task Verify(int x) => Task.CompletedTask;\n', 0],
  ['look-alikes', 'var asserted = Assertion(x);\nMyAssert.Equal(a, b);\nvar shouldRun = true;\n', 0],
  // issue 22: AutoMapper asserts through config.AssertConfigurationIsValid(); MSTest through [ExpectedException].
  ['methods named Assert…', 'config.AssertConfigurationIsValid();\nAssertValid(user);\nAssertEx.Throws(f);\n', 2],
  ['an Assert… method declared is no call', 'private static void AssertValid(User u) {}\npublic void AssertThat<T>(T x) {}\n', 0],
  ['MSTest [ExpectedException]', '[TestMethod]\n[ExpectedException(typeof(ArgumentException))]\npublic void Throws() { F(); }\n', 1],
];

describe('C# assertions', () => {
  it.each(EDGE)('edge case: %s', (_name, text, expected) => expect(count(text)).toBe(expected));
  it.each(PATTERNS)('%s', (_name, text, expected) => expect(count(text)).toBe(expected));
});

describe('C# print-only', () => {
  const cases: [string, string, boolean, number][] = [
    [
      'Console, Debug, TestContext, ITestOutputHelper',
      'Console.WriteLine(Add(1, 2));\nDebug.WriteLine(x);\nTestContext.WriteLine(y);\n_output.WriteLine("z");\n',
      true,
      4,
    ],
    ['prints and an assertion', 'Console.WriteLine(x);\nAssert.Equal(1, x);\n', false, 1],
    ['a logger is no print', 'logger.LogInformation("x");\n', false, 0],
  ];
  it.each(cases)('%s', (_name, text, printOnly, prints) => {
    const a = analyzeTestFile(P, text)!;
    expect({ printOnly: a.printOnly, prints: a.prints }).toEqual({ printOnly, prints });
  });
});

describe('C# markers', () => {
  const POSITIVE: [string, string, string[]][] = [
    [
      'xUnit [Fact(Skip = …)] and [Theory(Skip = …)]',
      '[Fact(Skip = "flaky")]\npublic void A() {}\n[Theory(Skip = "later")]\n[InlineData(1)]\npublic void B(int x) {}\n',
      ['skip [Fact(Skip = "flaky")]', 'skip [Theory(Skip = "later")]'],
    ],
    [
      'NUnit [Ignore], [Explicit], [Test, Ignore(…)]',
      '[Test]\n[Ignore("not yet")]\npublic void A() {}\n[Test, Explicit]\npublic void B() {}\n[Test][Ignore]\npublic void C() {}\n',
      ['skip [Ignore("not yet")]', 'skip [Test, Explicit]', 'skip [Ignore]'],
    ],
    [
      'MSTest [Ignore], qualified with Attribute',
      '[TestMethod]\n[Microsoft.VisualStudio.TestTools.UnitTesting.IgnoreAttribute]\npublic void A() {}\n',
      ['skip [Microsoft.VisualStudio.TestTools.UnitTesting.IgnoreAttribute]'],
    ],
    ['NUnit TestCase Ignore =', '[TestCase(1, Ignore = "bug 12")]\npublic void A(int x) {}\n', ['skip [TestCase(1, Ignore = "bug 12")]']],
    [
      'calls that skip',
      'Assert.Ignore("x");\nAssert.Inconclusive();\nAssert.Skip("v3");\nAssume.That(ok);\nSkip.If(ci);\n',
      ['skip Assert.Ignore', 'skip Assert.Inconclusive', 'skip Assert.Skip', 'skip Assume.That', 'skip Skip.If'],
    ],
  ];
  it('still finds [Ignore] on a method and on a class', () =>
    expect(markers('[Ignore]\npublic class SlowTests {\n  [Test, Ignore("x")]\n  public void A() {}\n}\n')).toEqual([
      'skip [Ignore]',
      'skip [Test, Ignore("x")]',
    ]));
  const NEGATIVE: [string, string][] = [
    ['in comments and strings', '// [Fact(Skip = "x")]\nvar s = "[Ignore]";\n/* Assert.Ignore("y"); */\n'],
    ['ordinary attributes', '[Fact]\n[Trait("Category", "Skip")]\n[InlineData("Ignore")]\npublic void A(string s) {}\n'],
    ['indexers and comparisons', 'var x = items[Ignore];\nif (a[Skip == 1]) {}\n'],
    // issue 22: AutoMapper's own [Ignore] on a DTO's members is a mapping option, no skip.
    [
      '[Ignore] on a property or a field',
      'public class Dest {\n  [Ignore]\n  public int Id { get; set; }\n  [Ignore] public string Name;\n  [Ignore, Obsolete]\n  public int Age => 1;\n}\n',
    ],
  ];
  it.each(POSITIVE)('finds %s', (_name, text, expected) => expect(markers(text)).toEqual(expected));
  it.each(NEGATIVE)('ignores %s', (_name, text) => expect(markers(text)).toEqual([]));
});

describe('C# titles and blanking', () => {
  it('methods under test attributes', () => {
    const text =
      '[Fact]\npublic void Adds() {}\n[Theory]\n[InlineData(1, 2)]\npublic async Task AddsMany(int a, int b) {}\n[Test, Category("x")] public void Nunit() {}\n[TestMethod]\npublic void MsTest() {}\npublic void Helper() {}\n';
    expect(declaredTestTitles(P, text)).toEqual(['Adds', 'AddsMany', 'Nunit', 'MsTest']);
  });

  const BLANK: [string, string, string][] = [
    ['verbatim keeps @"', 'a = @"x""y";', 'a = @"    ";'],
    ['interpolated keeps $"', 'a = $"x{y}";', 'a = $"    ";'],
    ['raw keeps its quotes', 'a = """x""";', 'a = """ """;'],
  ];
  it.each(BLANK)('blank: %s', (_name, text, expected) => expect(blank(P, text)).toBe(expected));
});
