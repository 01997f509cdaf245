import { matchAssertNames } from '../scan/assert-names.js';
import { matchBrackets, scanCalls, type Call } from '../scan/calls.js';
import { findDefinitions, type Definition } from '../scan/definitions.js';
import type { ImportBinding, LanguageId, LanguageProfile } from '../profile.js';

/**
 * What the helper search knows of one file (lang/helpers/index.ts): its imports, definitions, calls and
 * assertions, read from its blanked text. Pure.
 */

export interface Model {
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

export function buildModel(profile: LanguageProfile, path: string, text: string, assertNames: RegExp | undefined, lexed?: Lexed): Model {
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
  return {
    path,
    language: profile.id,
    imports,
    defs,
    calls,
    asserts: sorted,
    instances,
    mods,
    defaultName,
    defNames: new Set(defs.map((d) => d.name)),
    byLocal,
  };
}

export const SELF = new Set(['this', 'self', 'cls', 'super']);

export function rootOf(name: string): string {
  const dot = name.indexOf('.');
  return dot === -1 ? name : name.slice(0, dot);
}

/** Import bindings a call of `m` goes through (its root, or the class of an instance). */
export function bindingOf(m: Model, c: Call): ImportBinding | undefined {
  const root = rootOf(c.name);
  // `require('./helper').check(…)`: the binding of the require at the chain's start (js/imports.ts).
  if (root === 'require' && m.language === 'js') return m.byLocal.get(`require@${c.start}`);
  return m.byLocal.get(m.instances.get(root) ?? root);
}
