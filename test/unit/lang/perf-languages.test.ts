import { describe, expect, it } from 'vitest';
import { analyzeTestFile } from '../../../src/lang/index.js';
import { ASSERTIONS_PER_BLOCK, BLOCKS, generate, LANGUAGES, PRINTS_PER_BLOCK_WHEN_PRINTING } from './generated-files.mjs';

// research §5.1 for the other language families: a generated 2,000-line file per language with a
// hand-counted number of assertions (3 per 12-line block, see generated-files.mjs), and the same
// file with prints instead. The counts only: the 20 ms budget is measured by `npm run bench`
// (bench/lang.mjs), never asserted here (a time under load on a shared machine says nothing).

describe.each(Object.keys(LANGUAGES))('a 2,000-line %s test file', (language) => {
  const { path, header, block } = LANGUAGES[language as keyof typeof LANGUAGES];
  // The lines of block 0 that the print variant changes are its three real assertions.
  const printing = block(0, false);
  const realLines = block(0, true).flatMap((line, k) => (line === printing[k] ? [] : [header.length + k + 1]));

  it('counts exactly the hand-counted assertions, the same on every run', () => {
    const text = generate(language, true);
    expect(text.split('\n').length).toBeGreaterThanOrEqual(1995);
    const a = analyzeTestFile(path, text)!;
    // Warm runs (the caches the analysis keeps) give the same answer as the first.
    expect(analyzeTestFile(path, text)).toEqual(a);
    expect(a.language).toBe(language);
    expect(a.assertions).toBe(ASSERTIONS_PER_BLOCK * BLOCKS);
    expect(realLines).toHaveLength(ASSERTIONS_PER_BLOCK);
    expect(a.assertionLines.slice(0, 3)).toEqual(realLines);
    expect(a.markers).toEqual([]);
    expect(a.printOnly).toBe(false);
    expect(a.prints).toBe(BLOCKS);
  });

  it('finds none in the same file with prints instead, and calls it print-only', () => {
    const a = analyzeTestFile(path, generate(language, false))!;
    expect(a.assertions).toBe(0);
    expect(a.printOnly).toBe(true);
    expect(a.prints).toBe(PRINTS_PER_BLOCK_WHEN_PRINTING * BLOCKS);
  });
});
