/**
 * The scanners the shell lexer (shell-lex) stands on: where a quote, a substitution or a backtick
 * closes, what a `$` expansion is, a here-document's delimiter and body. Pure, each one pass.
 */

export const BLANK = /[ \t]/;
export const META = /[ \t\n;&|()<>]/;
const NAME_START = /[A-Za-z_]/;
const NAME = /[A-Za-z0-9_]/;

/** The index just past the `)` that closes a `$(` / `<(` opened before `i`; -1 when it never closes. */
export function closeParen(s: string, i: number): number {
  let depth = 1;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') i += 2;
    else if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) return -1;
      i = end + 1;
    } else if (c === '"') {
      i = closeDouble(s, i + 1);
      if (i < 0) return -1;
    } else if (c === '`') {
      const end = closeBacktick(s, i + 1);
      if (end < 0) return -1;
      i = end;
    } else {
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return i + 1;
      i++;
    }
  }
  return -1;
}

/** Just past the `"` that closes a double-quoted string starting at `i`; -1 when none does. */
function closeDouble(s: string, i: number): number {
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else if (c === '$' && s[i + 1] === '(') {
      i = closeParen(s, i + 2);
      if (i < 0) return -1;
    } else if (c === '`') {
      i = closeBacktick(s, i + 1);
      if (i < 0) return -1;
    } else i++;
  }
  return -1;
}

export function closeBacktick(s: string, i: number): number {
  while (i < s.length) {
    if (s[i] === '\\') i += 2;
    else if (s[i] === '`') return i + 1;
    else i++;
  }
  return -1;
}

/** `$…` at s[i]: what it stands for in a word, and the command line inside a `$( )`; null when it never closes. */
export function readDollar(s: string, i: number, quoted: boolean): { end: number; text: string; dynamic: boolean; nested?: string } | null {
  const n = s[i + 1];
  if (n === '(') {
    const close = closeParen(s, i + 2);
    if (close < 0) return null;
    // $(( arithmetic )) runs no command; $( command ) does.
    return { end: close, text: s.slice(i, close), dynamic: true, ...(s[i + 2] !== '(' ? { nested: s.slice(i + 2, close - 1) } : {}) };
  }
  if (n === '{') {
    const close = s.indexOf('}', i + 2);
    return close < 0 ? null : { end: close + 1, text: s.slice(i, close + 1), dynamic: true };
  }
  if (n !== undefined && (NAME_START.test(n) || /[0-9@*#?$!-]/.test(n))) {
    let j = i + 2;
    if (NAME_START.test(n)) while (j < s.length && NAME.test(s[j]!)) j++;
    return { end: j, text: s.slice(i, j), dynamic: true };
  }
  if (!quoted && n === "'") {
    // $'…': ANSI-C quoting.
    let j = i + 2;
    let text = '';
    while (j < s.length && s[j] !== "'") {
      if (s[j] === '\\' && j + 1 < s.length) {
        const e = s[j + 1]!;
        text += e === 'n' ? '\n' : e === 't' ? '\t' : e;
        j += 2;
      } else text += s[j++];
    }
    return j >= s.length ? null : { end: j + 1, text, dynamic: false };
  }
  return { end: i + 1, text: '$', dynamic: false };
}

/** The delimiter word after `<<`: quoted or not, its text after quote removal ends the body. */
export function readHeredocDelimiter(s: string, i: number): { end: number; delim: string } | null {
  while (i < s.length && BLANK.test(s[i]!)) i++;
  let delim = '';
  while (i < s.length && !META.test(s[i]!)) {
    const q = s[i]!;
    if (q === "'" || q === '"') {
      const close = s.indexOf(q, i + 1);
      if (close < 0) return null;
      delim += s.slice(i + 1, close);
      i = close + 1;
    } else if (q === '\\') {
      delim += s[i + 1] ?? '';
      i += 2;
    } else delim += s[i++];
  }
  return { end: i, delim };
}

/** Past a here-document's body (from the line after its `<<`) and the line that ends it. */
export function skipHeredocBody(s: string, i: number, delim: string, strip: boolean): number {
  while (i < s.length) {
    const eol = s.indexOf('\n', i);
    const line = s.slice(i, eol < 0 ? s.length : eol);
    i = eol < 0 ? s.length : eol + 1;
    if ((strip ? line.replace(/^\t+/, '') : line) === delim) break;
  }
  return i;
}
