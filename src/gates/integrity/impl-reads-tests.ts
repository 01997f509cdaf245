/**
 * IMPL_READS_TESTS: implementation that names one of the project's test files — a string that
 * resolves to one (relative to the file, or from the repository's top), a path built to reach one
 * (`join(__dirname, '../test', 'sum.test.js')`, `Path(__file__).parent / 'tests' / 'test_x.py'`,
 * a template `${__dirname}/../test/x.test.js`), a test glob (`'test/**\/*.test.js'`), or a test
 * folder. Code that reads the tests can read the expected values out of them. What a path is comes
 * from the project's own globs (the classifier the hook uses), never from a guess.
 */
import { posix } from 'node:path';
import type { Finding } from '../../types.js';
import { evaluateRule, type Scans } from './rule.js';
import { kindOf, literalsOf, type Hit, type ImplText, type IntegrityInput, type Literal, type Scan } from './source.js';

const TEST_FOLDERS = new Set(['test', 'tests', 'spec', 'specs', '__tests__', 'testdata', 'fixtures', '__fixtures__']);
// A path of more than one piece, or a glob: only such a one may name a test folder ('test' alone is too common a word).
const PATHLIKE = /[/\\*]/;

/** A glob's one sample path (`test/**\/*.test.js` → `test/x/x.test.js`), or the path itself; template holes dropped. */
function sampleOf(value: string): string {
  return value
    .replace(/\$\{[^}]*\}|#\{[^}]*\}|\{[^}]*\}(?=\/)/g, '')
    .replace(/\\\\|\\/g, '/')
    .replace(/\{([^,}]*)[^}]*\}/g, '$1')
    .replace(/\*\*/g, 'x')
    .replace(/\*/g, 'x')
    .replace(/\?/g, 'x');
}

/** The repository paths `value` may name from a file at `path`: relative to the file's folder, and from the top. */
function candidatesOf(value: string, path: string): string[] {
  const sample = sampleOf(value.trim());
  if (sample === '' || /^[a-z][\w+.-]*:/i.test(sample)) return [];
  const out = [posix.normalize(posix.join(posix.dirname(path), sample)), posix.normalize(sample.replace(/^\/+/, ''))];
  return [...new Set(out.map((p) => p.replace(/\/+$/, '')))].filter((p) => p !== '.' && !p.startsWith('..'));
}

function testTarget(input: IntegrityInput, value: string, path: string): string | undefined {
  const pathlike = PATHLIKE.test(value);
  for (const c of candidatesOf(value, path)) {
    if (kindOf(input, c) === 'test') return c;
    if (!pathlike) continue;
    const last = c.slice(c.lastIndexOf('/') + 1);
    if (TEST_FOLDERS.has(last) && ['test', 'support'].includes(kindOf(input, `${c}/x`))) return c;
  }
  return undefined;
}

// What builds a path from pieces: join(), resolve(), URL, pathlib's `/`, `+`, a file's own folder.
const BUILDS_PATH = /\b(?:join|resolve|URL|Path|dirname|__dirname|__file__|filepath|File)\b|['"`]\s*[/+]\s*['"`]|\/\s*['"`]/;

/** The literals of each line joined by '/': the pieces of a path built with join(), `/`, or `+`. */
function lineJoins(src: ImplText, literals: readonly Literal[]): Literal[] {
  const byLine = new Map<number, Literal[]>();
  for (const lit of literals) {
    const line = src.blanked.lastIndexOf('\n', lit.open);
    byLine.set(line, [...(byLine.get(line) ?? []), lit]);
  }
  return [...byLine.entries()]
    .filter(([line, ls]) => ls.length > 1 && BUILDS_PATH.test(src.blanked.slice(line + 1, ls[ls.length - 1]!.close)))
    .map(([, ls]) => ls)
    .map((ls) => ({ open: ls[0]!.open, close: ls[ls.length - 1]!.close, value: ls.map((l) => l.value.replace(/^\/|\/$/g, '')).join('/') }));
}

// A value that may name a file: a path, a glob, or a name with an extension (no spaces: not a message).
const MAY_NAME_A_FILE = /^[^\s]*(?:[/\\*]|\.\w{1,5}$)[^\s]*$/;

// An import is the support rule's (IMPL_IMPORTS_TEST_SUPPORT): here, what the code reads.
const IMPORTED = /(?:\bfrom|\bimport|\brequire|\brequire_relative|\bmod)\s*\(?\s*$/;
const lineOf = (src: ImplText, at: number) => src.blanked.slice(src.blanked.lastIndexOf('\n', at) + 1, at);

function scanWith(input: IntegrityInput): Scan {
  return (src, path) => {
    const literals = literalsOf(src).filter((l) => l.value.length < 300);
    const hits: Hit[] = [];
    const seen = new Set<number>();
    for (const lit of [...literals, ...lineJoins(src, literals)]) {
      if (!MAY_NAME_A_FILE.test(lit.value) || seen.has(lit.open) || IMPORTED.test(lineOf(src, lit.open))) continue;
      const target = testTarget(input, lit.value, path);
      if (!target) continue;
      seen.add(lit.open);
      hits.push({ offset: lit.open, text: lit.value, target });
    }
    return hits;
  };
}

export function evaluateImplReadsTests(input: IntegrityInput): Finding<'IMPL_READS_TESTS'>[] {
  const scan = scanWith(input);
  const scans: Scans = { js: scan, python: scan, go: scan, rust: scan, java: scan, kotlin: scan, csharp: scan, ruby: scan, abap: null, php: scan };
  return evaluateRule('IMPL_READS_TESTS', input, scans);
}
