import type { Call } from './calls.js';
import { isDeclared } from './match.js';
import type { LanguageId } from '../profile.js';

/**
 * Functions, methods and macros a file defines, with the extent of their bodies, read from blanked
 * text with the bracket table of calls.ts (matchBrackets). What counts is the body's text: a
 * function whose body (nested functions included) asserts is a helper that asserts. Every search
 * is a global RegExp with bounded repetitions, or a bounded walk from a match: linear.
 */

export interface Definition {
  /** The name a call uses: `check`, `run`, `eqnice!` (a macro). */
  name: string;
  /** Offset of the name where it is defined (a call scanned there is no call). */
  nameAt: number;
  /** The body: from its first character to its last (a brace pair, an expression, an indented block). */
  start: number;
  end: number;
}

const MAX_HEAD = 300;

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
}

/**
 * The body that follows a parameter list closing at `close`: a brace block after an optional
 * return type or `throws` clause (`) : Promise<void> {`, `) (int, error) {`, `) throws E {`), or an
 * arrow's body (`) => {…}`, `) => expr`). Undefined when a `;` or `=` comes first (a call, a
 * prototype).
 */
export function bodyAfter(s: string, brackets: Int32Array, close: number): { start: number; end: number } | undefined {
  const stop = Math.min(s.length, close + MAX_HEAD);
  for (let i = close + 1; i < stop; i++) {
    const c = s[i]!;
    if (c === '{') return brackets[i] === -1 ? undefined : { start: i, end: brackets[i]! };
    if (c === '=' && s[i + 1] === '>') return arrowBody(s, brackets, i + 2);
    if (c === '(' || c === '[') {
      if (brackets[i] === -1) return undefined;
      i = brackets[i]!;
    } else if (c === ';' || c === '}' || c === ')' || c === '=' || c === ',') return undefined;
  }
  return undefined;
}

/** An arrow's body from just after `=>`: a block, or an expression up to its end. */
export function arrowBody(s: string, brackets: Int32Array, from: number): { start: number; end: number } | undefined {
  let i = from;
  while (isSpace(s[i])) i++;
  if (s[i] === '{') return brackets[i] === -1 ? undefined : { start: i, end: brackets[i]! };
  const stop = Math.min(s.length, i + 2_000);
  let j = i;
  for (; j < stop; j++) {
    const c = s[j]!;
    if (c === '(' || c === '[' || c === '{') {
      if (brackets[j] === -1) break;
      j = brackets[j]!;
    } else if (c === ';' || c === ',' || c === ')' || c === ']' || c === '}' || c === '\n') break;
  }
  return j > i ? { start: i, end: j } : undefined;
}

function fromParams(s: string, brackets: Int32Array, name: string, nameAt: number, paren: number, out: Definition[]): void {
  const close = brackets[paren];
  if (close === undefined || close === -1) return;
  const body = bodyAfter(s, brackets, close);
  if (body) out.push({ name, nameAt, ...body });
}

