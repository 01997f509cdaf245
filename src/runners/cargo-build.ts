/**
 * cargo's JSON build messages (cargo.ts has the run as a whole): which crates are the project's,
 * what a test file `use`s, and each asked test target's compile errors.
 *
 * When a target does not compile, cargo runs no test at all, and it starts no new target after
 * the first failure (`cargo test` has no --keep-going): every other asked file gets 'load-error'
 * "not run", built or not. A test target's own errors (level "error" in `compiler-message`) are:
 *   syntax          parser errors (no code: `expected …`, `mismatched closing delimiter`), E0765 …
 *   missing-module  `use of unresolved module or unlinked crate` (a crate not in Cargo.toml), E0463
 *   missing-symbol  E0425/E0412/E0433/E0432 on a path into a crate of the project (a `path+`
 *                   package's lib or package name, `-` → `_`, or a local alias of one; or
 *                   `crate::`/`super::`/`self::`, the test crate's own modules), an unqualified
 *                   name under a glob import of such a crate, E0599/E0609 on a project type
 *   load-error      any other error (a type mismatch, a typo in a std path)
 * and the file takes the first kind in that order. An error in the library or any other
 * non-test target makes every asked file a 'load-error': the tests were never compiled.
 */
import { blankCLike } from '../lang/lex/c-like.js';
import { RUST } from '../lang/lex/c-syntax.js';
import type { FileError, FileErrorKind } from '../types.js';
import { toRepoPath } from './paths.js';
import type { ParseInput } from './types.js';

// ---- cargo's JSON messages

interface Span {
  file_name: string;
  line_start: number;
  is_primary: boolean;
  label: string | null;
}
interface Diagnostic {
  level: string;
  message: string;
  code: { code: string } | null;
  spans: Span[];
}
export interface CargoMessage {
  reason: string;
  package_id?: string;
  target?: { kind: string[]; name: string; src_path: string };
  message?: Diagnostic;
  success?: boolean;
}

/** The JSON messages before `build-finished`, and the text after it; undefined when cargo never got there. */
export function splitBuild(stdout: string): { messages: CargoMessage[]; success: boolean; text: string[] } | undefined {
  const lines = stdout.split('\n');
  const end = lines.findIndex((l) => l.startsWith('{"reason":"build-finished"'));
  if (end < 0) return undefined;
  const messages: CargoMessage[] = [];
  for (const line of lines.slice(0, end)) {
    try {
      messages.push(JSON.parse(line) as CargoMessage);
    } catch {
      // The first line of a tail that was cut.
    }
  }
  return { messages, success: (JSON.parse(lines[end]!) as CargoMessage).success === true, text: lines.slice(end + 1) };
}

const LIB_KINDS = new Set(['lib', 'rlib', 'dylib', 'proc-macro']);

/** `path+file:///x/tree#red-assertion@0.1.0` → `red-assertion`; `path+file:///x/mathlib#0.1.0` → `mathlib`. */
function packageName(id: string): string | undefined {
  const m = /\/([^/#]*)#(?:([^#@]+)@)?[^#@]*$/.exec(id);
  return m ? (m[2] ?? m[1]) : undefined;
}

/** Crate names a test can `use` from the project: every local (`path+`) package's lib and package name. */
function projectCrates(messages: CargoMessage[]): Set<string> {
  const crates = new Set<string>();
  for (const m of messages) {
    if (!m.package_id?.startsWith('path+') || !m.target) continue;
    if (m.target.kind.some((k) => LIB_KINDS.has(k))) crates.add(m.target.name.replace(/-/g, '_'));
    const name = packageName(m.package_id);
    if (name) crates.add(name.replace(/-/g, '_'));
  }
  return crates;
}

// ---- what a test file's code refers to

export interface RustUses {
  /** Local name → the path it was imported as: `use a::{b, c as d}` → b → a::b, d → a::c. */
  names: Map<string, string>;
  /** `use a::b::*` → a::b. */
  globs: string[];
}

/** Splits `a, b::{c, d}, e` at the commas outside braces. */
function splitTop(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '{') depth++;
    else if (list[i] === '}') depth--;
    else if (list[i] === ',' && depth === 0) {
      items.push(list.slice(start, i));
      start = i + 1;
    }
  }
  return [...items, list.slice(start)].map((s) => s.trim()).filter((s) => s !== '');
}

