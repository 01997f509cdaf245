import { dirname, moduleCandidates, rustModCandidates } from './modules.js';
import { bindingOf, rootOf, SELF, type Model } from './model.js';
import type { ImportBinding, LanguageId } from '../profile.js';

/**
 * Reading the files a test file's helpers may live in, through the caller's SourceReader (the
 * index, the disk, a commit), a batch per level; what a reader answered is kept with it.
 */

export interface SourceReader {
  /** The texts of those of `paths` that exist (repository paths, '/'-separated). */
  read(paths: readonly string[]): Promise<Map<string, string>>;
  /** The files directly in `dir` ('' is the top), as repository paths. */
  list(dir: string): Promise<string[]>;
}

export const MAX_DEPTH = 4;
export const MAX_FILES = 64;
const MAX_CANDIDATES = 600;

/**
 * What one reader has answered, kept with it: the test files of one red-check run or one commit
 * share their helpers (362 eslint rule tests, one rule tester), which are then read and modelled once.
 */
export interface Memo {
  texts: Map<string, Promise<string | null>>;
  lists: Map<string, Promise<string[]>>;
  models: Map<string, Model | undefined>;
  /** The asserting helpers of a set of helper files (see findHelperAssertions). */
  asserting: Map<string, Set<string>>;
}

const MEMOS = new WeakMap<SourceReader, Memo>();

export function memoOf(reader: SourceReader): Memo {
  let memo = MEMOS.get(reader);
  if (!memo) MEMOS.set(reader, (memo = { texts: new Map(), lists: new Map(), models: new Map(), asserting: new Map() }));
  return memo;
}

// Promises are kept, so test files analysed side by side wait for one read of a shared helper.
async function readMemo(reader: SourceReader, memo: Memo, paths: readonly string[]): Promise<Map<string, string>> {
  const unknown = paths.filter((p) => !memo.texts.has(p));
  if (unknown.length > 0) {
    const batch = reader.read(unknown);
    for (const p of unknown)
      memo.texts.set(
        p,
        batch.then((texts) => texts.get(p) ?? null),
      );
  }
  const out = new Map<string, string>();
  for (const p of paths) {
    const text = await memo.texts.get(p)!;
    if (text !== null) out.set(p, text);
  }
  return out;
}

/** Loads the test file's reachable helper files, level by level (one read per level). */
export async function loadModels(test: Model, reader: SourceReader, make: (path: string, text: string) => Model | undefined): Promise<World> {
  const models = new Map<string, Model>([[test.path, test]]);
  const resolved = new Map<string, string>();
  const memo = memoOf(reader);
  let frontier: Model[] = [test];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0 && models.size < MAX_FILES; depth++) {
    const requests: { key: string; candidates: string[] }[] = [];
    const extra = new Set<string>();
    for (const m of frontier) {
      // The test file: the bindings its calls go through (every one when it calls methods of its own
      // classes, which may come from an imported base class). A helper file: all its imports.
      const selfCalls = m.calls.some((c) => SELF.has(rootOf(c.name)));
      const used = new Set<ImportBinding>(m === test && !selfCalls ? [] : m.imports);
      if (m === test && !selfCalls) {
        for (const c of m.calls) {
          const b = m.byLocal.size === 0 ? undefined : bindingOf(m, c);
          if (b) used.add(b);
        }
      }
      for (const b of used) {
        const candidates = moduleCandidates(m.language, m.path, b);
        if (candidates.length > 0) requests.push({ key: `${m.path}\0${b.local}`, candidates });
      }
      if (m.language === 'rust') for (const name of m.mods) requests.push({ key: `${m.path}\0mod ${name}`, candidates: rustModCandidates(m.path, name) });
      if (depth === 0 && (m.language === 'go' || m.language === 'rust')) {
        const ext = m.language === 'go' ? '.go' : '.rs';
        const dir = dirname(m.path);
        if (!memo.lists.has(dir)) memo.lists.set(dir, reader.list(dir));
        for (const p of await memo.lists.get(dir)!) if (p.endsWith(ext) && p !== m.path) extra.add(p);
      }
    }
    const wanted = new Set<string>(extra);
    for (const r of requests) for (const c of r.candidates) if (!models.has(c)) wanted.add(c);
    const texts = await readMemo(reader, memo, [...wanted].slice(0, MAX_CANDIDATES));
    const next: Model[] = [];
    const add = (path: string): void => {
      const text = texts.get(path);
      if (text === undefined || models.has(path) || models.size >= MAX_FILES) return;
      // The test file being checked is modelled afresh (its text is the one given); a helper once per reader.
      if (!memo.models.has(path)) memo.models.set(path, make(path, text));
      const model = memo.models.get(path);
      if (!model) return;
      models.set(path, model);
      next.push(model);
    };
    for (const r of requests) {
      const hit = r.candidates.find((c) => texts.has(c) || models.has(c));
      if (hit === undefined) continue;
      resolved.set(r.key, hit);
      add(hit);
    }
    for (const p of extra) add(p);
    frontier = next;
  }
  // Every definition by language and name: a package's or a crate's functions, and base classes' methods.
  const byLanguage = new Map<LanguageId, Map<string, Node[]>>();
  for (const m of models.values()) {
    if (!byLanguage.has(m.language)) byLanguage.set(m.language, new Map());
    const names = byLanguage.get(m.language)!;
    for (const name of m.defNames) {
      if (!names.has(name)) names.set(name, []);
      names.get(name)!.push({ path: m.path, name });
    }
  }
  return { models, resolved, byLanguage, targets: new Map() };
}

/** The files read, by path, and where each (file, local binding) resolved: `${path}\0${local}` → path. */
export interface Node {
  path: string;
  name: string;
}

export interface World {
  models: Map<string, Model>;
  resolved: Map<string, string>;
  byLanguage: Map<LanguageId, Map<string, Node[]>>;
  /** Memo: a file's call name → what it may run. */
  targets: Map<Model, Map<string, Node[]>>;
}
