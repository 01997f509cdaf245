/**
 * javac's errors as Maven prints them when a compile fails (maven-compiler-plugin 3.x), read into
 * the file errors of a run. A block looks like (trimmed from a real run):
 *
 *   [ERROR] COMPILATION ERROR :
 *   [INFO] -------------------------------------------------------------
 *   [ERROR] /tmp/x/src/test/java/calc/CalcTest.java:[5,48] cannot find symbol
 *     symbol:   method subtract(int,int)
 *     location: class calc.Calc
 *   [INFO] 1 error
 *
 * A symbol the project does not have yet (a method of its class, a class not written) is RED's
 * missing symbol; the test's own slips (an annotation not imported, a method of the test class
 * itself), a parse error, a type error or a package no dependency provides are the wrong reason.
 * Pure.
 */
import { relative } from 'node:path';
import type { FileError, FileErrorKind } from '../types.js';

export interface CompileError {
  /** Repository-relative (or absolute, when outside the root) path of the source. */
  file: string;
  line: number;
  column: number;
  message: string;
  symbol?: string;
  location?: string;
}

const HEAD = /^\[ERROR\] (\/.+?\.(?:java|kt|groovy)):\[(\d+),(\d+)\] (.*)$/;

/** The compile errors of the first COMPILATION ERROR block of Maven's output (the summary repeats them). */
export function readCompileErrors(stdout: string, root: string): CompileError[] {
  const lines = stdout.replace(/\r/g, '').split('\n');
  const start = lines.findIndex((l) => /^\[ERROR\] COMPILATION ERROR/.test(l));
  const out: CompileError[] = [];
  let cur: CompileError | undefined;
  for (const line of start < 0 ? lines : lines.slice(start + 1)) {
    const head = HEAD.exec(line);
    if (head) {
      const file = relative(root, head[1]!).split('\\').join('/');
      cur = { file: file.startsWith('..') ? head[1]! : file, line: Number(head[2]), column: Number(head[3]), message: head[4]!.trim() };
      out.push(cur);
      continue;
    }
    const detail = /^(?:\[ERROR\])?\s+(symbol|location):\s+(.*)$/.exec(line);
    if (detail && cur) cur[detail[1] as 'symbol' | 'location'] = detail[2]!.trim();
    else if (start >= 0 && /^\[INFO\] \d+ errors?\b|^\[INFO\] BUILD FAILURE|^\[ERROR\] Failed to execute goal/.test(line)) break;
  }
  return out;
}

/** Packages of the JDK and the usual test libraries: a symbol missing there is never the project's next step. */
const EXTERNAL = /^(?:java|javax|jdk|sun|kotlin|org\.junit|org\.opentest4j|org\.assertj|org\.hamcrest|org\.mockito|com\.google\.common)(?:\.|$)/;

const SYNTAX =
  /expected$|^illegal start of|^reached end of file while parsing|^class, interface, enum,? or record expected|^unclosed (?:string|character|comment)|^not a statement|^illegal character|^<identifier> expected|^orphaned /;

/** `class calc.Calc`, `variable c of type calc.Calc`, `package org.junit.jupiter.api` → the type or package named. */
function locationName(location: string): { kind: 'type' | 'package'; name: string } {
  const typed = /\bof type ([\w.$<>]+)/.exec(location);
  if (typed) return { kind: 'type', name: typed[1]!.replace(/<.*$/, '') };
  const m = /^(class|interface|enum|record|package|@interface)\s+([\w.$]+)/.exec(location);
  return { kind: m?.[1] === 'package' ? 'package' : 'type', name: m?.[2] ?? location };
}

/** The Java package a test file declares (`package calc;`), '' for none. */
function packageOf(source: string | undefined): string {
  return (source && /^\s*package\s+([\w.]+)\s*;/m.exec(source)?.[1]) || '';
}

/** The class a test file is named after, with its package: `calc.CalcTest`. */
function ownClass(file: string, source: string | undefined): string {
  const name = /([\w$]+)\.java$/.exec(file)?.[1] ?? '';
  const pkg = packageOf(source);
  return pkg ? `${pkg}.${name}` : name;
}

