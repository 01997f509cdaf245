/**
 * IMPL_PATCHES_RUNTIME: implementation that rewrites what the tests' assertions are made of —
 * the built-ins (`Object.is = () => true` passes every vitest `toBe`), the assertion library
 * (`expect.extend`, `chai.use`), Python's `builtins`, `unittest.TestCase`, `sys.modules[...] =`.
 * Go, Rust, Java, Kotlin and C# cannot rebind their runtime's members from source: no scan.
 */
import type { Finding } from '../../types.js';
import { evaluateRule, type Scans } from './rule.js';
import { literalFrom, literalsOf, type Hit, type ImplText, type IntegrityInput } from './source.js';

const JS_BUILTINS = [
  'Object',
  'Array',
  'String',
  'Number',
  'Boolean',
  'BigInt',
  'JSON',
  'Math',
  'Reflect',
  'Promise',
  'Function',
  'Symbol',
  'Date',
  'RegExp',
  'globalThis',
  'global',
  'expect',
  'assert',
  'chai',
];
const MEMBER = String.raw`(?:\s*\.\s*[\w$]+|\s*\[[^\]\n]*\])`;
const ASSIGN = String.raw`\s*(?:=(?![=>])|\+=|\|\|=|&&=|\?\?=)`;
const HOST = String.raw`(?:(?:window|self|globalThis|global)\s*\.\s*)?`;

/** `const O = Object`, `let P = Array.prototype`: names that patch a built-in when assigned through. */
const ALIAS = new RegExp(String.raw`\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:${JS_BUILTINS.join('|')})(?:\s*\.\s*prototype)?\s*(?:;|\n)`, 'g');
function aliasesOf(blanked: string): string[] {
  return [...blanked.matchAll(ALIAS)].map((m) => m[1]!);
}

/** The scan's patterns for a set of targets, compiled once per set (V8 compiles a RegExp at its first use, per object). */
const jsPatterns = new Map<string, readonly RegExp[]>();

