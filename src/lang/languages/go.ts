import { blankCLike } from '../lex/c-like.js';
import { GO } from '../lex/c-syntax.js';
import { isDeclared, matchMarkers, matchOffsets, type MarkerRule } from '../scan/match.js';
import type { ImportBinding, LanguageProfile, MarkerHit } from '../profile.js';

/**
 * Go: the testing package, testify, gomega/Ginkgo, quicktest and gocheck (research
 * test-runners.md §5.4, §6). Receivers are the conventional t, b, f and tb (tests, benchmarks,
 * fuzz targets, testing.TB helpers); a `t.Log` verifies nothing.
 */

// testify's assertion methods, for suites whose receiver calls them directly: s.Equal(…).
// prettier-ignore
const SUITE_METHODS = [
  'Equal', 'EqualValues', 'EqualError', 'Exactly', 'NotEqual', 'NotEqualValues', 'True', 'False', 'Nil', 'NotNil',
  'NoError', 'Error', 'ErrorIs', 'NotErrorIs', 'ErrorAs', 'ErrorContains', 'Contains', 'NotContains', 'Len', 'Empty',
  'NotEmpty', 'Zero', 'NotZero', 'Panics', 'PanicsWithValue', 'PanicsWithError', 'NotPanics', 'Greater',
  'GreaterOrEqual', 'Less', 'LessOrEqual', 'Positive', 'Negative', 'InDelta', 'InEpsilon', 'JSONEq', 'YAMLEq',
  'ElementsMatch', 'Subset', 'NotSubset', 'IsType', 'Same', 'NotSame', 'Eventually', 'Never', 'Regexp', 'NotRegexp',
  'Implements', 'FileExists', 'DirExists', 'WithinDuration', 'Fail', 'FailNow', 'Condition',
].join('|');