/** Whether `pkg` looks like the project's own (shares the test's package's first two parts, or its one). */
function nearPackage(pkg: string, testPkg: string): boolean {
  if (testPkg === '' || EXTERNAL.test(pkg)) return false;
  const a = pkg.split('.');
  const b = testPkg.split('.');
  const need = Math.min(2, b.length);
  return a.length >= need && b.slice(0, need).every((part, i) => a[i] === part);
}

/** The character before the error's column of its line: '@' for an annotation. */
function charBefore(source: string | undefined, line: number, column: number): string {
  const text = source?.split('\n')[line - 1] ?? '';
  return text
    .slice(0, Math.max(0, column - 1))
    .trimEnd()
    .slice(-1);
}

/** The kind of one compile error in a test file (`source`: the file's text). */
export function classifyCompileError(e: CompileError, source: string | undefined): FileErrorKind {
  if (SYNTAX.test(e.message)) return 'syntax';
  const own = ownClass(e.file, source);
  const testPkg = packageOf(source);
  const pkgMissing = /^package ([\w.]+) does not exist$/.exec(e.message);
  if (pkgMissing) return nearPackage(pkgMissing[1]!, testPkg) ? 'missing-symbol' : 'missing-module';
  if (/^cannot find symbol/.test(e.message)) {
    const symbol = e.symbol ?? '';
    const where = locationName(e.location ?? '');
    if (where.kind === 'package') return nearPackage(where.name, testPkg) ? 'missing-symbol' : 'missing-module';
    if (EXTERNAL.test(where.name)) return 'load-error';
    if (/^class /.test(symbol)) return charBefore(source, e.line, e.column) === '@' ? 'load-error' : 'missing-symbol';
    // A method or field of the test class itself: an import the test forgot, not the project's next step.
    const mine = where.name === own || where.name.startsWith(`${own}.`) || where.name.startsWith(`${own}$`);
    return mine ? 'load-error' : 'missing-symbol';
  }
  // `method add in class calc.Calc cannot be applied to given types`: the project's signature is the next step.
  const applied = /^(?:method|constructor) [\w$]+ in (?:class|interface|enum|record) ([\w.$]+) cannot be applied to given types/.exec(e.message);
  if (applied && !EXTERNAL.test(applied[1]!) && applied[1] !== own) return 'missing-symbol';
  return 'load-error';
}

// A missing package outranks the names it would have provided (`Money` of `import org.x.Money`).
const RANK: Record<FileErrorKind, number> = { 'missing-symbol': 0, 'no-tests': 1, 'load-error': 2, 'missing-module': 3, syntax: 4 };

function describe(e: CompileError): string {
  const detail = [e.symbol && `symbol: ${e.symbol}`, e.location && `location: ${e.location}`].filter(Boolean).join(', ');
  return `${e.file}:[${e.line},${e.column}] ${e.message}${detail ? ` (${detail})` : ''}`.slice(0, 300);
}

/**
 * One file error per asked test file when the build did not compile: its own errors' worst kind
 * (a parse error over a missing package over a missing symbol), or, for a file that compiled but
 * could not run because another did not, a load error naming that file.
 */
export function compileFileErrors(errors: CompileError[], files: string[], sources: ReadonlyMap<string, string>): FileError[] {
  return files.map((file) => {
    const own = errors.filter((e) => e.file === file);
    if (own.length === 0) {
      const other = errors[0]!;
      const where = other.file.startsWith('src/main/') ? 'the implementation does not compile' : 'another file does not compile';
      return { file, kind: 'load-error', message: `${where}: ${describe(other)}` };
    }
    const kinds = own.map((e) => ({ e, kind: classifyCompileError(e, sources.get(file)) }));
    const worst = kinds.reduce((a, b) => (RANK[b.kind] > RANK[a.kind] ? b : a));
    return { file, kind: worst.kind, message: describe(worst.e) };
  });
}
