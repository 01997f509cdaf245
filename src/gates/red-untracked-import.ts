import type { Finding, RunResult } from '../types.js';
import type { GateInput } from './types.js';

/**
 * RED_UNTRACKED_IMPORT: a RED whose failure is a missing symbol or module that a test or support
 * file of the working tree would provide, had it been staged (untracked, or modified and not
 * staged). Accepted, the record would freeze a test GREEN could never make pass: test support is
 * frozen in GREEN, so the file could never be added. Implementation files are GREEN's to add, and
 * not asked for here (an unstaged implementation is how TDD is meant to go).
 */
export function evaluateRedUntrackedImport(input: GateInput): Finding[] {
  if (input.phase !== 'red' || !input.run || !input.unstaged?.length) return [];
  const support = input.unstaged.filter((f) => f.kind === 'test' || f.kind === 'support');
  const findings: Finding[] = [];
  for (const failure of missingFailures(input.run)) {
    for (const file of providersOf(failure.message, support).filter((f) => f.path !== failure.file)) {
      findings.push({
        code: 'RED_UNTRACKED_IMPORT',
        severity: 'error',
        path: failure.file,
        data: { file: file.path, state: file.state, kind: failure.kind, ...(failure.test ? { test: failure.test } : {}) },
      });
    }
  }
  return findings;
}

/** The failures that name something missing: a module, or a symbol (of a module the message may name). */
export function missingFailures(run: RunResult): { file: string; test?: string; kind: string; message: string }[] {
  const MISSING = new Set(['missing-symbol', 'missing-module']);
  return [
    ...run.fileErrors.filter((e) => MISSING.has(e.kind)).map((e) => ({ file: e.file, kind: e.kind, message: e.message })),
    ...run.tests
      .filter((t) => t.status === 'failed' && MISSING.has(t.failure ?? ''))
      .map((t) => ({ file: t.file, test: t.name, kind: t.failure!, message: t.message ?? '' })),
  ];
}

/**
 * The working-tree files a failure message names as a module: every quoted specifier, relative
 * (`'./helpers/sample'`), absolute (`'/tmp/copy/test/helpers/sample.js'`) or dotted (Python's
 * `'helpers.sample'`), against each file's path without its extension, at a `/` boundary.
 *
 *   Cannot find module '../helpers/sample.js' imported from …   → test/helpers/sample.ts
 *   No module named 'helpers.sample'                            → tests/helpers/sample.py
 */
export function providersOf<F extends { path: string }>(message: string, files: readonly F[]): F[] {
  const specifiers = [...message.matchAll(/['"`‘“]([^'"`’”\s]+)['"`’”]/g)].flatMap((m) => keysOf(m[1]!));
  if (specifiers.length === 0) return [];
  return files.filter((f) => {
    const own = stem(f.path).replace(/\/__init__$/, '');
    return specifiers.some(({ key, path }) => key === own || (path && (own.endsWith(`/${key}`) || key.endsWith(`/${own}`))));
  });
}

/**
 * A specifier's keys. `path`: it names a file by a path (relative, absolute, or with a folder), so
 * it may be a suffix of one; a bare name (`'sample'`, a symbol as often as a module) matches only
 * a file of that name at the top.
 */
function keysOf(specifier: string): { key: string; path: boolean }[] {
  const unschemed = specifier.replace(/^file:\/\//, '');
  const cleaned = unschemed.replace(/^(?:\.{1,2}\/)+/, '');
  if (!cleaned || cleaned.startsWith('.')) return [];
  const keys = [{ key: stem(cleaned), path: unschemed !== cleaned || cleaned.includes('/') }];
  // A dotted module name (Python): helpers.sample → helpers/sample.
  if (!cleaned.includes('/') && cleaned.includes('.')) keys.push({ key: cleaned.replace(/\./g, '/'), path: true });
  return keys.filter((k) => k.key.length > 0);
}

/** A path without its last extension: `test/helpers/sample.test.ts` → `test/helpers/sample.test`. */
function stem(path: string): string {
  return path.replace(/\.[A-Za-z0-9]+$/, '');
}
