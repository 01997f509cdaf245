/** What rollback and undo read besides git's plumbing (src/git/rollback.ts): a commit's tree as entries, a backup's record. No writes. */
import { TddError } from '../errors.js';
import type { RefRecord } from '../git/parse.js';
import { readWholeTree, type RepoContext } from '../git/queries.js';
import { readCommitText } from '../git/rollback.js';
import { parseBackupMessage } from './meta.js';
import type { Backup, Entry } from './types.js';

/** Every entry of a commit's tree. */
export async function readTreeAll(repo: RepoContext, commit: string): Promise<Map<string, Entry>> {
  const map = await readWholeTree(repo, commit);
  return new Map([...map].map(([p, e]) => [p, { mode: e.mode, oid: e.blob }]));
}

export async function readBackup(repo: RepoContext, rec: RefRecord): Promise<Backup> {
  const meta = parseBackupMessage(await readCommitText(repo, rec.commit));
  if ('error' in meta) {
    throw new TddError('ROLLBACK_BACKUP_UNREADABLE', `${rec.ref} is not a backup tdd rollback can read (${meta.error})`, 2, {
      hint: `look at it with \`git show --stat ${rec.ref}\`; once its content is safe, \`git update-ref -d ${rec.ref}\``,
    });
  }
  return { ...rec, meta };
}
