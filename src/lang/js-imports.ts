import type { ImportBinding } from './profile.js';

/**
 * Import bindings, read from blanked text (comments are already whitespace, so
 * `import { a, /* b *\/ c } from 'x'` needs no special case). The specifier is read from the
 * original text between the kept quotes. Best effort: nested destructuring
 * (`const { a: { b } } = require('x')`) and computed `require(name)` are not followed.
 */

// import a, { b as c, type D } from 'x' · import * as ns from 'x' · import type { T } from 'x'
const ESM = /(?<![\w$.])import(?![\w$])(?!\s*[.(])\s*([^;'"`()]*?)\bfrom\s*(['"])/g;
// TypeScript: import fs = require('fs')
const TS_REQUIRE = /(?<![\w$.])import\s+([\w$]+)\s*=\s*require\s*\(\s*(['"])/g;
// const x = require('x') · let { a, b: c } = await import('x') · , y: Y = require('y')
const CJS =
  /(?:(?<![\w$.])(?:const|let|var)\s+|,\s*)([\w$]+|\{[^{}]*\})(?:\s*:\s*[^=;{}]+?)?\s*=[\s(]*(?:await\s+)?[\s(]*(?<![\w$.])(?:require|import)\s*\(\s*(['"])/g;

/** Every binding, in source order. */
export function parseJsImports(blanked: string, text: string): ImportBinding[] {
  const found: { offset: number; binding: ImportBinding }[] = [];
  const add = (offset: number, local: string, imported: string, specifier: string): void => {
    if (/^[\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]*$/u.test(local)) {
      found.push({ offset, binding: { local, imported, specifier } });
    }
  };
  for (const m of blanked.matchAll(ESM)) {
    const specifier = readSpecifier(blanked, text, m.index + m[0].length - 1);
    if (specifier !== undefined) parseEsmClause(m[1]!, (local, imported) => add(m.index, local, imported, specifier));
  }
  for (const m of blanked.matchAll(TS_REQUIRE)) {
    const specifier = readSpecifier(blanked, text, m.index + m[0].length - 1);
    if (specifier !== undefined) add(m.index, m[1]!, '*', specifier);
  }
  for (const m of blanked.matchAll(CJS)) {
    const specifier = readSpecifier(blanked, text, m.index + m[0].length - 1);
    if (specifier !== undefined) parsePattern(m[1]!, (local, imported) => add(m.index, local, imported, specifier));
  }
  return found.sort((a, b) => a.offset - b.offset).map((f) => f.binding);
}

// The blanked string is its quotes around spaces, so the closing quote is the next one.
function readSpecifier(blanked: string, text: string, open: number): string | undefined {
  const quote = blanked[open]!;
  const close = blanked.indexOf(quote, open + 1);
  if (close === -1 || blanked.lastIndexOf('\n', close) > open) return undefined;
  return text.slice(open + 1, close);
}

type Bind = (local: string, imported: string) => void;

function parseEsmClause(raw: string, bind: Bind): void {
  const clause = raw.trim();
  // `import type X from` and `import type { X } from` bind nothing at run time.
  if (/^type\s+(?!from\b)[\w${*]/.test(clause)) return;
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
