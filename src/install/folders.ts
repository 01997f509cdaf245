/**
 * The project folders of a repository's working tree, for install's runner detection: every folder
 * with a package.json, go.mod or Cargo.toml at any depth, found by a bounded walk that skips
 * dependencies, build output, hidden folders and test fixtures (a go.mod under testdata/ is a test's).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folders that hold dependencies, build output or fixtures, never a project of their own. */
export const NOT_PROJECTS = new Set(['node_modules', 'vendor', 'target', 'dist', 'build', 'venv', '__pycache__', 'fixtures', '__fixtures__', 'testdata']);

/** Past these the walk stops: a checkout with a huge tree gets what was found so far. */
const MAX_DEPTH = 8;
const MAX_FOLDERS = 5000;

const MARKERS = ['package.json', 'go.mod', 'Cargo.toml'] as const;
type Marker = (typeof MARKERS)[number];

export interface ProjectFolder {
  /** Repository-relative, '.' for the top. */
  root: string;
  files: Set<Marker>;
}

const isMarker = (name: string): name is Marker => (MARKERS as readonly string[]).includes(name);

/** Breadth first, so the bound keeps the shallow folders; sorted by path within a level. */
export function readProjectFolders(top: string): ProjectFolder[] {
  const found: ProjectFolder[] = [];
  let level: string[] = ['.'];
  let seen = 0;
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const root of level) {
      if (++seen > MAX_FOLDERS) return found;
      let entries;
      try {
        entries = readdirSync(root === '.' ? top : join(top, root), { withFileTypes: true });
      } catch {
        continue; // unreadable: nothing found there
      }
      const files = new Set(entries.map((e) => e.name).filter(isMarker));
      if (files.size > 0) found.push({ root, files });
      for (const e of entries) {
        if (e.isDirectory() && !e.name.startsWith('.') && !NOT_PROJECTS.has(e.name)) next.push(root === '.' ? e.name : `${root}/${e.name}`);
      }
    }
    level = next.sort();
  }
  return found;
}
