import { cpuMsOf } from '../../helpers/linear.js';
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

/** CPU milliseconds of this process (test/helpers/linear.ts), so a loaded machine does not fail it. */
async function time(text: string): Promise<{ first: number; warm: number }> {
  const first = await cpuMsOf(() => analyzeTestFile('big.test.ts', text));
  const runs = 20;
  const all = await cpuMsOf(() => {
    for (let i = 0; i < runs; i++) analyzeTestFile('big.test.ts', text);
  });
  return { first, warm: all / runs };
}

describe('a 2,000-line test file', () => {
  it('counts exactly the hand-counted assertions, fast', async () => {
    const text = generate(BLOCKS, true);
    expect(text.split('\n').length).toBeGreaterThanOrEqual(1995);
    const { first, warm } = await time(text);
    const a = analyzeTestFile('big.test.ts', text)!;
    expect(a.assertions).toBe(3 * BLOCKS);
    expect(a.assertionLines.slice(0, 3)).toEqual([9, 11, 12]);
    expect(a.markers).toEqual([]);
    expect(a.printOnly).toBe(false);
    console.log(`lang: ${text.length} chars, ${a.assertions} assertions; first ${first.toFixed(1)} ms, warm ${warm.toFixed(1)} ms`);
    expect(warm).toBeLessThan(200);
  });

  it('finds none in the same file with prints instead, and calls it print-only', () => {
    const a = analyzeTestFile('big.test.ts', generate(BLOCKS, false))!;
    expect(a.assertions).toBe(0);
    expect(a.printOnly).toBe(true);
    expect(a.prints).toBe(4 * BLOCKS);
  });
});
