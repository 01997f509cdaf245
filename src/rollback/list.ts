/** `tdd rollback --list`: the backups, newest first. */
import type { RepoContext } from '../git/queries.js';
import { ROLLBACK_REFS } from './meta.js';
import { readBackupRefs } from '../git/rollback.js';
import { readBackup } from './read.js';
import type { Backup } from './types.js';

export async function readBackups(repo: RepoContext): Promise<Backup[]> {
  const refs = await readBackupRefs(repo, ROLLBACK_REFS);
  return (await Promise.all(refs.map((r) => readBackup(repo, r)))).reverse();
}
