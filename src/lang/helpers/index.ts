import { compileAssertNames } from '../scan/assert-names.js';
import type { Call } from '../scan/calls.js';
import type { Definition } from '../scan/definitions.js';
import { loadModels, memoOf, MAX_DEPTH, type Node, type SourceReader, type World } from './files.js';
import { bindingOf, buildModel, SELF, type Lexed, type Model } from './model.js';
import { isDeclared } from '../scan/match.js';
import { moduleCandidates } from './modules.js';
import type { LanguageId, LanguageProfile } from '../profile.js';

export { MAX_DEPTH, MAX_FILES, type SourceReader } from './files.js';
export type { Lexed } from './model.js';

/**
 * Assertions through the project's own helpers: a call in a test file counts when it reaches a
 * function, method or macro of the project whose body asserts — in the same file, in a file it
 * imports (JS/TS relative imports, Python project modules), in its Go package (other _test.go
 * files too), or in its Rust crate (`macro_rules!` in the folder and its `mod` files) —
 * followed transitively up to MAX_DEPTH calls deep and MAX_FILES files. The files are read
 * through a SourceReader the caller provides (the hook: the index; red-check: the disk), a batch
 * per level; everything else here is pure.
 */

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

/**
 * The languages whose helpers are followed into other files. (A helper in the same file that
 * asserts is counted where it asserts; Java, Kotlin and C# have no other file to follow here.)
 */
export const HELPER_LANGUAGES: ReadonlySet<LanguageId> = new Set(['js', 'python', 'go', 'rust']);

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
  const defined = (model: Model | undefined, name: string): Node[] => (model && model.defNames.has(name) ? [{ path: model.path, name }] : []);
  // Follows re-exports: `module.exports = { RuleTester }` after `const RuleTester = require('./rule-tester')`.
  const inModule = (path: string | undefined, name: string, via: string | undefined, hops = 0): Node[] => {
    const model = path === undefined ? undefined : models.get(path);
    if (!model) return [];
    const own = defined(model, name);
    if (own.length > 0 || hops >= 3) return own;
    const through = via === undefined ? undefined : model.byLocal.get(via);
    if (!through) return [];
    return inModule(
      resolved.get(`${model.path}\0${through.local}`),
      name,
      through.imported === '*' || through.imported === 'default' ? via : through.imported,
      hops + 1,
    );
  };
  const anywhere = (name: string): Node[] => byLanguage.get(m.language)?.get(name) ?? [];
  // Go: a method of the test's own object (`t.Run`) or another package's function (`fmt.Println`,
  // the root an import) is none of the package's.
  if (m.language === 'go' && segments.length > 1 && (GO_TESTING.has(root) || m.byLocal.has(root))) return [];
  if (m.language === 'go' || m.language === 'rust') return anywhere(last);
  if (segments.length === 1 && !root.endsWith('!')) {
    const own = defined(m, root);
    if (own.length > 0) return own;
    const b = m.byLocal.get(root);
    if (!b) return [];
    const file = resolved.get(`${m.path}\0${b.local}`);
    const name = b.imported === '*' || b.imported === 'default' ? ((file && models.get(file)?.defaultName) ?? root) : b.imported;
    return inModule(file, name, name);
  }
  if (SELF.has(root)) {
    const own = defined(m, last);
    return own.length > 0 ? own : anywhere(last);
  }
  const b = bindingOf(m, c);
  if (b) {
    const cls = m.instances.get(root);
    return inModule(
      resolved.get(`${m.path}\0${b.local}`),
      last,
      cls !== undefined ? (b.imported === '*' || b.imported === 'default' ? cls : b.imported) : undefined,
    );
  }
  // An instance of a class this file defines: `const h = new Harness(); h.check()`.
  return m.instances.has(root) ? defined(m, last) : [];
}

const GO_TESTING = new Set(['t', 'b', 'f', 'tb']);

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
    for (let hi = defs.length; lo < hi;) {
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
  const setKey = `${names?.source ?? ''}\0${helpers
    .map((m) => m.path)
    .sort()
    .join('\0')}`;
  let known = memo.asserting.get(setKey);
  if (!known) memo.asserting.set(setKey, (known = assertingHelpers(world, helpers, new Set())));
  const asserting = assertingHelpers(world, [test], known);
  const via: AssertionVia[] = [];
  const blanked = lexed?.blanked ?? profile.blank(path, text);
  for (const c of test.calls) {
    const hit = targetsOf(world, test, c).find((t) => asserting.has(key(t)));
    if (hit && !isDefinitionHead(blanked, c, test.language))
      via.push({ call: c.name, line: options.lineOf(c.start), kind: 'helper', helper: hit.name, path: hit.path });
  }
  return via;
}
