/** RED adds; it does not take away: the gate over literal facts → codes. */
import { describe, expect, it } from 'vitest';
import { evaluateRedChangesPassingTest } from '../../../src/gates/red-changes-passing-test.js';
import type { GateInput, OldTestChange } from '../../../src/gates/types.js';
import type { RedRecord } from '../../../src/state/types.js';

const OID = 'a'.repeat(40);
const record = (failing: string[]): RedRecord => ({ commit: OID, tree: OID, files: ['test/a.test.js'], blobs: {}, failing, regression: false });
const change = (test: string, kind: OldTestChange['change'] = 'edited', path = 'test/a.test.js'): OldTestChange => ({ path, test, change: kind });

function codes(over: Partial<GateInput>): string[] {
  const input: GateInput = { phase: 'red', regression: false, entries: [], ...over };
  return evaluateRedChangesPassingTest(input).map((f) => `${f.code}${'data' in f && f.data && 'test' in f.data ? ` ${f.data.test}` : ''}`);
}

describe('RED_CHANGES_PASSING_TEST', () => {
  it.each<[string, Partial<GateInput>, string[]]>([
    ['no old test changed (only added)', { oldTestChanges: [] }, []],
    ['an old test edited', { oldTestChanges: [change('greet > says hello')] }, ['RED_CHANGES_PASSING_TEST greet > says hello']],
    [
      'an old test deleted, another edited',
      { oldTestChanges: [change('a', 'deleted'), change('b')] },
      ['RED_CHANGES_PASSING_TEST a', 'RED_CHANGES_PASSING_TEST b'],
    ],
    ['code outside the tests lost something', { oldTestChanges: [change('', 'outside')] }, ['RED_CHANGES_PASSING_TEST ']],
    ['declared with --revise: listed, not refused', { oldTestChanges: [change('a')], revise: 'the greeting changed' }, ['RED_REVISED']],
    [
      'a test of the open RED record (failing, waiting for GREEN) may be improved',
      { oldTestChanges: [change('greet > shouts')], red: record(['test/a.test.js > greet > shouts']) },
      [],
    ],
    ['pytest ids end in ::name', { oldTestChanges: [change('test_adds', 'edited', 't.py')], red: record(['t.py > TestMath::test_adds']) }, []],
    [
      'an old test beside the open record is still guarded',
      { oldTestChanges: [change('greet > says hello'), change('greet > shouts')], red: record(['test/a.test.js > greet > shouts']) },
      ['RED_CHANGES_PASSING_TEST greet > says hello'],
    ],
    [
      'the open record of another file does not exempt this one',
      { oldTestChanges: [change('shouts', 'edited', 'test/b.test.js')], red: record(['test/a.test.js > shouts']) },
      ['RED_CHANGES_PASSING_TEST shouts'],
    ],
    ['a file of the open record whose evidence was the file (no test ids): its tests are the record’s', { oldTestChanges: [change('a')], red: record([]) }, []],
    ['not RED: nothing to say', { phase: 'green', oldTestChanges: [change('a')] }, []],
  ])('%s', (_, over, expected) => {
    expect(codes(over)).toEqual(expected);
  });
});
