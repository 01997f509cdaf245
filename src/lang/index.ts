import { abapProfile } from './languages/abap.js';
import { compileAssertNames, matchAssertNames } from './scan/assert-names.js';
import { scanCalls } from './scan/calls.js';
import { scanCommandCalls, type CommandStyle } from './scan/command-calls.js';
import { csharpProfile } from './languages/csharp.js';
import { goProfile } from './languages/go.js';
import { blankJsQuick, parseJsImportDeclarations, type ImportDeclaration } from './languages/js/imports.js';
import { blankJs, jsProfile } from './languages/js/profile.js';
import { javaProfile, kotlinProfile } from './languages/jvm.js';
import { lineIndex, type LanguageId, type LanguageProfile, type Marker } from './profile.js';
import { findHelperAssertions, HELPER_LANGUAGES, type AssertionVia, type Lexed, type SourceReader } from './helpers/index.js';
import { phpProfile } from './languages/php.js';
import { findInheritedTests, INHERITING_LANGUAGES } from './helpers/inherited.js';
import { findSharedExamples } from './helpers/shared-examples.js';
import { pythonProfile } from './languages/python/profile.js';
import { rubyProfile } from './languages/ruby/profile.js';
import { rustProfile } from './languages/rust.js';
import { findJsTestExtents } from './languages/js/titles.js';
import { matchBrackets } from './scan/calls.js';
import { findDefinitions } from './scan/definitions.js';
import { bodiesOf, oldTestChangesOf, type TestBodies, type TestBodyChange, type TestExtent, type TestFileChange } from './scan/test-bodies.js';

export type { ImportBinding, LanguageId, Marker, MarkerKind } from './profile.js';
export type { ImportDeclaration } from './languages/js/imports.js';
export type { AssertionVia, SourceReader } from './helpers/index.js';
export { compareBodies, isSubsequence, wholeFileTokens, type TestBodies, type TestBodyChange, type TestFileChange } from './scan/test-bodies.js';

/**
 * Static analysis of test files: pure functions of (path, text), no I/O. A file is lexed once;
 * comments and string contents are blanked (offsets and '\n' kept) and the patterns of the
 * file's language are matched on what is left, so `// expect(x)` or `'it.only'` never count.
 */

const PROFILES: readonly LanguageProfile[] = [
  jsProfile,
  pythonProfile,
  goProfile,
  rustProfile,
  javaProfile,
  kotlinProfile,
  csharpProfile,
  rubyProfile,
  abapProfile,
  phpProfile,
];

const BY_EXTENSION = new Map(PROFILES.flatMap((p) => p.extensions.map((ext) => [ext, p] as const)));

function profileOf(path: string): LanguageProfile | undefined {
  const m = /\.[^./\\]+$/.exec(path);
  return m ? BY_EXTENSION.get(m[0].toLowerCase()) : undefined;
}

export interface TestFileAnalysis {
  language: LanguageId;
  /** Real assertion calls outside comments and strings. */
  assertions: number;
  /** 1-based line of each assertion, in order (a line appears once per assertion on it). */
  assertionLines: number[];
  /** No assertion, but at least one print call: the "test" only shows output. */
  printOnly: boolean;
  /** Print calls (`console.log(` …), counted whether or not there are assertions. */
  prints: number;
  /** Skip, focus and todo markers, in source order. */
  markers: Marker[];
  /** When the assertions are calls of project helpers or assertFunctionNames patterns: which, in order. */
  via?: AssertionVia[];
}

export interface AnalyzeOptions {
  /** Calls that count as assertions besides the built-in ones (config `assertFunctionNames`). */
  assertFunctionNames?: readonly string[];
}

/** The language of a file by its extension (see `knownLanguages()`), or undefined. */
export function languageOf(path: string): LanguageId | undefined {
  return profileOf(path)?.id;
}

/** The languages with a profile, in registry order: id, name and extensions (`.py`). */
export function knownLanguages(): { id: LanguageId; name: string; extensions: string[] }[] {
  return PROFILES.map((p) => ({ id: p.id, name: p.name, extensions: [...p.extensions] }));
}

/**
 * Counts assertions and print calls and finds skip/focus/todo markers in a test file.
 * Undefined when no profile knows the file's language. Never throws on malformed code: a RED
 * test file may not even parse.
 */
