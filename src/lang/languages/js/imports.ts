import type { ImportBinding } from '../../profile.js';

/**
 * Import bindings, read from blanked text (comments are already whitespace, so
 * `import { a, /* b *\/ c } from 'x'` needs no special case). The specifier is read from the
 * original text between the kept quotes. Best effort: nested destructuring
 * (`const { a: { b } } = require('x')`) and computed `require(name)` are not followed.
 */

// import a, { b as c, type D } from 'x' · import * as ns from 'x' · import type { T } from 'x'
// The clause stops at the next `import`: each character is read for one clause at most (linear).
const ESM = /(?<![\w$.])import(?![\w$])(?!\s*[.(])\s*((?:(?!\bimport\b)[^;'"`()])*?)\bfrom\s*(['"])/g;
// TypeScript: import fs = require('fs')
const TS_REQUIRE = /(?<![\w$.])import\s+([\w$]+)\s*=\s*require\s*\(\s*(['"])/g;
// require('x') · import('x'): the binding, if any, is read backwards from here (bindingBefore).
const LOADER = /(?<![\w$.])(?:require|import)\s*\(\s*(['"])/g;

// import 'x' (a module loaded for its effects) · export { a } from 'x' · export * as ns from 'x'
const SIDE_EFFECT = /(?<![\w$.])import\s*(['"])/g;
const EXPORT_FROM = /(?<![\w$.])export(?![\w$])\s*((?:(?!\b(?:import|export)\b)[^;'"`()])*?)\bfrom\s*(['"])/g;

/**
 * One declaration that loads a module. `static`: an `import`/`export … from` statement (what vite's
 * SSR transform numbers, in source order); else a `require()`/`import()` bound to a name.
 */
export interface ImportDeclaration {
  specifier: string;
  /** local name → imported name ('default'; '*' for a namespace or a whole `require()`). */
  bindings: Map<string, string>;
  static: boolean;
}

type Kind = 'import' | 'type-only' | 'side-effect' | 'export' | 'ts-require' | 'loader' | 'inline';
interface Found {
  offset: number;
  specifier: string;
  kind: Kind;
  bindings: { local: string; imported: string }[];
}

const IDENTIFIER = /^[\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]*$/u;

/** Every declaration that loads a module, in source order, its bindings as written. */
function scan(blanked: string, text: string, all: boolean): Found[] {
  const found: Found[] = [];
  const add = (offset: number, specifier: string, kind: Kind, fill?: (bind: Bind) => void): void => {
    const bindings: Found['bindings'] = [];
    fill?.((local, imported) => {
      if (IDENTIFIER.test(local)) bindings.push({ local, imported });
    });
    found.push({ offset, specifier, kind, bindings });
  };
  for (const m of blanked.matchAll(ESM)) {
    const specifier = readSpecifier(blanked, text, m.index + m[0].length - 1);
    if (specifier === undefined) continue;
    if (isTypeOnly(m[1]!)) add(m.index, specifier, 'type-only');
    else add(m.index, specifier, 'import', (bind) => parseEsmClause(m[1]!, bind));
  }
  for (const m of blanked.matchAll(TS_REQUIRE)) {
    const specifier = readSpecifier(blanked, text, m.index + m[0].length - 1);
    if (specifier !== undefined) add(m.index, specifier, 'ts-require', (bind) => bind(m[1]!, '*'));
  }
  for (const m of blanked.matchAll(LOADER)) {
    const binding = bindingBefore(blanked, m.index);
    const specifier = binding === undefined ? undefined : readSpecifier(blanked, text, m.index + m[0].length - 1);
    if (binding !== undefined && specifier !== undefined) add(binding.at, specifier, 'loader', (bind) => parsePattern(binding.pattern, bind));
    else if (binding === undefined) inlineRequire(blanked, text, m, found);
  }
  if (all) {
    for (const m of blanked.matchAll(SIDE_EFFECT)) {
      const specifier = readSpecifier(blanked, text, m.index + m[0].length - 1);
      if (specifier !== undefined) add(m.index, specifier, 'side-effect');
    }
    for (const m of blanked.matchAll(EXPORT_FROM)) {
      const specifier = readSpecifier(blanked, text, m.index + m[0].length - 1);
      if (specifier !== undefined) add(m.index, specifier, isTypeOnly(m[1]!) ? 'type-only' : 'export');
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * A quick blank for reading many files' specifiers (the import graph): comments, string and
 * template text become spaces (quotes kept), same length and '\n' positions — one pass, no lexer,
 * so a regex literal holding a quote can hide or invent an import (what the js-tokens blank gets
 * right). For answers about one file, use the profile's blank.
 */
export function blankJsQuick(text: string): string {
  const out: string[] = [];
  let copied = 0;
  const blankTo = (start: number, end: number): void => {
    const span = text.slice(start, end);
    out.push(text.slice(copied, start), span.includes('\n') ? span.replace(/[^\n]/g, ' ') : ' '.repeat(span.length));
    copied = end;
  };
  const special = /["'`]|\/\/|\/\*/g;
  for (let m = special.exec(text); m; m = special.exec(text)) {
    const at = m.index;
    let end: number;
    if (m[0] === '//') end = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at);
    else if (m[0] === '/*') end = text.indexOf('*/', at + 2) < 0 ? text.length : text.indexOf('*/', at + 2) + 2;
    else {
      let j = at + 1;
      while (j < text.length && text[j] !== m[0]) j += text[j] === '\\' ? 2 : 1;
      end = Math.min(j, text.length);
      // The quotes stay: the specifier is read between them.
      blankTo(at + 1, end);
      special.lastIndex = end + 1;
      continue;
    }
    blankTo(at, end);
    special.lastIndex = end;
  }
  out.push(text.slice(copied));
  return out.join('');
}

/** Every binding, in source order. */
export function parseJsImports(blanked: string, text: string): ImportBinding[] {
  return scan(blanked, text, false).flatMap((f) => f.bindings.map((b) => ({ ...b, specifier: f.specifier })));
}

/**
 * Every import, re-export and bound `require()`/`import()`, in source order; type-only ones are
 * left out (erased before the code runs), and so is a `require()` used where it stands.
 */
export function parseJsImportDeclarations(blanked: string, text: string): ImportDeclaration[] {
  return scan(blanked, text, true).flatMap((f) =>
    f.kind === 'type-only' || f.kind === 'inline'
      ? []
      : [
          {
            specifier: f.specifier,
            bindings: new Map(f.bindings.map((b) => [b.local, b.imported])),
            static: f.kind === 'import' || f.kind === 'side-effect' || f.kind === 'export',
          },
        ],
  );
}

/**
 * `require('./helper').payloadMethod('put', t)`: a module used where it is loaded, bound to no
 * name. Its binding's local is `require@<offset>` (no identifier can be that), which the helper
 * search looks up for the call chain `require.payloadMethod` that starts at the same offset.
 */
function inlineRequire(blanked: string, text: string, m: RegExpMatchArray, found: Found[]): void {
  if (!m[0].startsWith('require')) return;
  const open = m.index! + m[0].length - 1;
  const close = blanked.indexOf(m[1]!, open + 1);
  if (close === -1 || !/^\s*\)\s*\.\s*[\w$]/.test(blanked.slice(close + 1, close + 40))) return;
  const specifier = readSpecifier(blanked, text, open);
  if (specifier !== undefined) found.push({ offset: m.index!, specifier, kind: 'inline', bindings: [{ local: `require@${m.index!}`, imported: '*' }] });
}

// The blanked string is its quotes around spaces, so the closing quote is the next one.
function readSpecifier(blanked: string, text: string, open: number): string | undefined {
  const quote = blanked[open]!;
  const close = blanked.indexOf(quote, open + 1);
  if (close === -1 || blanked.lastIndexOf('\n', close) > open) return undefined;
  return text.slice(open + 1, close);
}

// How far back a declaration may start: `const { a, b: c } = await (import(`.
const LOOK_BACK = 300;

function isWord(c: string | undefined): boolean {
  return c !== undefined && /[\w$]/.test(c);
}

/**
 * The binding a `require(`/`import(` at `at` is assigned to, read backwards: `const x = require(`
 * · `let { a, b: c } = await import(` · `, y: Y = require(` (after another declarator). Every step
 * looks at most LOOK_BACK characters back, so a file of many loaders stays linear (a forward
 * pattern for this went quadratic on a long string after `, key:`).
 */
function bindingBefore(s: string, at: number): { pattern: string; at: number } | undefined {
  const stop = Math.max(0, at - LOOK_BACK);
  let i = at - 1;
  const skipSpaceAndParens = (): void => {
    while (i >= stop && (/\s/.test(s[i]!) || s[i] === '(')) i--;
  };
  skipSpaceAndParens();
  if (s.slice(i - 4, i + 1) === 'await' && !isWord(s[i - 5])) {
    i -= 5;
    skipSpaceAndParens();
  }
  if (s[i] !== '=' || /[=!<>+\-*/%&|^?]/.test(s[i - 1] ?? '')) return undefined;
  const equals = i;
  // Back to the declarator's start: `const`/`let`/`var`, or a `,` outside brackets.
  let depth = 0;
  for (i = equals - 1; i >= stop; i--) {
    const c = s[i]!;
    if (c === '}' || c === ')' || c === ']' || c === '>') depth++;
    else if (c === '{' || c === '(' || c === '[' || c === '<') {
      if (depth === 0) return undefined;
      depth--;
    } else if (depth === 0 && c === ',') break;
    else if (depth === 0 && c === ';') return undefined;
    else if (depth === 0 && isWord(c) && !isWord(s[i - 1])) {
      const word = /^[\w$]+/.exec(s.slice(i, i + 6))![0];
      if ((word === 'const' || word === 'let' || word === 'var') && s[i - 1] !== '.') break;
    }
  }
  if (i < stop) return undefined;
  const start = s[i] === ',' ? i + 1 : i + /^[\w$]+/.exec(s.slice(i, i + 6))![0].length;
  const declarator = /^\s*([\w$]+|\{[^{}]*\})\s*(?::[\s\S]*)?$/.exec(s.slice(start, equals));
  return declarator ? { pattern: declarator[1]!, at: i } : undefined;
}

type Bind = (local: string, imported: string) => void;

// `import type X from`, `import type { X } from`, `export type * from` bind nothing at run time.
function isTypeOnly(raw: string): boolean {
  return /^type\s+(?!from\b)[\w${*]/.test(raw.trim());
}

function parseEsmClause(raw: string, bind: Bind): void {
  const clause = raw.trim();
  const ns = /\*\s*as\s+([\w$]+)/.exec(clause);
  if (ns) bind(ns[1]!, '*');
  const braces = /\{([^{}]*)\}/.exec(clause);
  for (const entry of braces?.[1]!.split(',') ?? []) {
    const e = entry.trim();
    if (e === '' || /^type\s+[\w$]/.test(e)) continue;
    const alias = /^(.+?)\s+as\s+([\w$]+)$/.exec(e);
    if (alias) bind(alias[2]!, unquote(alias[1]!));
    else bind(e, e);
  }
  const def = /^([\w$]+)\s*(?:,|$)/.exec(clause);
  if (def) bind(def[1]!, 'default');
}

function parsePattern(pattern: string, bind: Bind): void {
  if (!pattern.startsWith('{')) {
    bind(pattern, '*');
    return;
  }
  for (const entry of pattern.slice(1, -1).split(',')) {
    const e = entry.replace(/=[\s\S]*$/, '').trim();
    if (e === '') continue;
    const rest = /^\.\.\.\s*([\w$]+)$/.exec(e);
    const renamed = /^(.+?)\s*:\s*([\w$]+)$/.exec(e);
    if (rest) bind(rest[1]!, '*');
    else if (renamed) bind(renamed[2]!, unquote(renamed[1]!));
    else bind(e, e);
  }
}

// A quoted export name was blanked (`'a-b' as x` reads `'   ' as x`); the local name is what matters.
function unquote(name: string): string {
  return /^['"]/.test(name) ? '?' : name.trim();
}
