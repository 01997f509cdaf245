import { isOutsideLink, type LinkedEntry } from '../links.js';
import type { Finding } from '../types.js';
import type { GateInput } from './types.js';

/**
 * A staged symbolic link that points outside the tree (absolute, or past the top level) would
 * let the tests read what the commit does not hold: the run could not be about this commit, so
 * it is not run (could not verify, exit 3). Links inside the tree are followed as committed.
 * Off commits are not checked (this gate runs only where tests would).
 */
export function evaluateSymlinks(input: GateInput): Finding[] {
  return (input.entries as LinkedEntry[])
    .filter((e) => e.linkTarget !== undefined && e.status !== 'D' && isOutsideLink(e.path, e.linkTarget))
    .map((e) => ({
      code: 'RUN_UNVERIFIED',
      severity: 'error',
      path: e.path,
      data: { runner: 'test', reason: 'symlink', symlink: e.linkTarget! },
    }));
}
