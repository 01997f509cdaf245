/**
 * javac's errors as Gradle prints them when a compile task fails: javac's own text, unlike Maven's
 * (trimmed from a real run of Gradle 4.4 on JDK 17):
 *
 *   /tmp/x/src/test/java/calc/RedMissingSymbolTest.java:10: error: cannot find symbol
 *       assertEquals(1, Calc.subtract(2, 1));
 *                           ^
 *     symbol:   method subtract(int,int)
 *     location: class Calc
 *   1 error
 *
 * The column is the caret's; javac names the location's type without its package, so it is
 * qualified here from the file's imports and package (what Maven's compiler plugin prints), and
 * maven-compile.ts classifies both the same. Pure.
 */
import { relative } from 'node:path';
import type { CompileError } from './maven-compile.js';

const HEAD = /^(\/.+?\.(?:java|kt|groovy)):(\d+): error: (.*)$/;

/** `Calc` as the test file sees it: an import's full name, or its own package's. */
function qualify(name: string, source: string | undefined): string {
  if (name.includes('.') || source === undefined) return name;
  const outer = name.split('$')[0]!;
  const imported = new RegExp(`^\\s*import\\s+([\\w.]+)\\.${outer}\\s*;`, 'm').exec(source);
  if (imported) return `${imported[1]}.${name}`;
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(source)?.[1];
  return pkg ? `${pkg}.${name}` : name;
}

/** `class Calc`, `variable c of type Calc` with the type qualified. */
function qualifyLocation(location: string, source: string | undefined): string {
  return location
    .replace(/\bof type ([\w$]+)/, (_, t: string) => `of type ${qualify(t, source)}`)
    .replace(/^(class|interface|enum|record|@interface) ([\w$]+)/, (_, k: string, t: string) => `${k} ${qualify(t, source)}`);
}

/**
 * The compile errors in Gradle's output (`root`: the build's folder; `sources`: repository-relative
 * file → text, to qualify the names javac leaves bare). Warnings are not errors.
 */
export function readGradleCompileErrors(output: string, root: string, sources: ReadonlyMap<string, string>): CompileError[] {
  const lines = output.replace(/\r/g, '').split('\n');
  const out: CompileError[] = [];
  let cur: CompileError | undefined;
  for (let i = 0; i < lines.length; i++) {
    const head = HEAD.exec(lines[i]!);
    if (head) {
      const rel = relative(root, head[1]!).split('\\').join('/');
      const file = rel.startsWith('..') ? head[1]! : rel;
      // The source line, then the caret under the error's column.
      const caret = lines[i + 2]?.search(/\^\s*$/) ?? -1;
      cur = { file, line: Number(head[2]), column: caret >= 0 && /^\s*\^\s*$/.test(lines[i + 2]!) ? caret + 1 : 1, message: head[3]!.trim() };
      out.push(cur);
      continue;
    }
    const detail = /^\s+(symbol|location):\s+(.*)$/.exec(lines[i]!);
    if (detail && cur) {
      const text = detail[2]!.trim();
      cur[detail[1] as 'symbol' | 'location'] = detail[1] === 'location' ? qualifyLocation(text, sources.get(cur.file)) : text;
    } else if (/^\d+ errors?$/.test(lines[i]!)) cur = undefined;
  }
  return out;
}
