import { BlankedText, isWordCode, type LiteralSpan } from './text.js';

/**
 * PHP: code lives between `<?php` (or `<?=`) and `?>`; what is outside is inline HTML, blanked.
 * Comments: `//` and `#` to the end of the line or a `?>`, `/* *\/` (a `/** … *\/` docblock too,
 * whose ranges are kept: PHPUnit's `@requires` and `@group` live there). `#[` opens an attribute,
 * which is code. Literals: '…' (only `\\` and `\'` escape), "…" and `…` (escapes, `$x`, `{$expr}`
 * and `${expr}` interpolated), heredoc `<<<ID` / `<<<"ID"` and nowdoc `<<<'ID'`, whose closing
 * identifier may be indented and followed by `;`, `,` or `)` (PHP 7.3). Literals are blanked whole,
 * interpolations included, but `{$…}` is lexed as code to find the literal's real end.
 */

const SLASH = 47;
const STAR = 42;
const HASH = 35;
const SQ = 39;
const DQ = 34;
const BACKTICK = 96;
const BACKSLASH = 92;
const NEWLINE = 10;
const QUESTION = 63;
const GT = 62;
const LT = 60;
const OPEN = 123;
const CLOSE = 125;
const DOLLAR = 36;
const BRACKET = 91;

const MAX_NESTING = 64;

export interface PhpLexed {
  blanked: string;
  /** [start, end) of each `/** … *\/` docblock, in order. */
  docs: [number, number][];
}

let last: { text: string; lexed: PhpLexed } | undefined;

/** Comments, literals and inline HTML become spaces; every '\n' stays in place. Always lexes (and keeps the answer for phpDocBlocks). */
export function blankPhp(text: string): string {
  return lexPhp(text).blanked;
}

/** The blanked text and the docblocks. */
export function lexPhp(text: string): PhpLexed {
  const out = new BlankedText(text);
  const docs: [number, number][] = [];
  new PhpLexer(text, docs).run(out);
  const lexed = { blanked: out.toString(), docs };
  last = { text, lexed };
  return lexed;
}

/** The docblocks of `text`: the last blankPhp's when it was this text (the profile asks after blanking), else lexed again. */
export function phpDocBlocks(text: string): [number, number][] {
  return last?.text === text ? last.lexed.docs : lexPhp(text).docs;
}

class PhpLexer {
  private nesting = 0;

  constructor(
    private readonly t: string,
    private readonly docs: [number, number][],
  ) {}

  run(out: BlankedText): void {
    let i = 0;
    while (i < this.t.length) {
      const open = this.openTag(i);
      out.blank(i, open);
      if (open >= this.t.length) return;
      i = this.code(open, out);
    }
  }

  // Where PHP code starts at or after `i` (after `<?php` or `<?=`), or the end.
  private openTag(i: number): number {
    const t = this.t;
    for (let j = t.indexOf('<?', i); j !== -1; j = t.indexOf('<?', j + 2)) {
      if (t.charCodeAt(j + 2) === 61 /* = */) return j + 3;
      if (t.slice(j + 2, j + 5).toLowerCase() === 'php') return j + 5;
    }
    return t.length;
  }

