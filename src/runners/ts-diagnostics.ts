/**
 * TypeScript's diagnostics as a test file's load error (ts-jest, ts-node): which of them say the
 * project's own code lacks what the test asks for — the right reason for a RED — and which say the
 * test itself is broken. Two printed forms:
 *
 *   ts-jest  `test/a.test.ts:1:10 - error TS2305: Module '"../src/math"' has no exported member 'add'.`
 *   ts-node  `test/a.test.ts(1,10): error TS2305: Module '"../src/math"' has no exported member 'add'.`
 *
 * A file's every diagnostic must be one of the project's missing symbols for the file to count as
 * missing-symbol; one type error of the test's own makes it a load error (named), a package that
 * cannot be found a missing module. Pure: the test's text arrives in the context.
 */
import { isAbsolute } from 'node:path';
import type { FileErrorKind } from '../types.js';
import { isProjectModuleSpecifier, isProjectPath, scanImports, type ImportDecl } from './imports.js';
import type { IsProjectImport } from './types.js';

export interface TsDiagnostic {
  file: string;
  line: number;
  column: number;
  code: number;
  /** The message after `error TSnnnn: `. */
  text: string;
  /** The diagnostic's whole line, as printed. */
  raw: string;
}

export interface TsContext {
  file: string;
  root: string;
  sources: Map<string, string>;
  isProjectImport?: IsProjectImport;
  workspacePackages?: ReadonlySet<string>;
}

const PRETTY = /^\s*(\S.*?):(\d+):(\d+) - error TS(\d+): (.*)$/;
const PLAIN = /^\s*(\S.*?)\((\d+),(\d+)\): error TS(\d+): (.*)$/;

export function parseTsDiagnostics(text: string): TsDiagnostic[] {
  const found: TsDiagnostic[] = [];
  for (const line of text.split('\n')) {
    const m = PRETTY.exec(line) ?? PLAIN.exec(line);
    if (!m) continue;
    const [, file, l, c, code, message] = m;
    found.push({ file: file!, line: Number(l), column: Number(c), code: Number(code), text: message!.trim(), raw: line.trim().slice(0, 300) });
  }
  return found;
}

type Verdict = 'project' | 'module' | 'test';

/** The module a `'"spec"'` or `typeof import("path")` names: the project's own? */
function projectModule(name: string, ctx: TsContext): boolean {
  return isAbsolute(name) ? isProjectPath(name, ctx.root) : isProjectModuleSpecifier(name, ctx.workspacePackages);
}

/** A local name of the test bound to an import of the project's code. */
function isProjectBinding(local: string, ctx: TsContext, decls: ImportDecl[]): boolean {
  const decl = decls.find((d) => d.bindings.has(local));
  if (decl) return isProjectModuleSpecifier(decl.specifier, ctx.workspacePackages);
  return ctx.isProjectImport?.(ctx.file, local) ?? false;
}

/** ts-jest prints the path from its root (a package's folder): `test/a.test.ts` for `packages/lib/test/a.test.ts`. */
function isTestFile(printed: string, file: string): boolean {
  const p = printed.replace(/\\/g, '/').replace(/^\.\//, '');
  return p === file || file.endsWith(`/${p}`) || p.endsWith(`/${file}`);
}

function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return -1;
    at = nl + 1;
  }
  return at + column - 1;
}

const CHAIN_END = /(?:new\s+)?([\w$]+(?:\s*\.\s*[\w$]+)*)\s*(?:<[^<>()]*>)?\s*$/;

/**
 * The callee of the call a diagnostic sits in: the call's own name when the diagnostic marks it
 * (`configure()` given too few arguments), else the innermost call whose parentheses enclose it
 * (an extra argument, an unknown key of an object literal argument). Its first name, or undefined.
 */
export function calleeAt(text: string, line: number, column: number): string | undefined {
  const at = offsetOf(text, line, column);
  if (at < 0 || at > text.length) return undefined;
  const own = /^(?:new\s+)?([\w$]+)(?:\s*\.\s*[\w$]+)*\s*(?:<[^<>()]*>)?\s*\(/.exec(text.slice(at));
  if (own) return own[1];
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i]!;
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '[' || c === '{') depth = Math.max(0, depth - 1);
    else if (c === '(') {
      if (depth > 0) depth--;
      else
        return CHAIN_END.exec(text.slice(Math.max(0, i - 200), i))?.[1]
          ?.split('.')[0]!
          .trim();
    }
  }
  return undefined;
}

const NO_EXPORT = /^Module '"([^"]+)"' has no exported member/;
const NO_EXPORT_NAMED = /^'"([^"]+)"' has no exported member named/;
const NO_PROPERTY = /^Property '[^']+' does not exist on type '(.+?)'\.(?: Did you mean '[^']+'\?)?$/;
const NOT_FOUND = /^Cannot find module '([^']+)'/;

/** Codes whose subject is the call they sit in: arity (2554, 2555), an unknown key of an argument (2353, 2561). */
const CALL_CODES = new Set([2554, 2555, 2353, 2561]);

function verdictOf(d: TsDiagnostic, ctx: TsContext, decls: ImportDecl[]): Verdict {
  const exported = NO_EXPORT.exec(d.text) ?? NO_EXPORT_NAMED.exec(d.text);
  if ((d.code === 2305 || d.code === 2614 || d.code === 2724) && exported) return projectModule(exported[1]!, ctx) ? 'project' : 'test';
  const property = NO_PROPERTY.exec(d.text);
  if ((d.code === 2339 || d.code === 2551) && property) {
    const type = property[1]!;
    const module = /^typeof import\("([^"]+)"\)$/.exec(type);
    if (module) return projectModule(module[1]!, ctx) ? 'project' : 'test';
    // `Property 'plus' does not exist on type 'Calc'` (or `Calc<number>`, `typeof Calc`): a class of the project.
    const name = /^(?:typeof )?([\w$]+)(?:<.*>)?$/.exec(type)?.[1];
    return name !== undefined && isTestFile(d.file, ctx.file) && isProjectBinding(name, ctx, decls) ? 'project' : 'test';
  }
  const missing = NOT_FOUND.exec(d.text);
  if (d.code === 2307 && missing) return projectModule(missing[1]!, ctx) ? 'project' : 'module';
  if (CALL_CODES.has(d.code)) {
    // The call is read from the test's own text: a diagnostic in another file (a helper it imports) is not the test's to read.
    const text = isTestFile(d.file, ctx.file) ? ctx.sources.get(ctx.file) : undefined;
    const callee = text === undefined ? undefined : calleeAt(text, d.line, d.column);
    return callee !== undefined && isProjectBinding(callee, ctx, decls) ? 'project' : 'test';
  }
  return 'test';
}

/** The file's TypeScript diagnostics → its load error, or undefined when the text has none. */
export function classifyTsDiagnostics(text: string, ctx: TsContext): { kind: FileErrorKind; message: string } | undefined {
  const diagnostics = parseTsDiagnostics(text);
  if (diagnostics.length === 0) return undefined;
  const source = ctx.sources.get(ctx.file);
  const decls = source === undefined ? [] : scanImports(source);
  const judged = diagnostics.map((d) => ({ d, verdict: verdictOf(d, ctx, decls) }));
  const broken = judged.find((j) => j.verdict === 'test');
  if (broken) return { kind: 'load-error', message: broken.d.raw };
  const module = judged.find((j) => j.verdict === 'module');
  if (module) return { kind: 'missing-module', message: module.d.raw };
  return { kind: 'missing-symbol', message: judged[0]!.d.raw };
}
