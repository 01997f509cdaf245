/**
 * go's compile errors (go.ts has the run as a whole): located, classified, and the one error each
 * asked file of a package that did not build gets.
 *
 * A package that does not build gives each asked file of it one file error, from its own errors
 * first: `undefined: Add`, `undefined: calc.Add` or `c.Add undefined (type Calc has no field or
 * method Add)` about the project → missing-symbol; a missing import → missing-module, except a
 * path inside the module whose parent folder exists (the project's next package: pytest's policy
 * for `shapes.circle`) — known to exist when it is the root, holds or contains an asked file or
 * a package go named, or when the caller's `isProjectImport(file, importPath)` says so; syntax →
 * syntax; any other error → load-error. An error in a file that was not asked (a sibling, a
 * dependency) is a load-error naming it. The module path is read off the packages go reports.
 */
import { posix } from 'node:path';
import { goProfile } from '../lang/languages/go.js';
import type { FileError, FileErrorKind } from '../types.js';
import { toRepoPath } from './paths.js';
import type { IsProjectImport } from './types.js';

export interface CompileError {
  /** Repository-relative. */
  file: string;
  line: number;
  message: string;
}

/** `./math_test.go:12:5: undefined: Add` (go 1.19 from the root), `calc/a_test.go:3:11: …` (below it). */
const LOCATED = /^(\S(?:.*?\S)?\.go):(\d+)(?::\d+)?: (.+)$/;

/** Located errors, each with its tab-indented continuation lines (`\t*Calc does not implement Adder …`). */
export function readCompileErrors(text: string, root: string): CompileError[] {
  const errors: CompileError[] = [];
  for (const line of text.split('\n')) {
    const m = LOCATED.exec(line.trimEnd());
    const last = errors[errors.length - 1];
    if (m && m[3] !== 'too many errors') errors.push({ file: toRepoPath(root, m[1]!), line: Number(m[2]), message: m[3]! });
    else if (!m && last && /^\t\S/.test(line)) last.message += ` ${line.trim()}`;
  }
  return errors;
}

export interface GoContext {
  /** Repository-relative test file. */
  file: string;
  /** Its text. */
  text: string;
  /** Go's module path, when known. */
  module: string | undefined;
  /** Repository-relative folders known to exist. */
  dirs: ReadonlySet<string>;
  isProjectImport?: IsProjectImport;
}

const IDENT = String.raw`[\p{L}_][\p{L}\p{Nd}_]*`;
const MISSING_IMPORT = [
  /no required module provides package ([^\s;]+)/,
  /cannot find package "([^"]+)"/,
  /package (\S+) is not in (?:GOROOT|std)\b/,
  /cannot find module providing package (\S+)/,
  /missing go\.sum entry for module providing package (\S+)/,
  /module \S+ provides package (\S+) and is replaced but not required/,
];
// go/scanner and go/parser at setup (`missing ',' before newline in argument list`), the compiler's `syntax error: …`.
const SYNTAX =
  /^(?:syntax error\b|expected |missing ',' |illegal (?:character|rune)|invalid (?:character|digit)|newline in string|(?:raw )?string literal not terminated|rune literal not terminated|comment not terminated|more than one character in rune literal|empty rune literal)/;
