/**
 * blankPython reads from stop to stop (a comment, a quote, a backslash) instead of character by
 * character: it must blank exactly what the character-by-character reading blanks, string
 * prefixes (`rb'…'`, `f"{x}"`, `verb'…'` not one) and line continuations included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankPython, scanPythonString } from '../../../src/lang/lex/hash.js';
import { BlankedText, isWordCode } from '../../../src/lang/lex/text.js';

const PREFIXES = new Set(['r', 'u', 'b', 'f', 't', 'br', 'rb', 'fr', 'rf', 'tr', 'rt']);

/** The character-by-character reading, as blankPython read before. */
function reference(text: string): string {
  const out = new BlankedText(text);
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 35) {
      const end = text.indexOf('\n', i);
      out.blank(i, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end;
    } else if (c === 39 || c === 34) {
      const s = scanPythonString(text, i, false);
      out.literal(i, s.end, s.head, s.tail);
      i = s.end;
    } else if (c === 92 && (text.charCodeAt(i + 1) === 10 || (text.charCodeAt(i + 1) === 13 && text.charCodeAt(i + 2) === 10))) {
      out.blank(i, i + 1);
      i++;
    } else if (isWordCode(c)) {
      let j = i + 1;
      while (j < text.length && isWordCode(text.charCodeAt(j))) j++;
      const q = text.charCodeAt(j);
      const prefix = text.slice(i, j).toLowerCase();
      if ((q === 39 || q === 34) && PREFIXES.has(prefix)) {
        const s = scanPythonString(text, j, prefix.includes('f') || prefix.includes('t'));
        out.literal(j, s.end, s.head, s.tail);
        i = s.end;
      } else i = j;
    } else i++;
  }
  return out.toString();
}

const piece = fc.constantFrom(
  "'",
  '"',
  "'''",
  '"""',
  '#',
  '\\',
  '\n',
  '\r\n',
  ' ',
  'f',
  'rb',
  'Rb',
  'verb',
  'left',
  'x',
  'T',
  'é',
  '{',
  '}',
  '{x}',
  ':',
  '(',
  ')',
  '[',
  ']',
  '=',
  'import os',
  '\t',
  '1',
);
const text = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''));

describe('blankPython, read from stop to stop', () => {
  it('blanks what the character-by-character reading blanks', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(blankPython(t)).toBe(reference(t));
      }),
      { numRuns: 5000 },
    );
  });

  it('a prefix is the whole word before the quote: f-strings lexed to their real end, others plain', () => {
    const src = 'a = f"{d["k"]}" + verb"x" + rb\'\\\'\' # c\nb = 1 \\\n  + 2\nc = left"{"}"\n';
    expect(blankPython(src)).toBe(reference(src));
    expect(blankPython(src)).toBe('a = f"        " + verb" " + rb\'  \'    \nb = 1  \n  + 2\nc = left" "}"\n');
  });
});
