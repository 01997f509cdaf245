/**
 * "Fails for the right reason", shared by the adapters (research/test-runners.md §3): a failing
 * test is an assertion, a missing symbol of the project, a timeout, or any other exception; a
 * file that produced no results failed on syntax, a missing package, a missing project symbol or
 * module, no tests, or another load error. Pure: the test sources arrive as text.
 */
import type { FailureClass, FileError } from '../types.js';
import { isProjectModuleSpecifier, isProjectPath, packageNameOf, scanImports, type ImportDecl } from './imports.js';
import { classifyTsDiagnostics } from './ts-diagnostics.js';
import type { IsProjectImport } from './types.js';

export interface ImportContext {
  /** Repository-relative test file. */
  file: string;
  root: string;
  sources: Map<string, string>;
  isProjectImport?: IsProjectImport;
  /** The repository's own workspace packages by name (ParseInput's). */
  workspacePackages?: ReadonlySet<string>;
}

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

export function firstLine(text: string): string {
  return (
    stripAnsi(text)
      .split('\n')
      .find((l) => l.trim() !== '') ?? ''
  )
    .trim()
    .slice(0, 300);
}

/** `TypeError: (0 , __vite_ssr_import_1__.add) is not a function` → `TypeError: add is not a function` */
export function cleanViteNames(text: string): string {
  return text.replace(/\(0\s*,\s*__vite_ssr_import_\d+__\.([\w$]+)\)/g, '$1').replace(/__vite_ssr_import_\d+__\./g, '');
}

/** `TypeError: boom`, `Error [ERR_MODULE_NOT_FOUND]: Cannot find …` at the start of a line. */
const ERROR_LINE = /^\s*[A-Z][\w$.]*(?:Error|Exception)(?: \[\w+\])?:/;
const NOT_CALLABLE = /^(?:TypeError: )?(.+?) is not a (?:function|constructor)\b/;
const VITE_NAME = /^(?:\(0\s*,\s*)?__vite_ssr_import_(\d+)__\.([\w$]+)\)?$/;

function importsOf(ctx: ImportContext): ImportDecl[] {
  const text = ctx.sources.get(ctx.file);
  return text === undefined ? [] : scanImports(text);
}

/**
 * `X is not a function|constructor` where X was imported from the project: the function or class
 * the test is about has not been written yet. Forms seen:
 *   vitest  `(0 , __vite_ssr_import_1__.add) is not a function`   (named import; exported name)
 *           `__vite_ssr_import_2__.Calc is not a constructor`     (namespace or named)
 *   node    `add is not a function`  (CJS destructuring)          `m.add is not a function` (namespace)
 */
export function isMissingProjectSymbol(message: string, ctx: ImportContext): boolean {
  const m = NOT_CALLABLE.exec(firstLine(message));
  if (!m) return false;
  const expr = m[1]!;
  const vite = VITE_NAME.exec(expr);
  if (vite) {
    const [, index, exported] = vite;
    const asked = ctx.isProjectImport?.(ctx.file, exported!);
    if (asked !== undefined) return asked;
    // The numbered declaration is the one vite meant, if it can provide the name at all.
    const decls = importsOf(ctx);
    const provides = (d: ImportDecl): boolean => [...d.bindings.values()].some((imported) => imported === exported || imported === '*');
    const candidates = decls.filter(provides);
    const exact = candidates.find((d) => d.viteIndex === Number(index));
    if (exact) return isProjectModuleSpecifier(exact.specifier, ctx.workspacePackages);
    return candidates.length > 0 && candidates.every((d) => isProjectModuleSpecifier(d.specifier, ctx.workspacePackages));
  }
  const parts = expr.split('.');
  if (parts.length > 2 || !/^[\w$]+$/.test(parts[0]!)) return false;
  const local = parts[0]!;
  const asked = ctx.isProjectImport?.(ctx.file, local);
  if (asked !== undefined) return asked;
  const decl = importsOf(ctx).find((d) => d.bindings.has(local));
  if (!decl) return false;
  // `ns.add` only counts when ns is the module itself (namespace, default or whole require).
  const imported = decl.bindings.get(local)!;
  if (parts.length === 2 && imported !== '*' && imported !== 'default') return false;
  return isProjectModuleSpecifier(decl.specifier, ctx.workspacePackages);
}

/** One failing test's error → its class (timeouts are recognised by the adapters). */
export function classifyThrown(error: { name?: string | undefined; code?: string | undefined; message: string }, ctx: ImportContext): FailureClass {
  const head = firstLine(error.message);
  if (error.code === 'ERR_ASSERTION' || /AssertionError$/.test(error.name ?? '')) return 'assertion';
  if (/^[\w.]*AssertionError\b/.test(head)) return 'assertion';
  // vitest: `Error: Snapshot \`adds 1\` mismatched` — a failed expectation like any other.
  if (/^Error: Snapshot .* mismatched/.test(head)) return 'assertion';
  const typed = error.name === undefined || error.name === 'TypeError' || head.startsWith('TypeError');
  if (typed && isMissingProjectSymbol(head, ctx)) return 'missing-symbol';
  return 'exception';
}

