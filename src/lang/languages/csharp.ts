import { blankCLike } from '../lex/c-like.js';
import { CSHARP } from '../lex/c-syntax.js';
import { isDeclared, matchMarkers, matchOffsets, methodNameAfter, squeeze, type MarkerRule } from '../scan/match.js';
import type { LanguageProfile, MarkerHit } from '../profile.js';

/**
 * C#: xUnit, NUnit, MSTest, FluentAssertions, Shouldly, Moq, NSubstitute, FakeItEasy and Verify
 * (research test-runners.md §5.4, §6). Skips live mostly in attributes: `[Fact(Skip = "…")]`,
 * `[Ignore("…")]`, `[Test, Explicit]`.
 */

const TYPE_ARGS = String.raw`(?:\s*<[^<>()]*(?:<[^<>()]*>[^<>()]*)*>)?`;
// Assert.X( that verify nothing: they skip, pass, warn or group.
const NOT_ASSERTING = 'Skip|SkipWhen|SkipUnless|Ignore|Inconclusive|Pass|Warn|Multiple|MultipleAsync|EnterMultipleScope';

const ASSERTIONS = [
  // Assert.Equal( · Assert.That( · Assert.Throws<E>( · ClassicAssert.AreEqual( · Xunit.Assert.True(
  new RegExp(
    String.raw`(?<![\w.])(?:\w+\s*\.\s*)*(?:Assert|ClassicAssert|CollectionAssert|StringAssert|FileAssert|DirectoryAssert)\s*\.\s*(?!(?:${NOT_ASSERTING})\b)\w+${TYPE_ARGS}\s*\(`,
    'g',
  ),
  // FluentAssertions: x.Should().Be(1)
  /Should(?<=\.\s*Should)\s*\(\s*\)/g,
  // Shouldly: x.ShouldBe(1) · Should.Throw<E>(
  new RegExp(String.raw`(?<![\w])Should(?:Not)?[A-Z]\w*${TYPE_ARGS}\s*\(`, 'g'),
  new RegExp(String.raw`(?<![\w.])Should\s*\.\s*(?:Throw|NotThrow|CompleteIn)\w*${TYPE_ARGS}\s*\(`, 'g'),
  // Moq mock.Verify( · Verify snapshot `await Verify(result)` · NSubstitute .Received( · FakeItEasy .MustHaveHappened(
  new RegExp(String.raw`(?<![\w])Verify(?:All|NoOtherCalls|Set|Get|Add|Remove)?${TYPE_ARGS}\s*\(`, 'g'),
  /(?<![\w])(?:Received|DidNotReceive|ReceivedWithAnyArgs|DidNotReceiveWithAnyArgs|MustHaveHappened\w*|MustNotHaveHappened)(?<=\.\s*\w+)\s*\(/g,
  // A method named Assert…: config.AssertConfigurationIsValid() · AssertValid(x) (AutoMapper, the project's own)
  new RegExp(String.raw`(?<![\w])Assert[A-Z]\w*${TYPE_ARGS}\s*\(`, 'g'),
  // MSTest: [ExpectedException(typeof(E))] — the test fails unless E is thrown.
  /\[(?<=(?:^|\])[ \t]*\[)[^[\]\n]*\bExpectedException(?:Attribute)?\s*\(/gm,
];

const PRINT = [
  /(?<![\w.])(?:Console(?:\s*\.\s*(?:Out|Error))?|Debug|Trace|TestContext(?:\s*\.\s*(?:Out|Progress|Error))?)\s*\.\s*(?:Write\w*|Print)\s*\(/g,
  // xUnit's ITestOutputHelper: _output.WriteLine( · testOutputHelper.WriteLine(
  /(?<![\w.])(?:this\s*\.\s*)?\w*[oO]utput(?:Helper)?\s*\.\s*WriteLine\s*\(/g,
];

const CALL_RULES: MarkerRule[] = [
  // Assert.Ignore( · Assert.Inconclusive( · xUnit v3 Assert.Skip( · Assume.That( · SkippableFact's Skip.If(
  {
    re: /(?<![\w.])(?:\w+\s*\.\s*)*(?:Assert\s*\.\s*(?:Ignore|Inconclusive|Skip|SkipWhen|SkipUnless)|Assume\s*\.\s*That|Skip\s*\.\s*(?:If|IfNot|Unless))(?=\s*\()/g,
    kind: 'skip',
  },
];

// An attribute section where attributes go: at a line start or after another section.
const SECTION = /\[(?<=(?:^|\])[ \t]*\[)([^[\]\n]*)\]/gm;

/** `[Ignore]`, `[Explicit]`, `[Fact(Skip = "…")]`, `[TestCase(1, Ignore = "…")]`, `[Test, Explicit]`. */
function findAttributeMarkers(blanked: string, text: string): MarkerHit[] {
  const hits: MarkerHit[] = [];
  for (const m of blanked.matchAll(SECTION)) {
    const skips = splitAttributes(m[1]!).some(({ name, args }) => {
      if (name === 'Ignore' || name === 'Explicit') return true;
      return /\b(?:Skip|Ignore|IgnoreReason)\s*=(?!=)|\bExplicit\s*=\s*true\b/.test(args);
    });
    if (skips && !onMember(blanked, m.index + m[0].length))
      hits.push({ kind: 'skip', offset: m.index, text: squeeze(text.slice(m.index, m.index + m[0].length)) });
  }
  return hits;
}

// What the attribute sections before `at` decorate is a property or a field (`public int Id { get; set; }`,
// `string name;`), not a method or a class: AutoMapper's own `[Ignore]` on a DTO member is no skip.
function onMember(blanked: string, at: number): boolean {
  let i = at;
  for (let guard = 0; guard < 20; guard++) {
    const next = /^\s*\[[^[\]]*\]/.exec(blanked.slice(i, i + 500));
    if (!next) break;
    i += next[0].length;
  }
  const head = /^[^({;=]*[({;=]/.exec(blanked.slice(i, i + 300));
  if (!head || /\b(?:class|struct|record|interface)\b/.test(head[0])) return false;
  return !head[0].endsWith('(');
}

// `Test, Ignore("x")` → [{ name: 'Test', args: '' }, { name: 'Ignore', args: '("x")' }]; namespaces and `Attribute` dropped.
function splitAttributes(section: string): { name: string; args: string }[] {
  const out: { name: string; args: string }[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= section.length; i++) {
    const c = section[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if ((c === ',' && depth === 0) || i === section.length) {
      const part = section
        .slice(start, i)
        .trim()
        .replace(/^\w+\s*:\s*/, '');
      const m = /^((?:\w+\s*\.\s*)*)(\w+)([\s\S]*)$/.exec(part);
      if (m) out.push({ name: m[2]!.replace(/Attribute$/, ''), args: m[3]! });
      start = i + 1;
    }
  }
  return out;
}

const TEST_ATTRIBUTE = /\[[^[\]\n]*\b(?:Fact|Theory|Test|TestCase|TestCaseSource|TestMethod|DataTestMethod|SkippableFact|SkippableTheory)\b[^[\]\n]*\]/g;

export const csharpProfile: LanguageProfile = {
  id: 'csharp',
  name: 'C#',
  extensions: ['.cs'],
  blank: (_path, text) => blankCLike(text, CSHARP),
  imports: () => [],
  assertions: (blanked) => matchOffsets(blanked, ASSERTIONS, (at) => !isDeclared(blanked, at, true)),
  prints: (blanked) => matchOffsets(blanked, PRINT, (at) => !isDeclared(blanked, at, true)),
  markers: (blanked, text) => [...matchMarkers(blanked, text, CALL_RULES), ...findAttributeMarkers(blanked, text)].sort((a, b) => a.offset - b.offset),
  titles: (blanked, text) =>
    Array.from(blanked.matchAll(TEST_ATTRIBUTE), (m) => methodNameAfter(blanked, text, m.index + m[0].length)).filter((n): n is string => n !== undefined),
};