// JS/TS: function check( · async function* gen( · const check = (…) => · let check = async x => · var check = function (
const JS_FUNCTION = /(?<![\w$.])function\b\s*\*?\s*([\w$]+)\s*(?:<[^<>(){};]{0,200}>)?\s*\(/g;
const JS_BOUND = /(?<![\w$.])(?:const|let|var)\s+([\w$]+)\s*(?::[^=;\n]{0,200})?=\s*(?:async\b\s*)?(?:function\b\s*\*?\s*[\w$]*\s*\(|(?=\()|([\w$]+)\s*=>)/g;
// CommonJS: exports.check = function ( · module.exports.check = (t) => · exports.check = async t =>
const JS_EXPORTED = /(?<![\w$.])(?:module\s*\.\s*)?exports\s*\.\s*([\w$]+)\s*=\s*(?:async\b\s*)?(?:function\b\s*\*?\s*[\w$]*\s*\(|(?=\()|([\w$]+)\s*=>)/g;
// Python: def check( · async def check( — the body is the indented block below.
const PY_DEF = /^([ \t]*)(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(/gm;
// Go: func check( · func (h *harness) check( · check := func(
const GO_FUNC = /^func[ \t]*(?:\([^()\n]{0,200}\)[ \t]*)?(\w+)[ \t]*(?:\[[^\]\n]{0,200}\][ \t]*)?\(/gm;
const GO_LITERAL = /(?<![\w.])(\w+)[ \t]*:?=[ \t]*func[ \t]*\(/g;
// Rust: fn check( · fn check<T: Debug>( · macro_rules! eqnice { · let check = |x| {
const RUST_FN = /(?<![\w])fn\s+(\w+)\s*(?:<[^{};()]{0,200}>)?\s*\(/g;
const RUST_MACRO = /(?<![\w])macro_rules\s*!\s*(\w+)\s*[{([]/g;
const RUST_CLOSURE = /(?<![\w])let\s+(\w+)\s*=\s*(?:move\s*)?\|[^|;{}]{0,200}\|\s*\{/g;

/** The definitions of a file, in no particular order. */
export function findDefinitions(language: LanguageId, s: string, brackets: Int32Array, calls: readonly Call[]): Definition[] {
  const out: Definition[] = [];
  switch (language) {
    case 'js':
      for (const m of s.matchAll(JS_FUNCTION)) fromParams(s, brackets, m[1]!, m.index + m[0].indexOf(m[1]!, 8), m.index + m[0].length - 1, out);
      for (const m of [...s.matchAll(JS_BOUND), ...s.matchAll(JS_EXPORTED)]) {
        const nameAt = m.index + m[0].lastIndexOf(m[1]!, m[0].indexOf('='));
        const end = m.index + m[0].length;
        if (m[2] !== undefined) {
          const body = arrowBody(s, brackets, s.indexOf('=>', end - 2) + 2);
          if (body) out.push({ name: m[1]!, nameAt, ...body });
        } else {
          fromParams(s, brackets, m[1]!, nameAt, s[end - 1] === '(' ? end - 1 : end, out);
        }
      }
      // Methods: `run(ruleName, rule, tests) {` in a class or an object literal.
      methods(s, brackets, calls, (c) => !c.name.includes('.'), out);
      break;
    case 'python':
      pythonDefs(s, out);
      break;
    case 'go':
      for (const m of s.matchAll(GO_FUNC)) fromParams(s, brackets, m[1]!, m.index + m[0].lastIndexOf(m[1]!, m[0].length - 1), m.index + m[0].length - 1, out);
      for (const m of s.matchAll(GO_LITERAL)) fromParams(s, brackets, m[1]!, m.index, m.index + m[0].length - 1, out);
      break;
    case 'rust':
      for (const m of s.matchAll(RUST_FN)) fromParams(s, brackets, m[1]!, m.index + m[0].indexOf(m[1]!, 2), m.index + m[0].length - 1, out);
      for (const m of s.matchAll(RUST_MACRO)) {
        const open = m.index + m[0].length - 1;
        if (brackets[open] !== -1) out.push({ name: `${m[1]}!`, nameAt: m.index + m[0].indexOf(m[1]!, 11), start: open, end: brackets[open]! });
      }
      for (const m of s.matchAll(RUST_CLOSURE)) {
        const open = m.index + m[0].length - 1;
        if (brackets[open] !== -1) out.push({ name: m[1]!, nameAt: m.index + m[0].indexOf(m[1]!, 3), start: open, end: brackets[open]! });
      }
      break;
    case 'java':
    case 'csharp':
      methods(s, brackets, calls, (c) => !c.name.includes('.') && isDeclared(s, c.start, true), out);
      break;
    case 'kotlin':
      methods(s, brackets, calls, (c) => !c.name.includes('.') && isDeclared(s, c.start, false), out);
      break;
    default:
      break;
  }
  return out;
}

const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'with', 'super', 'constructor']);

// A call-shaped head followed by a body is a method: `run(a, b) {`, `void check(int x) throws E {`.
function methods(s: string, brackets: Int32Array, calls: readonly Call[], keep: (c: Call) => boolean, out: Definition[]): void {
  for (const c of calls) {
    if (c.close === -1 || NOT_METHODS.has(c.name) || s[c.open] !== '(' || !keep(c)) continue;
    const body = bodyAfter(s, brackets, c.close);
    if (body && s[body.start] === '{') out.push({ name: c.name, nameAt: c.start, ...body });
  }
}

/** Python: each def's body runs to the next non-blank line indented no deeper than the def. */
function pythonDefs(s: string, out: Definition[]): void {
  const defs = [...s.matchAll(PY_DEF)];
  if (defs.length === 0) return;
  // Line starts and indents, then for each def line the next line at or left of its indent:
  // a monotonic stack over the lines, so the whole file is one pass.
  const starts: number[] = [0];
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) starts.push(i + 1);
  const indent = starts.map((at, k) => {
    const end = k + 1 < starts.length ? starts[k + 1]! - 1 : s.length;
    let j = at;
    while (j < end && (s[j] === ' ' || s[j] === '\t')) j++;
    return j === end || s[j] === '\r' ? -1 : j - at; // -1: a blank line
  });
  const endOfBlock = new Int32Array(starts.length).fill(s.length);
  const open: number[] = [];
  indent.forEach((width, k) => {
    if (width === -1) return;
    while (open.length > 0 && indent[open.at(-1)!]! >= width) endOfBlock[open.pop()!] = starts[k]! - 1;
    open.push(k);
  });
  let line = 0;
  for (const m of defs) {
    while (line + 1 < starts.length && starts[line + 1]! <= m.index) line++;
    const nameAt = m.index + m[0].lastIndexOf(m[2]!);
    out.push({ name: m[2]!, nameAt, start: m.index + m[0].length - 1, end: endOfBlock[line]! });
  }
}
