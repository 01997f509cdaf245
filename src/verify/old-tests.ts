/**
 * RED adds; it does not take away: which tests the parent had that this RED commit edits or takes
 * away, read statically (lang/ declaredTestBodies) from the blobs — the parent's and the staged
 * version of each test file the commit modifies or deletes. Nothing runs: an old test whose text
 * changed is a change whatever it did at the parent. A RED that only adds files reads nothing.
 */
import type { OldTestChange } from '../gates/types.js';
import { NULL_OID } from '../git/ids.js';
import { readObjects, type RepoContext } from '../git/queries.js';
import type { StagedEntry } from '../types.js';

export async function readOldTestChanges(repo: RepoContext, entries: readonly StagedEntry[]): Promise<OldTestChange[]> {
  const tests = entries.filter((e) => e.kind === 'test');
  const changed = tests.filter((e) => e.oldBlob !== NULL_OID && (e.status === 'M' || e.status === 'D' || e.status === 'T'));
  if (changed.length === 0) return [];
  const now = tests.filter((e) => e.status !== 'D');
  const oids = [...new Set([...changed.map((e) => e.oldBlob), ...now.map((e) => e.newBlob)])];
  const blobs = await readObjects(repo, oids);
  const texts = new Map<string, string>();
  oids.forEach((oid, i) => blobs[i] && texts.set(oid, blobs[i]!.toString('utf8')));
  const { findOldTestChanges } = await import('../lang/index.js');
  return findOldTestChanges(tests, texts);
}
