/**
 * The blobs the RED rule reads (audit/old-tests.ts): old and new versions of the test files of
 * RED commits that modify or delete one — one `cat-file --batch` over those only, the lexers
 * loaded only when there is one. Kept apart from the history reading (read.ts).
 */
import { readObjects, type RepoContext } from '../git/queries.js';
import { addOldTestFacts, oldTestBlobsNeeded } from './old-tests.js';
import type { AuditCommit } from './types.js';

export async function readOldTestFacts(repo: RepoContext, commits: AuditCommit[], texts: Map<string, string>): Promise<void> {
  const needed = oldTestBlobsNeeded(commits);
  if (needed.length === 0) return;
  const unread = needed.filter((oid) => !texts.has(oid));
  const [blobs, lang] = await Promise.all([readObjects(repo, unread), import('../lang/index.js')]);
  unread.forEach((oid, i) => blobs[i] && texts.set(oid, blobs[i]!.toString('utf8')));
  addOldTestFacts(commits, texts, lang);
}
