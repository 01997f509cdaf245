/**
 * jest's test files (jest 30, @jest/core SearchSource): a path inside one of `roots`, matched by
 * `testMatch` (globs, `!` ones leave out) or `testRegex`, and by none of `testPathIgnorePatterns`,
 * from `jest.config.json` or package.json's `jest` key. jest tests them on the absolute path: a
 * glob that starts with `<rootDir>/` or `**` can match, any other relative one never does. A
 * jest.config.{js,ts,mjs,cjs,cts}, a `preset` that may set them, `projects`, or a `jest` key that
 * names a file is code or another file: unknown. Pure.
 */
import type { TestMatch } from '../schema.js';
import { JEST_CODE_FILES } from './files.js';
import { asRecord, resolveIn, stringList, type RunnerFolder } from './paths.js';

/** jest's defaults (jest-config Defaults). */
const DEFAULT_TEST_MATCH = ['**/__tests__/**/*.?([mc])[jt]s?(x)', '**/?(*.)+(spec|test).?([mc])[jt]s?(x)'];
const DEFAULT_IGNORE = ['/node_modules/'];

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function readConfig(folder: RunnerFolder): Record<string, unknown> | undefined | 'none' {
  if (JEST_CODE_FILES.some((name) => folder.read(name) !== null)) return undefined;
  const json = folder.read('jest.config.json');
  if (json !== null) {
    try {
      return asRecord(JSON.parse(json));
    } catch {
      return undefined;
    }
  }
  const key = folder.packageJson?.jest;
  if (key === undefined) return 'none';
  return asRecord(key);
}

/** jest's test files in `folder`, or undefined when they cannot be read as data (or nothing configures them). */
export function readJestTests(folder: RunnerFolder): TestMatch | undefined {
  const config = readConfig(folder);
  if (config === undefined || config === 'none') return undefined;
  if (config.projects !== undefined || (config.preset !== undefined && config.testMatch === undefined && config.testRegex === undefined)) return undefined;
  const rootDir = config.rootDir === undefined ? folder.root : typeof config.rootDir === 'string' ? resolveIn(folder.root, config.rootDir) : undefined;
  if (rootDir === undefined) return undefined;
  // `<rootDir>/x` → `x` (at the top) or `api/x`: repository-relative.
  const glob = (g: string): string | undefined => {
    if (g.startsWith('<rootDir>/')) return resolveIn(rootDir, g.slice('<rootDir>/'.length));
    return g.startsWith('**') ? g : undefined;
  };
  const slashRoot = rootDir === '.' ? '' : `/${escapeRegex(rootDir)}`;
  const regexes = (v: unknown): string[] | undefined => {
    const list = v === undefined ? [] : stringList(v);
    if (!list) return undefined;
    const out = list.map((r) => r.replaceAll('<rootDir>', slashRoot));
    for (const r of out) {
      try {
        new RegExp(r);
      } catch {
        return undefined;
      }
    }
    return out;
  };

  const listed = config.roots === undefined ? ['<rootDir>'] : stringList(config.roots);
  if (!listed) return undefined;
  const roots: string[] = [];
  for (const r of listed) {
    const clean = resolveIn(rootDir, r.replace(/^<rootDir>\/?/, '') || '.');
    if (clean === undefined) return undefined;
    roots.push(clean);
  }
  const regex = regexes(config.testRegex);
  const ignoreRegex = regexes(config.testPathIgnorePatterns ?? DEFAULT_IGNORE);
  if (!regex || !ignoreRegex) return undefined;
  const tests: string[] = [];
  const ignore: string[] = [];
  if (regex.length === 0) {
    const globs = config.testMatch === undefined ? DEFAULT_TEST_MATCH : stringList(config.testMatch);
    if (!globs) return undefined;
    for (const g of globs) {
      const negated = g.startsWith('!');
      const translated = glob(negated ? g.slice(1) : g);
      // A glob jest can never match (relative, absolute elsewhere) adds nothing.
      if (translated !== undefined) (negated ? ignore : tests).push(translated);
    }
  }
  return {
    tests,
    ...(regex.length > 0 ? { regex } : {}),
    ...(roots.includes('.') ? {} : { within: roots }),
    ...(ignore.length > 0 ? { ignore } : {}),
    ...(ignoreRegex.length > 0 ? { ignoreRegex } : {}),
  };
}
