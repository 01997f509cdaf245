/** lineStartMatches: what `/^…/gm` finds, tried only at the lines that hold the word. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineStartMatches } from '../../../../src/gates/integrity/source.js';

const PATTERNS = [
  '[ \\t]*(?:import[ \\t]+([\\w., \\t]+)|from[ \\t]+([\\w.]+)[ \\t]+import\\b)',
  '[ \\t]*(?:from[ \\t]+(\\.*[\\w.]*)[ \\t]+import\\b|import[ \\t]+([\\w.]+))',
];
const piece = fc.constantFrom('import', 'from', ' ', '\t', 'a', 'os.path', '.', '..', ',', 'x', '\n', '\r\n', '\r', '\u2028', '\u2029', 'importlib', '#');
const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));

describe('lineStartMatches', () => {
  it.each(PATTERNS)('finds what /^%s/gm finds: the same offsets, texts and groups', (source) => {
    fc.assert(
      fc.property(text, (t) => {
        const all = [...t.matchAll(new RegExp(`^${source}`, 'gm'))].map((m) => [m.index, ...m]);
        const ours = lineStartMatches(t, 'import', new RegExp(source, 'y')).map((m) => [m.index, ...m]);
        expect(ours).toEqual(all);
      }),
      { numRuns: 3000 },
    );
  });

  it('a line with the word twice is tried once; a line without it never', () => {
    const found = lineStartMatches('x = 1\nimport a, b  # import\n  from .c import d\n', 'import', new RegExp(PATTERNS[0]!, 'y'));
    expect(found.map((m) => [m.index, m[1] ?? m[2]])).toEqual([
      [6, 'a, b  '],
      [28, '.c'],
    ]);
  });
});
