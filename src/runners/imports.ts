import { jsImportDeclarations } from '../lang/index.js';

/**
 * A test file's imports, the fallback when the caller gives no `isProjectImport`: "where does this
 * name come from?" for the import forms tests use:
 *
 *   import { add, sub as minus } from '../src/math.js'   → add→add, minus→sub
 *   import math, * as ns from '../src/math.js'           → math→default, ns→*
 *   import type { T } from './t.js'                      → (ignored: erased before running)
 *   export { x } from './x.js'                           → (counted: vite numbers re-exports too)
 *   const { add } = require('../src/math.cjs')           → add→add (not counted)
 */
import { isAbsolute, relative } from 'node:path';

export interface ImportDecl {
  specifier: string;
  /** local name → imported name ('default', '*' for a namespace or a whole `require`). */
  bindings: Map<string, string>;
  /** Position among the declarations vite's SSR transform numbers (`__vite_ssr_import_N__`). */
  viteIndex?: number;
}

/**
 * A file's imports, read by the language scanner (lang), numbered as vite numbers them. `quick`:
 * without the lexer, for the import graph's whole tree (lang's jsImportDeclarations says what it may miss).
 */
export function scanImports(text: string, options: { path?: string; quick?: boolean } = {}): ImportDecl[] {
  let n = 0;
  return jsImportDeclarations(text, options).map((d) =>
    d.static ? { specifier: d.specifier, bindings: d.bindings, viteIndex: n++ } : { specifier: d.specifier, bindings: d.bindings },
  );
}

/** './x', '../x', '/abs/x' and package.json "imports" ('#x') name the project's own code. */
export function isProjectSpecifier(specifier: string): boolean {
  return /^(?:\.\.?(?:\/|$)|\/|#)/.test(specifier);
}

/** The package a bare specifier names: `@vue/shared/src/x` → `@vue/shared`, `mobx-react-lite` → itself. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The project's own code: a relative, absolute or `#` specifier, or a package of the repository's
 * own workspaces (`'@vue/shared'`, `"mobx-react-lite"`: `workspacePackages`, their package.json names).
 */
export function isProjectModuleSpecifier(specifier: string, workspacePackages?: ReadonlySet<string>): boolean {
  return isProjectSpecifier(specifier) || (workspacePackages?.has(packageNameOf(specifier)) ?? false);
}

/** Is a module path from an error message inside the project (and not an installed package)? */
export function isProjectPath(path: string, root: string): boolean {
  if (isProjectSpecifier(path) && !isAbsolute(path)) return true;
  const rel = relative(root, path);
  return isAbsolute(path) && !rel.startsWith('..') && !/(^|\/)node_modules\//.test(rel);
}
