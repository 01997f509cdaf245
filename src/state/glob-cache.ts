/**
 * The classifier of a configuration, its globs compiled once and kept as regular expression
 * sources in `<state>/globs.json`: a hook that runs no tests then never loads the glob compiler
 * (picomatch: ~5 ms to load and compile on every commit).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';
import { classifierOf, globListsOf, regexTest, type Classifier } from '../snapshot/kinds.js';
import { writeJsonAtomic } from './store.js';

interface Cache {
  key: string;
  tests: string[];
  support: string[];
  ignored: string[];
}

export async function readClassifier(stateDir: string, config: Config): Promise<Classifier> {
  const lists = globListsOf(config);
  const key = JSON.stringify(lists);
  const file = join(stateDir, 'globs.json');
  let cache = await readFile(file, 'utf8').then(
    (t) => JSON.parse(t) as Cache,
    () => undefined,
  );
  if (cache?.key !== key || !Array.isArray(cache.tests) || !Array.isArray(cache.support) || !Array.isArray(cache.ignored)) {
    const { compileGlobs } = await import('../snapshot/classify.js');
    cache = { key, tests: compileGlobs(lists.tests), support: compileGlobs(lists.support), ignored: compileGlobs(lists.ignored) };
    await writeJsonAtomic(file, cache).catch(() => {});
  }
  try {
    return classifierOf({ tests: regexTest(cache.tests), support: regexTest(cache.support), ignored: regexTest(cache.ignored) });
  } catch {
    // A cache file someone edited into an invalid expression: compile afresh.
    const { makeClassifier } = await import('../snapshot/classify.js');
    return makeClassifier(config);
  }
}