export function analyzeTestFile(path: string, text: string, options: AnalyzeOptions = {}): TestFileAnalysis | undefined {
  return analyze(path, text, options)?.analysis;
}

function analyze(path: string, text: string, options: AnalyzeOptions): { analysis: TestFileAnalysis; lexed: Lexed } | undefined {
  const profile = profileOf(path);
  if (!profile) return undefined;
  const blanked = profile.blank(path, text);
  const imports = profile.imports(blanked, text);
  const lexed: Lexed = { blanked, imports };
  const lineOf = lineIndex(blanked);
  const offsets = profile.assertions(blanked, imports, text);
  lexed.asserts = offsets;
  const analysis: TestFileAnalysis = {
    language: profile.id,
    assertions: offsets.length,
    assertionLines: offsets.map(lineOf),
    printOnly: false,
    prints: profile.prints(blanked).length,
    markers: profile
      .markers(blanked, text, imports)
      .map((m) => ({ kind: m.kind, line: lineOf(m.offset), text: m.text, ...(m.conditional ? { conditional: true as const } : {}) })),
  };
  // assertFunctionNames: only asked when nothing built in asserts (one scan of the calls).
  const names = offsets.length === 0 ? compileAssertNames(options.assertFunctionNames ?? []) : undefined;
  if (names) {
    lexed.calls = scanCalls(blanked, profile.id === 'rust');
    // Calls without parentheses: Ruby's `expect_offense <<~RUBY`, Kotlin's `check { … }`.
    const style = COMMAND_STYLE[profile.id];
    const calls = style ? [...lexed.calls, ...scanCommandCalls(blanked, style)].sort((a, b) => a.start - b.start) : lexed.calls;
    const hits = matchAssertNames(calls, names);
    if (hits.length > 0) {
      const via = hits.map((c): AssertionVia => ({
        call: c.name,
        line: lineOf(c.start),
        kind: 'config',
        pattern: patternOf(c.name, options.assertFunctionNames!),
      }));
      return { analysis: { ...analysis, assertions: via.length, assertionLines: via.map((v) => v.line), via }, lexed };
    }
  }
  analysis.printOnly = analysis.assertions === 0 && analysis.prints > 0;
  return { analysis, lexed };
}

const COMMAND_STYLE: Partial<Record<LanguageId, CommandStyle>> = { ruby: 'ruby', kotlin: 'lambda' };

// The first pattern that names the call (for `via`).
function patternOf(call: string, patterns: readonly string[]): string {
  return patterns.find((p) => compileAssertNames([p])?.test(call)) ?? '';
}

/**
 * analyzeTestFile, and when the file asserts nothing itself, its calls of the project's own
 * helpers whose bodies assert (read through `reader`, see lang/helpers/): each such call counts,
 * and `via` says which helper carried it. `path` is the file's repository path.
 */
export async function analyzeTestFileWithHelpers(
  path: string,
  text: string,
  reader: SourceReader,
  options: AnalyzeOptions = {},
): Promise<TestFileAnalysis | undefined> {
  const done = analyze(path, text, options);
  const profile = profileOf(path);
  if (!done || !profile || done.analysis.assertions > 0) return done?.analysis;
  const { analysis, lexed } = done;
  const lineOf = lineIndex(text);
  if (INHERITING_LANGUAGES.has(profile.id)) {
    const inherited = await findInheritedTests(profile, path, lexed.blanked, text, reader, { profileOf, lineOf });
    if (inherited.length > 0) return { ...analysis, assertions: 1, assertionLines: [inherited[0]!.line], printOnly: false, via: inherited };
  }
  if (profile.id === 'ruby') {
    const shared = await findSharedExamples(profile, path, lexed.blanked, text, reader, lineOf);
    if (shared.length > 0) return { ...analysis, assertions: shared.length, assertionLines: shared.map((v) => v.line), printOnly: false, via: shared };
  }
  if (!HELPER_LANGUAGES.has(profile.id)) return analysis;
  const via = await findHelperAssertions(profile, path, text, reader, { ...options, profileOf, lineOf, lexed });
  if (via.length === 0) return analysis;
  return { ...analysis, assertions: via.length, assertionLines: via.map((v) => v.line), printOnly: false, via };
}

/**
 * `text` with comments, string and template text, regex literals and JSX text replaced by spaces
 * (string quotes and prefixes kept), same length and same '\n' positions. Unknown languages:
 * `text` unchanged.
 */
