/** Snapshot files as data: where they live, their entries, what a change does to them, a missing one told from a mismatch. */
import { describe, expect, it } from 'vitest';
import { diffSnapshotEntries, markMissingSnapshots, onlyAdds, parseSnapshotEntries, snapshotFileOf, testFileOfSnapshot } from '../../../src/lang/snapshots.js';
import type { TestCaseResult } from '../../../src/types.js';

// What vitest 4.1 writes (jest 30 writes the same shape, names joined by spaces).
const VITEST = [
  '// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html',
  '',
  'exports[`slugify > makes a slug 1`] = `"hello-world"`;',
  '',
  'exports[`slugify > keeps \\`ticks\\` 1`] = `',
  '{',
  '  "a": \\`b\\`,',
  '}',
  '`;',
  '',
].join('\n');
const JEST = '// Jest Snapshot v1, https://jestjs.io/docs/snapshot-testing\n\nexports[`slugify makes a slug 1`] = `"hello-world"`;\n';

describe('snapshot files', () => {
  it.each([
    ['test/a.test.js', 'test/__snapshots__/a.test.js.snap'],
    ['a.spec.ts', '__snapshots__/a.spec.ts.snap'],
  ])('%s → %s and back', (test, snap) => {
    expect(snapshotFileOf(test)).toBe(snap);
    expect(testFileOfSnapshot(snap)).toBe(test);
  });

  it.each(['test/a.snap', 'test/__snapshots__/deep/a.test.js.snap', 'src/a.js'])('%s is no snapshot file of a test', (p) =>
    expect(testFileOfSnapshot(p)).toBeUndefined(),
  );

  it('reads the entries of vitest and jest files (escaped backticks, values over several lines)', () => {
    expect([...parseSnapshotEntries(VITEST)!.keys()]).toEqual(['slugify > makes a slug 1', 'slugify > keeps \\`ticks\\` 1']);
    expect(parseSnapshotEntries(JEST)!.get('slugify makes a slug 1')).toBe('"hello-world"');
    expect(parseSnapshotEntries('')).toEqual(new Map());
  });

  it('is not a snapshot file when anything else is in it', () => {
    expect(parseSnapshotEntries(`${JEST}\nmodule.exports = 1;\n`)).toBeUndefined();
  });

  it.each([
    ['a new file', null, JEST, { added: ['slugify makes a slug 1'], changed: [], removed: [] }, true],
    ['an entry added', JEST, `${JEST}\nexports[\`slugify b 1\`] = \`1\`;\n`, { added: ['slugify b 1'], changed: [], removed: [] }, true],
    ['a value rewritten', JEST, JEST.replace('hello-world', 'hello_world'), { added: [], changed: ['slugify makes a slug 1'], removed: [] }, false],
    ['the file deleted', JEST, null, { added: [], changed: [], removed: ['slugify makes a slug 1'] }, false],
    ['nothing changed', JEST, JEST, { added: [], changed: [], removed: [] }, false],
  ] as const)('%s', (_name, before, after, change, adds) => {
    const c = diffSnapshotEntries('s', before, after);
    expect(c).toEqual({ path: 's', ...change });
    expect(onlyAdds(c!)).toBe(adds);
  });

  it('cannot diff what is not a snapshot file', () => expect(diffSnapshotEntries('s', 'garbage', JEST)).toBeUndefined());
});

describe('markMissingSnapshots (vitest says "mismatched" for both)', () => {
  const failed = (name: string, message: string, file = 'test/a.test.js'): TestCaseResult => ({ file, name, status: 'failed', failure: 'assertion', message });
  const tests = [
    failed('slugify > makes a slug', 'Error: Snapshot `slugify > makes a slug 1` mismatched'),
    failed('slugify > other', 'Error: Snapshot `slugify > other 1` mismatched'),
    failed('slugify > plain', 'AssertionError: expected 1 to be 2'),
    failed('b', 'Error: Snapshot `b 1` mismatched', 'test/b.test.js'),
  ];
  it('a key the file does not hold, or no file at all, is missing; a stored one is a mismatch', () => {
    const files = new Map([
      ['test/__snapshots__/a.test.js.snap', VITEST],
      ['test/__snapshots__/b.test.js.snap', null],
    ]);
    expect(markMissingSnapshots(tests, files).map((t) => t.failure)).toEqual(['assertion', 'snapshot-missing', 'assertion', 'snapshot-missing']);
  });
});
