import picomatch from 'picomatch';
import type { Config } from '../config/schema.js';
import { classifierOf, globListsOf, regexTest, type Classifier } from './kinds.js';

export type { Classifier } from './kinds.js';

const OPTIONS = { dot: true };

/** Globs → regular expression sources, the form the hot path caches (see state/glob-cache). */
export function compileGlobs(globs: string[]): string[] {
  return globs.map((g) => picomatch.makeRe(g, OPTIONS).source);
}

/** Pure: config globs → a function that says what a path is (test | support | manifest | impl | ignored). */
export function makeClassifier(config: Config): Classifier {
  const lists = globListsOf(config);
  return classifierOf({ tests: regexTest(compileGlobs(lists.tests)), support: regexTest(compileGlobs(lists.support)), ignored: regexTest(compileGlobs(lists.ignored)) });
}
