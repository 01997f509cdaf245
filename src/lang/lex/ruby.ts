import { embeddedDocEnd, heredocOpener, Heredocs, isDataEnd, isLine } from './ruby-lines.js';
import { BlankedText, isWordCode, lineEnd, wordEnd } from './text.js';

/**
 * Ruby (the hash-comment family, research test-runners.md §5.3): `#` comments, `=begin`…`=end`
 * at line starts, everything after an `__END__` line (data), '…' "…" `…` strings, %-literals
 * with any delimiter (bracket pairs nest), heredocs, /regex/ literals and ?x character literals.
 * A literal's text is blanked, but its `#{…}` interpolations stay code (they run), lexed by the
 * same rules: `"#{expect(x).to eq 1}"` counts, `"expect(x) #{y}"` does not. Heredoc bodies are
 * blanked whole, interpolations included: a body ends at its terminator line, found first.
 */

const NL = 10;
const TAB = 9;
const CR = 13;
const SPACE = 32;
const BANG = 33;
const DQ = 34;
const HASH = 35;
const DOLLAR = 36;
const PERCENT = 37;
const SQ = 39;
const CLOSE_PAREN = 41;
const SLASH = 47;
const LT = 60;
const EQ = 61;
const QUESTION = 63;
const AT = 64;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const BACKTICK = 96;
const OPEN = 123;
const CLOSE = 125;

const PAIRS = new Map([
  [40, 41],
  [91, 93],
  [123, 125],
  [60, 62],
]); // () [] {} <>
// The letter of a %-literal → whether it interpolates: %q %w %i %s never do; %Q %W %I %r %x and a bare %(…) do.
const PERCENT_KINDS = new Map(Object.entries({ q: false, w: false, i: false, s: false, Q: true, W: true, I: true, r: true, x: true }));
// $' $" $` $/ $? are global variables, not the start of a literal.
const SPECIAL_GLOBALS = new Set([SQ, DQ, BACKTICK, SLASH, QUESTION]);
// Deeper interpolations stay text: real code nests a level or two, and the lexer must not overflow the stack.
const MAX_NESTING = 64;

export function blankRuby(text: string): string {
  const out = new BlankedText(text);
  new RubyLexer(text, out).code(0, true);
  return out.toString();
}

class RubyLexer {
  private readonly heredocs: Heredocs;
  private nesting = 0;

  constructor(
    private readonly t: string,
    private readonly out: BlankedText,
  ) {
    this.heredocs = new Heredocs(t);
  }

  /** Code from `i`: at the top level to the end; in an interpolation, to just after its closing `}`. */
  code(i: number, top: boolean): number {
    const t = this.t;
    let depth = 0;
    while (i < t.length) {
      if (top && (i === 0 || t.charCodeAt(i - 1) === NL)) {
        if (isLine(t, i, '=begin')) {
          const end = embeddedDocEnd(t, i);
          this.out.blank(i, end);
          i = end;
          continue;
        }
        if (isDataEnd(t, i)) {
          this.out.blank(lineEnd(t, i), t.length);
          return t.length;
        }
      }
      const c = t.charCodeAt(i);
      if (c === NL) i = this.heredocs.waiting ? this.heredocs.bodies(i, this.out) : i + 1;
      else if (c === HASH) {
        const end = lineEnd(t, i);
        this.out.blank(i, end);
        i = end;
      } else if (c === DQ || c === BACKTICK) i = this.delimited(i + 1, c, c, true);
      else if (c === SQ) i = this.delimited(i + 1, c, c, false);
      else if (isWordCode(c)) {
        // A whole name, with its `?` or `!` (`empty?`, `save!`, not `a!=b`): that `?` is no character literal.
        i = wordEnd(t, i);
        const s = t.charCodeAt(i);
        if ((s === QUESTION || s === BANG) && t.charCodeAt(i + 1) !== EQ) i++;
      } else if (c === DOLLAR) i += SPECIAL_GLOBALS.has(t.charCodeAt(i + 1)) ? 2 : 1;
      else if (c === QUESTION) i = this.character(i);
      else if (c === SLASH) i = this.regex(i);
      else if (c === PERCENT) i = this.percent(i);
      else if (c === LT && t.charCodeAt(i + 1) === LT) i = this.heredoc(i);
      else if (c === OPEN) (depth++, i++);
      else if (c === CLOSE) {
        i++;
        if (!top && depth-- === 0) return i;
      } else i++;
    }
    return i;
  }

  /**
   * The text of a literal from `i` (after its opening delimiter) to just after `close`; `open`
   * nests when it differs (`%q(a (b) c)`). A backslash takes the next character with it.
   */
  private delimited(i: number, open: number, close: number, interpolates: boolean): number {
    const t = this.t;
    let depth = 0;
    let from = i;
    while (i < t.length) {
      const c = t.charCodeAt(i);
      if (c === BACKSLASH) i += 2;
      else if (c === close) {
        if (depth-- === 0) {
          this.out.blank(from, i);
          return i + 1;
        }
        i++;
      } else if (c === open) (depth++, i++);
      else if (interpolates && c === HASH && t.charCodeAt(i + 1) === OPEN && this.nesting < MAX_NESTING) {
        this.out.blank(from, i);
        this.nesting++;
        i = this.code(i + 2, false);
        this.nesting--;
        from = i;
      } else i++;
    }
    this.out.blank(from, t.length);
    return t.length;
  }