  /**
   * Walks code from `i`. At the top level (`out` given) it returns after a `?>` or at the end; inside
   * an interpolation (no `out`) just after the `}` that closes it.
   */
  private code(i: number, out?: BlankedText): number {
    const t = this.t;
    let depth = 0;
    while (i < t.length) {
      const c = t.charCodeAt(i);
      const n = t.charCodeAt(i + 1);
      if ((c === SLASH && n === SLASH) || (c === HASH && n !== BRACKET)) {
        const end = this.lineCommentEnd(i);
        out?.blank(i, end);
        i = end;
        continue;
      }
      if (c === SLASH && n === STAR) {
        const close = t.indexOf('*/', i + 2);
        const end = close === -1 ? t.length : close + 2;
        if (out && t.charCodeAt(i + 2) === STAR) this.docs.push([i, end]);
        out?.blank(i, end);
        i = end;
        continue;
      }
      if (c === QUESTION && n === GT && out) return i + 2;
      let span: LiteralSpan | undefined;
      if (c === SQ) span = this.quoted(i, SQ, false);
      else if (c === DQ || c === BACKTICK) span = this.quoted(i, c, true);
      else if (c === LT && n === LT && t.charCodeAt(i + 2) === LT) span = this.heredoc(i);
      else if (isWordCode(c)) {
        // A whole word: `b"…"` is a binary string (the b is code), `$x` a variable.
        let j = i + 1;
        while (j < t.length && isWordCode(t.charCodeAt(j))) j++;
        i = j;
        continue;
      } else if (out === undefined) {
        if (c === OPEN) depth++;
        else if (c === CLOSE && depth-- === 0) return i + 1;
      }
      if (span === undefined || span.head === 0) {
        i = span?.end ?? i + 1;
        continue;
      }
      out?.literal(i, span.end, span.head, span.tail);
      i = span.end;
    }
    return i;
  }

  // A `//` or `#` comment ends at the line break or just before a `?>`.
  private lineCommentEnd(i: number): number {
    const t = this.t;
    let j = i;
    while (j < t.length && t.charCodeAt(j) !== NEWLINE && !(t.charCodeAt(j) === QUESTION && t.charCodeAt(j + 1) === GT)) j++;
    return j;
  }

  /** '…' (`interpolates`: "…" and `…`, whose `{$…}` and `${…}` are code up to their `}`). */
  private quoted(i: number, q: number, interpolates: boolean): LiteralSpan {
    const t = this.t;
    let j = i + 1;
    while (j < t.length) {
      const c = t.charCodeAt(j);
      if (c === BACKSLASH) j += 2;
      else if (c === q) return { end: j + 1, head: 1, tail: 1 };
      else if (interpolates && this.opensInterpolation(j)) j = this.interpolation(j + (c === DOLLAR ? 2 : 1));
      else j++;
    }
    return { end: t.length, head: 1, tail: 0 };
  }

  // `{$` or `${`.
  private opensInterpolation(j: number): boolean {
    const c = this.t.charCodeAt(j);
    const n = this.t.charCodeAt(j + 1);
    return (c === OPEN && n === DOLLAR) || (c === DOLLAR && n === OPEN);
  }

  // From just after the `{` to just after its `}`; deeper than MAX_NESTING runs to the end (bounded recursion).
  private interpolation(j: number): number {
    if (this.nesting >= MAX_NESTING) return this.t.length;
    this.nesting++;
    try {
      return this.code(j);
    } finally {
      this.nesting--;
    }
  }

  /** `<<<ID`, `<<<"ID"` (heredoc) or `<<<'ID'` (nowdoc) at `i`, to the end of its closing identifier. */
  private heredoc(i: number): LiteralSpan {
    const t = this.t;
    const m = /^<<<[ \t]*(["']?)([A-Za-z_\x80-\uffff][\w\x80-\uffff]*)\1\r?\n/.exec(t.slice(i, i + 300));
    if (!m) return { end: i + 3, head: 0, tail: 0 };
    const id = m[2]!;
    const nowdoc = m[1] === "'";
    let j = i + m[0].length;
    const head = m[0].length - 1;
    while (j < t.length) {
      // A line of the body: is it the closing identifier?
      let k = j;
      while (t.charCodeAt(k) === 32 || t.charCodeAt(k) === 9) k++;
      if (t.startsWith(id, k) && !isWordCode(t.charCodeAt(k + id.length))) return { end: k + id.length, head, tail: id.length };
      // Otherwise to the next line, stepping over `{$…}` in a heredoc (it may span lines).
      while (j < t.length && t.charCodeAt(j) !== NEWLINE) {
        if (!nowdoc && t.charCodeAt(j) === BACKSLASH) j += 2;
        else if (!nowdoc && this.opensInterpolation(j)) j = this.interpolation(j + (t.charCodeAt(j) === DOLLAR ? 2 : 1));
        else j++;
      }
      j++;
    }
    return { end: t.length, head, tail: 0 };
  }
}
