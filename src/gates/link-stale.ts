import type { Finding } from '../types.js';

/** A linked build (isolation.link) made from sources the commit does not hold (verify/link-stale.ts). */
export interface StaleLink {
  /** The linked path, repository-relative. */
  link: string;
  /** 'unstaged': built after an edit that is not staged; 'older': built before a change the commit holds. */
  reason: 'unstaged' | 'older';
  /** The source file that says so. */
  source: string;
  /** 'unstaged': the source is untracked (not an edit of a tracked file). */
  untracked?: true;
}

/** Installed, not built from the project's sources: never a stale build. */
const DEPENDENCY_FOLDERS = new Set(['node_modules', '.yarn', 'vendor', '.venv', 'venv', 'bower_components', '.bundle']);

/** Pure: the isolation.link entries that may be builds of the project (not dependency folders). */
export const builtLinks = (link: readonly string[]): string[] => link.filter((l) => !DEPENDENCY_FOLDERS.has(l.split('/').pop() ?? l));

/** Any phase that runs tests: a stale linked build makes the run prove nothing (exit 3, named). */
export function evaluateLinkStale(input: { staleLinks?: readonly StaleLink[] }): Finding[] {
  return (input.staleLinks ?? []).map((s) => ({
    code: 'LINK_STALE',
    severity: 'error',
    path: s.link,
    data: { reason: s.reason, source: s.source, ...(s.untracked ? { untracked: true as const } : {}) },
  }));
}