  /**
   * May a literal (/regex/, %-literal, heredoc) start at `i`, where `/` could also divide, `%`
   * take a modulo and `<<` append? Yes at a line start and after an operator, an opening bracket
   * or a comma; no after a value (`)` `]` `}` a quote, a number, `@x`, `$x`); after any other
   * name only with a space before and none after (`split /,/`, `puts %w[a]`, not `a / b`): Ruby's
   * own rule for a name it does not know as a local variable. `next` is the character after the
   * operator.
   */
  private mayStartLiteral(i: number, next: number): boolean {
    const t = this.t;
    let j = i - 1;
    while (j >= 0 && (t.charCodeAt(j) === SPACE || t.charCodeAt(j) === TAB)) j--;
    if (j < 0) return true;
    const spaced = j < i - 1;
    let p = t.charCodeAt(j);
    if (p === NL) return true;
    if (p === CLOSE_PAREN || p === CLOSE_BRACKET || p === CLOSE || p === DQ || p === SQ || p === BACKTICK) return false;
    if ((p === QUESTION || p === BANG) && j > 0 && isWordCode(t.charCodeAt(j - 1))) p = t.charCodeAt(--j);
    if (!isWordCode(p)) return true;
    let k = j;
    while (k > 0 && isWordCode(t.charCodeAt(k - 1))) k--;
    const first = t.charCodeAt(k);
    const sigil = t.charCodeAt(k - 1);
    if ((first >= 48 && first <= 57) || sigil === AT || sigil === DOLLAR) return false;
    const n = t.charCodeAt(next);
    return spaced && !(n === SPACE || n === TAB || n === NL || n === CR || n === EQ);
  }

  /** `/…/` on one line (one that does not close on its line is a division); `#{…}` is code. */
  private regex(i: number): number {
    if (!this.mayStartLiteral(i, i + 1) || !closesOnLine(this.t, i + 1)) return i + 1;
    return this.delimited(i + 1, SLASH, SLASH, true);
  }

  /** %(…) %q{…} %w[…] %i<…> %r|…| …: any punctuation delimits. */
  private percent(i: number): number {
    const t = this.t;
    const kind = PERCENT_KINDS.get(t.charAt(i + 1));
    const d = kind !== undefined && isDelimiter(t.charCodeAt(i + 2)) ? i + 2 : i + 1;
    if (!isDelimiter(t.charCodeAt(d)) || !this.mayStartLiteral(i, i + 1)) return i + 1;
    const open = t.charCodeAt(d);
    return this.delimited(d + 1, open, PAIRS.get(open) ?? open, d === i + 1 || kind === true);
  }

  /**
   * `?a` `?"` `?\n`: a character literal when `?` is followed by one character and then no name
   * character; otherwise (`a ? b : c`, `x ?"y":"z"`) the ternary operator.
   */
  private character(i: number): number {
    const t = this.t;
    const c = t.charCodeAt(i + 1);
    if (c === BACKSLASH && t.charCodeAt(i + 2) !== NL && i + 2 < t.length) {
      this.out.blank(i + 1, i + 3);
      return i + 3;
    }
    if (Number.isNaN(c) || c === SPACE || c === TAB || c === NL || c === CR) return i + 1;
    const width = c >= 0xd800 && c <= 0xdbff ? 2 : 1;
    if (isWordCode(t.charCodeAt(i + 1 + width))) return i + 1;
    this.out.blank(i + 1, i + 1 + width);
    return i + 1 + width;
  }

  /** `<<` at `i`: a heredoc opener (kept as code, its body blanked when the line ends) or `<<` the operator. */
  private heredoc(i: number): number {
    const opener = heredocOpener(this.t, i);
    if (opener === undefined || !this.mayStartLiteral(i, i + 2) || !this.heredocs.add(i, opener)) return i + 2;
    return opener.end;
  }
}

/** Does the regex whose text starts at `i` close on its line (escapes and `#{…}` skipped)? */
function closesOnLine(t: string, i: number): boolean {
  let depth = 0;
  for (; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === NL) return false;
    if (c === BACKSLASH) i++;
    else if (c === HASH && t.charCodeAt(i + 1) === OPEN) (depth++, i++);
    else if (c === CLOSE && depth > 0) depth--;
    else if (c === SLASH && depth === 0) return true;
  }
  return false;
}

/** Printable ASCII punctuation: what may delimit a %-literal. */
function isDelimiter(c: number): boolean {
  return c > SPACE && c < 127 && !isWordCode(c);
}
