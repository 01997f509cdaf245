/**
 * A deliberately small scanner of a test file's imports, the fallback when the caller gives no
 * `isProjectImport`. It only has to answer "where does this name come from?" for the import
 * forms tests use:
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

/** Comments become spaces; strings and template literals are kept (specifiers live there). */
function blankComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function parseClause(clause: string, into: Map<string, string>): void {
  const ns = /\*\s*as\s+([\w$]+)/.exec(clause);
  if (ns) into.set(ns[1]!, '*');
  const braces = /\{([^}]*)\}/.exec(clause);
  if (braces) {
    for (const part of braces[1]!.split(',')) {
      const m = /^\s*(?:type\s+)?([\w$]+|'[^']*'|"[^"]*")(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
      if (!m || /^type\s/.test(part.trim())) continue;
      into.set(m[2] ?? m[1]!, m[1]!.replace(/^['"]|['"]$/g, ''));
    }
  }
  const def = /^\s*([\w$]+)\s*(?:,|$)/.exec(clause);
  if (def && def[1] !== 'type') into.set(def[1]!, 'default');
}

const ESM = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?(?:([\w$*{}\s,'"]+?)\s+from\s*)?(['"])([^'"\n]+)\4/g;
const CJS = /(?:const|let|var)\s+(\{[^}]*\}|[\w$]+)\s*=\s*require\(\s*(['"])([^'"\n]+)\2\s*\)/g;

export function scanImports(text: string): ImportDecl[] {
  const src = blankComments(text);
  const found: { at: number; decl: ImportDecl; numbered: boolean }[] = [];
  for (const m of src.matchAll(ESM)) {
    const [, keyword, typeOnly, clause, , specifier] = m;
    if (typeOnly) continue;
    // `export const x = 1` never reaches here (no `from`), `export { x }` has no specifier.
    if (keyword === 'export' && clause === undefined) continue;
    const bindings = new Map<string, string>();
    if (keyword === 'import' && clause !== undefined) parseClause(clause, bindings);
    found.push({ at: m.index, decl: { specifier: specifier!, bindings }, numbered: true });
  }
  for (const m of src.matchAll(CJS)) {
    const [, target, , specifier] = m;
    const bindings = new Map<string, string>();
    if (target!.startsWith('{')) {
      for (const part of target!.slice(1, -1).split(',')) {
        const p = /^\s*([\w$]+)\s*(?::\s*([\w$]+))?\s*$/.exec(part);
        if (p) bindings.set(p[2] ?? p[1]!, p[1]!);
      }
    } else bindings.set(target!, '*');
    found.push({ at: m.index, decl: { specifier: specifier!, bindings }, numbered: false });
  }
  found.sort((a, b) => a.at - b.at);
  let n = 0;
  return found.map((f) => (f.numbered ? { ...f.decl, viteIndex: n++ } : f.decl));
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
