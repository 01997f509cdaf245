/**
 * go's -coverprofile (`-covermode=set`). Its lines, after the mode line:
 *
 *   mode: set
 *   example.com/m/sum.go:3.24,4.25 1 1
 *   example.com/m/sum.go:4.25,6.3 1 0
 *
 * `file:startLine.startCol,endLine.endCol statements count`, columns 1-based bytes; the file is
 * named by its import path (module path + folder). Blocks of one file may repeat (one per test
 * binary): a block ran if any binary ran it. Pure.
 */
import type { CoverageRegion } from './types.js';

/** Each file's regions, by the name the profile gives it (`<module>/<folder>/<file>.go`). */
export function parseGoProfile(text: string): Map<string, CoverageRegion[]> {
  const blocks = new Map<string, Map<string, CoverageRegion>>();
  for (const line of text.split('\n')) {
    const m = /^(.+):(\d+)\.(\d+),(\d+)\.(\d+) (\d+) (\d+)$/.exec(line.trim());
    if (!m) continue;
    const [, file, sl, sc, el, ec, , count] = m as unknown as string[];
    const key = `${sl}.${sc},${el}.${ec}`;
    const seen = blocks.get(file!) ?? new Map<string, CoverageRegion>();
    blocks.set(file!, seen);
    const before = seen.get(key)?.count ?? 0;
    // Columns to 0-based; go's end column is the character after the block (exclusive already, 1-based).
    seen.set(key, { sl: Number(sl), sc: Number(sc) - 1, el: Number(el), ec: Number(ec) - 1, count: Math.max(before, Number(count)) });
  }
  return new Map([...blocks].map(([file, seen]) => [file, [...seen.values()]]));
}
