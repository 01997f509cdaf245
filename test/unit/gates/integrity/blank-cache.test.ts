/**
 * The audit lexes each implementation blob once (gates/integrity/build.ts BlankCache): a blob one
 * commit adds is the next one's "before". The cache gives the lexer's own answer, keeps only what
 * sides still ahead name, and the rules' verdicts are those without it.
 */
import { describe, expect, it } from 'vitest';
import { blankUses, buildImplSources, type BlankCache } from '../../../../src/gates/integrity/build.js';
import { evaluateIntegrity } from '../../../../src/gates/integrity/index.js';
import { blank } from '../../../../src/lang/index.js';
import { makeClassifier } from '../../../../src/snapshot/classify.js';
import { DEFAULTS } from '../../../../src/config/schema.js';
import type { StagedEntry } from '../../../../src/types.js';

const [X, Y, Z] = ['1', '2', '3'].map((c) => c.repeat(40)) as [string, string, string];
const TEXTS = new Map([
  [X, 'export const a = 1; // "x"\n'],
  [Y, "export const a = () => Object.is = () => true; // 'y'\n"],
  [Z, "export const a = () => Object.is = () => true;\nexport const b = '/* z */';\n"],
]);
const change = (oldBlob: string, newBlob: string, path = 'src/a.js'): StagedEntry => ({
  path,
  status: 'M',
  oldMode: '100644',
  newMode: '100644',
  oldBlob,
  newBlob,
  kind: 'impl',
});
const read = async (oids: string[]) => oids.map((o) => TEXTS.get(o) ?? null);
const kindOf = makeClassifier(DEFAULTS);

describe('BlankCache: each blob lexed once over a history', () => {
  const history = [change(X, Y), change(Y, Z)];

  it("gives the lexer's own text, and keeps only what a side still ahead names", async () => {
    const cache: BlankCache = { uses: blankUses(history), blanked: new Map() };
    const first = await buildImplSources([history[0]!], read, cache);
    expect(first.get('src/a.js')!.now.blanked).toBe(blank('src/a.js', TEXTS.get(Y)!));
    expect([...cache.blanked.keys()]).toEqual([`${Y}\0src/a.js`]); // Y is the next commit's before
    const second = await buildImplSources([history[1]!], read, cache);
    expect(second.get('src/a.js')!.before!.blanked).toBe(blank('src/a.js', TEXTS.get(Y)!));
    expect(cache.blanked.size).toBe(0);
    expect(cache.uses.size).toBe(0);
  });

  it('the rules find what they find without it', async () => {
    const codes = async (cache?: BlankCache) => {
      const out: string[][] = [];
      for (const c of history) out.push(evaluateIntegrity({ sources: await buildImplSources([c], read, cache), kindOf }).map((f) => f.code));
      return out;
    };
    const without = await codes();
    expect(without).toEqual([['IMPL_PATCHES_RUNTIME'], []]); // added by the first, there before the second
    expect(await codes({ uses: blankUses(history), blanked: new Map() })).toEqual(without);
  });

  it('the same blob at another path is lexed for that path', async () => {
    const moved = [change(X, Y), change(Y, Z, 'lib/a.ts')];
    const cache: BlankCache = { uses: blankUses(moved), blanked: new Map() };
    await buildImplSources([moved[0]!], read, cache);
    const second = await buildImplSources([moved[1]!], read, cache);
    expect(second.get('lib/a.ts')!.before!.blanked).toBe(blank('lib/a.ts', TEXTS.get(Y)!));
    expect(cache.blanked.size).toBe(0);
  });
});