export function blank(path: string, text: string): string {
  return profileOf(path)?.blank(path, text) ?? text;
}

/**
 * Local name → module specifier for every binding the file imports. JS/TS: ESM default, named,
 * renamed and namespace imports, TypeScript `import x = require()`, `require()` (plain or
 * destructured) and `await import()` assigned to a declaration; type-only imports are left out.
 * Python: `import a.b as c` (c → a.b), `import a.b` (a → a), `from m import x as y` (y → m).
 * Go: `import f "fmt"` (f → fmt), the last path element otherwise. The first binding of a name
 * wins; other languages give an empty map. Lets a runner adapter tell
 * `TypeError: add is not a function` about a project module (`./math.js`) from one about a package.
 */
export function extractImports(path: string, text: string): Map<string, string> {
  const profile = profileOf(path);
  const map = new Map<string, string>();
  if (!profile) return map;
  for (const b of profile.imports(profile.blank(path, text), text)) {
    if (!map.has(b.local)) map.set(b.local, b.specifier);
  }
  return map;
}

/**
 * JS/TS: every `import`, `export … from` and bound `require()`/`import()` of `text`, in source
 * order, with its bindings (type-only ones left out). `static` marks the statements vite's SSR
 * transform numbers. `path` picks the lexer's mode (JSX for .js/.jsx/.tsx; TypeScript when not
 * given). `quick`: no lexer (comments and strings blanked in one pass; a regex literal holding a
 * quote may mislead it), for reading a whole tree's specifiers where one too many is harmless.
 */
export function jsImportDeclarations(text: string, options: { path?: string; quick?: boolean } = {}): ImportDeclaration[] {
  return parseJsImportDeclarations(options.quick ? blankJsQuick(text) : blankJs(options.path ?? 'module.ts', text), text);
}

/**
 * The test titles a file declares as literals (`it('adds', …)` → 'adds', `def test_adds(` →
 * 'test_adds', `func TestAdd(` → 'TestAdd', `#[test] fn adds(` → 'adds'), for telling a test a
 * commit adds from one that was already there. Empty for languages without a profile.
 */
export function declaredTestTitles(path: string, text: string): string[] {
  const profile = profileOf(path);
  if (!profile) return [];
  return profile.titles(profile.blank(path, text), text);
}

/** Languages whose test titles are the names of the functions or methods that hold them. */
const NAMED_TESTS: ReadonlySet<LanguageId> = new Set(['python', 'go', 'rust', 'java', 'kotlin', 'csharp']);

/**
 * The tests a file declares, each by its key (JS/TS: `group > title`; Python, Go, Rust, Java,
 * Kotlin, C#: the test function's name) with a fingerprint of its text, and the tokens outside
 * them (lang/scan/test-bodies). Undefined for a language whose tests we cannot delimit (Ruby,
 * ABAP, no profile): the caller judges the whole file.
 */
export function declaredTestBodies(path: string, text: string): TestBodies | undefined {
  const profile = profileOf(path);
  if (!profile || (profile.id !== 'js' && !NAMED_TESTS.has(profile.id))) return undefined;
  const blanked = profile.blank(path, text);
  const brackets = matchBrackets(blanked);
  let extents: TestExtent[];
  if (profile.id === 'js') extents = findJsTestExtents(blanked, text, brackets);
  else {
    const titles = new Set(profile.titles(blanked, text));
    const calls = profile.id === 'java' || profile.id === 'kotlin' || profile.id === 'csharp' ? scanCalls(blanked) : [];
    extents = findDefinitions(profile.id, blanked, brackets, calls)
      .filter((d) => titles.has(d.name))
      // From the start of the line that defines it: `def`, `func`, `fn`, modifiers are the test's.
      .map((d) => ({ key: d.name, start: blanked.lastIndexOf('\n', d.nameAt) + 1, end: d.end }));
  }
  return bodiesOf(blanked, text, extents);
}

/**
 * The old tests that a commit's test-file changes edit or take away (see scan/test-bodies
 * oldTestChangesOf), read with declaredTestBodies. `texts`: blob texts by id.
 */
export function findOldTestChanges(
  files: readonly TestFileChange[],
  texts: ReadonlyMap<string, string>,
  before?: ReadonlyMap<string, string>,
): (TestBodyChange & { path: string })[] {
  return oldTestChangesOf(files, texts, declaredTestBodies, before);
}
