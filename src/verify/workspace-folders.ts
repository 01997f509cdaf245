/**
 * The package folders of a JS monorepo, read from the declarations in a tree (the private copy):
 * package.json `workspaces`, pnpm-workspace.yaml, lerna.json. Each may have a node_modules of
 * its own in the work tree (pnpm always; npm and yarn when versions conflict).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { parseLernaGlobs, parseWorkspaceGlobs } from '../config/workspaces.js';
import { isFile, readJsonOr, readTextOr } from '../fs-read.js';

/** Folders a `**` glob is followed into, at most. */
const MAX_DEPTH = 8;
const SKIP = new Set(['node_modules', 'vendor', 'target', 'dist', 'build', '__pycache__']);

/** Repository-relative folders (forward slashes) of the workspace packages declared in `root`: each holds a package.json. */
export function readWorkspaceFolders(root: string): string[] {
  const declared = parseWorkspaceGlobs(readJsonOr(join(root, 'package.json')), readTextOr(join(root, 'pnpm-workspace.yaml')));
  const lerna = parseLernaGlobs(readJsonOr(join(root, 'lerna.json')));
  const include = [...declared.include, ...lerna.include];
  if (include.length === 0) return [];
  const isIncluded = picomatch(include);
  const isExcluded = picomatch([...declared.exclude, ...lerna.exclude]);
  const found = new Set<string>();
  const visit = (rel: string): void => {
    if (rel !== '' && isIncluded(rel) && !isExcluded(rel) && isFile(join(root, rel, 'package.json'))) found.add(rel);
  };
  const walk = (rel: string, levels: number): void => {
    if (levels <= 0) return;
    for (const name of readFolders(join(root, rel))) {
      const child = rel === '' ? name : `${rel}/${name}`;
      visit(child);
      walk(child, levels - 1);
    }
  };
  // Each glob is walked from its static part: `packages/*` reads packages/ only.
  for (const glob of include) {
    const { base } = picomatch.scan(glob);
    const rest = glob.slice(base.length).split('/').filter(Boolean);
    if (base.split('/').includes('..')) continue; // never outside the tree
    visit(base);
    walk(base, rest.includes('**') ? MAX_DEPTH : rest.length);
  }
  return [...found].sort();
}

function readFolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !SKIP.has(e.name))
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/** The package.json names of the workspace packages declared in `root` (`@vue/shared`, `mobx-react-lite`). */
export function readWorkspacePackageNames(root: string): Set<string> {
  const names = new Set<string>();
  for (const folder of readWorkspaceFolders(root)) {
    const pkg = readJsonOr(join(root, folder, 'package.json')) as { name?: unknown } | undefined;
    if (typeof pkg?.name === 'string' && pkg.name !== '') names.add(pkg.name);
  }
  return names;
}
