/**
 * A POSIX/bash command line → tokens, as far as a guard needs it: words after quote removal,
 * operators, redirections, here-documents skipped, and the command lines inside `$( )`, backticks
 * and `<( )` handed back as nested sources. Pure, one pass, linear.
 *
 *   FOO=1 git commit -m "$(date)" >> log.txt 2>&1 && cat <<'EOF' > x
 *   → word FOO=1 · word git · word commit · word -m · word (dynamic) · redir >> · word log.txt ·
 *     redir 2>& · word 1 · op && · word cat · redir << (EOF) · redir > · word x   nested: ["date"]
 *
 * It is lenient where bash is (an unmatched `)` or `}` ends a command) and refuses only what bash
 * cannot run either: an unterminated quote or substitution.
 */

import { BLANK, closeBacktick, closeParen, META, readDollar, readHeredocDelimiter, skipHeredocBody } from './shell-scan.js';

export interface Word {
  type: 'word';
  /** The word after quote removal; expansions ($VAR, $(…)) stand as the text they were written as. */
  text: string;
  /** Holds an expansion whose value is known only at run time ($VAR, ${…}, $(…), `…`, ~). */
  dynamic: boolean;
  /** Holds an unquoted glob character (* ? [). */
  glob: boolean;
}

export type Token =
  | Word
  /** && || ; ;; & | |& ( ) and a newline. */
  | { type: 'op'; op: string }
  /** > >> >| < << <<- <<< <> >& <& &> &>>, with the fd written before it (2>). */
  | { type: 'redir'; op: string; fd: number | null };

export interface Lexed {
  tokens: Token[];
  /** The text inside each command substitution, process substitution and backtick pair. */
  nested: string[];
  error?: string;
}

const REDIR_OPS = ['&>>', '&>', '<<<', '<<-', '>>', '>|', '>&', '<<', '<&', '<>', '>', '<'];
const OPS = ['&&', '||', ';;', '|&', ';', '&', '|', '(', ')'];

export function lexShell(s: string): Lexed {
  const lexer = new Lexer(s);
  const error = lexer.run();
  return error === undefined ? { tokens: lexer.tokens, nested: lexer.nested } : { tokens: lexer.tokens, nested: lexer.nested, error };
}

/** The one pass: each step reads what starts at s[i] and says why the line cannot run, if it cannot. */
class Lexer {
  readonly tokens: Token[] = [];
  readonly nested: string[] = [];
  private readonly heredocs: { delim: string; strip: boolean }[] = [];
  private word: Word | null = null;
  private i = 0;

  constructor(private readonly s: string) {}

  run(): string | undefined {
    while (this.i < this.s.length) {
      const error = this.step(this.s[this.i]!);
      if (error !== undefined) return error;
    }
    this.end();
    return undefined;
  }

  private step(c: string): string | undefined {
    const { s } = this;
    if (c === '\n') return this.newline();
    if (BLANK.test(c)) {
      this.end();
      this.i++;
    } else if (c === '#' && !this.word) {
      const eol = s.indexOf('\n', this.i);
      this.i = eol < 0 ? s.length : eol;
    } else if (c === '\\') {
      if (s[this.i + 1] !== '\n' && this.i + 1 < s.length) this.cur().text += s[this.i + 1];
      this.i += 2;
    } else if (c === "'") {
      const close = s.indexOf("'", this.i + 1);
      if (close < 0) return 'an unterminated single quote';
      this.cur().text += s.slice(this.i + 1, close);
      this.i = close + 1;
    } else if (c === '"') {
      return this.doubleQuoted();
    } else if (c === '$') {
      return this.dollar(this.cur(), false);
    } else if (c === '`') {
      return this.backtick(this.cur());
    } else if ((c === '<' || c === '>') && s[this.i + 1] === '(') {
      // Process substitution: a command, and a /dev/fd/N name in its place.
      const close = closeParen(s, this.i + 2);
      if (close < 0) return 'an unterminated process substitution';
      this.substitution(this.cur(), this.i + 2, close);
    } else if (META.test(c)) {
      return this.operator(c);
    } else {
      const w = this.cur();
      if (c === '~' && w.text === '') w.dynamic = true;
      if (c === '*' || c === '?' || c === '[') w.glob = true;
      w.text += c;
      this.i++;
    }
    return undefined;
  }

