import { BlankedText, lineEnd } from './text.js';

/**
 * ABAP (research test-runners.md §5.3): `*` in column 1 comments out its line, `"` comments to
 * the line end. '…' and `…` literals (a doubled delimiter escapes it) and the text of |…| string
 * templates (backslash escapes) end at their line at the latest. A template's embedded
 * expressions `{ … }` stay code (they run), lexed by the same rules: `|{ lines( t ) }|`.
 */

const NL = 10;
const DQ = 34;
const SQ = 39;
const STAR = 42;
const BACKSLASH = 92;
const BACKTICK = 96;
const OPEN = 123;
const BAR = 124;
const CLOSE = 125;
// Deeper embedded expressions stay text: real code nests a level or two, and the lexer must not overflow the stack.
const MAX_NESTING = 64;

export function blankAbap(text: string): string {
  const out = new BlankedText(text);
  code(text, 0, out, 0);
  return out.toString();
}

/** Code from `i`: to the end, or, in an embedded expression (`nesting` > 0), to just after its closing `}`. */
function code(t: string, i: number, out: BlankedText, nesting: number): number {
  const embedded = nesting > 0;
  let depth = 0;
  while (i < t.length) {
    const c = t.charCodeAt(i);
    if (c === DQ || (c === STAR && (i === 0 || t.charCodeAt(i - 1) === NL))) {
      const end = lineEnd(t, i);
      out.blank(i, end);
      i = end;
    } else if (c === SQ || c === BACKTICK) i = literal(t, i, out);
    else if (c === BAR) i = template(t, i, out, nesting);
    else if (embedded && c === OPEN) (depth++, i++);
    else if (embedded && c === CLOSE) {
      i++;
      if (depth-- === 0) return i;
    } else i++;
  }
  return i;
}

/** '…' or `…` from its opening delimiter at `i`: `'it''s'` is one literal. */
function literal(t: string, i: number, out: BlankedText): number {
  const q = t.charCodeAt(i);
  let j = i + 1;
  while (j < t.length && t.charCodeAt(j) !== NL) {
    if (t.charCodeAt(j) !== q) j++;
    else if (t.charCodeAt(j + 1) === q) j += 2;
    else {
      out.blank(i + 1, j);
      return j + 1;
    }
  }
  out.blank(i + 1, j);
  return j;
}

/** |…| from its opening bar at `i`: `\|` `\{` `\\` escape, `{ … }` is an embedded expression. */
function template(t: string, i: number, out: BlankedText, nesting: number): number {
  let j = i + 1;
  let from = j;
  while (j < t.length) {
    const c = t.charCodeAt(j);
    if (c === NL) break;
    if (c === BACKSLASH && t.charCodeAt(j + 1) !== NL) j += 2;
    else if (c === BAR) {
      out.blank(from, j);
      return j + 1;
    } else if (c === OPEN && nesting < MAX_NESTING) {
      out.blank(from, j);
      j = code(t, j + 1, out, nesting + 1);
      from = j;
    } else j++;
  }
  out.blank(from, Math.min(j, t.length));
  return Math.min(j, t.length);
}
