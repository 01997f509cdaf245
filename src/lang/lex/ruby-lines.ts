import type { BlankedText } from './text.js';
import { isWordCode, lineEnd, wordEnd } from './text.js';

/**
 * Ruby's line-based constructs, for the lexer in lex/ruby.ts: heredocs (whose bodies are the
 * lines after the one that opens them), `=begin`…`=end` embedded documents and the `__END__` line.
 */

const NL = 10;
const TAB = 9;
const CR = 13;
const SPACE = 32;
const DQ = 34;
const SQ = 39;
const MINUS = 45;
const BACKTICK = 96;
const TILDE = 126;

/** `<<~EOS` `<<-EOS` (terminator may be indented), `<<EOS`, `<<'EOS'`, `<<"EOS"`: the form of an opener. */
export interface HeredocOpener {
  id: string;
  indented: boolean;
  /** Just after the opener, where the code of its line goes on. */
  end: number;
}

/**
 * The heredoc opener at `i` (which holds `<<`), by its form alone. A plain `<<NAME` needs an
 * upper-case name: `list <<item` appends.
 */
export function heredocOpener(t: string, i: number): HeredocOpener | undefined {
  let j = i + 2;
  const indented = t.charCodeAt(j) === TILDE || t.charCodeAt(j) === MINUS;
  if (indented) j++;
  const q = t.charCodeAt(j);
  if (q === SQ || q === DQ || q === BACKTICK) {
    let close = j + 1;
    while (close < t.length && t.charCodeAt(close) !== q && t.charCodeAt(close) !== NL) close++;
    return t.charCodeAt(close) === q && close > j + 1 ? { id: t.slice(j + 1, close), indented, end: close + 1 } : undefined;
  }
  if (!isWordCode(q) || (q >= 48 && q <= 57)) return undefined;
  const end = wordEnd(t, j);
  const id = t.slice(j, end);
  return indented || !/[a-z]/.test(id) ? { id, indented, end } : undefined;
}

/** A heredoc body: the lines [body, end), then its terminator line, then code again at `after`. */
interface Body {
  body: number;
  end: number;
  after: number;
}

/** The heredocs opened on the current line: their bodies come one after another once the line ends. */
export class Heredocs {
  private pending: Body[] = [];
  /** Terminator (`~EOS` when indented) → the first line start from which it is known to be missing. */
  private readonly missing = new Map<string, number>();

  constructor(private readonly t: string) {}

  get waiting(): boolean {
    return this.pending.length > 0;
  }

  /** Queues the body of the heredoc opened at `at`; false when its terminator never comes (`<<` is then an operator). */
  add(at: number, opener: HeredocOpener): boolean {
    const t = this.t;
    const base = this.pending.length > 0 ? this.pending[this.pending.length - 1]!.after : lineEnd(t, at) + 1;
    const key = (opener.indented ? '~' : '') + opener.id;
    if (base >= t.length || base >= (this.missing.get(key) ?? Infinity)) return false;
    for (let ls = base; ls < t.length;) {
      const le = lineEnd(t, ls);
      if (isTerminator(t, ls, le, opener)) {
        this.pending.push({ body: base, end: ls, after: Math.min(le + 1, t.length) });
        return true;
      }
      ls = le + 1;
    }
    this.missing.set(key, base);
    return false;
  }

  /** At the '\n' that ends the openers' line: blanks the bodies and returns where code goes on (the terminator lines stay). */
  bodies(nl: number, out: BlankedText): number {
    const bodies = this.pending;
    this.pending = [];
    // The line went on inside a multi-line literal, which has already taken the bodies in.
    if (bodies[0]!.body !== nl + 1) return nl + 1;
    for (const b of bodies) out.blank(b.body, b.end);
    return bodies[bodies.length - 1]!.after;
  }
}

/** Is the line [ls, le) the opener's terminator: its id alone, after spaces for an indented one? */
function isTerminator(t: string, ls: number, le: number, { id, indented }: HeredocOpener): boolean {
  let k = ls;
  while (indented && (t.charCodeAt(k) === SPACE || t.charCodeAt(k) === TAB)) k++;
  if (!t.startsWith(id, k)) return false;
  let e = k + id.length;
  while (e < le && (t.charCodeAt(e) === SPACE || t.charCodeAt(e) === TAB || t.charCodeAt(e) === CR)) e++;
  return e === le;
}

/** `word` at `i`, followed by whitespace or the line end (`=begin`, `=end`). */
export function isLine(t: string, i: number, word: string): boolean {
  if (!t.startsWith(word, i)) return false;
  const c = t.charCodeAt(i + word.length);
  return Number.isNaN(c) || c === SPACE || c === TAB || c === CR || c === NL;
}

/** The end of the `=end` line that closes the embedded document at `i` (the text's end if none). */
export function embeddedDocEnd(t: string, i: number): number {
  for (let ls = lineEnd(t, i) + 1; ls < t.length; ls = lineEnd(t, ls) + 1) {
    if (isLine(t, ls, '=end')) return lineEnd(t, ls);
  }
  return t.length;
}

/** Is the line at `i` exactly `__END__`, after which the file is data? */
export function isDataEnd(t: string, i: number): boolean {
  if (!t.startsWith('__END__', i)) return false;
  const c = t.charCodeAt(i + 7);
  return Number.isNaN(c) || c === NL || (c === CR && (t.charCodeAt(i + 8) === NL || i + 8 === t.length));
}