  private cur(): Word {
    return (this.word ??= { type: 'word', text: '', dynamic: false, glob: false });
  }

  private end(): void {
    if (this.word) this.tokens.push(this.word);
    this.word = null;
  }

  private newline(): undefined {
    this.end();
    this.tokens.push({ type: 'op', op: '\n' });
    this.i++;
    // The bodies of here-documents opened on this line: data, not commands.
    for (const h of this.heredocs.splice(0)) this.i = skipHeredocBody(this.s, this.i, h.delim, h.strip);
    return undefined;
  }

  private doubleQuoted(): string | undefined {
    const { s } = this;
    const w = this.cur();
    this.i++;
    for (;;) {
      if (this.i >= s.length) return 'an unterminated double quote';
      const d = s[this.i]!;
      if (d === '"') {
        this.i++;
        return undefined;
      }
      if (d === '\\') {
        const e = s[this.i + 1];
        if (e !== '\n') w.text += e !== undefined && '$`"\\'.includes(e) ? e : `\\${e ?? ''}`;
        this.i += 2;
      } else if (d === '$') {
        const error = this.dollar(w, true);
        if (error !== undefined) return error;
      } else if (d === '`') {
        const error = this.backtick(w);
        if (error !== undefined) return error;
      } else {
        w.text += d;
        this.i++;
      }
    }
  }

  /** `$…` at s[i] into word `w`. */
  private dollar(w: Word, quoted: boolean): string | undefined {
    const x = readDollar(this.s, this.i, quoted);
    if (!x) return 'an unterminated substitution';
    w.text += x.text;
    w.dynamic ||= x.dynamic;
    if (x.nested !== undefined) this.nested.push(x.nested);
    this.i = x.end;
    return undefined;
  }

  private backtick(w: Word): string | undefined {
    const close = closeBacktick(this.s, this.i + 1);
    if (close < 0) return 'an unterminated backtick';
    this.substitution(w, this.i + 1, close);
    return undefined;
  }

  /** A substitution from s[i] to `close` (its command starts at `inner` and ends before its closing character): nested, and dynamic in the word. */
  private substitution(w: Word, inner: number, close: number): void {
    this.nested.push(this.s.slice(inner, close - 1));
    w.text += this.s.slice(this.i, close);
    w.dynamic = true;
    this.i = close;
  }

  private operator(c: string): string | undefined {
    const { s } = this;
    // An fd number right before a redirection (2>) belongs to it, not to a word.
    let fd: number | null = null;
    const before = this.word;
    if ((c === '<' || c === '>') && before && /^[0-9]+$/.test(before.text) && !before.dynamic && /[0-9]/.test(s[this.i - 1] ?? '')) {
      fd = Number(before.text);
      this.word = null;
    }
    this.end();
    const redir = REDIR_OPS.find((op) => s.startsWith(op, this.i));
    if (!redir || (c === '&' && !redir.startsWith('&>'))) {
      const op = OPS.find((o) => s.startsWith(o, this.i))!;
      this.tokens.push({ type: 'op', op });
      this.i += op.length;
      return undefined;
    }
    this.tokens.push({ type: 'redir', op: redir, fd });
    this.i += redir.length;
    if (redir !== '<<' && redir !== '<<-') return undefined;
    const d = readHeredocDelimiter(s, this.i);
    if (!d) return 'an unterminated here-document delimiter';
    this.i = d.end;
    this.heredocs.push({ delim: d.delim, strip: redir === '<<-' });
    this.tokens.push({ type: 'word', text: d.delim, dynamic: false, glob: false });
    return undefined;
  }
}
