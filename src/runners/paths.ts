import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Windows separators become '/'; elsewhere a backslash is an ordinary character of a file name. */
const toSlashes = (p: string): string => (sep === '\\' ? p.split('\\').join('/') : p);

/**
 * Runners name files by absolute path; the RunResult names them repository-relative with forward
 * slashes. Both sides go through here so that `./test/a.test.ts`, `test/a.test.ts` and
 * `/scratch/tree/test/a.test.ts` compare equal — and `test/a.test.tsx` does not.
 */
export function toRepoPath(root: string, path: string): string {
  const abs = isAbsolute(path) ? path : resolve(root, path);
  return toSlashes(relative(root, abs));
}

/** `./path` so that a file whose name starts with a dash is never read as an option. */
export function asArg(file: string): string {
  const p = toSlashes(file).replace(/^(\.\/)+/, '');
  return p.startsWith('/') ? p : `./${p}`;
}

/**
 * A file of the project: an absolute path inside `root`, not in a dependency folder within it
 * (a virtualenv's site-packages, node_modules, vendor). Runners name a missing symbol's module by
 * its file; whether that file is ours tells a missing symbol from a missing package.
 */
export function isProjectFile(path: string, root: string): boolean {
  const rel = toRepoPath(root, path);
  return isAbsolute(path) && rel !== '' && rel !== '..' && !rel.startsWith('../') && !/(^|\/)(site-packages|dist-packages|node_modules|vendor)\//.test(rel);
}

/** cargo's target dir for a run: a private folder kept between runs, never target/ in the tree. */
export const cargoTargetDir = (cacheDir: string): string => join(cacheDir, 'cargo-target');
