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
  const tokens: Token[] = [];
  const nested: string[] = [];
  const heredocs: { delim: string; strip: boolean }[] = [];
  let word: Word | null = null;
  let i = 0;
  const fail = (error: string): Lexed => ({ tokens, nested, error });
  const cur = (): Word => (word ??= { type: 'word', text: '', dynamic: false, glob: false });
  const end = () => {
    if (word) tokens.push(word);
    word = null;
  };
  /** `$…` at s[i] into word `w`: the index after it, null when it never closes. */
  const dollar = (w: Word, quoted: boolean): number | null => {
    const x = readDollar(s, i, quoted);
    if (!x) return null;
    w.text += x.text;
    w.dynamic ||= x.dynamic;
    if (x.nested !== undefined) nested.push(x.nested);
    return x.end;
  };
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\n') {
      end();
      tokens.push({ type: 'op', op: '\n' });
      i++;
      // The bodies of here-documents opened on this line: data, not commands.
      for (const h of heredocs.splice(0)) i = skipHeredocBody(s, i, h.delim, h.strip);
      continue;
    }
    if (BLANK.test(c)) {
      end();
      i++;
      continue;
    }
    if (c === '#' && !word) {
      const eol = s.indexOf('\n', i);
      i = eol < 0 ? s.length : eol;
      continue;
    }
    if (c === '\\') {
      if (s[i + 1] === '\n') i += 2;
      else {
        if (i + 1 < s.length) cur().text += s[i + 1];
        i += 2;
      }
      continue;
    }
    if (c === "'") {
      const close = s.indexOf("'", i + 1);
      if (close < 0) return fail('an unterminated single quote');
      cur().text += s.slice(i + 1, close);
      i = close + 1;
      continue;
    }
    if (c === '"') {
      const w = cur();
      i++;
      for (;;) {
        if (i >= s.length) return fail('an unterminated double quote');
        const d = s[i]!;
        if (d === '"') {
          i++;
          break;
        }
        if (d === '\\') {
          const e = s[i + 1];
          if (e === '\n') i += 2;
          else {
            w.text += e !== undefined && '$`"\\'.includes(e) ? e : `\\${e ?? ''}`;
            i += 2;
          }
        } else if (d === '$') {
          const next = dollar(w, true);
          if (next === null) return fail('an unterminated substitution');
          i = next;
        } else if (d === '`') {
          const close = closeBacktick(s, i + 1);
          if (close < 0) return fail('an unterminated backtick');
          nested.push(s.slice(i + 1, close - 1));
          w.text += s.slice(i, close);
          w.dynamic = true;
          i = close;
        } else {
          w.text += d;
          i++;
        }
      }
      continue;
    }
    if (c === '$') {
      const next = dollar(cur(), false);
      if (next === null) return fail('an unterminated substitution');
      i = next;
      continue;
    }
    if (c === '`') {
      const close = closeBacktick(s, i + 1);
      if (close < 0) return fail('an unterminated backtick');
      nested.push(s.slice(i + 1, close - 1));
      const w = cur();
      w.text += s.slice(i, close);
      w.dynamic = true;
      i = close;
      continue;
    }
    if ((c === '<' || c === '>') && s[i + 1] === '(') {
      // Process substitution: a command, and a /dev/fd/N name in its place.
      const close = closeParen(s, i + 2);
      if (close < 0) return fail('an unterminated process substitution');
      nested.push(s.slice(i + 2, close - 1));
      const w = cur();
      w.text += s.slice(i, close);
      w.dynamic = true;
      i = close;
      continue;
    }
    if (META.test(c)) {
      // An fd number right before a redirection (2>) belongs to it, not to a word.
      let fd: number | null = null;
      const before = word as Word | null;
      if ((c === '<' || c === '>') && before && /^[0-9]+$/.test(before.text) && !before.dynamic && /[0-9]/.test(s[i - 1] ?? '')) {
        fd = Number(before.text);
        word = null;
      }
      end();
      const redir = REDIR_OPS.find((op) => s.startsWith(op, i));
      if (redir && (c !== '&' || redir.startsWith('&>'))) {
        tokens.push({ type: 'redir', op: redir, fd });
        i += redir.length;
        if (redir === '<<' || redir === '<<-') {
          const d = readHeredocDelimiter(s, i);
          if (!d) return fail('an unterminated here-document delimiter');
          const delim = d.delim;
          i = d.end;
          heredocs.push({ delim, strip: redir === '<<-' });
          tokens.push({ type: 'word', text: delim, dynamic: false, glob: false });
        }
        continue;
      }
      const op = OPS.find((o) => s.startsWith(o, i))!;
      tokens.push({ type: 'op', op });
      i += op.length;
      continue;
    }
    const w = cur();
    if (c === '~' && w.text === '') w.dynamic = true;
    if (c === '*' || c === '?' || c === '[') w.glob = true;
    w.text += c;
    i++;
  }
  end();
  return { tokens, nested };
}
