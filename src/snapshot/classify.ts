import picomatch from 'picomatch';
import type { Config, TestMatch } from '../config/schema.js';
import { compiledClassifier, globListsOf, type Classifier, type CompiledMatch } from './kinds.js';

export type { Classifier } from './kinds.js';

const OPTIONS = { dot: true };

/** Globs → regular expression sources, the form the hot path caches (see state/glob-cache). */
export function compileGlobs(globs: string[]): string[] {
  return globs.map((g) => picomatch.makeRe(g, OPTIONS).source);
}

/** A runner's rules with their globs compiled. */
export function compileMatch(m: TestMatch): CompiledMatch {
  return {
    tests: compileGlobs(m.tests),
    ...(m.within ? { within: m.within } : {}),
    ...(m.ignore ? { ignore: compileGlobs(m.ignore) } : {}),
    ...(m.regex ? { regex: m.regex } : {}),
    ...(m.ignoreRegex ? { ignoreRegex: m.ignoreRegex } : {}),
  };
}

/** Pure: config globs → a function that says what a path is (test | support | manifest | impl | ignored). */
export function makeClassifier(config: Config): Classifier {
  const lists = globListsOf(config);
  return compiledClassifier({ tests: lists.tests.map(compileMatch), support: compileGlobs(lists.support), ignored: compileGlobs(lists.ignored) }, lists);
}
