/**
 * Pure: the backup's names and records. A backup is a commit whose tree holds the overwritten
 * working-tree files (exact bytes and modes) and whose parent's tree holds their index entries;
 * its message ends with one `tdd-rollback-meta:` line of JSON (what undo needs besides objects).
 */
import type { BackupMeta, Entry, SavedPath, SavedWorktree } from './types.js';

/** One ref per rollback, numbered; undo pops the highest. */
export const ROLLBACK_REFS = 'refs/tdd/rollback/';
/** What a forced undo overwrote, saved the same way. */
export const OVERWRITTEN_REFS = 'refs/tdd/overwritten/';

const META_PREFIX = 'tdd-rollback-meta: ';
const OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const MODE = /^(100644|100755|120000)$/;

/** A path that is safe to write under the top level: relative, no `.`/`..`/empty segment, not in `.git`. */
export function isSafePath(path: string): boolean {
  if (path.includes('\0') || path.startsWith('/')) return false;
  return path.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..' && seg.toLowerCase() !== '.git');
}

export function formatBackupMessage(meta: BackupMeta, n: number): string {
  const what =
    meta.kind === 'rollback'
      ? `tdd rollback ${n}: ${meta.paths.length} implementation file(s) to ${meta.target.slice(0, 12)}`
      : `tdd rollback --undo --force: ${meta.paths.length} overwritten path(s)`;
  return `${what}

This commit's tree holds the working-tree content of the paths it names (exact bytes and modes);
its parent's tree holds their index entries. \`tdd rollback --undo\` puts both back; by hand,
\`git checkout <this commit> -- :/\` restores the content (and stages it).

${META_PREFIX}${JSON.stringify(meta)}
`;
}

function isEntry(v: unknown): v is Entry {
  const e = v as Entry;
  return typeof e === 'object' && e !== null && typeof e.mode === 'string' && MODE.test(e.mode) && typeof e.oid === 'string' && OID.test(e.oid);
}

function isSavedWorktree(v: unknown): v is SavedWorktree {
  const w = v as SavedWorktree;
  return isEntry(w) && (w.perm === undefined || (Number.isInteger(w.perm) && w.perm >= 0 && w.perm <= 0o7777));
}

function isSavedPath(v: unknown): v is SavedPath {
  const s = v as SavedPath;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.path === 'string' &&
    isSafePath(s.path) &&
    ['restored', 'removed', 'recreated'].includes(s.action) &&
    (s.target === null || isEntry(s.target)) &&
    (s.index === null || isEntry(s.index)) &&
    (s.intentToAdd === undefined || typeof s.intentToAdd === 'boolean') &&
    (s.worktree === null || isSavedWorktree(s.worktree)) &&
    typeof s.changes === 'object' &&
    s.changes !== null &&
    typeof s.changes.index === 'boolean' &&
    typeof s.changes.worktree === 'boolean'
  );
}

/** The meta record of a backup commit's message (`git cat-file commit <id>` output works too); a reason when unreadable. */
export function parseBackupMessage(text: string): BackupMeta | { error: string } {
  const line = text.split('\n').find((l) => l.startsWith(META_PREFIX));
  if (!line) return { error: 'no tdd-rollback-meta line' };
  let v: unknown;
  try {
    v = JSON.parse(line.slice(META_PREFIX.length));
  } catch (e) {
    return { error: `unreadable meta: ${(e as Error).message}` };
  }
  const m = v as BackupMeta;
  if (typeof m !== 'object' || m === null || m.version !== 1) return { error: 'unknown meta version' };
  if (m.kind !== 'rollback' && m.kind !== 'overwritten') return { error: 'unknown backup kind' };
  if (typeof m.target !== 'string' || (m.head !== null && typeof m.head !== 'string') || typeof m.at !== 'string' || typeof m.worktree !== 'string')
    return { error: 'bad meta fields' };
  if (!Array.isArray(m.paths)) return { error: 'no paths' };
  const bad = m.paths.find((p) => !isSavedPath(p));
  if (bad !== undefined) return { error: `bad path record ${JSON.stringify(bad).slice(0, 120)}` };
  if (new Set(m.paths.map((p) => p.path)).size !== m.paths.length) return { error: 'a path is recorded twice' };
  return m;
}
