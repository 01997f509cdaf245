import type { CSyntax } from './c-syntax.js';
import { lineEnd, type LiteralSpan } from './text.js';

/**
 * The literals of the C-like family (c-like.ts; its options in c-syntax.ts), each scanned from its opening delimiter to the
 * end of its closing one. An interpolation (`${…}`, C# `{…}`) is code: `interpolation` walks it
 * with the family's lexer and returns the offset after its `}`.
 */
export type Interpolation = (i: number, oneLine: boolean) => number;

const DQ = 34;
const SQ = 39;
const BACKSLASH = 92;
const NEWLINE = 10;
const OPEN = 123;
const DOLLAR = 36;

/**
 * A character literal at `i` ('x', '\n', '\u{1F600}', '"'). Otherwise `head: 0`: a Rust
 * lifetime or loop label ('a, 'static), a Scala symbol — code.
 */
export function scanChar(t: string, i: number): LiteralSpan {
  const none = { end: i + 1, head: 0, tail: 0 };
  const c = t.charCodeAt(i + 1);
  if (c === BACKSLASH) {
    const close = t.indexOf("'", i + 3);
    return close !== -1 && close - i <= 12 && close < lineEnd(t, i) ? { end: close + 1, head: 1, tail: 1 } : none;
  }
  if (c === NEWLINE || Number.isNaN(c)) return none;
  const width = c >= 0xd800 && c <= 0xdbff ? 2 : 1;
  return t.charCodeAt(i + 1 + width) === SQ ? { end: i + 2 + width, head: 1, tail: 1 } : none;
}

/** Rust raw and byte strings after the prefix word: r#"…"#, br"…", b"…", c"…". */
export function scanRustString(t: string, i: number, word: string): LiteralSpan {
  if (!word.includes('r')) return t.charCodeAt(i) === DQ ? scanUntil(t, i, 1, '"', true) : { end: i, head: 0, tail: 0 };
  let hashes = 0;
  while (t.charCodeAt(i + hashes) === 35) hashes++;
  if (t.charCodeAt(i + hashes) !== DQ) return { end: i, head: 0, tail: 0 };
  const closer = '"' + '#'.repeat(hashes);
  const close = t.indexOf(closer, i + hashes + 1);
  return close === -1 ? { end: t.length, head: hashes + 1, tail: 0 } : { end: close + closer.length, head: hashes + 1, tail: closer.length };
}

/**
 * A literal that opens with `head` characters at `i` and ends at the next `closer`; with
 * `escapes`, a backslash takes the next character with it.
 */
export function scanUntil(t: string, i: number, head: number, closer: string, escapes: boolean): LiteralSpan {
  let j = i + head;
  while (j < t.length) {
    const c = t.charCodeAt(j);
    if (escapes && c === BACKSLASH) j += 2;
    else if (t.startsWith(closer, j)) return { end: j + closer.length, head, tail: closer.length };
    else j++;
  }
  return { end: t.length, head, tail: 0 };
}

/**
 * A "…" literal whose first quote is at `i`, after a C# `prefix` (`@`, `$`, `$@`, `$$`…).
 * The span's head counts the prefix.
 */
export function scanString(t: string, i: number, prefix: string, s: CSyntax, interpolation: Interpolation): LiteralSpan {
  let quotes = 0;
  // Counted up to 64: a run of quotes read again from each of its quotes was quadratic.
  while (quotes < 64 && t.charCodeAt(i + quotes) === DQ) quotes++;
  const verbatim = prefix.includes('@');
  const dollars = prefix.length - prefix.replaceAll('$', '').length;
  const grow = (span: LiteralSpan): LiteralSpan => ({ ...span, head: span.head + prefix.length });
  if (quotes >= 3 && s.tripleQuotes === 'csharp' && !verbatim) {
    // C# 11 raw string: closed by as many quotes as opened it.
    return grow(scanUntil(t, i, quotes, '"'.repeat(quotes), false));
  }
  if (quotes >= 3 && s.tripleQuotes === 'java') return scanUntil(t, i, 3, '"""', true);
  if (quotes >= 3 && s.tripleQuotes === 'kotlin') return scanKotlinRaw(t, i, interpolation);
  // An ordinary "…" (also "" — empty — followed by whatever comes next).
  let j = i + 1;
  const multiLine = verbatim || s.rust === true;
  while (j < t.length) {
    const c = t.charCodeAt(j);
    if (c === DQ) {
      if (verbatim && t.charCodeAt(j + 1) === DQ) {
        j += 2;
        continue;
      }
      return grow({ end: j + 1, head: 1, tail: 1 });
    }
    if (c === BACKSLASH && !verbatim) j += 2;
    else if (c === NEWLINE && !multiLine) return grow({ end: j, head: 1, tail: 0 });
    else if (c === DOLLAR && s.dollarTemplates && t.charCodeAt(j + 1) === OPEN) j = interpolation(j + 2, !multiLine);
    else if (c === OPEN && dollars > 0) {
      if (t.charCodeAt(j + 1) === OPEN) j += 2;
      else j = interpolation(j + 1, !multiLine);
    } else j++;
  }
  return grow({ end: t.length, head: 1, tail: 0 });
}

/** Kotlin """…""": no escapes, `${…}` templates, and a run of more than three quotes ends it at its last three. */
function scanKotlinRaw(t: string, i: number, interpolation: Interpolation): LiteralSpan {
  let j = i + 3;
  while (j < t.length) {
    if (t.charCodeAt(j) === DQ && t.charCodeAt(j + 1) === DQ && t.charCodeAt(j + 2) === DQ) {
      let k = j + 3;
      while (t.charCodeAt(k) === DQ) k++;
      return { end: k, head: 3, tail: 3 };
    }
    if (t.charCodeAt(j) === DOLLAR && t.charCodeAt(j + 1) === OPEN) j = interpolation(j + 2, false);
    else j++;
  }
  return { end: t.length, head: 3, tail: 0 };
}
