import { compileAssertNames, matchAssertNames } from './assert-names.js';
import { matchBrackets, scanCalls, type Call } from './calls.js';
import { findDefinitions, type Definition } from './definitions.js';
import { isDeclared } from './match.js';
import { dirname, moduleCandidates, rustModCandidates } from './modules.js';
import type { ImportBinding, LanguageId, LanguageProfile } from './profile.js';

/**
 * Assertions through the project's own helpers: a call in a test file counts when it reaches a
 * function, method or macro of the project whose body asserts — in the same file, in a file it
 * imports (JS/TS relative imports, Python project modules), in its Go package (other _test.go
 * files too), or in its Rust crate (`macro_rules!` in the folder and its `mod` files) —
 * followed transitively up to MAX_DEPTH calls deep and MAX_FILES files. The files are read
 * through a SourceReader the caller provides (the hook: the index; red-check: the disk), a batch
 * per level; everything else here is pure.
 */

export interface SourceReader {
  /** The texts of those of `paths` that exist (repository paths, '/'-separated). */
  read(paths: readonly string[]): Promise<Map<string, string>>;
  /** The files directly in `dir` ('' is the top), as repository paths. */
  list(dir: string): Promise<string[]>;
}

/** Which helper carried an assertion, for `--json` (`via`) and the hook's facts. */
export interface AssertionVia {
  /** The call in the test file, as a chain: `ruleTester.run`, `eqnice!`. */
  call: string;
  /** 1-based line of the call. */
  line: number;
  /** `helper`: a project function whose body asserts (`helper`, `path`); `config`: an assertFunctionNames `pattern`. */
  kind: 'helper' | 'config';
  helper?: string;
  path?: string;
  pattern?: string;
}

export const MAX_DEPTH = 4;
export const MAX_FILES = 64;
const MAX_CANDIDATES = 600;

/**
 * The languages whose helpers are followed into other files. (A helper in the same file that
 * asserts is counted where it asserts; Java, Kotlin and C# have no other file to follow here.)
 */
export const HELPER_LANGUAGES: ReadonlySet<LanguageId> = new Set(['js', 'python', 'go', 'rust']);

interface Model {
  path: string;
  language: LanguageId;
  imports: ImportBinding[];
  defs: Definition[];
  calls: Call[];
  /** Assertion offsets, ascending. */
  asserts: number[];
  /** `const tester = new RuleTester(…)` → tester: RuleTester. */
  instances: Map<string, string>;
  /** Rust `mod util;` names. */
  mods: string[];
  /** What `export default` / `module.exports =` names. */
  defaultName: string | undefined;
  defNames: Set<string>;
  byLocal: Map<string, ImportBinding>;
}

const INSTANCE = /(?<![\w$.])(?:const|let|var)\s+([\w$]+)\s*(?::[^=;\n]{0,200})?=\s*new\s+([\w$]+)/g;
const JS_DEFAULT = /(?:export\s+default\s+(?:async\s+)?(?:function\s*\*?|class)?\s*|module\s*\.\s*exports\s*=\s*(?:class|function\s*\*?)?\s*)([\w$]+)/g;
const RUST_MOD = /(?<![\w])mod\s+(\w+)\s*;/g;

/** What the caller already read of a file (the test file: analyzeTestFile's work is not done twice). */
export interface Lexed {
  blanked: string;
  imports: ImportBinding[];
  calls?: Call[];
  /** The assertions the profile found (none, for a file whose helpers are looked for). */
  asserts?: number[];
}

function buildModel(profile: LanguageProfile, path: string, text: string, assertNames: RegExp | undefined, lexed?: Lexed): Model {
  const blanked = lexed?.blanked ?? profile.blank(path, text);
  const imports = lexed?.imports ?? profile.imports(blanked, text);
  const scanned = lexed?.calls ?? scanCalls(blanked, profile.id === 'rust');
  // The test file itself (`lexed` given) needs no definitions: every call in it is checked, the
  // ones inside its own helpers too; a call that hits is checked for being a declaration instead.
  const defs = lexed ? [] : findDefinitions(profile.id, blanked, matchBrackets(blanked), scanned);
  const declared = new Set(defs.map((d) => d.nameAt));
  const calls = defs.length === 0 ? scanned : scanned.filter((c) => !declared.has(c.start));
  const asserts = new Set(lexed?.asserts ?? profile.assertions(blanked, imports, text));
  for (const c of matchAssertNames(calls, assertNames)) asserts.add(c.start);
  const instances = new Map<string, string>();
  let defaultName: string | undefined;
  if (profile.id === 'js') {
    for (const m of blanked.matchAll(INSTANCE)) instances.set(m[1]!, m[2]!);
    for (const m of blanked.matchAll(JS_DEFAULT)) defaultName ??= m[1];
  }
  const mods = profile.id === 'rust' ? Array.from(blanked.matchAll(RUST_MOD), (m) => m[1]!) : [];
  const byLocal = new Map<string, ImportBinding>();
  for (const b of imports) if (!byLocal.has(b.local)) byLocal.set(b.local, b);
  const sorted = [...asserts].sort((a, b) => a - b);
  return { path, language: profile.id, imports, defs, calls, asserts: sorted, instances, mods, defaultName, defNames: new Set(defs.map((d) => d.name)), byLocal };
}

