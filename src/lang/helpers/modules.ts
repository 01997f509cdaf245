import type { ImportBinding, LanguageId } from '../profile.js';

/**
 * Where a file's project helpers may live, as repository paths ('/'-separated, no leading './'):
 * path arithmetic only, no I/O. The reader answers which candidates exist; the first that does wins.
 */

/** `a/b/../c/./d` → `a/c/d`; undefined when it climbs above the top. */
export function normalize(path: string): string | undefined {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i === -1 ? '' : path.slice(0, i);
}

const join = (dir: string, rest: string): string => (dir === '' ? rest : `${dir}/${rest}`);

const JS_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

/** `./helpers.js` from `test/a.test.ts` → test/helpers.js, test/helpers.ts, …, test/helpers.js/index.ts… */
function jsCandidates(from: string, specifier: string): string[] {
  if (!specifier.startsWith('./') && !specifier.startsWith('../') && specifier !== '.' && specifier !== '..') return [];
  const base = normalize(join(dirname(from), specifier));
  if (base === undefined) return [];
  const out = [base];
  // TypeScript's `./x.js` names `./x.ts`.
  const js = /\.(m|c)?jsx?$/.exec(base);
  if (js) out.push(...['.ts', '.tsx', '.mts', '.cts'].map((ext) => base.slice(0, -js[0].length) + ext));
  out.push(...JS_EXTENSIONS.map((ext) => base + ext), ...JS_EXTENSIONS.map((ext) => join(base, `index${ext}`)));
  return out;
}

/**
 * `from .util import x` (in tests/a.py) → tests/util.py, tests/util/__init__.py, and the submodule
 * tests/util/x.py; `from tests.util import x` → the same under every folder from the file's own up
 * to the top, and under src/.
 */
function pythonCandidates(from: string, b: ImportBinding): string[] {
  const dots = /^\.*/.exec(b.specifier)![0].length;
  const rest = b.specifier.slice(dots).split('.').filter(Boolean);
  const roots: string[] = [];
  if (dots > 0) {
    let dir = dirname(from);
    for (let k = 1; k < dots; k++) dir = dirname(dir);
    roots.push(dir);
  } else {
    for (let dir = dirname(from); ; dir = dirname(dir)) {
      roots.push(dir);
      if (dir === '') break;
    }
    roots.push('src');
  }
  const out: string[] = [];
  const modules = b.imported === '*' ? [rest] : [rest, [...rest, b.imported]];
  for (const root of roots) {
    for (const parts of modules) {
      if (parts.length === 0) continue;
      const base = join(root, parts.join('/'));
      out.push(`${base}.py`, `${base}/__init__.py`);
    }
  }
  return out;
}

/** The files that may define what `b` binds, most likely first. Empty: not a project module. */
export function moduleCandidates(language: LanguageId, from: string, b: ImportBinding): string[] {
  if (language === 'js') return jsCandidates(from, b.specifier);
  if (language === 'python') return pythonCandidates(from, b);
  return [];
}

/** Rust: `mod util;` in `tests/a.rs` → tests/util.rs, tests/util/mod.rs (and tests/a/util.rs). */
export function rustModCandidates(from: string, name: string): string[] {
  const dir = dirname(from);
  const own = from.replace(/\.rs$/, '');
  return [join(dir, `${name}.rs`), join(dir, `${name}/mod.rs`), `${own}/${name}.rs`];
}
