/**
 * A folder (or file) of the working tree linked into the copy (`isolation.link`) that is a build of
 * the project's own sources — `dist`, a compiled extension — stands for those sources in the run.
 * When it was built from sources the commit does not hold, the run proves nothing about the commit
 * (exit 3, LINK_STALE, named). The rule, by modification times, within the linked path's folder
 * (`packages/lib/dist` → `packages/lib/`; a top-level `dist` → the repository):
 *
 * - `unstaged`: an implementation file there has edits not staged (or is untracked) and is older
 *   than the newest file of the linked path: the build came after that edit, so it holds it;
 * - `older`: an implementation file the commit changes there is newer than every file of the
 *   linked path: the build is from before the change, so it does not hold it.
 *
 * A linked file (a compiled extension) answers to its own sources only (same folder, same stem).
 * An ordinary day passes: everything staged and built after, a RED that stages only tests, an
 * unstaged edit made after the last build (that build is of the staged sources), edits in another
 * package, docs. Dependency folders (node_modules, vendor, .yarn, virtualenvs) are installed, not
 * built from the project: never checked. Read only when such a link is configured.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../config/schema.js';
import { readUnstagedFiles, type RepoContext } from '../git/queries.js';
import type { Classifier } from '../snapshot/classify.js';
import type { StagedEntry } from '../types.js';
import { builtLinks, type StaleLink } from '../gates/link-stale.js';
import { expandLinkEntry, isLinkGlob } from './link-files.js';
import { readWorkspaceFolders } from './workspace-folders.js';

const MAX_ENTRIES = 20_000;

export async function readStaleLinks(repo: RepoContext, config: Config, classify: Classifier, entries: StagedEntry[]): Promise<StaleLink[]> {
  const built = builtLinks(config.isolation.link);
  if (built.length === 0) return [];
  const paths = expandBuilt(repo.top, built).flatMap((p) => {
    const newest = newestMtime(join(repo.top, p));
    const file = newest !== null && !isDir(join(repo.top, p));
    return newest === null ? [] : [{ p, newest, file, folder: dirname(p) === '.' ? '' : `${dirname(p)}/` }];
  });
  if (paths.length === 0) return [];
  const unstaged = (await readUnstagedFiles(repo)).filter((f) => classify(f.path) === 'impl');
  const changed = entries.filter((e) => e.status !== 'D' && e.kind === 'impl').map((e) => e.path);
  const stale: StaleLink[] = [];
  for (const { p, newest, folder, file } of paths) {
    // A linked file (a compiled extension): its own sources only, by stem (`_speedups.c` for `_speedups.cpython-311-….so`).
    const stem = `${folder}${p.slice(folder.length).split('.')[0]}.`;
    const mine = (f: string) => (file ? f.startsWith(stem) && !f.includes('/', stem.length) : f.startsWith(folder) && !f.startsWith(`${p}/`)) && f !== p;
    const edited = unstaged.find((f) => mine(f.path) && (mtimeOf(join(repo.top, f.path)) ?? Infinity) <= newest);
    if (edited) stale.push({ link: p, reason: 'unstaged', source: edited.path });
    const newer = edited ? undefined : changed.find((f) => mine(f) && (mtimeOf(join(repo.top, f)) ?? -Infinity) > newest);
    if (newer) stale.push({ link: p, reason: 'older', source: newer });
  }
  return stale;
}

/** The entries as they are linked: a bare name in every workspace package too, a glob's matches. */
function expandBuilt(top: string, built: string[]): string[] {
  const bare = built.filter((l) => !l.includes('/') && !isLinkGlob(l));
  const packages = bare.length > 0 ? readWorkspaceFolders(top) : [];
  const all = [...built, ...packages.flatMap((pkg) => bare.map((b) => `${pkg}/${b}`))];
  return [...new Set(all.flatMap((l) => (isLinkGlob(l) ? expandLinkEntry(top, l) : [l])))];
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function mtimeOf(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest modification time of a file, or of the files in a folder (a bounded walk); null when missing. */
function newestMtime(path: string): number | null {
  const top = mtimeOf(path);
  if (top === null) return null;
  let newest = -Infinity;
  let seen = 0;
  const walk = (dir: string): boolean => {
    let names;
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const e of names) {
      if (++seen > MAX_ENTRIES) return true;
      if (e.isDirectory()) {
        if (walk(join(dir, e.name))) return true;
      } else newest = Math.max(newest, mtimeOf(join(dir, e.name)) ?? -Infinity);
    }
    return false;
  };
  walk(path);
  return newest === -Infinity ? top : newest;
}
