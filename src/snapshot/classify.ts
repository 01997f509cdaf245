import picomatch from 'picomatch';
import { CONFIG_FILES, MANIFESTS, type Config } from '../config/schema.js';
import type { FileKind } from '../types.js';

export type Classifier = (path: string) => FileKind;

/**
 * Pure: config globs → a function that says what a path is. Order matters: a test file inside
 * `test/` is a test, not support; an ignored path that is a test file is still a test.
 * `alwaysAllowed` paths are treated like ignored ones (never implementation).
 */
export function makeClassifier(config: Config): Classifier {
  const opts = { dot: true };
  const isTest = picomatch(config.tests, opts);
  const isSupport = picomatch(config.testSupport, opts);
  const isIgnored = picomatch([...config.ignore, ...config.alwaysAllowed], opts);
  const manifests = new Set(MANIFESTS);
  const configFiles = new Set<string>(CONFIG_FILES);
  return (path) => {
    // The rules themselves are test support whatever they say: frozen in GREEN and REFACTOR.
    if (configFiles.has(path)) return 'support';
    if (isTest(path)) return 'test';
    if (isSupport(path)) return 'support';
    const base = path.slice(path.lastIndexOf('/') + 1);
    if (manifests.has(base)) return 'manifest';
    if (isIgnored(path)) return 'ignored';
    return 'impl';
  };
}
