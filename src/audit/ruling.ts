/**
 * Pure: the rules each commit is judged by — its parent's configuration (its own for a root
 * commit), found by following the configuration files' blob ids through the diffs: no git call
 * per commit, one parse per distinct set of blobs.
 */
import type { ConfigProblem } from '../config/validate.js';
import { CONFIG_PATHS, parseRules } from './config.js';
import type { HistoryCommit } from './history.js';
import type { Rules } from './types.js';

/** Blob ids of CONFIG_PATHS at a commit (null: absent). */
export type ConfigOids = (string | null)[];

const NONE: ConfigOids = CONFIG_PATHS.map(() => null);
const PKG = CONFIG_PATHS.length - 1;

/**
 * The configuration files' blob ids at every commit, from those at the parents outside the list
 * (`outside`) and each commit's changes against its first parent. `commits` are parents first.
 */
export function trackConfigOids(commits: HistoryCommit[], outside: ReadonlyMap<string, ConfigOids>, cut: ReadonlySet<string> = new Set()): Map<string, ConfigOids> {
  const at = new Map<string, ConfigOids>();
  for (const c of commits) {
    const parent = c.parents[0];
    const base = parent && !cut.has(c.sha) ? (at.get(parent) ?? outside.get(parent) ?? NONE) : NONE;
    let oids = base;
    for (const e of c.changes) {
      const i = CONFIG_PATHS.indexOf(e.path);
      if (i < 0) continue;
      if (oids === base) oids = [...base];
      oids[i] = e.status === 'D' ? null : e.newBlob;
    }
    at.set(c.sha, oids);
  }
  return at;
}

export interface RulesResolution {
  rulesOf: Map<string, Rules>;
  /** Commits that bring a malformed configuration, with its problems. */
  problems: Map<string, ConfigProblem[]>;
}

/**
 * The rules of each commit: its parent's configuration, the runner detected from its own
 * package.json (as the hook does with the staged one). Committed rules that are malformed (they
 * entered past the hooks) give way to the commit's own when those are valid, else to the defaults.
 */
export function resolveRules(commits: HistoryCommit[], oidsAt: ReadonlyMap<string, ConfigOids>, outside: ReadonlyMap<string, ConfigOids>, texts: ReadonlyMap<string, string>, cut: ReadonlySet<string> = new Set()): RulesResolution {
  const cache = new Map<string, ReturnType<typeof parseRules>>();
  const parsed = (oids: ConfigOids, detect: string | null) => {
    const key = `${oids.join(',')}|${detect}`;
    let r = cache.get(key);
    if (!r) {
      const text = (oid: string | null) => (oid === null ? null : (texts.get(oid) ?? null));
      r = parseRules({ files: oids.map(text), detectFrom: text(detect) });
      cache.set(key, r);
    }
    return r;
  };
  const fallback = parsed(NONE, null) as { rules: Rules };
  const rulesOf = new Map<string, Rules>();
  const problems = new Map<string, ConfigProblem[]>();
  for (const c of commits) {
    const own = oidsAt.get(c.sha) ?? NONE;
    const parent = cut.has(c.sha) ? undefined : c.parents[0];
    const ruling = parent ? (oidsAt.get(parent) ?? outside.get(parent) ?? NONE) : own;
    const mine = parsed(own, own[PKG] ?? null);
    // Reported on the commit that brings the malformed file (or a root commit that has it).
    if ('problems' in mine && (!parent || ruling.join() !== own.join())) problems.set(c.sha, mine.problems);
    const judged = parsed(ruling, own[PKG] ?? null);
    rulesOf.set(c.sha, 'rules' in judged ? judged.rules : 'rules' in mine ? mine.rules : fallback.rules);
  }
  return { rulesOf, problems };
}
