/**
 * The integrity rules' input at commit time: each implementation file the commit adds or
 * changes, read by blob id now and at HEAD, blanked by its language's lexer (one `cat-file
 * --batch` for all). Files no lexer reads, links, submodules and binary blobs are left out.
 */
import type { IntegrityInput } from '../gates/integrity/index.js';
import type { ImplSource } from '../gates/integrity/source.js';
import { NULL_OID } from '../git/ids.js';
import { readObjects, type RepoContext } from '../git/queries.js';
import type { Config } from '../config/schema.js';
import type { Classifier } from '../snapshot/classify.js';
import type { StagedEntry } from '../types.js';

/** Blob id → text for the rules to read: null for a blob that is not text. */
export type ReadTexts = (oids: string[]) => Promise<(string | null)[]>;

/** A regular file of implementation (no link, no submodule) that the commit adds or changes. */
export const isImplChange = (e: StagedEntry): boolean => e.kind === 'impl' && e.status !== 'D' && /^100/.test(e.newMode);

const textOf = (b: Buffer | null): string | null => (b && !b.includes(0) ? b.toString('utf8') : null);

/** The sources of `entries` (their impl changes), blanked. Loads the lexers only when one is needed. */
export async function buildImplSources(entries: readonly StagedEntry[], read: ReadTexts): Promise<Map<string, ImplSource>> {
  const changed = entries.filter(isImplChange);
  const sources = new Map<string, ImplSource>();
  if (changed.length === 0) return sources;
  const { blank, languageOf } = await import('../lang/index.js');
  const known = changed.filter((e) => languageOf(e.path) !== undefined);
  if (known.length === 0) return sources;
  const texts = await read(known.flatMap((e) => [e.newBlob, e.oldBlob === NULL_OID || !/^100/.test(e.oldMode) ? e.newBlob : e.oldBlob]));
  known.forEach((e, i) => {
    const now = texts[2 * i];
    if (now === null || now === undefined) return;
    const old = e.oldBlob === NULL_OID || !/^100/.test(e.oldMode) ? null : texts[2 * i + 1];
    const lex = (t: string) => ({ text: t, blanked: blank(e.path, t) });
    sources.set(e.path, { language: languageOf(e.path)!, now: lex(now), ...(old ? { before: lex(old) } : {}) });
  });
  return sources;
}

/** The hook's: the staged blobs and HEAD's, read from the repository. */
export async function readImplIntegrity(
  repo: RepoContext,
  entries: readonly StagedEntry[],
  config: Config,
  classify: Classifier,
): Promise<IntegrityInput | undefined> {
  const sources = await buildImplSources(entries, async (oids) => (await readObjects(repo, oids)).map(textOf));
  if (sources.size === 0) return undefined;
  return { sources, kindOf: classify, allow: config.integrity.allow };
}
