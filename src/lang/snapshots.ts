/**
 * jest's and vitest's snapshot files, read as data. Pure. One file per test file, beside it:
 *
 *   test/slugify.test.js  →  test/__snapshots__/slugify.test.js.snap
 *
 * holding one entry per snapshot (vitest 4 joins the names with " > ", jest with spaces):
 *
 *   // Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html
 *
 *   exports[`slugify > makes a slug 1`] = `"a-b"`;
 */

import type { TestCaseResult } from '../types.js';

const SNAPSHOT_FILE = /(?:^|\/)__snapshots__\/([^/]+)\.snap$/;

/** `test/a.test.js` → `test/__snapshots__/a.test.js.snap` (the runners' default place). */
export function snapshotFileOf(testFile: string): string {
  const slash = testFile.lastIndexOf('/');
  return `${testFile.slice(0, slash + 1)}__snapshots__/${testFile.slice(slash + 1)}.snap`;
}

/** `test/__snapshots__/a.test.js.snap` → `test/a.test.js`; undefined for any other path. */
export function testFileOfSnapshot(path: string): string | undefined {
  const m = SNAPSHOT_FILE.exec(path);
  if (!m) return undefined;
  return path.slice(0, m.index + (path[m.index] === '/' ? 1 : 0)) + m[1]!;
}

// `exports[`key`] = `value`;` — a backtick inside either is escaped (\`). Linear: the two
// alternatives of each string never match the same character.
const ENTRY = /exports\[`((?:[^`\\]|\\[\s\S])*)`\] = `((?:[^`\\]|\\[\s\S])*)`;/g;
const HEADER = /^\/\/ (?:Jest|Vitest) Snapshot v\d+[^\n]*\n/;

/** Key → stored value; undefined when the text is not a snapshot file (anything besides entries and the header). */
export function parseSnapshotEntries(text: string): Map<string, string> | undefined {
  const entries = new Map<string, string>();
  let rest = '';
  let last = 0;
  for (const m of text.matchAll(ENTRY)) {
    rest += text.slice(last, m.index);
    last = m.index + m[0].length;
    entries.set(m[1]!, m[2]!);
  }
  rest += text.slice(last);
  return rest.replace(HEADER, '').trim() === '' ? entries : undefined;
}

export interface SnapshotChange {
  path: string;
  /** Keys this change adds. */
  added: string[];
  /** Keys whose stored value changed. */
  changed: string[];
  /** Keys it takes away (all of them when the file is deleted). */
  removed: string[];
}

/** What a change of a snapshot file does to its entries (null: no file); undefined when either side is not a snapshot file. */
export function diffSnapshotEntries(path: string, before: string | null, after: string | null): SnapshotChange | undefined {
  const old = before === null ? new Map<string, string>() : parseSnapshotEntries(before);
  const now = after === null ? new Map<string, string>() : parseSnapshotEntries(after);
  if (!old || !now) return undefined;
  const change: SnapshotChange = { path, added: [], changed: [], removed: [] };
  for (const [key, value] of now) {
    if (!old.has(key)) change.added.push(key);
    else if (old.get(key) !== value) change.changed.push(key);
  }
  for (const key of old.keys()) if (!now.has(key)) change.removed.push(key);
  return change;
}

/** A change that only adds entries: what a GREEN or REFACTOR commit may do to its task's RED tests' snapshots. */
export function onlyAdds(c: SnapshotChange): boolean {
  return c.added.length > 0 && c.changed.length === 0 && c.removed.length === 0;
}

/** vitest 4: `Error: Snapshot `slugify > makes a slug 1` mismatched` — also what `--update=none` says of one never written. */
const VITEST_MISMATCH = /^Error: Snapshot `(.*)` mismatched$/;

/** The failing tests whose vitest "mismatched" snapshot is not in its file at all. */
export function missingSnapshotKeys(tests: readonly TestCaseResult[]): { file: string; key: string }[] {
  return tests.flatMap((t) => {
    const key = t.status === 'failed' && t.failure === 'assertion' ? VITEST_MISMATCH.exec(t.message ?? '')?.[1] : undefined;
    return key === undefined ? [] : [{ file: t.file, key }];
  });
}

/**
 * vitest says "mismatched" whether the stored snapshot differs or there is none: the snapshot
 * files of the tree tell (`snapshotFiles`: path → text, null when the tree has no such file).
 */
export function markMissingSnapshots(tests: TestCaseResult[], snapshotFiles: ReadonlyMap<string, string | null>): TestCaseResult[] {
  const missing = new Set(
    missingSnapshotKeys(tests)
      .filter(({ file, key }) => {
        const text = snapshotFiles.get(snapshotFileOf(file));
        return text === null || (text !== undefined && parseSnapshotEntries(text)?.has(key) === false);
      })
      .map(({ file, key }) => `${file}\0${key}`),
  );
  if (missing.size === 0) return tests;
  return tests.map((t) => {
    const key = VITEST_MISMATCH.exec(t.message ?? '')?.[1];
    return key !== undefined && missing.has(`${t.file}\0${key}`) ? { ...t, failure: 'snapshot-missing', message: `Snapshot \`${key}\` missing` } : t;
  });
}