function patternsFor(aliases: readonly string[]): readonly RegExp[] {
  const key = aliases.join(' ');
  const known = jsPatterns.get(key);
  if (known) return known;
  const names = [...JS_BUILTINS, ...aliases].map((n) => n.replace(/\$/g, '\\$'));
  const target = `(?:${names.join('|')})`;
  const patterns = [
    new RegExp(String.raw`(?<![\w$.])${HOST}${target}${MEMBER}+${ASSIGN}`, 'g'),
    new RegExp(String.raw`(?<![\w$.])(?:__proto__|constructor\s*\.\s*prototype)\b${MEMBER}+${ASSIGN}|\.__proto__${MEMBER}+${ASSIGN}`, 'g'),
    /(?<![\w$.])process\s*\.\s*(?:exit|reallyExit|abort|kill|emit)\s*=(?![=>])/g,
    new RegExp(String.raw`(?<![\w$.])${HOST}${target}(?:\s*\.\s*prototype)?\s*\.\s*__define(?:Getter|Setter)__\s*\(`, 'g'),
    new RegExp(
      String.raw`(?<![\w$.])(?:Object\s*\.\s*(?:defineProperty|defineProperties|assign|setPrototypeOf)|Reflect\s*\.\s*(?:set|defineProperty|setPrototypeOf))\s*\(\s*${HOST}${target}(?:\s*\.\s*prototype)?\s*[,)]`,
      'g',
    ),
    // `Object['defineProperty'](Object, …)`: the same call through a computed member.
    new RegExp(String.raw`(?<![\w$.])(?:Object|Reflect)\s*\[[^\]\n]*\]\s*\(\s*${HOST}${target}(?:\s*\.\s*prototype)?\s*[,)]`, 'g'),
    /(?<![\w$.])(?:expect\s*\.\s*(?:extend|addEqualityTesters|addSnapshotSerializer)|chai\s*\.\s*use|Assertion\s*\.\s*(?:addMethod|overwriteMethod|addProperty|overwriteProperty))\s*\(/g,
  ];
  if (jsPatterns.size < 64) jsPatterns.set(key, patterns);
  return patterns;
}

function scanJs(src: ImplText): Hit[] {
  return patternsFor(aliasesOf(src.blanked)).flatMap((re) => [...src.blanked.matchAll(re)].map((m) => ({ offset: m.index, text: m[0].replace(/\s+/g, '') })));
}

function scanPython(src: ImplText): Hit[] {
  // The name before the line-anchored scan: most modules never import builtins.
  const aliases = src.blanked.includes('builtins') ? [...src.blanked.matchAll(/^[ \t]*import[ \t]+builtins[ \t]+as[ \t]+(\w+)/gm)].map((m) => m[1]!) : [];
  const b = `(?:builtins|${['__builtins__', ...aliases].join('|')})`;
  const patterns = [
    new RegExp(String.raw`\b${b}\s*(?:\.\s*\w+|\[[^\]\n]*\])\s*=(?!=)`, 'g'),
    /\b__builtins__\b/g,
    new RegExp(String.raw`\bsetattr\s*\(\s*(?:${b}|unittest|TestCase|pytest|_pytest|sys\s*\.\s*modules)\b`, 'g'),
    new RegExp(String.raw`\bvars\s*\(\s*${b}\s*\)\s*\[[^\]\n]*\]\s*=(?!=)`, 'g'),
    /\b(?:unittest\s*\.\s*)?TestCase\s*\.\s*\w+\s*=(?!=)/g,
    /\b(?:pytest|_pytest|unittest)(?:\s*\.\s*\w+)+\s*=(?!=)/g,
    // `sys.modules[__name__] = Wrapper()` replaces the module itself (a known honest idiom); any other key fakes a module.
    /\bsys\s*\.\s*modules\s*\[(?!\s*__name__\s*\])[^\]\n]*\]\s*=(?!=)|\bsys\s*\.\s*modules\s*\.\s*(?:update|setdefault)\s*\(/g,
  ];
  const hits = patterns.flatMap((re) => [...src.blanked.matchAll(re)].map((m) => ({ offset: m.index, text: m[0].replace(/\s+/g, '') })));
  // `__import__('builtins')`, `importlib.import_module('builtins')`: the module by name.
  const literals = literalsOf(src);
  for (const m of src.blanked.matchAll(/\b(?:__import__|import_module)\s*\(\s*/g)) {
    const lit = literalFrom(literals, m.index + m[0].length, src);
    if (lit?.value === 'builtins') hits.push({ offset: m.index, text: `${m[0].replace(/\s+/g, '')}'builtins'` });
  }
  // `__builtins__` is found twice when assigned through: once is enough.
  return hits.filter((h, i) => h.text !== '__builtins__' || !hits.some((o, j) => j !== i && o.offset === h.offset));
}

const RUBY_CORE = /^[ \t]*class[ \t]+(?:Object|BasicObject|Integer|Float|String|Array|Hash|NilClass|TrueClass|FalseClass|Symbol|Comparable|Numeric)\b/gm;

function scanRuby(src: ImplText): Hit[] {
  const hits: Hit[] = [];
  for (const m of src.blanked.matchAll(RUBY_CORE)) {
    const rest = src.blanked.slice(m.index + m[0].length);
    const end = /^end\b/m.exec(rest)?.index ?? rest.length;
    const eq = /\bdef\s+(?:==|eql\?|equal\?|===|<=>)/.exec(rest.slice(0, end));
    if (eq) hits.push({ offset: m.index + m[0].length + eq.index, text: `${m[0].trim()} ${eq[0]}`.replace(/\s+/g, ' ') });
  }
  for (const m of src.blanked.matchAll(/\b(?:RSpec\s*::\s*Matchers\s*\.\s*define|Minitest\s*::\s*Assertions|RSpec\s*\.\s*configure)\b/g)) {
    hits.push({ offset: m.index, text: m[0].replace(/\s+/g, '') });
  }
  // Reopened inside `module Minitest` (a gem vendored into the project does it so): its assertions, a test's run, a result's verdict.
  for (const m of src.blanked.matchAll(/^[ \t]*module[ \t]+Minitest\b/gm)) {
    const rest = src.blanked.slice(m.index + m[0].length);
    const end = /^end\b/m.exec(rest)?.index ?? rest.length;
    const inner = /^[ \t]*(?:module|class)[ \t]+(?:Assertions|Test|Runnable|Result)\b/m.exec(rest.slice(0, end));
    if (inner) hits.push({ offset: m.index + m[0].length + inner.index, text: `Minitest::${inner[0].trim().split(/\s+/)[1]}` });
  }
  return hits;
}

/** PHP rebinds its functions only through extensions made for it: uopz and runkit (`uopz_set_return('strlen', 3)`). */
function scanPhp(src: ImplText): Hit[] {
  return [...src.blanked.matchAll(/(?<![\w$])(?:uopz_[a-z_]+|runkit7?_[a-z_]+)\s*\(/g)].map((m) => ({ offset: m.index, text: m[0].replace(/\s*\($/, '') }));
}

const SCANS: Scans = { js: scanJs, python: scanPython, go: null, rust: null, java: null, kotlin: null, csharp: null, ruby: scanRuby, abap: null, php: scanPhp };

export function evaluateImplPatchesRuntime(input: IntegrityInput): Finding<'IMPL_PATCHES_RUNTIME'>[] {
  return evaluateRule('IMPL_PATCHES_RUNTIME', input, SCANS);
}
