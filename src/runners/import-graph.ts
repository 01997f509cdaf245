/**
 * The static import graph of a tree's JS/TS files, for REFACTOR where the runner has no
 * related-tests mode of its own (node --test, mocha; vitest and jest when a file is deleted): which
 * test files import, directly or not, a file the commit changes. Pure: the sources come in as text.
 *
 * Only relative specifiers are followed (`./a.js`, `../src/a` — with the extension, TypeScript's
 * `.js` for a `.ts` file, or a folder's index). A path alias (`@/lib/a`, `~/a`, `#a`) cannot be
 * resolved without the bundler's configuration: a file that uses one counts as importing anything,
 * so its tests run (too many rather than one too few). A package (`left-pad`) changes with no commit,
 * but a package of the repository's own workspaces (`'@demo/core'`, `@vue/shared/src/x`) is its
 * folder: a file that imports it reaches every file of that folder (its entry may be a build
 * product, an alias or `exports`, which only the runner resolves: too many rather than too few).
 */
import { posix } from 'node:path';
import { packageNameOf, scanImports } from './imports.js';

export const GRAPH_EXTENSIONS = ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx'];
const EXTENSIONS = [...GRAPH_EXTENSIONS, '.json'];
const TS_FOR_JS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'], '.jsx': ['.tsx'] };
/** Any other file may be what an alias names. */
const ANYTHING = '\0alias';

export function isGraphSource(path: string): boolean {
  return GRAPH_EXTENSIONS.includes(posix.extname(path));
}

// `require('./a')`, `import('./a')`, also where scanImports does not look (`require('./a').x`, a bare call).
const CALLS = /\b(?:require|import)\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;

/** Every specifier a file names. */
export function importSpecifiers(text: string): string[] {
  const found = new Set(scanImports(text, { quick: true }).map((d) => d.specifier));
  for (const m of text.matchAll(CALLS)) found.add(m[2]!);
  return [...found];
}

const isAlias = (spec: string) => /^(?:@\/|~\/|#)/.test(spec);

/** A relative specifier of `from` → the path it loads among `known`; undefined when none does. */
export function resolveSpecifier(from: string, spec: string, known: ReadonlySet<string>): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  if (base.startsWith('../')) return undefined;
  const ext = posix.extname(base);
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...(TS_FOR_JS[ext] ?? []).map((e) => base.slice(0, -ext.length) + e),
    ...EXTENSIONS.map((e) => `${base}/index${e}`),
  ];
  return candidates.find((c) => known.has(c));
}

/**
 * The test files among `tests` that reach a `changed` path (deleted ones too: a test importing a
 * removed file is affected) through the imports of `sources` (path → text), sorted.
 */
export function findAffectedTests(
  sources: ReadonlyMap<string, string>,
  changed: ReadonlySet<string>,
  tests: readonly string[],
  /** The repository's workspace packages: package.json name → its folder (forward slashes, no trailing slash). */
  packages: ReadonlyMap<string, string> = new Map(),
): string[] {
  const known = new Set([...sources.keys(), ...changed]);
  const importers = new Map<string, string[]>();
  const edge = (to: string, from: string) => importers.set(to, [...(importers.get(to) ?? []), from]);
  for (const [file, text] of sources) {
    for (const spec of importSpecifiers(text)) {
      if (isAlias(spec)) edge(ANYTHING, file);
      else if (spec.startsWith('.')) {
        const to = resolveSpecifier(file, spec, known);
        if (to !== undefined) edge(to, file);
      } else if (packages.has(packageNameOf(spec))) edge(PACKAGE + packageNameOf(spec), file);
    }
  }
  const folders = [...packages].map(([name, folder]) => ({ node: PACKAGE + name, prefix: `${folder}/` }));
  const reached = new Set<string>();
  const queue = [...changed, ANYTHING];
  const seen = new Set(queue);
  const push = (node: string) => {
    if (seen.has(node)) return;
    seen.add(node);
    queue.push(node);
  };
  while (queue.length > 0) {
    const next = queue.pop()!;
    // A file of a workspace package's folder reached: every importer of that package is.
    for (const f of folders) if (next.startsWith(f.prefix)) push(f.node);
    for (const from of importers.get(next) ?? []) {
      reached.add(from);
      push(from);
    }
  }
  return tests.filter((t) => reached.has(t) || changed.has(t)).sort();
}

/** The node a workspace package's importers hang from. */
const PACKAGE = '\0package:';

/**
 * The workspace packages of a tree from its package.json files below the top (path → text), by
 * name → folder. Any such package.json with a name counts: a folder no workspace declares only
 * adds tests, never hides one.
 */
export function workspacePackagesOf(manifests: ReadonlyMap<string, string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const [path, text] of manifests) {
    const folder = posix.dirname(path);
    if (folder === '.' || /(^|\/)node_modules\//.test(path)) continue;
    try {
      const name = (JSON.parse(text) as { name?: unknown }).name;
      // The shallowest folder wins a name held twice (a fixture's copy below a package).
      if (typeof name === 'string' && name !== '' && (!found.has(name) || found.get(name)!.length > folder.length)) found.set(name, folder);
    } catch {
      /* not JSON: not a package */
    }
  }
  return found;
}