const QUALIFIED = new RegExp(String.raw`^(?:undefined: (${IDENT})\.(${IDENT})|(${IDENT}) not declared by package (${IDENT}))$`, 'u');
const UNDEFINED = new RegExp(String.raw`^undefined: (${IDENT})$`, 'u');
// `c.Add undefined (type *calc.Calc has no field or method Add)` · `unknown field 'Name' in struct literal of type Calc`
// · `*Calc does not implement Adder (missing Add method)` (1.19) / `(missing method Add)` (≥ 1.20)
const NO_MEMBER = [
  /^\S+ undefined \(type (\S+) has no field or method/,
  /unknown field '?\S+?'? in struct literal of type (\S+)/,
  /(\S+) does not implement \S+ \(missing (?:method \S+|\S+ method)\)/,
];
const PREDECLARED = new Set(
  'any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr'.split(
    ' ',
  ),
);

const importsOf = (ctx: GoContext): Map<string, string> =>
  new Map(goProfile.imports(goProfile.blank(ctx.file, ctx.text), ctx.text).map((b) => [b.local, b.specifier]));

const inModule = (path: string, module: string | undefined): boolean => module !== undefined && (path === module || path.startsWith(`${module}/`));

/** An import path nothing provides is the project's next package when its parent folder is in the tree. */
function isNextPackage(path: string, ctx: GoContext): boolean {
  const asked = ctx.isProjectImport?.(ctx.file, path);
  if (asked !== undefined) return asked;
  if (ctx.module === undefined || !path.startsWith(`${ctx.module}/`)) return false;
  return ctx.dirs.has(posix.dirname(path.slice(ctx.module.length + 1)));
}

/** A type named in an error (`*calc.Calc`, `List[int]`) is the project's: declared in this package or a project package. */
function isProjectType(type: string, ctx: GoContext): boolean {
  const name = type.replace(/^\*+/, '').replace(/\[.*$/, '');
  const dot = name.lastIndexOf('.');
  if (dot < 0) return !PREDECLARED.has(name) && /^[\p{L}_]/u.test(name);
  const path = importsOf(ctx).get(name.slice(0, dot));
  return path !== undefined && inModule(path, ctx.module);
}

/** Why one compile error of `ctx.file` happened; `line` is its 1-based line in that file. */
export function classifyGoError(message: string, line: number, ctx: GoContext): FileErrorKind {
  for (const re of MISSING_IMPORT) {
    const m = re.exec(message);
    if (m) return isNextPackage(m[1]!, ctx) ? 'missing-symbol' : 'missing-module';
  }
  if (SYNTAX.test(message)) return 'syntax';
  const qualified = QUALIFIED.exec(message);
  if (qualified) {
    const [pkg, name] = qualified[1] !== undefined ? [qualified[1], qualified[2]!] : [qualified[4]!, qualified[3]!];
    const path = importsOf(ctx).get(pkg);
    // An unexported name of another package can never be used, written or not.
    return path !== undefined && inModule(path, ctx.module) && /^\p{Lu}/u.test(name) ? 'missing-symbol' : 'load-error';
  }
  const undefinedName = UNDEFINED.exec(message)?.[1];
  if (undefinedName !== undefined) {
    // `strings.ToUpper` without its import: `undefined: strings`.
    const source = ctx.text.split('\n')[line - 1] ?? '';
    const qualifier = new RegExp(String.raw`(?<![\p{L}\p{Nd}_.])${undefinedName}\s*\.\s*[\p{L}_]`, 'u').test(source);
    if (qualifier && !/^\p{Lu}/u.test(undefinedName)) return 'load-error';
    // An external test package (`package mathlib_test`) sees the project only through its imports.
    const blanked = goProfile.blank(ctx.file, ctx.text);
    const external = /^[ \t]*package[ \t]+\w+_test\b/m.test(blanked);
    const dotImport = [...importsOf(ctx)].some(([local, path]) => local === '.' && inModule(path, ctx.module));
    return external && !dotImport ? 'load-error' : 'missing-symbol';
  }
  for (const re of NO_MEMBER) {
    const m = re.exec(message);
    if (m) return isProjectType(m[1]!, ctx) ? 'missing-symbol' : 'load-error';
  }
  return 'load-error';
}

const RANK: Record<FileErrorKind, number> = { syntax: 0, 'missing-module': 1, 'load-error': 2, 'missing-symbol': 3, 'no-tests': 4 };
const where = (e: CompileError): string => `${e.file}:${e.line}: ${e.message.replace(/; to add it:.*$/, '')}`.slice(0, 300);

/**
 * One asked file of a package that did not build: its own wrong-reason error first, then an error
 * in a file of its folder nobody asked about, then its own missing symbols; with no error of its
 * own it shares the fate of the package's other asked files, or of a dependency that failed.
 */
export function buildFileError(
  file: string,
  errors: CompileError[],
  asked: ReadonlySet<string>,
  ctxOf: (file: string) => GoContext,
  fallback: string,
): FileError {
  const dir = posix.dirname(file);
  const judged = (es: CompileError[]): { kind: FileErrorKind; e: CompileError }[] =>
    es.map((e) => ({ kind: classifyGoError(e.message, e.line, ctxOf(e.file)), e })).sort((a, b) => RANK[a.kind] - RANK[b.kind]);
  const own = judged(errors.filter((e) => e.file === file));
  if (own[0] && own[0].kind !== 'missing-symbol') return { file, kind: own[0].kind, message: where(own[0].e) };
  const inDir = errors.filter((e) => posix.dirname(e.file) === dir);
  const sibling = inDir.find((e) => !asked.has(e.file));
  if (sibling) return { file, kind: 'load-error', message: `not built: ${where(sibling)}` };
  if (own[0]) return { file, kind: 'missing-symbol', message: where(own[0].e) };
  const others = judged(inDir);
  if (others[0]) return { file, kind: others[0].kind === 'missing-symbol' ? 'missing-symbol' : 'load-error', message: `not built: ${where(others[0].e)}` };
  const askedDirs = new Set([...asked].map((f) => posix.dirname(f)));
  const dependency = errors.find((e) => !askedDirs.has(posix.dirname(e.file))) ?? errors[0];
  return { file, kind: 'load-error', message: dependency ? `not built: ${where(dependency)}` : fallback };
}
