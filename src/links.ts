/**
 * Symbolic links in the commit (pure). The scratch holds the staged tree, links included, so a
 * link inside the tree reads what the commit holds. A link whose target is absolute, or climbs
 * out of the top level, makes the tests read what the commit does not hold — an untracked or
 * unstaged file, another repository, anything on the machine — and its verdict would not be
 * about the commit.
 *
 *   src/one.js -> ../lib/one.js        inside: followed in the scratch, as committed
 *   src/one.js -> /home/me/one.js      outside (absolute)
 *   src/one.js -> ../../tmp/one.js     outside (climbs past the top level)
 */
import type { StagedEntry } from './types.js';

export const SYMLINK_MODE = '120000';

/** A staged entry; a symbolic link carries its target. */
export type LinkedEntry = StagedEntry & { linkTarget?: string };

/** Whether a link at `path` (repository-relative) with `target` resolves outside the tree. */
export function isOutsideLink(path: string, target: string): boolean {
  if (target === '' || target.startsWith('/') || target.startsWith('\\') || /^[A-Za-z]:/.test(target)) return true;
  const parts = path.split('/').slice(0, -1);
  for (const segment of target.split(/[\\/]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return true;
      parts.pop();
    } else parts.push(segment);
  }
  return false;
}
