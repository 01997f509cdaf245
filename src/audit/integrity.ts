/**
 * Pure: the integrity rules over each commit of the history that changes implementation, whatever
 * its trailers say (a commit made past the hooks is judged too). Its blobs are read by the caller
 * (read.ts, one `cat-file --batch`, only for the commits the evaluation judged); the classifier and
 * `integrity.allow` are the commit's rules (its parent's configuration). The rules run here, commit
 * by commit, and only their findings stay on the commit: no text outlives its commit's turn.
 */
import { blankUses, buildImplSources, implBlobs, type BlankCache } from '../gates/integrity/build.js';
import { evaluateIntegrity } from '../gates/integrity/index.js';
import { classifierOf } from './assemble.js';
import type { AuditCommit, Rules } from './types.js';

/** The commits the rules judge: TDD steps of any phase, commits without trailers, a merge's own changes. */
const judged = (c: AuditCommit) => c.kind === 'tdd' || c.kind === 'no-trailers' || (c.kind === 'merge' && (c.mergeOwn?.length ?? 0) > 0);
const changesOf = (c: AuditCommit) => (c.kind === 'merge' ? (c.mergeOwn ?? []) : c.entries);

/** Blob ids the integrity rules need read. */
export function integrityBlobsNeeded(commits: readonly AuditCommit[]): string[] {
  return [...new Set(commits.filter(judged).flatMap((c) => implBlobs(changesOf(c))))];
}

/** Blob texts by id (a Map, or a lookup over several). */
export type TextsOf = Pick<ReadonlyMap<string, string>, 'get'>;

/** The sides of changes the commits' integrity rules lex (BlankCache.uses), for a run over them in parts. */
export function integrityCache(commits: readonly AuditCommit[]): BlankCache {
  return { uses: blankUses(commits.filter(judged).flatMap(changesOf)), blanked: new Map() };
}

/**
 * Sets `integrity` (the rules' findings) on each judged commit whose implementation changes add
 * what a rule refuses. `cache`: shared across the parts of one run (integrityCache over them all).
 */
export async function addIntegrity(
  commits: AuditCommit[],
  texts: TextsOf,
  rulesOf: ReadonlyMap<string, Rules>,
  cache: BlankCache = integrityCache(commits),
): Promise<void> {
  const read = async (oids: string[]) => oids.map((o) => texts.get(o) ?? null).map((t) => (t === null || t.includes('\0') ? null : t));
  for (const c of commits) {
    const rules = rulesOf.get(c.sha);
    if (!judged(c) || !rules) continue;
    // A blob one commit adds is the next one's "before": lexed once (BlankCache).
    const sources = await buildImplSources(changesOf(c), read, cache);
    if (sources.size === 0) continue;
    // The paths the rules resolve (a file's literals) recur in each version of it: classified once per set of rules.
    const findings = evaluateIntegrity({ sources, kindOf: classifierOf(rules), allow: rules.config.integrity?.allow ?? {} });
    if (findings.length > 0) c.integrity = findings;
  }
}