const SELF = new Set(['this', 'self', 'cls', 'super']);

function rootOf(name: string): string {
  const dot = name.indexOf('.');
  return dot === -1 ? name : name.slice(0, dot);
}

/** Import bindings a call of `m` goes through (its root, or the class of an instance). */
function bindingOf(m: Model, c: Call): ImportBinding | undefined {
  const root = rootOf(c.name);
  return m.byLocal.get(m.instances.get(root) ?? root);
}

/**
 * What one reader has answered, kept with it: the test files of one red-check run or one commit
 * share their helpers (362 eslint rule tests, one rule tester), which are then read and modelled once.
 */
interface Memo {
  texts: Map<string, Promise<string | null>>;
  lists: Map<string, Promise<string[]>>;
  models: Map<string, Model | undefined>;
  /** The asserting helpers of a set of helper files (see findHelperAssertions). */
  asserting: Map<string, Set<string>>;
}

const MEMOS = new WeakMap<SourceReader, Memo>();

function memoOf(reader: SourceReader): Memo {
  let memo = MEMOS.get(reader);
  if (!memo) MEMOS.set(reader, (memo = { texts: new Map(), lists: new Map(), models: new Map(), asserting: new Map() }));
  return memo;
}

// Promises are kept, so test files analysed side by side wait for one read of a shared helper.
async function readMemo(reader: SourceReader, memo: Memo, paths: readonly string[]): Promise<Map<string, string>> {
  const unknown = paths.filter((p) => !memo.texts.has(p));
  if (unknown.length > 0) {
    const batch = reader.read(unknown);
    for (const p of unknown) memo.texts.set(p, batch.then((texts) => texts.get(p) ?? null));
  }
  const out = new Map<string, string>();
  for (const p of paths) {
    const text = await memo.texts.get(p)!;
    if (text !== null) out.set(p, text);
  }
  return out;
}

/** Loads the test file's reachable helper files, level by level (one read per level). */
async function loadModels(test: Model, reader: SourceReader, make: (path: string, text: string) => Model | undefined): Promise<World> {
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
interface World {
  models: Map<string, Model>;
  resolved: Map<string, string>;
  byLanguage: Map<LanguageId, Map<string, Node[]>>;
  /** Memo: a file's call name → what it may run. */
  targets: Map<Model, Map<string, Node[]>>;
}

interface Node {
  path: string;
  name: string;
}

const key = (n: Node): string => `${n.path}\0${n.name}`;

/** What a call may run: definitions by name in the file, its imports, its package or crate. */
function targetsOf(world: World, m: Model, c: Call): Node[] {
  let byName = world.targets.get(m);
  if (!byName) world.targets.set(m, (byName = new Map()));
  let found = byName.get(c.name);
  if (!found) byName.set(c.name, (found = findTargets(world, m, c)));
  return found;
}

function findTargets({ models, resolved, byLanguage }: World, m: Model, c: Call): Node[] {
  const segments = c.name.split('.');
  const last = segments.at(-1)!;
  const root = segments[0]!;
  const defined = (model: Model | undefined, name: string): Node[] =>
    model && model.defNames.has(name) ? [{ path: model.path, name }] : [];
  // Follows re-exports: `module.exports = { RuleTester }` after `const RuleTester = require('./rule-tester')`.
  const inModule = (path: string | undefined, name: string, via: string | undefined, hops = 0): Node[] => {
    const model = path === undefined ? undefined : models.get(path);
    if (!model) return [];
    const own = defined(model, name);
    if (own.length > 0 || hops >= 3) return own;
    const through = via === undefined ? undefined : model.byLocal.get(via);
    if (!through) return [];
    return inModule(resolved.get(`${model.path}\0${through.local}`), name, through.imported === '*' || through.imported === 'default' ? via : through.imported, hops + 1);
  };
  const anywhere = (name: string): Node[] => byLanguage.get(m.language)?.get(name) ?? [];
  if (m.language === 'go' || m.language === 'rust') return anywhere(last);
  if (segments.length === 1 && !root.endsWith('!')) {
    const own = defined(m, root);
    if (own.length > 0) return own;
    const b = m.byLocal.get(root);
    if (!b) return [];
    const file = resolved.get(`${m.path}\0${b.local}`);
    const name = b.imported === '*' || b.imported === 'default' ? (file && models.get(file)?.defaultName) ?? root : b.imported;
    return inModule(file, name, name);
  }
  if (SELF.has(root)) {
    const own = defined(m, last);
    return own.length > 0 ? own : anywhere(last);
  }
  const b = bindingOf(m, c);
  if (b) {
    const cls = m.instances.get(root);
    return inModule(resolved.get(`${m.path}\0${b.local}`), last, cls !== undefined ? b.imported === '*' || b.imported === 'default' ? cls : b.imported : undefined);
  }
  // An instance of a class this file defines: `const h = new Harness(); h.check()`.
  return m.instances.has(root) ? defined(m, last) : [];
}

/**
 * Is this call-shaped head a definition: a method (`check(a) {`, `void check(int a) {`) or a Go
 * function (`func check(`, `func (h *H) check(`)? Looks at the call's own line and what follows it.
 */
function isDefinitionHead(blanked: string, c: Call, language: LanguageId): boolean {
  if (language === 'go') return isDeclared(blanked, c.start, false);
  if (c.close === -1) return false;
  let i = c.close + 1;
  while (i < blanked.length && i - c.close < 200 && /\s/.test(blanked[i]!)) i++;
  return blanked[i] === '{' || (blanked[i] === ':' && language === 'js' && /^:[^;=(){}]{0,200}\{/.test(blanked.slice(i, i + 202)));
}

/** The innermost definition holding each call (undefined: top level), by a sweep over starts. */
function ownerOf(m: Model): (c: Call) => Definition | undefined {
  const defs = [...m.defs].sort((a, b) => a.start - b.start);
  return (c) => {
    let lo = 0;
    for (let hi = defs.length; lo < hi; ) {
      const mid = (lo + hi) >>> 1;
      if (defs[mid]!.start <= c.start) lo = mid + 1;
      else hi = mid;
    }
    // The nearest definitions that start before the call, innermost first (a bounded walk).
    for (let i = lo - 1; i >= 0 && i >= lo - 64; i--) if (c.start <= defs[i]!.end) return defs[i];
    return undefined;
  };
}

function holdsAssertion(asserts: readonly number[], d: Definition): boolean {
  let lo = 0;
  let hi = asserts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (asserts[mid]! < d.start) lo = mid + 1;
    else hi = mid;
  }
  return lo < asserts.length && asserts[lo]! <= d.end;
}

/** The helpers that assert, each with the file that defines it: breadth-first from those whose body asserts. */
function assertingHelpers(world: World, models: Iterable<Model>, known: ReadonlySet<string>): Set<string> {
  const callers = new Map<string, Set<string>>();
  const asserting = new Set<string>(known);
  for (const m of models) {
    for (const d of m.defs) if (holdsAssertion(m.asserts, d)) asserting.add(key({ path: m.path, name: d.name }));
    const owner = ownerOf(m);
    for (const c of m.calls) {
      const d = owner(c);
      if (!d) continue;
      const from = key({ path: m.path, name: d.name });
      for (const t of targetsOf(world, m, c)) {
        const k = key(t);
        if (k === from) continue;
        if (!callers.has(k)) callers.set(k, new Set());
        callers.get(k)!.add(from);
      }
    }
  }
  let level = [...asserting];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const k of level) for (const caller of callers.get(k) ?? []) if (!asserting.has(caller)) (asserting.add(caller), next.push(caller));
    level = next;
  }
  return asserting;
}