/** The `use` declarations of Rust code whose comments and strings are blanked (lang/blank-c). */
export function parseRustUses(code: string): RustUses {
  const uses: RustUses = { names: new Map(), globs: [] };
  const expand = (tree: string, prefix: string): void => {
    for (const item of splitTop(tree)) {
      const brace = item.indexOf('{');
      if (brace >= 0 && item.endsWith('}')) {
        expand(item.slice(brace + 1, -1), prefix + item.slice(0, brace));
        continue;
      }
      const [, path, alias] = /^(.*?)(?: as (\w+))?$/.exec(prefix + item)!;
      const full = path!.replace(/^::/, '');
      if (full.endsWith('*')) uses.globs.push(full.replace(/:*\*$/, ''));
      else {
        const target = full.replace(/::self$/, '');
        const local = alias ?? target.split('::').pop()!;
        if (local !== '_' && !uses.names.has(local)) uses.names.set(local, target);
      }
    }
  };
  for (const m of code.matchAll(/\buse\s+([^;]+);/g)) expand(m[1]!.replace(/\s*(::|[{},])\s*/g, '$1').replace(/\s+/g, ' '), '');
  return uses;
}

interface RustContext {
  crates: Set<string>;
  uses: RustUses;
  /** Every name after a project crate in a path of the code or an import: `mathlib::shapes::Circle` → shapes, Circle. */
  reached: Set<string>;
}

/** The test crate's own modules: its support files (tests/<name>/*.rs, a `#[path]` module). */
const LOCAL_ROOTS = new Set(['crate', 'super', 'self']);

function contextOf(code: string, crates: Set<string>): RustContext {
  const ctx: RustContext = { crates, uses: parseRustUses(code), reached: new Set() };
  // rustc names a type by its own name: `use mathlib::Circle as C; C::unit()` → "… for struct `Circle`".
  const paths = [...ctx.uses.names.values(), ...Array.from(code.matchAll(/(?<![\w:])\w+(?:\s*::\s*\w+)+/g), (m) => m[0].replace(/\s+/g, ''))];
  for (const path of paths) {
    const [head, ...rest] = path.split('::');
    if (isProjectPath(head!, ctx)) for (const seg of rest) ctx.reached.add(seg);
  }
  return ctx;
}

/** `mathlib::add`, `crate::common`, `m::mul` (use mathlib as m), `Circle` (use mathlib::Circle), `&mut Circle<T>`. */
function isProjectPath(path: string, ctx: RustContext): boolean {
  const clean = path
    .replace(/^&(?:mut )?/, '')
    .replace(/<[\s\S]*$/, '')
    .replace(/^::/, '');
  const [head, ...rest] = clean.split('::');
  const isRoot = (name: string): boolean => LOCAL_ROOTS.has(name) || ctx.crates.has(name);
  if (isRoot(head!)) return true;
  const imported = ctx.uses.names.get(head!);
  if (imported !== undefined) return isRoot(imported.split('::')[0]!);
  return rest.length === 0 && ctx.reached.has(head!);
}

// ---- compile errors

const SYNTAX_MESSAGE =
  /^(?:expected |unexpected |unclosed |unterminated |unmatched |mismatched closing delimiter|this file contains an unclosed delimiter|missing |incorrect |invalid |found |non-item in item list)/;
/** Unterminated block comment, character, byte, string, byte string. */
const SYNTAX_CODES = new Set(['E0758', 'E0762', 'E0763', 'E0765', 'E0766']);

