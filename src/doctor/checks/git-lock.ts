/**
 * git-lock: `index.lock` left in the git dir. git refuses every commit while it is there ("Another
 * git process seems to be running"), before any hook runs, so only doctor can say it. An
 * interrupted git leaves one: a Ctrl-C that lands while git creates the lock (git registers it for
 * removal only once open() returns; measured with git 2.39: 17 of 400 plain `git commit`s
 * interrupted in their first 4 ms). A young lock may belong to a git command still running: a
 * warning; one a minute old is almost surely stale.
 */
import { arg } from '../fixes.js';
import type { CheckResult, DoctorFacts } from '../types.js';

/** Older than this, no git command holds its lock any more (they hold it for milliseconds). */
export const STALE_LOCK_SECONDS = 60;

export function checkGitLock({ indexLock, layout }: DoctorFacts): CheckResult | null {
  if (!indexLock) return null;
  const stale = indexLock.ageSeconds >= STALE_LOCK_SECONDS;
  return {
    id: 'git-lock',
    status: stale ? 'fail' : 'warn',
    code: 'INDEX_LOCK_LEFT',
    data: { path: indexLock.path, size: indexLock.size, ageSeconds: indexLock.ageSeconds, stale },
    fix: `rm ${arg(layout, indexLock.path)}`,
  };
}
