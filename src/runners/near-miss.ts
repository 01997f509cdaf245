/**
 * A test's relative import that names no file of the tree, one letter from one that exists:
 * `../src/slugfy.js` next to `src/slugify.js`. RED accepts it as a missing module (it may be the
 * new module the test is about), and GREEN could never pass without creating that very file, so
 * both say which file exists. Pure: the test's text and the tree's paths come in.
 */
import { posix } from 'node:path';
import { importSpecifiers, resolveSpecifier } from './import-graph.js';
import { editDistance } from '../nearest.js';

export interface NearMiss {
  /** The test file. */
  file: string;
  /** As the test writes it. */
  specifier: string;
  /** The existing file it is one edit away from. */
  nearest: string;
}

const stem = (p: string) => {
  const ext = posix.extname(p);
  return ext ? p.slice(0, -ext.length) : p;
};

/** The relative imports of `text` (the test `file`) that resolve to nothing in `paths`, each with the file it almost names. */
export function findNearMisses(file: string, text: string, paths: readonly string[]): NearMiss[] {
  const known = new Set(paths);
  const misses: NearMiss[] = [];
  for (const specifier of importSpecifiers(text)) {
    if (!specifier.startsWith('.') || resolveSpecifier(file, specifier, known) !== undefined) continue;
    const wanted = stem(posix.normalize(posix.join(posix.dirname(file), specifier)));
    // One edit; two for a long name (a doubled letter and a swap are both common).
    const k = posix.basename(wanted).length >= 8 ? 2 : 1;
    let nearest: { path: string; d: number } | undefined;
    for (const p of paths) {
      const d = editDistance(wanted, stem(p), k);
      if (d <= k && (!nearest || d < nearest.d)) nearest = { path: p, d };
    }
    if (nearest) misses.push({ file, specifier, nearest: nearest.path });
  }
  return misses;
}
