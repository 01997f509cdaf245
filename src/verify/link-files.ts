/**
 * `isolation.link` entries that are files or globs: a build product the commit cannot hold and the
 * tests need, next to the sources (markupsafe's in-place C extension `src/markupsafe/_speedups.*.so`,
 * gitignored). Each matching file of the work tree becomes a link of the same path in the copy; a
 * path the commit itself holds is left as committed. Folders stay with copy-links.ts.
 */
import { lstatSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import picomatch from 'picomatch';

/** Past these a glob's walk stops (a `**` over a big tree). */
const MAX_DEPTH = 8;
const MAX_ENTRIES = 20_000;
const SKIP = new Set(['.git', 'node_modules', '.venv', 'venv', '__pycache__']);

/** Whether an `isolation.link` entry is a glob (`*`, `?`, `[`, `{`). */
export const isLinkGlob = (entry: string): boolean => /[*?[{]/.test(entry);

/**
 * The work tree's paths an entry names: a glob's matches (files only, from its static folder down),
 * a plain path when it is a file. A folder (or a missing path) is not this module's: [].
 */
export function expandLinkEntry(top: string, entry: string): string[] {
  // Inside the work tree only: an absolute path or a `..` step names nothing here.
  if (entry.startsWith('/') || entry.split('/').includes('..')) return [];
  if (!isLinkGlob(entry)) return isFile(join(top, entry)) ? [entry] : [];
  const parts = entry.split('/');
  const magic = parts.findIndex(isLinkGlob);
  const base = parts.slice(0, magic).join('/');
  const match = picomatch(entry, { dot: false });
  const found: string[] = [];
  let seen = 0;
  const walk = (rel: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    let entries;
    try {
      entries = readdirSync(rel === '' ? top : join(top, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) return;
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory() && !SKIP.has(e.name)) walk(path, depth + 1);
      else if (e.isFile() && match(path)) found.push(path);
    }
  };
  walk(base, 0);
  return found.sort();
}

/**
 * Link each of `files` (repository-relative) of `top` into `copy`, unless the copy holds that path
 * and it is not a link of ours (`ours`: the files linked by the previous run). Returns those linked.
 */
export function linkFiles(top: string, copy: string, files: string[], ours: ReadonlySet<string>): string[] {
  const linked: string[] = [];
  for (const file of files) {
    const at = join(copy, file);
    const want = join(top, file);
    const st = lstatOrNull(at);
    if (st && !(st.isSymbolicLink() && ours.has(file))) continue; // the commit's own file
    if (st?.isSymbolicLink() && readlinkSync(at) === want) {
      linked.push(file);
      continue;
    }
    rmSync(at, { force: true });
    mkdirSync(dirname(at), { recursive: true, mode: 0o700 });
    symlinkSync(want, at);
    linked.push(file);
  }
  return linked;
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

function isFile(path: string): boolean {
  return lstatOrNull(path)?.isFile() ?? false;
}
