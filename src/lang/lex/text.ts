/**
 * What the hand-written blankers share (hash.ts, c-like.ts): an output that copies code
 * and turns comments and literal contents into spaces with every '\n' in place, and character
 * classes by code unit (no regex per character: a 2,000-line file is ~75,000 of them).
 */

/** `s` as spaces, its '\n' kept (line by line: a regex replace per character was ~50× slower on a doc comment). */
export function spaces(s: string): string {
  let nl = s.indexOf('\n');
  if (nl === -1) return ' '.repeat(s.length);
  let out = '';
  let from = 0;
  for (; nl !== -1; nl = s.indexOf('\n', nl + 1)) {
    out += ' '.repeat(nl - from) + '\n';
    from = nl + 1;
  }
  return out + ' '.repeat(s.length - from);
}

/** The blanked copy of a text, built left to right: code is copied, blanked spans become spaces. */
export class BlankedText {
  private readonly parts: string[] = [];
  private at = 0;

  constructor(private readonly text: string) {}

  /** Blanks [start, end) (a comment), copying the code before it. */
  blank(start: number, end: number): void {
    if (end <= start) return;
    if (start > this.at) this.parts.push(this.text.slice(this.at, start));
    this.parts.push(spaces(this.text.slice(start, end)));
    this.at = end;
  }

  /**
   * A literal [start, end) whose first `head` and last `tail` characters (prefix and quotes)
   * stay, so later rules still see "a string was here": `r#"assert!(x)"#` → `r#"          "#`.
   */
  literal(start: number, end: number, head: number, tail: number): void {
    this.blank(start + head, end - tail);
  }

  toString(): string {
    if (this.at < this.text.length) this.parts.push(this.text.slice(this.at));
    this.at = this.text.length;
    return this.parts.join('');
  }
}

/** Where a literal ends, and how long its opening and closing delimiters are (0: unterminated). */
export interface LiteralSpan {
  end: number;
  head: number;
  tail: number;
}

/** [A-Za-z0-9_] or any non-ASCII code unit: a letter of an identifier in every language here. */
export function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c > 127;
}

/** The end of the word (identifier, keyword, number) that starts at `i`. */
export function wordEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && isWordCode(text.charCodeAt(j))) j++;
  return j;
}

/** The end of the line holding `i` (the offset of its '\n', or the text's length). */
export function lineEnd(text: string, i: number): number {
  const j = text.indexOf('\n', i);
  return j === -1 ? text.length : j;
}
