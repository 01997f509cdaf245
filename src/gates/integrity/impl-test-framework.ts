/**
 * IMPL_TEST_FRAMEWORK: implementation that imports a test framework or its internals (vitest,
 * `@jest/globals`, `_pytest`, Go's `testing`, JUnit, xunit, RSpec…; lang/frameworks). Code that
 * runs in production has no use for one; code that imports one can reach into the assertions
 * (`expect.extend`) or tell that it is being tested. `node:assert` and `assert` are not frameworks.
 */
import { testFrameworkOf } from '../../lang/frameworks.js';
import type { LanguageId } from '../../lang/index.js';
import type { Finding } from '../../types.js';
import { evaluateRule, type Scans } from './rule.js';
import { inRanges, rustTestRanges } from './scopes.js';
import { lineStartMatches, literalFrom, literalsOf, type Hit, type ImplText, type IntegrityInput } from './source.js';

// `from '…'`, `import '…'`, `require('…')`, `import('…')`, `export … from '…'`.
const JS_SPECIFIER = /\b(?:from|import)\s*(?=['"])|\b(?:require|import)\s*\(\s*(?=['"`])/g;
// The runners' globals, reachable without an import (`globals: true`, jest's environment).
const JS_GLOBALS = /(?<![\w$.])(?:vi|jest)\s*\.\s*(?:fn|mock|spyOn|unmock|doMock|stubGlobal|stubEnv|useFakeTimers|mocked|hoisted)\s*\(/g;

function scanJs(src: ImplText): Hit[] {
  const literals = literalsOf(src);
  const hits: Hit[] = [];
  for (const m of src.blanked.matchAll(JS_SPECIFIER)) {
    const lit = literalFrom(literals, m.index + m[0].length, src);
    if (!lit || !testFrameworkOf('js', lit.value)) continue;
    // A type-only import reaches nothing at run time.
    const start = Math.max(src.blanked.lastIndexOf('import', m.index - 1), src.blanked.lastIndexOf('export', m.index - 1));
    if (m[0].startsWith('from') && start !== -1 && /^(?:import|export)\s+type\b/.test(src.blanked.slice(start))) continue;
    hits.push({ offset: m.index, text: lit.value });
  }
  for (const m of src.blanked.matchAll(JS_GLOBALS)) hits.push({ offset: m.index, text: m[0].replace(/\s+/g, '') });
  return hits;
}

/** `import a, b` or `from a import …` at a line's start (see lineStartMatches). */
const PYTHON_IMPORT = /[ \t]*(?:import[ \t]+([\w., \t]+)|from[ \t]+([\w.]+)[ \t]+import\b)/y;

function scanPython(src: ImplText): Hit[] {
  const hits: Hit[] = [];
  for (const m of lineStartMatches(src.blanked, 'import', PYTHON_IMPORT)) {
    const modules = m[1] ? m[1].split(',').map((s) => s.trim().split(/\s+/)[0]!) : [m[2]!];
    for (const mod of modules) if (testFrameworkOf('python', mod)) hits.push({ offset: m.index, text: mod });
  }
  const literals = literalsOf(src);
  for (const m of src.blanked.matchAll(/\b(?:__import__|import_module)\s*\(\s*/g)) {
    const lit = literalFrom(literals, m.index + m[0].length, src);
    if (lit && testFrameworkOf('python', lit.value)) hits.push({ offset: m.index, text: lit.value });
  }
  return hits;
}

function scanGo(src: ImplText, path: string): Hit[] {
  if (path.endsWith('_test.go')) return [];
  const literals = literalsOf(src);
  const hits: Hit[] = [];
  for (const m of src.blanked.matchAll(/\bimport\s*(\()?/g)) {
    const end = m[1] ? src.blanked.indexOf(')', m.index) : src.blanked.indexOf('\n', m.index);
    for (const lit of literals.filter((l) => l.open > m.index && l.open < (end === -1 ? src.blanked.length : end))) {
      if (testFrameworkOf('go', lit.value)) hits.push({ offset: lit.open, text: lit.value });
    }
  }
  return hits;
}

function byPattern(language: LanguageId, re: RegExp, group = 1, skip?: (blanked: string) => [number, number][]) {
  return (src: ImplText): Hit[] => {
    const ranges = skip ? skip(src.blanked) : [];
    return [...src.blanked.matchAll(re)].flatMap((m) =>
      testFrameworkOf(language, m[group]!) && !inRanges(ranges, m.index) ? [{ offset: m.index, text: m[group]! }] : [],
    );
  };
}

function scanRuby(src: ImplText): Hit[] {
  const literals = literalsOf(src);
  const hits: Hit[] = [];
  for (const m of src.blanked.matchAll(/\brequire\s*\(?\s*/g)) {
    const lit = literalFrom(literals, m.index + m[0].length, src);
    if (lit && testFrameworkOf('ruby', lit.value)) hits.push({ offset: m.index, text: lit.value });
  }
  for (const m of src.blanked.matchAll(/\b(?:RSpec|Minitest|Test::Unit)(?=::|\.)/g)) hits.push({ offset: m.index, text: m[0] });
  return hits;
}

const SCANS: Scans = {
  js: scanJs,
  python: scanPython,
  go: scanGo,
  // Unit tests share the file in Rust: what a `#[cfg(test)]` item uses is theirs.
  rust: byPattern('rust', /\b(?:use|extern\s+crate)\s+(?:::)?([\w:]+)/g, 1, rustTestRanges),
  // An import, or a package of the framework's own: `package org.junit.jupiter.api;` in src/main
  // shadows JUnit's Assertions on the test class path (classes come before the jars), every
  // assertion a no-op (a GREEN of jsemver through Maven got past that); C#'s `namespace Xunit`.
  java: byPattern('java', /^[ \t]*(?:import\s+(?:static\s+)?|package\s+)([\w.]+)/gm),
  kotlin: byPattern('kotlin', /^[ \t]*(?:import|package)\s+([\w.]+)/gm),
  csharp: byPattern('csharp', /^[ \t]*(?:(?:global\s+)?using\s+(?:static\s+)?(?=[\w.]+\s*;)|namespace\s+)([\w.]+)/gm),
  ruby: scanRuby,
  abap: null,
  // `use PHPUnit\Framework\Assert;`, `\Mockery::mock(…)`: a framework's namespace named in code;
  // PHPUnit 5's PSR-0 names too (`extends PHPUnit_Framework_TestCase`, `PHPUnit_Framework_Assert::assertTrue`).
  php: byPattern('php', /(?<![\w$\\])\\?((?:PHPUnit|Pest|Mockery|Prophecy|Codeception)(?:\\[\w\\]*|_\w+)?)(?![\w])/g),
};

export function evaluateImplTestFramework(input: IntegrityInput): Finding<'IMPL_TEST_FRAMEWORK'>[] {
  return evaluateRule('IMPL_TEST_FRAMEWORK', input, SCANS);
}
