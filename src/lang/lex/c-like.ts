import { scanChar, scanRustString, scanString, scanUntil } from './c-literals.js';
import type { CSyntax } from './c-syntax.js';
import { BlankedText, isWordCode, lineEnd, type LiteralSpan, wordEnd } from './text.js';

const SLASH = 47;
const STAR = 42;
const DQ = 34;
const SQ = 39;
const BACKTICK = 96;
const NEWLINE = 10;
const OPEN = 123;
const CLOSE = 125;

const RUST_PREFIX = /^(?:r|b|br|c|cr)$/;
const MAX_NESTING = 64;

/** Comments and literal contents become spaces; every '\n' stays in place. */
export function blankCLike(text: string, syntax: CSyntax): string {
  const out = new BlankedText(text);
  new CLexer(text, syntax).code(0, out);
  return out.toString();
}

class CLexer {
  constructor(
    private readonly text: string,
    private readonly s: CSyntax,
  ) {}

  private nesting = 0;

  /**
   * An interpolation's code, from just after its `{` to just after its `}`. Strings nested in
   * interpolations deeper than MAX_NESTING (no real code does) run to the end of the file: the
   * recursion stays bounded whatever the input (`$"{$"{$"{…` overflowed the stack).
   */
  private readonly interpolation = (i: number, oneLine: boolean): number => {
    if (this.nesting >= MAX_NESTING) return this.text.length;
    this.nesting++;
    try {
      return this.code(i, undefined, oneLine);
    } finally {
      this.nesting--;
    }
  };

  /**
   * Walks code from `i`. At the top level (`out` given) it blanks comments and literals and runs
   * to the end; inside an interpolation it returns just after the `}` that closes it (or, with
   * `oneLine`, at the line break that ends the unterminated string around it).
   */
  code(i: number, out?: BlankedText, oneLine = false): number {
    const t = this.text;
    let depth = 0;
    while (i < t.length) {
      const c = t.charCodeAt(i);
      // A literal starts at `start`; its span's head counts any prefix (`r#"`, `$@"`, `b'`).
      const start = i;
      let span: LiteralSpan | undefined;
      if (c === SLASH && (t.charCodeAt(i + 1) === SLASH || t.charCodeAt(i + 1) === STAR)) {
        const end = t.charCodeAt(i + 1) === SLASH ? lineEnd(t, i) : this.blockComment(i);
        out?.blank(i, end);
        i = end;
        continue;
      }
      if (c === DQ) span = scanString(t, i, '', this.s, this.interpolation);
      else if (c === SQ) span = scanChar(t, i);
      else if (c === BACKTICK && this.s.backtickStrings) span = scanUntil(t, i, 1, '`', false);
      else if (c === BACKTICK && this.s.backtickNames) {
        const close = t.indexOf('`', i + 1);
        i = close === -1 || close > lineEnd(t, i) ? i + 1 : close + 1;
        continue;
      } else if ((c === 64 /* @ */ || c === 36) /* $ */ && this.s.csharp) {
        let j = i;
        while (t.charCodeAt(j) === 64 || t.charCodeAt(j) === 36) j++;
        if (t.charCodeAt(j) !== DQ) {
          i = j;
          continue;
        }
        span = scanString(t, j, t.slice(i, j), this.s, this.interpolation);
      } else if (isWordCode(c)) {
        const j = wordEnd(t, i);
        const word = t.slice(i, j);
        const next = t.charCodeAt(j);
        if (this.s.rust && RUST_PREFIX.test(word) && (next === DQ || next === 35 /* # */ || (next === SQ && word === 'b'))) {
          span = next === SQ ? scanChar(t, j) : scanRustString(t, j, word);
          // `r#ident` is a raw identifier; `b'` that is no character literal is code too.
          if (span.head > 0) span = { ...span, head: span.head + word.length };
        }
        if (span === undefined || span.head === 0) {
          i = j;
          continue;
        }
      } else if (out === undefined) {
        if (c === OPEN) depth++;
        else if (c === CLOSE && depth-- === 0) return i + 1;
        else if (c === NEWLINE && oneLine) return i;
      }
      if (span === undefined || span.head === 0) {
        i = span?.end ?? i + 1;
        continue;
      }
      out?.literal(start, span.end, span.head, span.tail);
      i = span.end;
    }
    return i;
  }

  private blockComment(i: number): number {
    const t = this.text;
    let depth = 0;
    let j = i;
    while (j < t.length) {
      if (t.charCodeAt(j) === SLASH && t.charCodeAt(j + 1) === STAR && (depth === 0 || this.s.nestedComments)) {
        depth++;
        j += 2;
      } else if (t.charCodeAt(j) === STAR && t.charCodeAt(j + 1) === SLASH) {
        j += 2;
        if (--depth === 0) return j;
      } else j++;
    }
    return t.length;
  }
}
