/**
 * IMPL_IMPORTS_TEST_SUPPORT: implementation that imports a test support file (fixtures, helpers,
 * mocks: what the configuration's testSupport globs name) or a test file. Support is frozen with
 * the tests, so the real code committed in RED as `test/support/impl.ts` and re-exported by a
 * one-line GREEN would be implementation no GREEN ever showed. Resolved by the project's own
 * globs: relative specifiers (JS/TS, Ruby `require_relative`, Rust `#[path]`), Python modules
 * from the file's package or the top. Go, Java, Kotlin and C# keep test code out of the
 * production build (a `_test.go` package, Maven's and Gradle's test source sets, a test project):
 * there, such an import does not compile, so no scan.
 */
import { posix } from 'node:path';
import type { Finding } from '../../types.js';
import { evaluateRule, type Scans } from './rule.js';
import { kindOf, lineStartMatches, literalFrom, literalsOf, type Hit, type ImplText, type IntegrityInput, type Scan } from './source.js';

const JS_SPECIFIER = /\b(?:from|import)\s*(?=['"])|\b(?:require|import)\s*\(\s*(?=['"`])/g;
const JS_EXTENSIONS = ['', '.js', '.ts', '.mjs', '.mts', '.cjs', '.cts', '.jsx', '.tsx', '/index.js', '/index.ts'];

/** The first candidate the project calls support or test, if any. */
function supportOf(input: IntegrityInput, candidates: string[]): string | undefined {
  return candidates.map((c) => posix.normalize(c)).find((c) => !c.startsWith('..') && ['support', 'test'].includes(kindOf(input, c)));
}

const near = (path: string, spec: string) => posix.join(posix.dirname(path), spec);

function literalImports(re: RegExp, extensions: string[], relativeOnly: boolean): (input: IntegrityInput) => Scan {
  return (input) => (src: ImplText, path: string) => {
    const literals = literalsOf(src);
    const hits: Hit[] = [];
    for (const m of src.blanked.matchAll(re)) {
      const lit = literalFrom(literals, m.index + m[0].length, src);
      if (!lit || (relativeOnly && !/^\.{1,2}\//.test(lit.value))) continue;
      const start = Math.max(src.blanked.lastIndexOf('import', m.index - 1), src.blanked.lastIndexOf('export', m.index - 1));
      if (m[0].startsWith('from') && start !== -1 && /^(?:import|export)\s+type\b/.test(src.blanked.slice(start))) continue;
      const base = near(path, lit.value);
      const target = supportOf(input, [...extensions.map((e) => base + e), ...(base.endsWith('.js') ? [base.replace(/\.js$/, '.ts')] : [])]);
      if (target) hits.push({ offset: m.index, text: lit.value, target });
    }
    return hits;
  };
}

/** `from .a import …` or `import a.b` at a line's start (see lineStartMatches). */
const PYTHON_IMPORT = /[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import\b|import[ \t]+([\w.]+))/y;

const pythonScan =
  (input: IntegrityInput): Scan =>
  (src, path) => {
    const hits: Hit[] = [];
    for (const m of lineStartMatches(src.blanked, 'import', PYTHON_IMPORT)) {
      const spec = m[1] ?? m[2]!;
      const dots = /^\.*/.exec(spec)![0].length;
      const rest = spec.slice(dots).replace(/\./g, '/');
      const bases = dots > 0 ? [posix.join(posix.dirname(path), '../'.repeat(dots - 1), rest)] : [rest, `src/${rest}`];
      const target = supportOf(
        input,
        bases.filter((b) => b !== '').flatMap((b) => [`${b}.py`, `${b}/__init__.py`]),
      );
      if (target) hits.push({ offset: m.index, text: spec, target });
    }
    return hits;
  };

const SCANS = (input: IntegrityInput): Scans => ({
  js: literalImports(JS_SPECIFIER, JS_EXTENSIONS, true)(input),
  python: pythonScan(input),
  go: null,
  rust: literalImports(/#\s*\[\s*path\s*=\s*(?=")/g, [''], false)(input),
  java: null,
  kotlin: null,
  csharp: null,
  ruby: literalImports(/\brequire_relative\s*\(?\s*(?=['"])|\brequire\s*\(?\s*(?=['"]\.)/g, ['', '.rb'], false)(input),
  abap: null,
  php: literalImports(/\b(?:require|include)(?:_once)?\s*\(?\s*(?=['"])/g, ['', '.php'], false)(input),
});

export function evaluateImplImportsTestSupport(input: IntegrityInput): Finding<'IMPL_IMPORTS_TEST_SUPPORT'>[] {
  return evaluateRule('IMPL_IMPORTS_TEST_SUPPORT', input, SCANS(input));
}