/**
 * A package of the repository's own workspaces that the runner could not load: its entry is a build
 * product (`main: dist/index.js`, gitignored), absent from the private copy, which holds what git
 * tracks — or the package is not linked into node_modules yet. Named, with what to do, rather than
 * "install the package". Forms:
 *   node    `Cannot find package '/x/node_modules/@demo/core/dist/index.js' imported from …`
 *   vitest  `Failed to resolve entry for package "@demo/core". The package may have incorrect main/module/exports …`
 *   jest    `Cannot find module '@demo/core' from 'packages/app/test/a.test.js'`
 *   ts-jest `error TS2307: Cannot find module '@demo/core' or its corresponding type declarations.`
 */
export function unbuiltWorkspacePackage(text: string, workspacePackages: ReadonlySet<string> | undefined): { name: string; message: string } | undefined {
  if (!workspacePackages || workspacePackages.size === 0) return undefined;
  const entry = /Cannot find (?:package|module) '[^']*\/node_modules\/((?:@[^/']+\/)?[^/']+)\/([^']+)'/.exec(text);
  // The package itself, not a subpath (`@demo/core/src/new` may be the new module a RED is about).
  const named =
    /Failed to resolve entry for package "([^"]+)"/.exec(text) ??
    /Cannot find module '([^'./][^']*)'(?: from '| or its corresponding type declarations)/.exec(text);
  const name = entry ? entry[1]! : named && packageNameOf(named[1]!) === named[1] ? named[1] : undefined;
  if (name === undefined || !workspacePackages.has(name)) return undefined;
  const what = entry ? `its entry ${entry[2]} is not there` : 'its entry could not be loaded';
  const message =
    `${name} is a workspace package of this repository and ${what}: a build product (gitignored) is not in the private copy the tests run in, which holds only what git tracks, ` +
    `and a package that was never built or linked (npm install) does not load. Build it in the copy from the staged sources (isolation.build: its "build" script), ` +
    `or point the runner at its sources (an alias, as vue's vitest config does)`;
  return { name, message };
}

/**
 * Why a whole test file failed to load, from the runner's text about it. Samples:
 *   node    `SyntaxError: The requested module '../src/math.js' does not provide an export named 'add'`
 *           `Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/tmp/x/src/notyet.js' imported from /tmp/x/test/a.test.js`
 *           `Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'left-pad' imported from …`
 *   vitest  `Cannot find module '../src/notyet.js' imported from /tmp/x/test/a.test.ts`
 *           `Failed to load url ./math.js (resolved id: ./math.js) in /x/a.test.ts. Does the file exist?`
 *           `Failed to parse source for import analysis because the content contains invalid JS syntax.`
 *           `Transform failed with 1 error: … [PARSE_ERROR] …`, `No test suite found in file /x/a.test.ts`
 */
export function classifyLoadError(text: string, ctx: ImportContext): Omit<FileError, 'file'> {
  const clean = stripAnsi(text);
  const unbuilt = unbuiltWorkspacePackage(clean, ctx.workspacePackages);
  if (unbuilt) return { kind: 'missing-module', message: unbuilt.message, unbuiltPackage: unbuilt.name };
  // ts-jest and ts-node print the type checker's diagnostics, every one of the file.
  const typed = classifyTsDiagnostics(clean, ctx);
  if (typed) return typed;
  const lines = clean.split('\n');
  const find = (re: RegExp): string | undefined =>
    lines
      .find((l) => re.test(l))
      ?.trim()
      .slice(0, 300);
  // node prints the offending source line above the error; the error itself starts a line.
  const errLine = find(ERROR_LINE) ?? firstLine(clean);
  const noExport =
    /requested module '([^']+)' does not provide an export named/.exec(clean) ?? /Named export '[^']+' not found\. The requested module '([^']+)'/.exec(clean);
  if (noExport) {
    const kind = isProjectModuleSpecifier(noExport[1]!, ctx.workspacePackages) ? 'missing-symbol' : 'load-error';
    return { kind, message: find(/requested module/) ?? errLine };
  }
  if (/Cannot find package '/.test(clean)) return { kind: 'missing-module', message: find(/Cannot find package/)! };
  const notFound = /Cannot find module '([^']+)'/.exec(clean) ?? /Failed to load url (\S+) .*Does the file exist\?/.exec(clean);
  if (notFound) {
    const kind = isProjectPath(notFound[1]!, ctx.root) ? 'missing-symbol' : 'missing-module';
    return { kind, message: find(/Cannot find module|Failed to load url/)! };
  }
  if (/^No test suite found in file/.test(errLine)) return { kind: 'no-tests', message: errLine };
  if (/^(?:SyntaxError\b|Failed to parse source|Transform failed)/.test(errLine)) {
    return { kind: 'syntax', message: find(/PARSE_ERROR|SyntaxError/) ?? errLine };
  }
  if (isMissingProjectSymbol(errLine, ctx)) return { kind: 'missing-symbol', message: cleanViteNames(errLine) };
  return { kind: 'load-error', message: cleanViteNames(errLine) };
}
