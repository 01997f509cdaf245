import { describe, expect, it } from 'vitest';
import { stagedDrift } from '../../../src/verify/gate-input.js';
import type { StagedEntry } from '../../../src/types.js';

const EMPTY = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const Z = '0'.repeat(40);
const entry = (path: string, status: StagedEntry['status'], oldBlob: string, newBlob: string, newMode = '100644'): StagedEntry =>
  ({ path, status, oldMode: '100644', newMode, oldBlob, newBlob, kind: 'test' }) as StagedEntry;

describe('stagedDrift: the RED files against HEAD from the staged changes', () => {
  const head = 'c'.repeat(40);
  const entries = [entry('test/a.test.js', 'M', A, B), entry('test/b.test.js', 'D', A, Z), entry('src/x.js', 'M', A, B)];

  it('is the staged entries of the RED files when the RED commit is HEAD', () => {
    expect(stagedDrift(head, head, ['test/a.test.js', 'test/b.test.js', 'test/c.test.js'], entries)?.map((e) => e.path)).toEqual([
      'test/a.test.js',
      'test/b.test.js',
    ]);
    expect(stagedDrift(head, head, ['test/c.test.js'], entries)).toEqual([]);
  });

  it('asks git when the RED commit is not HEAD, on an unborn HEAD, or when an entry may be intent-to-add', () => {
    expect(stagedDrift('d'.repeat(40), head, ['test/a.test.js'], entries)).toBeUndefined();
    expect(stagedDrift(head, null, ['test/a.test.js'], entries)).toBeUndefined();
    expect(stagedDrift(head, head, ['test/a.test.js'], [entry('test/a.test.js', 'M', A, EMPTY)])).toBeUndefined();
  });
});
