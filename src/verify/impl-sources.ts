/**
 * The integrity rules' input at commit time: the staged implementation blobs and HEAD's (one
 * `cat-file --batch`). `alsoRead`: names read in the same process when it runs (GREEN: the task's
 * test files in the tree, which the run reads next: git/objects.ts keeps them).
 */
import type { Config } from '../config/schema.js';
import { buildImplSources, textOf } from '../gates/integrity/build.js';
import type { IntegrityInput } from '../gates/integrity/index.js';
import { readObjects, type RepoContext } from '../git/queries.js';
import type { Classifier } from '../snapshot/classify.js';
import type { StagedEntry } from '../types.js';

export async function readImplIntegrity(
  repo: RepoContext,
  entries: readonly StagedEntry[],
  config: Config,
  classify: Classifier,
  alsoRead: readonly string[] = [],
): Promise<IntegrityInput | undefined> {
  const sources = await buildImplSources(entries, async (oids) => (await readObjects(repo, [...oids, ...alsoRead])).slice(0, oids.length).map(textOf));
  if (sources.size === 0) return undefined;
  return { sources, kindOf: classify, allow: config.integrity.allow };
}