const ASSERTIONS = [
  // t.Errorf( · and a harness's own: h.t.Fatalf( · s.tb.Error(
  /(?<![\w.])(?:\w+\s*\.\s*)?(?:[tbf]|tb)\s*\.\s*(?:Error|Errorf|Fatal|Fatalf|Fail|FailNow)\s*\(/g,
  // testify, package functions and `assert := assert.New(t)` objects alike; New( itself is setup.
  /(?<![\w.])(?:assert|require)\s*\.\s*(?!New\b)[A-Z]\w*\s*\(/g,
  // suites: s.Require().NoError( · s.Assert().Equal( · s.Equal(
  /(?:Require|Assert)(?<=\.\s*(?:Require|Assert))\s*\(\s*\)\s*\.\s*[A-Z]\w*\s*\(/g,
  new RegExp(String.raw`(?<![\w.])(?:s|suite)\s*\.\s*(?:${SUITE_METHODS})\s*\(`, 'g'),
  // gomega: Expect( · g.Expect( · Ω( · Eventually( · Consistently(
  /(?<![\w])(?:Expect|Ω|Eventually|Consistently)\s*\(/g,
  // quicktest / gocheck: qt.Assert( · c.Assert( · c.Check(
  /(?<![\w.])(?:qt|c)\s*\.\s*(?:Assert|Check)\s*\(/g,
];

// testify objects: `r := require.New(t)` · `is := assert.New(t)` → r.Error( · is.Equal(
const TESTIFY_OBJECT = /(?<![\w.])(\w+)\s*:?=\s*(?:assert|require)\s*\.\s*New\s*\(/g;
// An example's expected output, which `go test` compares: `// Output:` · `// Unordered output:` (any case).
const EXAMPLE = /^func[ \t]+Example\w*[ \t]*\(/m;
const OUTPUT = /^[ \t]*\/\/[ \t]*(?:unordered[ \t]+)?output:/gim;

/** Offsets of real assertions, ascending. */
function findGoAssertions(blanked: string, _imports: readonly ImportBinding[], text: string): number[] {
  const patterns = [...ASSERTIONS];
  const objects = new Set(Array.from(blanked.matchAll(TESTIFY_OBJECT), (m) => m[1]!));
  objects.delete('assert');
  objects.delete('require');
  if (objects.size > 0) patterns.push(new RegExp(String.raw`(?<![\w.])(?:${[...objects].join('|')})\s*\.\s*(?!New\b)[A-Z]\w*\s*\(`, 'g'));
  const offsets = matchOffsets(blanked, patterns, (at) => !isDeclared(blanked, at, false));
  if (!EXAMPLE.test(blanked)) return offsets;
  const outputs = Array.from(text.matchAll(OUTPUT), (m) => m.index + m[0].indexOf('/'));
  return [...offsets, ...outputs].sort((a, b) => a - b);
}

const PRINT = /(?<![\w.])(?:fmt\s*\.\s*F?[Pp]rint\w*|log\s*\.\s*Print\w*|(?:[tbf]|tb)\s*\.\s*Log\w*|println|print)\s*\(/g;

const GINKGO_SKIP = /(?<![\w.])(?:[XP](?:It|Describe|Context|When|Specify|Entry|DescribeTable)|Skip)(?=\s*\()/g;
const GINKGO_FOCUS = /(?<![\w.])F(?:It|Describe|Context|When|Specify|Entry|DescribeTable)(?=\s*\()/g;
// Decorators passed to a spec: It("x", Focus, func() {…}) · Describe("y", Pending, …)
const GINKGO_DECORATOR = /(Focus|Pending)(?<=,\s*(?:Focus|Pending))(?=\s*[,)])/g;

const RULES: MarkerRule[] = [
  { re: /(?<![\w.])(?:[tbf]|tb)\s*\.\s*(?:Skip|Skipf|SkipNow)(?=\s*\()/g, kind: 'skip' },
  { re: /T(?<=\.\s*T)\s*\(\s*\)\s*\.\s*(?:Skip|Skipf|SkipNow)(?=\s*\()/g, kind: 'skip' },
];

export function findGoMarkers(blanked: string, text: string, imports: readonly ImportBinding[]): MarkerHit[] {
  const rules = [...RULES];
  if (imports.some((b) => /^github\.com\/onsi\/ginkgo\b/.test(b.specifier))) {
    rules.push({ re: GINKGO_SKIP, kind: 'skip' }, { re: GINKGO_FOCUS, kind: 'focus' });
    rules.push({ re: GINKGO_DECORATOR, kind: (m) => (m[1] === 'Focus' ? 'focus' : 'skip') });
  }
  return [...matchMarkers(blanked, text, rules), ...buildIgnored(blanked, text)].sort((a, b) => a.offset - b.offset);
}

/**
 * `//go:build ignore` (or `// +build ignore`) before the package clause: `go test` never
 * compiles the file. A constraint holding `ignore` un-negated counts (`ignore && linux`).
 */
function buildIgnored(blanked: string, text: string): MarkerHit[] {
  const pkg = /^[ \t]*package\b/m.exec(blanked);
  const head = text.slice(0, pkg?.index ?? text.length);
  const hits: MarkerHit[] = [];
  for (const m of head.matchAll(/^\/\/(?:go:build|[ \t]*\+build)[ \t]+(.*)$/gm)) {
    if (/(?<![!\w])ignore\b/.test(m[1]!)) hits.push({ kind: 'skip', offset: m.index, text: m[0].trim() });
  }
  return hits;
}

// import "testing" · import f "fmt" · import ( . "github.com/onsi/gomega"; _ "x" )
// (No `(` inside the list: an unclosed `import (` is not read to the end of the file again from each.)
const IMPORT_BLOCK = /(?<![\w.])import\s*(\([^()]*\)|[\w.]*\s*"[^"\n]*")/g;

export function parseGoImports(blanked: string, text: string): ImportBinding[] {
  const found: ImportBinding[] = [];
  for (const block of blanked.matchAll(IMPORT_BLOCK)) {
    const start = block.index + block[0].length - block[1]!.length;
    for (const spec of block[1]!.matchAll(/([\w.]*)\s*"[^"\n]*"/g)) {
      const open = start + spec.index + spec[0].indexOf('"');
      const close = blanked.indexOf('"', open + 1);
      const specifier = text.slice(open + 1, close);
      const local =
        spec[1] ||
        specifier
          .replace(/\/v\d+$/, '')
          .split('/')
          .pop()!;
      found.push({ local, imported: '*', specifier });
    }
  }
  return found;
}

// func TestAdd(t *testing.T) — Test followed by no lower-case letter (Testing is not a test).
const TEST_FUNC = /func(?<=^[ \t]*func)\s+(Test(?![a-z])\w*)\s*\(/gm;

export const goProfile: LanguageProfile = {
  id: 'go',
  name: 'Go',
  extensions: ['.go'],
  blank: (_path, text) => blankCLike(text, GO),
  imports: parseGoImports,
  assertions: findGoAssertions,
  prints: (blanked) => matchOffsets(blanked, [PRINT], (at) => !isDeclared(blanked, at, false)),
  markers: findGoMarkers,
  titles: (blanked) => Array.from(blanked.matchAll(TEST_FUNC), (m) => m[1]!),
};
