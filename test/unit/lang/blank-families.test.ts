import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeTestFile, blank, knownLanguages } from '../../../src/lang/index.js';
import { cpuMsOf } from '../../helpers/linear.js';

// Any text — a RED test file may not even parse — must blank to the same length with every '\n'
// in place, and analyse without throwing. The fragments are each family's delimiters, so the
// generated texts are mostly unterminated and interleaved literals and comments.
const FRAGMENTS = [
  '"',
  "'",
  '`',
  '"""',
  "'''",
  '/*',
  '*/',
  '//',
  '#',
  '\\',
  '\n',
  '\r\n',
  '{',
  '}',
  '${',
  '$"',
  '@"',
  '$@"',
  '$$"""',
  'r#"',
  '"#',
  "b'",
  "'a",
  'f"{',
  'rb"',
  '=begin',
  ' ',
  'x',
  'assert x',
  'assert!(x)',
  't.Errorf(',
  'expect(',
  '😀',
];
const text = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }).map((parts) => parts.join(''));
// UTF-16 offsets, as the blankers keep them (a blanked 😀 is two spaces).
const newlines = (s: string): number[] => Array.from(s.matchAll(/\n/g), (m) => m.index);

describe.each(knownLanguages().map((l) => [l.id, `x${l.extensions[0]}`]))('%s blanker', (_id, path) => {
  it('keeps the length and every newline, and never throws', () => {
    fc.assert(
      fc.property(text, (t) => {
        const out = blank(path, t);
        expect(out.length).toBe(t.length);
        expect(newlines(out)).toEqual(newlines(t));
        expect(() => analyzeTestFile(path, t)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('is linear on a long unterminated literal or comment', async () => {
    for (const opener of ['"', '/*', '"""', 'r#"', '$"{', "'''", 'f"{']) {
      const t = opener + 'x'.repeat(200_000) + '\n'.repeat(1000);
      const ms = await cpuMsOf(() => expect(blank(path, t).length).toBe(t.length));
      expect(ms).toBeLessThan(500);
    }
  });
});
