/** The audit's parsers of git output, with literal output pasted in. */
import { describe, expect, it } from 'vitest';
import { parseBatchWithIds, parseCombinedDiff } from '../../../src/audit/parse.js';

const M = '7e5133a8493142bfc20d9210abdb510b74949355';
const A = 'f2ad6c76f0115a6ba5b00456a849810e7ec0af20';
const B = '61780798228d17af2d34fce4cfbdf35556832472';
const R = '2ab19ae607aabda796309682e0448237aab03047';
const Z = '0000000000000000000000000000000000000000';

describe('parseCombinedDiff', () => {
  it('reads the paths a merge changed itself (a conflict resolution, an edit in the merge)', () => {
    const out =
      `${M}\0::100644 100644 100644 ${A} ${B} ${R} MM\0a.txt\0::000000 100644 100644 ${Z} ${B} ${R} AM\0d/new line.js\0` +
      `${'9'.repeat(40)}\0::100644 100644 000000 ${A} ${B} ${Z} DD\0gone.js\0`;
    const merges = parseCombinedDiff(out);
    expect(merges.get(M)).toEqual([
      { path: 'a.txt', status: 'M', oldMode: '100644', newMode: '100644', oldBlob: A, newBlob: R },
      { path: 'd/new line.js', status: 'A', oldMode: '000000', newMode: '100644', oldBlob: Z, newBlob: R },
    ]);
    expect(merges.get('9'.repeat(40))).toEqual([{ path: 'gone.js', status: 'D', oldMode: '100644', newMode: '000000', oldBlob: A, newBlob: Z }]);
  });

  it('reads an octopus merge (three parents)', () => {
    const out = `${M}\0:::100644 100644 100644 100644 ${A} ${A} ${B} ${R} MMM\0x.js\0`;
    expect(parseCombinedDiff(out).get(M)).toEqual([{ path: 'x.js', status: 'M', oldMode: '100644', newMode: '100644', oldBlob: A, newBlob: R }]);
  });

  it('an empty output is no merge change', () => {
    expect(parseCombinedDiff('').size).toBe(0);
  });
});

describe('parseBatchWithIds', () => {
  it('keeps each object id, tells missing objects, and is binary-safe about sizes', () => {
    const out = Buffer.concat([
      Buffer.from(`${A} blob 6\n{"a":1}`.slice(0, -1) + '\n'),
      Buffer.from(`HEAD:.tddrc missing\n`),
      Buffer.from(`${B} blob 3\né\n\n`),
    ]);
    expect(parseBatchWithIds(out, 3)).toEqual([[A, '{"a":1'], null, [B, 'é\n']]);
  });
});
