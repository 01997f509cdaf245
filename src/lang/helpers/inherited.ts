import { memoOf, MAX_DEPTH, type SourceReader } from './files.js';
import { dirname } from './modules.js';
import type { AssertionVia } from './index.js';
import type { LanguageId, LanguageProfile } from '../profile.js';

/**
 * Tests inherited from a base class in another file (Java, Kotlin, C#, PHP): commons-lang's
 * `class CompareToBuilderNoForceTest extends CompareToBuilderTest {}`, okio's `class JvmSystemFileSystemTest :
 * AbstractFileSystemTest(…)`. The runner runs the base's test methods on the subclass, so a
 * subclass that declares none of its own asserts what its base's tests assert. The base is found
 * by its name: in the file's folder, or where its import or the file's own namespace puts it
 * under the same source root (`src/test/java/` + `org/x/Base.java`); followed up to MAX_DEPTH
 * bases. A base counts when it declares tests and asserts; a base with helper methods only
 * proves nothing for a subclass that calls none of them, and a subclass that declares tests of
 * its own is judged by those.
 */

export const INHERITING_LANGUAGES: ReadonlySet<LanguageId> = new Set(['java', 'kotlin', 'csharp', 'php']);

const EXTENSIONS: Partial<Record<LanguageId, string[]>> = { java: ['.java', '.kt'], kotlin: ['.kt', '.java'], csharp: ['.cs'], php: ['.php'] };

// The first supertype of the file's first class: `extends Base` · `: Base(` · `: Base<T>, IDisposable`.
const BASE: Partial<Record<LanguageId, RegExp>> = {
  java: /\bclass\s+[\w$]+\s*(?:<[^{}]*?>\s*)?extends\s+([\w$.]+)/,
  php: /\bclass\s+\w+\s+extends\s+\\?([\w\\]+)/,
  kotlin: /\bclass\s+\w+\s*(?:<[^{}]*?>\s*)?(?:(?:private|internal|protected|public)?\s*constructor\s*)?(?:\((?:[^()]|\([^()]*\))*\)\s*)?:\s*([\w.]+)/,
  csharp: /\bclass\s+\w+\s*(?:<[^{}]*?>\s*)?(?:\([^()]*\)\s*)?:\s*([\w.]+)/,
};

// Where a type's full name comes from: `import a.b.Base;` · `use A\B\Base;` · `package a.b` · `namespace A\B;`
const IMPORT = /^\s*(?:import|use)\s+(?:static\s+)?([\w$.\\]+?)(?:\s+as\s+\w+)?\s*;?\s*$/gm;
const PACKAGE = /^\s*(?:package|namespace)\s+([\w.\\]+)/m;

export interface InheritedOptions {
  profileOf: (path: string) => LanguageProfile | undefined;
  lineOf: (offset: number) => number;
}

/** The base class whose tests the file at `path` inherits, as a `via`; empty when there is none that asserts. */
export async function findInheritedTests(
  profile: LanguageProfile,
  path: string,
  blanked: string,
  text: string,
  reader: SourceReader,
  options: InheritedOptions,
): Promise<AssertionVia[]> {
  const first = BASE[profile.id]?.exec(blanked);
  // A class that declares tests of its own is judged by them: its empty `@Test void adds() {}` does
  // not pass because the base's tests assert (nor do tests that override the base's with nothing).
  if (!first || profile.titles(blanked, text).length > 0) return [];
  let current = { path, blanked, text, language: profile.id };
  let written = first[1]!;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const name = lastSegment(written);
    const base = await readBase(reader, current.path, current.text, current.language, written);
    if (!base) return [];
    const baseProfile = options.profileOf(base.path);
    if (!baseProfile) return [];
    const b = baseProfile.blank(base.path, base.text);
    const asserts = baseProfile.assertions(b, baseProfile.imports(b, base.text), base.text).length > 0;
    if (asserts && baseProfile.titles(b, base.text).length > 0) {
      return [{ call: `extends ${lastSegment(first[1]!)}`, line: options.lineOf(first.index), kind: 'helper', helper: name, path: base.path }];
    }
    const next = BASE[baseProfile.id]?.exec(b);
    if (!next) return [];
    current = { path: base.path, blanked: b, text: base.text, language: baseProfile.id };
    written = next[1]!;
  }
  return [];
}

function lastSegment(qualified: string): string {
  return qualified.split(/[.\\]/).at(-1)!;
}

/** The file that declares `name` for the file at `path`: its import's, its namespace's, or its folder's. */
async function readBase(
  reader: SourceReader,
  path: string,
  text: string,
  language: LanguageId,
  written: string,
): Promise<{ path: string; text: string } | undefined> {
  const name = lastSegment(written);
  const dir = dirname(path);
  const exts = EXTENSIONS[language] ?? [];
  const own = PACKAGE.exec(text)?.[1];
  const map = own === undefined ? undefined : namespaceMap(dir, own);
  const qualified = written !== name ? written : [...text.matchAll(IMPORT)].map((m) => m[1]!).find((q) => lastSegment(q) === name);
  const candidates = new Set<string>();
  for (const ext of exts) {
    const mapped = qualified !== undefined && map !== undefined ? pathOf(map, qualified) : undefined;
    if (mapped !== undefined) candidates.add(mapped + ext);
    candidates.add(join(dir, name + ext));
  }
  const memo = memoOf(reader);
  const paths = [...candidates];
  const unknown = paths.filter((p) => !memo.texts.has(p));
  if (unknown.length > 0) {
    const batch = reader.read(unknown);
    for (const p of unknown)
      memo.texts.set(
        p,
        batch.then((t) => t.get(p) ?? null),
      );
  }
  for (const p of paths) {
    const t = await memo.texts.get(p)!;
    if (t !== null && p !== path) return { path: p, text: t };
  }
  return undefined;
}

/**
 * Where a namespace's types live, read off the file's own folder and package: the longest common
 * tail of the two is the same path, what is left maps a namespace prefix to a folder (Java:
 * `org.x` in `src/test/java/org/x` → '' ↦ `src/test/java`; PHP's PSR-4:
 * `League\CommonMark\Tests\Functional\Ext` in `tests/functional/Ext` → `League\…\Functional` ↦ `tests/functional`).
 */
function namespaceMap(dir: string, pkg: string): { ns: string[]; dir: string } {
  const np = pkg.split(/[.\\]/);
  const dp = dir === '' ? [] : dir.split('/');
  let k = 0;
  while (k < np.length && k < dp.length && np[np.length - 1 - k] === dp[dp.length - 1 - k]) k++;
  return { ns: np.slice(0, np.length - k), dir: dp.slice(0, dp.length - k).join('/') };
}

/** The path of a qualified type name under the map, without its extension; undefined when the map does not cover it. */
function pathOf(map: { ns: string[]; dir: string }, qualified: string): string | undefined {
  const parts = qualified.split(/[.\\]/);
  if (parts.length <= map.ns.length || map.ns.some((p, k) => parts[k] !== p)) return undefined;
  return join(map.dir, parts.slice(map.ns.length).join('/'));
}

function join(dir: string, rest: string): string {
  return dir === '' ? rest : `${dir}/${rest}`;
}
