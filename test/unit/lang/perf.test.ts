import { describe, expect, it } from 'vitest';
import { analyzeTestFile } from '../../../src/lang/index.js';

// A 2,000-line vitest/TypeScript file in the spirit of research §5.1: per block, three real
// assertions, and decoys in comments, a test name, strings, template text, a regex and a print.
function generate(blocks: number, real: boolean): string {
  const lines = ["import { describe, it, expect, assert } from 'vitest';", "import { add } from '../src/math.js';", ''];
  for (let i = 0; i < blocks; i++) {
    const a = real ? 'expect' : 'console.log';
    lines.push(
      `describe('suite ${i}', () => {`,
      `  // expect(decoy) and it.only in a line comment`,
      `  /* assert.ok(decoy); fit('x') */`,
      `  it('adds ${i}: expect(x) in the name', () => {`,
      `    const s: string = "expect(nope)" + 'assert(nope)';`,
      `    const t = \`template expect(no) \${${a}(s).toBeDefined?.()} assert.ok(no)\`;`,
      `    const r = /expect\\(x\\)/.test(s) ? 1 : 2;`,
      `    ${a}(add<number>(${i}, 1)).toBe(${i + 1});`,
      `    ${real ? 'assert.equal' : 'console.info'}(t.length > r, true);`,
      `    console.log(\`debug expect(\${${i}})\`);`,
      `  });`,
      `});`,
    );
  }
  return lines.join('\n') + '\n';
}

const BLOCKS = 166; // 3 + 166 × 12 = 1,995 lines

describe('a 2,000-line test file', () => {
  // Its speed (the 20 ms budget) is measured by `npm run bench` (bench/lang.mjs), not asserted here.
  it('counts exactly the hand-counted assertions, the same on every run', () => {
    const text = generate(BLOCKS, true);
    expect(text.split('\n').length).toBeGreaterThanOrEqual(1995);
    const a = analyzeTestFile('big.test.ts', text)!;
    expect(analyzeTestFile('big.test.ts', text)).toEqual(a);
    expect(a.assertions).toBe(3 * BLOCKS);
    expect(a.assertionLines.slice(0, 3)).toEqual([9, 11, 12]);
    expect(a.markers).toEqual([]);
    expect(a.printOnly).toBe(false);
  });

  it('finds none in the same file with prints instead, and calls it print-only', () => {
    const a = analyzeTestFile('big.test.ts', generate(BLOCKS, false))!;
    expect(a.assertions).toBe(0);
    expect(a.printOnly).toBe(true);
    expect(a.prints).toBe(4 * BLOCKS);
  });
});