/** The path an error is about: the container of what was not found, or the type that lacks a method or field. */
const ABOUT = [
  /^unresolved import `([^`]+)`/, // E0432
  /^cannot find (?:[\w ,]+ )?`[^`]+` in (?:\w+ )?`([^`]+)`/, // E0425, E0412, E0433, E0422: … in crate `mathlib`
  /^no (?:[\w ]+ )?named `[^`]+` found for (?:[\w ]+ )?`([^`]+)`/, // E0599
  /^no field `[^`]+` on type `([^`]+)`/, // E0609
];
const IN_SCOPE = /^cannot find (?:[\w ,]+ )?`[^`]+` in this scope/;

function classifyCompileError(d: Diagnostic, ctx: RustContext): FileErrorKind {
  const code = d.code?.code;
  if (code === undefined ? SYNTAX_MESSAGE.test(d.message) : SYNTAX_CODES.has(code)) return 'syntax';
  if (code === 'E0463' || d.spans.some((s) => /\bunlinked crate\b/.test(s.label ?? ''))) return 'missing-module';
  if (IN_SCOPE.test(d.message)) return ctx.uses.globs.some((g) => ctx.crates.has(g.split('::')[0]!)) ? 'missing-symbol' : 'load-error';
  const about = ABOUT.map((re) => re.exec(d.message)?.[1]).find((p) => p !== undefined);
  return about !== undefined && isProjectPath(about, ctx) ? 'missing-symbol' : 'load-error';
}

/** `error[E0425]: cannot find function `add` in crate `mathlib` (tests/math.rs:3)` */
function describe(d: Diagnostic): string {
  const at = d.spans.find((s) => s.is_primary) ?? d.spans[0];
  return `error${d.code ? `[${d.code.code}]` : ''}: ${d.message}${at ? ` (${at.file_name}:${at.line_start})` : ''}`.slice(0, 300);
}

/**
 * An extension trait of the project that does not exist yet (heck's `use heck::ToDotCase;` then
 * `"a b".to_dot_case()`): the import is E0432 on a project path, and each call is E0599 on a std
 * type, which alone is a typo (load-error). With the project import unresolved in the same file,
 * the missing methods are what that trait would give: missing-symbol too. A type mismatch stays.
 */
function traitMethods<E extends { kind: FileErrorKind; code?: string }>(errors: E[] | undefined): E[] | undefined {
  if (!errors?.some((e) => e.code === 'E0432' && e.kind === 'missing-symbol')) return errors;
  return errors.map((e) => (e.code === 'E0599' && e.kind === 'load-error' ? { ...e, kind: 'missing-symbol' } : e));
}

/** Worst first: a file with a syntax error and a missing symbol is a syntax error. */
const KIND_ORDER: FileErrorKind[] = ['syntax', 'missing-module', 'load-error', 'missing-symbol'];

export function parseBuildErrors(messages: CargoMessage[], asked: string[], o: ParseInput): FileError[] {
  const crates = projectCrates(messages);
  const contexts = new Map<string, RustContext>();
  // The file the error is in (a module of tests/<name>/main.rs, when the caller has its text), else the target's.
  const contextFor = (path: string): RustContext => {
    if (!contexts.has(path)) contexts.set(path, contextOf(blankCLike(o.sources.get(path) ?? '', RUST), crates));
    return contexts.get(path)!;
  };
  const own = new Map<string, { kind: FileErrorKind; message: string; code?: string }[]>();
  let elsewhere: string | undefined;
  for (const m of messages) {
    if (m.reason !== 'compiler-message' || !m.target || !m.message?.level.startsWith('error')) continue;
    const file = toRepoPath(o.root, m.target.src_path);
    if (m.target.kind.includes('test') && asked.includes(file)) {
      const at = m.message.spans.find((s) => s.is_primary)?.file_name;
      const ctx = contextFor(at !== undefined && o.sources.has(at) ? at : file);
      const code = m.message.code?.code;
      own.set(file, [...(own.get(file) ?? []), { kind: classifyCompileError(m.message, ctx), message: describe(m.message), ...(code ? { code } : {}) }]);
    } else elsewhere ??= `${file} did not compile: ${describe(m.message)}`;
  }
  const failed = [...own.keys()][0];
  const stderrError = o.stderr
    .split('\n')
    .find((l) => /^error\b/.test(l))
    ?.trim();
  return asked.map((file): FileError => {
    const errors = traitMethods(own.get(file));
    if (errors) {
      const kind = KIND_ORDER.find((k) => errors.some((e) => e.kind === k))!;
      return { file, kind, message: errors.find((e) => e.kind === kind)!.message };
    }
    const why =
      elsewhere ??
      (failed ? `not run: ${failed} did not compile, and cargo runs no test when the build fails` : `not run: ${stderrError ?? 'the build failed'}`);
    return { file, kind: 'load-error', message: why.slice(0, 300) };
  });
}
