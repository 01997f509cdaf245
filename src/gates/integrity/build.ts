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

/** The sources of `entries`' implementation changes, blanked. Loads the lexers only when one is needed. */
export async function buildImplSources(entries: readonly StagedEntry[], read: ReadTexts): Promise<Map<string, ImplSource>> {
  const sources = new Map<string, ImplSource>();
  const changed = entries.filter(isImplChange);
  if (changed.length === 0) return sources;
  const { blank, languageOf } = await import('../../lang/index.js');
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
    const lex = (t: string) => ({ text: t, blanked: blank(e.path, t) });
    // Before is read only when now has a match (most commits have none): lexed on first use.
    sources.set(e.path, { language: languageOf(e.path)!, now: lex(now), ...(old ? { before: lazyText(old, (t) => blank(e.path, t)) } : {}) });
  }
  return sources;
}
