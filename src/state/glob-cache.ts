/**
 * The classifier of a configuration, its globs compiled once and kept as regular expression
 * sources in `<state>/globs.json`: a hook that runs no tests then never loads the glob compiler
 * (picomatch: ~5 ms to load and compile on every commit).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';
import { compiledClassifier, globListsOf, type Classifier, type CompiledMatch } from '../snapshot/kinds.js';
import { writeJsonAtomic } from './store.js';

interface Cache {
  key: string;
  tests: CompiledMatch[];
  support: string[];
  ignored: string[];
}

export async function readClassifier(stateDir: string, config: Config): Promise<Classifier> {
  const lists = globListsOf(config);
  const key = JSON.stringify(lists);
  const file = join(stateDir, 'globs.json');
  // A cache that is not ours to trust (unreadable, not JSON, another shape) is compiled afresh.
  // Read synchronously: the first asynchronous read starts libuv's thread pool (0.8–6 ms).
  let cache = readCache(file);
  if (
    !isCache(cache) ||
    cache.key !== key ||
    cache.tests.length !== lists.tests.length ||
    cache.support.length !== lists.support.length ||
    cache.ignored.length !== lists.ignored.length
  ) {
    const { compileGlobs, compileMatch } = await import('../snapshot/classify.js');
    cache = { key, tests: lists.tests.map(compileMatch), support: compileGlobs(lists.support), ignored: compileGlobs(lists.ignored) };
    await writeJsonAtomic(file, cache).catch(() => {});
  }
  try {
    return compiledClassifier(cache, lists);
  } catch {
    // A cache file someone edited into an invalid expression: compile afresh.
    const { makeClassifier } = await import('../snapshot/classify.js');
    return makeClassifier(config);
  }
}

function readCache(file: string): Cache | null | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Cache | null;
  } catch {
    return undefined;
  }
}

function isCache(v: unknown): v is Cache {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  const sources = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === 'string');
  const match = (x: unknown) => {
    const m = x as Record<string, unknown> | null;
    return (
      typeof m === 'object' && m !== null && sources(m.tests) && ['within', 'ignore', 'regex', 'ignoreRegex'].every((k) => m[k] === undefined || sources(m[k]))
    );
  };
  return typeof c.key === 'string' && Array.isArray(c.tests) && c.tests.every(match) && sources(c.support) && sources(c.ignored);
}
