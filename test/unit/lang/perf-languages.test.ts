import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { analyzeTestFile } from '../../../src/lang/index.js';
import { ASSERTIONS_PER_BLOCK, BLOCKS, generate, LANGUAGES, PRINTS_PER_BLOCK_WHEN_PRINTING } from './generated-files.mjs';

// research §5.1 for the other language families: a generated 2,000-line file per language with a
// hand-counted number of assertions (3 per 12-line block, see generated-files.mjs), and the same
// file with prints instead. The budget is 20 ms warm per file, held by the fastest of 15 runs
// after one (load on a shared CI machine only ever adds to a run); the median is printed.

function time(path: string, text: string): { first: number; warm: number; best: number } {
  let t = performance.now();
  analyzeTestFile(path, text);
  const first = performance.now() - t;
  const runs: number[] = [];
  for (let i = 0; i < 15; i++) {
    t = performance.now();
    analyzeTestFile(path, text);
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  return { first, warm: runs[7]!, best: runs[0]! };
}

describe.each(Object.keys(LANGUAGES))('a 2,000-line %s test file', (language) => {
  const { path, header, block } = LANGUAGES[language as keyof typeof LANGUAGES];
  // The lines of block 0 that the print variant changes are its three real assertions.
  const printing = block(0, false);
  const realLines = block(0, true).flatMap((line, k) => (line === printing[k] ? [] : [header.length + k + 1]));

  it('counts exactly the hand-counted assertions, under 20 ms warm', () => {
    const text = generate(language, true);
    expect(text.split('\n').length).toBeGreaterThanOrEqual(1995);
    const { first, warm, best } = time(path, text);
    const a = analyzeTestFile(path, text)!;
    expect(a.language).toBe(language);
    expect(a.assertions).toBe(ASSERTIONS_PER_BLOCK * BLOCKS);
    expect(realLines).toHaveLength(ASSERTIONS_PER_BLOCK);
    expect(a.assertionLines.slice(0, 3)).toEqual(realLines);
    expect(a.markers).toEqual([]);
    expect(a.printOnly).toBe(false);
    expect(a.prints).toBe(BLOCKS);
    console.log(
      `lang ${language}: ${text.length} chars, ${a.assertions} assertions; first ${first.toFixed(1)} ms, warm ${warm.toFixed(1)} ms (median), ${best.toFixed(1)} ms (best)`,
    );
    expect(best).toBeLessThan(20);
  });

  it('finds none in the same file with prints instead, and calls it print-only', () => {
    const a = analyzeTestFile(path, generate(language, false))!;
    expect(a.assertions).toBe(0);
    expect(a.printOnly).toBe(true);
    expect(a.prints).toBe(PRINTS_PER_BLOCK_WHEN_PRINTING * BLOCKS);
  });
});
