import { BlankedText, isWordCode, type LiteralSpan } from './text.js';

/**
 * The hash-comment family: `#` to the end of the line is a comment. The string syntax is the
 * language's own; Python's is here: '…' "…" '''…''' """…""" (docstrings too) with the prefixes
 * r b f u t rb br fr rf tr rt in any case. The whole literal is blanked, f-string `{…}`
 * expressions included, but they are lexed to find the literal's real end: since Python 3.12 an
 * expression may hold the same quote (`f"{d["k"]}"`). A line-continuation backslash is blanked
 * too: it is whitespace, and `pytest \⏎ .mark.skip` should read as one chain.
 */

const QUOTE1 = 39; // '
const QUOTE2 = 34; // "
const HASH = 35;
const BACKSLASH = 92;
const NEWLINE = 10;

const PREFIXES = new Set(['r', 'u', 'b', 'f', 't', 'br', 'rb', 'fr', 'rf', 'tr', 'rt']);

/** What the reading stops at: a comment, a quote, a backslash (everything else is code, copied as it is). */
const STOPS = ['#', "'", '"', '\\'];

export function blankPython(text: string): string {
  const out = new BlankedText(text);
  const n = text.length;
  // The next offset of each stop at or after `i` (n: none left), looked up again only once passed.
  const next = [-1, -1, -1, -1];
  let i = 0;
  while (i < n) {
    let j = n;
    for (let k = 0; k < 4; k++) {
      if (next[k]! < i) {
        const p = text.indexOf(STOPS[k]!, i);
        next[k] = p === -1 ? n : p;
      }
      if (next[k]! < j) j = next[k]!;
    }
    if (j === n) break;
    const c = text.charCodeAt(j);
    if (c === HASH) {
      const end = text.indexOf('\n', j);
      out.blank(j, end === -1 ? n : end);
      i = end === -1 ? n : end;
    } else if (c === BACKSLASH) {
      if (text.charCodeAt(j + 1) === NEWLINE || (text.charCodeAt(j + 1) === 13 && text.charCodeAt(j + 2) === NEWLINE)) out.blank(j, j + 1);
      i = j + 1;
    } else {
      // The whole word before the quote (from `i`: what came before was read): `rb'x'` is a prefixed string, `verb'x'` is not a prefix.
      let w = j;
      while (w > i && isWordCode(text.charCodeAt(w - 1))) w--;
      const prefix = w < j ? text.slice(w, j).toLowerCase() : '';
      const s = scanPythonString(text, j, PREFIXES.has(prefix) && (prefix.includes('f') || prefix.includes('t')));
      out.literal(j, s.end, s.head, s.tail);
      i = s.end;
    }
  }
  return out.toString();
}

/**
 * The string whose opening quote is at `i`. A backslash always takes the next character with it
 * (in raw strings too: `r"\""` is one string). A one-quote string ends, unterminated, at a line
 * break that no backslash continues.
 */
// f-strings nested deeper than this (no real code is) run to the end of the file: bounded recursion.
const MAX_NESTING = 64;

// A string with no replacement fields, to its closing quote in one match: up to the first quote (or
// line break, one-quote strings) no backslash takes; the character after the match says how it ended.
const PLAIN: Record<string, RegExp> = {
  "'": /[^'\\\n]*(?:\\[\s\S][^'\\\n]*)*/y,
  '"': /[^"\\\n]*(?:\\[\s\S][^"\\\n]*)*/y,
  "'''": /[^'\\]*(?:(?:\\[\s\S]|'(?!''))[^'\\]*)*/y,
  '"""': /[^"\\]*(?:(?:\\[\s\S]|"(?!""))[^"\\]*)*/y,
};

function scanPlainString(text: string, i: number, q: number, triple: boolean): LiteralSpan {
  const head = triple ? 3 : 1;
  const re = PLAIN[String.fromCharCode(q).repeat(head)]!;
  re.lastIndex = i + head;
  re.exec(text);
  const j = re.lastIndex;
  // A closing quote (the match stops at a quote only where it closes), else a line break, else the end (or a last lone backslash).
  if (text.charCodeAt(j) === q) return { end: j + head, head, tail: head };
  if (!triple && text.charCodeAt(j) === NEWLINE) return { end: j, head, tail: 0 };
  return { end: text.length, head, tail: 0 };
}

export function scanPythonString(text: string, i: number, formatted: boolean, nesting = 0): LiteralSpan {
  const q = text.charCodeAt(i);
  const triple = text.charCodeAt(i + 1) === q && text.charCodeAt(i + 2) === q;
  if (!formatted) return scanPlainString(text, i, q, triple);
  const head = triple ? 3 : 1;
  // Replacement fields of an f-string: 'expr' (code), 'bracket' ((…) […] {…} inside code), 'spec' (after ':').
  const fields: ('expr' | 'bracket' | 'spec')[] = [];
  let j = i + head;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    const top = fields[fields.length - 1];
    if (top === undefined || top === 'spec') {
      if (c === BACKSLASH && top === undefined) j += 2;
      else if (c === q && top === undefined && (!triple || (text.charCodeAt(j + 1) === q && text.charCodeAt(j + 2) === q))) {
        return { end: j + head, head, tail: head };
      } else if (c === NEWLINE && !triple) return { end: j, head, tail: 0 };
      else if (formatted && c === 123 /* { */) {
        if (top === undefined && text.charCodeAt(j + 1) === 123) j += 2;
        else (fields.push('expr'), j++);
      } else if (c === 125 /* } */ && top === 'spec') (fields.pop(), j++);
      else j++;
      continue;
    }
    // Inside an expression: nested strings are lexed whole, brackets counted.
    if (c === QUOTE1 || c === QUOTE2) {
      const nestedPrefix = /[rRbBfFuUtT]{0,2}$/.exec(text.slice(Math.max(0, j - 2), j))![0].toLowerCase();
      if (nesting >= MAX_NESTING) return { end: text.length, head, tail: 0 };
      j = scanPythonString(text, j, nestedPrefix.includes('f') || nestedPrefix.includes('t'), nesting + 1).end;
    } else if (c === NEWLINE && !triple) {
      return { end: j, head, tail: 0 };
    } else {
      if (c === 40 || c === 91 || c === 123) fields.push('bracket');
      else if (c === 41 || c === 93 || c === 125) fields.pop();
      else if (c === 58 /* : */ && top === 'expr') fields[fields.length - 1] = 'spec';
      j++;
    }
  }
  return { end: text.length, head, tail: 0 };
}