/**
 * The calls of a test file that assert through a project helper or an assertFunctionNames
 * pattern, in source order (empty when none does). `lineOf` maps an offset to its line.
 */
export async function findHelperAssertions(
  profile: LanguageProfile,
  path: string,
  text: string,
  reader: SourceReader,
  options: {
    assertFunctionNames?: readonly string[];
    profileOf: (path: string) => LanguageProfile | undefined;
    lineOf: (offset: number) => number;
    lexed?: Lexed;
  },
): Promise<AssertionVia[]> {
  // JS and Python reach other files only through their imports: with no import of a project
  // file, nothing is there to find (and the file need not be modelled at all).
  const lexed = options.lexed;
  if (lexed && (profile.id === 'js' || profile.id === 'python') && !lexed.imports.some((b) => moduleCandidates(profile.id, path, b).length > 0)) return [];
  const names = compileAssertNames(options.assertFunctionNames ?? []);
  const test = buildModel(profile, path, text, names, lexed);
  const make = (p: string, t: string): Model | undefined => {
    const other = options.profileOf(p);
    return other && HELPER_LANGUAGES.has(other.id) ? buildModel(other, p, t, names) : undefined;
  };
  const world = await loadModels(test, reader, make);
  // The helpers' own verdicts, once per set of helper files and reader (every rule test of eslint
  // loads the same rule tester); then the test file's definitions on top.
  const helpers = [...world.models.values()].filter((m) => m !== test);
  const memo = memoOf(reader);
  const setKey = `${names?.source ?? ''}\0${helpers.map((m) => m.path).sort().join('\0')}`;
  let known = memo.asserting.get(setKey);
  if (!known) memo.asserting.set(setKey, (known = assertingHelpers(world, helpers, new Set())));
  const asserting = assertingHelpers(world, [test], known);
  const via: AssertionVia[] = [];
  const blanked = lexed?.blanked ?? profile.blank(path, text);
  for (const c of test.calls) {
    const hit = targetsOf(world, test, c).find((t) => asserting.has(key(t)));
    if (hit && !isDefinitionHead(blanked, c, test.language)) via.push({ call: c.name, line: options.lineOf(c.start), kind: 'helper', helper: hit.name, path: hit.path });
  }
  return via;
}
