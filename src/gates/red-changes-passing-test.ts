import type { Finding } from '../types.js';
import type { GateInput, OldTestChange } from './types.js';

/**
 * RED adds; it does not take away. A test the parent had — so one that passed there: the history
 * got there through GREEN and REFACTOR — may not be edited, weakened, deleted or renamed away by a
 * RED commit, nor the code beside the tests lose anything (imports, helpers, shared expected values).
 * Judged statically: an old test whose text changed is a change whatever it did at the parent.
 * The tests a still-open RED record of the task added (failing, waiting for GREEN) may be improved.
 * `tdd phase red --revise "why"` declares the change for one commit: RED_REVISED, recorded.
 */
export function evaluateRedChangesPassingTest(input: GateInput): Finding[] {
  if (input.phase !== 'red' || !input.oldTestChanges?.length) return [];
  const failing = input.red?.failing ?? [];
  const files = new Set(input.red?.files ?? []);
  const changes = input.oldTestChanges.filter((c) => !isOpenRedTest(c, failing) && !isFileLevelRed(c, files, failing));
  if (changes.length === 0) return [];
  if (input.revise) {
    return [{ code: 'RED_REVISED', severity: 'info', data: { why: input.revise, tests: changes.map(label) } }];
  }
  return changes.map(
    (c) => ({ code: 'RED_CHANGES_PASSING_TEST', severity: 'error', path: c.path, data: { test: c.test, change: c.change } }) satisfies Finding,
  );
}

/** A test the open RED record holds as failing (`file > name`, the runner's full name ending in the test's title). */
function isOpenRedTest(c: OldTestChange, failing: readonly string[]): boolean {
  if (!c.test) return false;
  const leaf = c.test.replace(/#\d+$/, '').split(' > ').at(-1)!;
  return failing.some((id) => id.startsWith(`${c.path} > `) && (id === `${c.path} > ${c.test}` || id.endsWith(` > ${leaf}`) || id.endsWith(`::${leaf}`)));
}

/**
 * A file of the open RED record whose evidence was the file, not its tests (node's ESM loader fails
 * the whole file on a missing module: no test ids): its tests cannot be told apart, so all of them are the record's.
 */
function isFileLevelRed(c: OldTestChange, files: ReadonlySet<string>, failing: readonly string[]): boolean {
  return files.has(c.path) && !failing.some((id) => id.startsWith(`${c.path} > `));
}

function label(c: OldTestChange): string {
  return c.test ? `${c.path} > ${c.test}` : `${c.path} (outside the tests)`;
}
