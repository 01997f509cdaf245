/**
 * The integrity rules' sources from a commit's classified changes: each implementation file it
 * adds or changes, now and before, blanked by its language's lexer. The texts come through `read`
 * (the hook reads the staged blobs, the audit the commits'); files no lexer reads, links,
 * submodules and binary blobs are left out.
 */
import { NULL_OID } from '../../git/ids.js';
import type { StagedEntry } from '../../types.js';
import type { ImplSource } from './source.js';

/** Blob ids → their texts, in order: null for one that is missing or not text. */
export type ReadTexts = (oids: string[]) => Promise<(string | null)[]>;

const isFile = (mode: string) => mode.startsWith('100');

/** A regular file of implementation (no link, no submodule) that the change adds or edits. */
export const isImplChange = (e: StagedEntry): boolean => e.kind === 'impl' && e.status !== 'D' && isFile(e.newMode) && e.oldBlob !== e.newBlob;

/** Text of a blob, or null when it is binary (a NUL byte, as git tells). */
export const textOf = (b: Uint8Array | null | undefined): string | null => (b && !b.includes(0) ? Buffer.from(b).toString('utf8') : null);

/** The blobs `entries`' sources need: both sides of each implementation change. */
export function implBlobs(entries: readonly StagedEntry[]): string[] {
  return entries.filter(isImplChange).flatMap((e) => [e.newBlob, ...(e.oldBlob !== NULL_OID && isFile(e.oldMode) ? [e.oldBlob] : [])]);
}

function lazyText(text: string, lex: (t: string) => string): { readonly text: string; readonly blanked: string } {
  let blanked: string | undefined;
  return {
    text,
    get blanked() {
      return (blanked ??= lex(text));
    },
  };
}

/**
 * Blanked texts kept across commits (the audit over a history): one commit's new blob is the next
 * one's old blob, lexed once. `uses`: how many sides of changes still to come name each blob (by
 * blob id and path: the lexer goes by the path); a text is kept only while one
 * does, so the cache holds what is still ahead, not the history.
 */
export interface BlankCache {
  readonly uses: Map<string, number>;
  readonly blanked: Map<string, string>;
}

const keyOf = (oid: string, path: string): string => `${oid}\0${path}`;

/** The sides of `entries`' implementation changes, counted (BlankCache.uses). */
export function blankUses(entries: readonly StagedEntry[]): Map<string, number> {
  const uses = new Map<string, number>();
  for (const e of entries.filter(isImplChange)) {
    const oids = [e.newBlob, ...(e.oldBlob !== NULL_OID && isFile(e.oldMode) ? [e.oldBlob] : [])];
    for (const k of oids.map((o) => keyOf(o, e.path))) uses.set(k, (uses.get(k) ?? 0) + 1);
  }
  return uses;
}

/** One side of a change met: its blanked text when an earlier side kept it, and a lexer that keeps it for the sides still ahead. */
function cached(cache: BlankCache | undefined, oid: string, path: string, blank: (t: string) => string): (t: string) => string {
  if (!cache) return blank;
  const key = keyOf(oid, path);
  const left = (cache.uses.get(key) ?? 1) - 1;
  const kept = cache.blanked.get(key);
  if (left > 0) cache.uses.set(key, left);
  else {
    cache.uses.delete(key);
    cache.blanked.delete(key);
  }
  if (kept !== undefined) return () => kept;
  return (t) => {
    const b = blank(t);
    if (cache.uses.has(key)) cache.blanked.set(key, b);
    return b;
  };
}

// One module namespace for the process: the bundle's `import()` copies every export of the lexers'
// chunk into a new namespace at each call (the audit calls once per judged commit: ~17 ms per 1,000).
let lexers: Promise<typeof import('../../lang/index.js')> | undefined;

/** The sources of `entries`' implementation changes, blanked. Loads the lexers only when one is needed. */
export async function buildImplSources(entries: readonly StagedEntry[], read: ReadTexts, cache?: BlankCache): Promise<Map<string, ImplSource>> {
  const sources = new Map<string, ImplSource>();
  const changed = entries.filter(isImplChange);
  if (changed.length === 0) return sources;
  const { blank, languageOf } = await (lexers ??= import('../../lang/index.js'));
  const known = changed.filter((e) => languageOf(e.path) !== undefined);
  if (known.length === 0) return sources;
  const oids = implBlobs(known);
  const texts = new Map(oids.map((o, i) => [o, i] as const));
  const got = await read(oids);
  for (const e of known) {
    const now = got[texts.get(e.newBlob)!];
    if (now === null || now === undefined) continue;
    const at = texts.get(e.oldBlob);
    const old = e.oldBlob === NULL_OID || !isFile(e.oldMode) || at === undefined ? null : got[at];
    const lexNow = cached(cache, e.newBlob, e.path, (t) => blank(e.path, t));
    const lexOld = old ? cached(cache, e.oldBlob, e.path, (t) => blank(e.path, t)) : undefined;
    // Before is read only when now has a match (most commits have none): lexed on first use.
    sources.set(e.path, {
      language: languageOf(e.path)!,
      now: { text: now, blanked: lexNow(now) },
      ...(old && lexOld ? { before: lazyText(old, lexOld) } : {}),
    });
  }
  return sources;
}
