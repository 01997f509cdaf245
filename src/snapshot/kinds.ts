import { CONFIG_FILES, MANIFESTS, type Config } from '../config/schema.js';
import type { FileKind } from '../types.js';

export type Classifier = (path: string) => FileKind;
export type PathTest = (path: string) => boolean;

/** The glob lists of a configuration, in the order the classifier needs them. */
export function globListsOf(config: Config): { tests: string[]; support: string[]; ignored: string[] } {
  return { tests: config.tests, support: config.testSupport, ignored: [...config.ignore, ...config.alwaysAllowed] };
}

/**
 * Pure: matchers → a function that says what a path is. Order matters: a test file inside
 * `test/` is a test, not support; an ignored path that is a test file is still a test.
 * `alwaysAllowed` paths are treated like ignored ones (never implementation).
 */
export function classifierOf(m: { tests: PathTest; support: PathTest; ignored: PathTest }): Classifier {
  const manifests = new Set(MANIFESTS);
  const configFiles = new Set<string>(CONFIG_FILES);
  return (path) => {
    // The rules themselves are test support whatever they say: frozen in GREEN and REFACTOR.
    if (configFiles.has(path)) return 'support';
    if (m.tests(path)) return 'test';
    if (m.support(path)) return 'support';
    const base = path.slice(path.lastIndexOf('/') + 1);
    if (manifests.has(base)) return 'manifest';
    if (m.ignored(path)) return 'ignored';
    return 'impl';
  };
}

/**
 * A matcher from regular expression sources (as compiled by picomatch.makeRe). With the `s` flag:
 * picomatch writes "any character" as `.`, and a file name may hold a newline (`test/\nx.test.js`
 * is a test file, never implementation).
 */
export function regexTest(sources: string[]): PathTest {
  const res = sources.map((s) => new RegExp(s, 's'));
  return (path) => res.some((r) => r.test(path));
}
