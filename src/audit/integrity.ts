/**
 * Pure: the integrity rules' input for each commit of the history that changes implementation,
 * whatever its trailers say (a commit made past the hooks is judged too). Its blobs are read by
 * the caller (read.ts, one `cat-file --batch`); the classifier and `integrity.allow` are the
 * commit's rules (its parent's configuration).
 */
import { blankUses, buildImplSources, implBlobs, type BlankCache } from '../gates/integrity/build.js';
import { makeClassifier } from '../snapshot/classify.js';
import type { AuditCommit, Rules } from './types.js';

/** The commits the rules judge: TDD steps of any phase, commits without trailers, a merge's own changes. */
const judged = (c: AuditCommit) => c.kind === 'tdd' || c.kind === 'no-trailers' || (c.kind === 'merge' && (c.mergeOwn?.length ?? 0) > 0);
const changesOf = (c: AuditCommit) => (c.kind === 'merge' ? (c.mergeOwn ?? []) : c.entries);

/** Blob ids the integrity rules need read. */
export function integrityBlobsNeeded(commits: readonly AuditCommit[]): string[] {
  return [...new Set(commits.filter(judged).flatMap((c) => implBlobs(changesOf(c))))];
}

/** Sets `integrity` on each judged commit whose implementation changes a lexer reads. */
export async function addIntegrity(commits: AuditCommit[], texts: ReadonlyMap<string, string>, rulesOf: ReadonlyMap<string, Rules>): Promise<void> {
  const classifiers = new Map<Rules, ReturnType<typeof makeClassifier>>();
  const read = async (oids: string[]) => oids.map((o) => texts.get(o) ?? null).map((t) => (t === null || t.includes('\0') ? null : t));
  // A blob one commit adds is the next one's "before": lexed once (BlankCache).
  const cache: BlankCache = { uses: blankUses(commits.filter(judged).flatMap(changesOf)), blanked: new Map() };
  for (const c of commits) {
    const rules = rulesOf.get(c.sha);
    if (!judged(c) || !rules) continue;
    const sources = await buildImplSources(changesOf(c), read, cache);
    if (sources.size === 0) continue;
    let kindOf = classifiers.get(rules);
    if (!kindOf) classifiers.set(rules, (kindOf = makeClassifier(rules.config)));
    c.integrity = { sources, kindOf, allow: rules.config.integrity?.allow ?? {} };
  }
}
