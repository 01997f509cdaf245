/**
 * Pure: what a RED commit does to the tests its parent had (RED adds; it does not take away), from
 * the blob texts — the same comparison the hook makes (lang/ findOldTestChanges). Only RED commits
 * that modify or delete a test file need blobs: one that only adds files reads nothing.
 */
import { NULL_OID } from '../git/ids.js';
import type { TestBodies, TestBodyChange, TestFileChange } from '../lang/index.js';
import type { StagedEntry } from '../types.js';
import type { AuditCommit } from './types.js';

/** The lang/ functions this needs, passed in so the lexers load only when used. */
export interface OldTestReader {
  findOldTestChanges(files: readonly TestFileChange[], texts: ReadonlyMap<string, string>): (TestBodyChange & { path: string })[];
  declaredTestBodies(path: string, text: string): TestBodies | undefined;
}

const isRed = (c: AuditCommit) => c.kind === 'tdd' && c.phase === 'red';
const testsOf = (c: AuditCommit) => c.entries.filter((e) => e.kind === 'test');
const takesAway = (e: StagedEntry) => e.oldBlob !== NULL_OID && e.status !== 'A';

/** The RED commits that change an old test file, and the blobs their judgement reads. */
export function oldTestBlobsNeeded(commits: readonly AuditCommit[]): string[] {
  const oids = new Set<string>();
  for (const c of commits) {
    if (!isRed(c) || !testsOf(c).some(takesAway)) continue;
    for (const e of testsOf(c)) {
      if (e.oldBlob !== NULL_OID) oids.add(e.oldBlob);
      if (e.newBlob !== NULL_OID) oids.add(e.newBlob);
    }
  }
  return [...oids];
}

/** Each such RED commit's old-test changes and the tests it adds beside old ones (for the lineage's open record). */
export function addOldTestFacts(commits: AuditCommit[], texts: ReadonlyMap<string, string>, lang: OldTestReader): void {
  for (const c of commits) {
    if (!isRed(c)) continue;
    const tests = testsOf(c);
    if (!tests.some(takesAway)) continue;
    c.oldTestChanges = lang.findOldTestChanges(tests, texts);
    const added: string[] = [];
    for (const e of tests) {
      if (!takesAway(e) || e.status === 'D') continue;
      const before = texts.get(e.oldBlob);
      const after = texts.get(e.newBlob);
      const was = before === undefined ? undefined : lang.declaredTestBodies(e.path, before);
      const now = after === undefined ? undefined : lang.declaredTestBodies(e.path, after);
      for (const key of now?.tests.keys() ?? []) if (!was?.tests.has(key)) added.push(`${e.path}\0${key}`);
    }
    if (added.length > 0) c.addedTests = added;
  }
}
