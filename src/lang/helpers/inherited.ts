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
 * proves nothing for a subclass that calls none of them.
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
  if (!first) return [];
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
  const root = own === undefined ? undefined : sourceRoot(dir, own);
  const qualified = written !== name ? written : [...text.matchAll(IMPORT)].map((m) => m[1]!).find((q) => lastSegment(q) === name);
  const candidates = new Set<string>();
  for (const ext of exts) {
    if (qualified !== undefined && root !== undefined) candidates.add(join(root, qualified.split(/[.\\]/).join('/') + ext));
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

// `src/test/java/org/x` with package `org.x` → `src/test/java`; undefined when the folder does not end in the package.
function sourceRoot(dir: string, pkg: string): string | undefined {
  const tail = pkg.split(/[.\\]/).join('/');
  if (dir === tail) return '';
  if (dir.endsWith('/' + tail)) return dir.slice(0, -tail.length - 1);
  return undefined;
}

function join(dir: string, rest: string): string {
  return dir === '' ? rest : `${dir}/${rest}`;
}
