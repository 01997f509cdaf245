/**
 * A folder (or file) of the working tree linked into the copy (`isolation.link`) that is a build of
 * the project's own sources — `dist`, a compiled extension — stands for those sources in the run.
 * When it was built from sources the commit does not hold, the run proves nothing about the commit
 * (exit 3, LINK_STALE, named). The rule, by modification times, within the linked path's folder
 * (`packages/lib/dist` → `packages/lib/`; a top-level `dist` → the repository):
 *
 * - `unstaged`: an implementation file there has edits not staged and is older than the newest
 *   file of the linked path: the build came after that edit, so it holds it. An untracked file
 *   counts only when the build could have read it: the linked build holds an output of its name
 *   (`dist/extra.js` of `src/extra.ts`: a compile-all build read it; a bundler's `extra-3f9a1c.js`
 *   chunk), or a tracked file there names
 *   it (`export * from './extra'`, a test importing `dist/extra.js`: a bundler follows that). A
 *   scratch file nothing names and the build left no trace of is not a source of that build;
 * - `older`: an implementation file the commit changes there is newer than every file of the
 *   linked path: the build is from before the change, so it does not hold it.
 *
 * A linked file (a compiled extension) answers to its own sources only (same folder, same stem).
 * An ordinary day passes: everything staged and built after, a RED that stages only tests, an
 * unstaged edit made after the last build (that build is of the staged sources), edits in another
 * package, docs. Dependency folders (node_modules, vendor, .yarn, virtualenvs) are installed, not
 * built from the project: never checked. Read only when such a link is configured.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Config } from '../config/schema.js';
import { readTrackedPaths, readUnstagedFiles, type RepoContext } from '../git/queries.js';
import type { Classifier } from '../snapshot/classify.js';
import type { StagedEntry } from '../types.js';
import { builtLinks, type StaleLink } from '../gates/link-stale.js';
import { expandLinkEntry, isLinkGlob } from './link-files.js';
import { readWorkspaceFolders } from './workspace-folders.js';

const MAX_ENTRIES = 20_000;
/** In the names of a walk cut at MAX_ENTRIES: any name may be among the files not seen. */
const EVERY_NAME = '\0';

export async function readStaleLinks(repo: RepoContext, config: Config, classify: Classifier, entries: StagedEntry[]): Promise<StaleLink[]> {
  const built = builtLinks(config.isolation.link);
  if (built.length === 0) return [];
  const paths = expandBuilt(repo.top, built).flatMap((p) => {
    const names = new Set<string>();
    const newest = newestMtime(join(repo.top, p), names);
    const file = newest !== null && !isDir(join(repo.top, p));
    return newest === null ? [] : [{ p, newest, file, names, folder: dirname(p) === '.' ? '' : `${dirname(p)}/` }];
  });
  if (paths.length === 0) return [];
  const unstaged = (await readUnstagedFiles(repo)).filter((f) => classify(f.path) === 'impl');
  const changed = entries.filter((e) => e.status !== 'D' && e.kind === 'impl').map((e) => e.path);
  const stale: StaleLink[] = [];
  for (const { p, newest, folder, file, names } of paths) {
    // A linked file (a compiled extension): its own sources only, by stem (`_speedups.c` for `_speedups.cpython-311-….so`).
    const stem = `${folder}${p.slice(folder.length).split('.')[0]}.`;
    const mine = (f: string) => (file ? f.startsWith(stem) && !f.includes('/', stem.length) : f.startsWith(folder) && !f.startsWith(`${p}/`)) && f !== p;
    const before = unstaged.filter((f) => mine(f.path) && (mtimeOf(join(repo.top, f.path)) ?? Infinity) <= newest);
    // A file the build could not have read is no source of it (a long-lived scratch file beside the project).
    const texts = file ? undefined : new TrackedTexts(repo, folder, p);
    const edited =
      before.find((f) => f.state === 'modified') ??
      (await findAsync(
        before.filter((f) => f.state === 'untracked'),
        async (f) => texts === undefined || holdsOutputOf(names, f.path) || (await texts.names(moduleName(f.path))),
      ));
    if (edited) stale.push({ link: p, reason: 'unstaged', source: edited.path, ...(edited.state === 'untracked' ? { untracked: true as const } : {}) });
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

/** Pure: the name a file is imported by: its name up to the first dot, a folder's for an index (`src/extra/index.ts` → `extra`). */
export function moduleName(path: string): string {
  const name = basename(path).split('.')[0]!;
  const parent = basename(dirname(path));
  return ['index', '__init__', 'mod', 'main'].includes(name) && parent !== '.' && parent !== '' ? parent : name;
}

/** Pure: whether a build's file names (up to the first dot) hold an output of `path`: its name, or a bundler's chunk of it (`extra-3f9a1c` for `extra.ts`). */
export function holdsOutputOf(names: ReadonlySet<string>, path: string): boolean {
  const stem = basename(path).split('.')[0]!;
  if (names.has(EVERY_NAME) || names.has(stem)) return true;
  for (const n of names) if (n.startsWith(`${stem}-`) || n.startsWith(`${stem}_`)) return true;
  return false;
}

/** Pure: whether `text` has `name` as a word of its own (letters, digits, `_` and `$` around it are not). */
export function namesModule(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_$])${escaped}([^A-Za-z0-9_$]|$)`).test(text);
}

async function findAsync<T>(items: T[], test: (item: T) => Promise<boolean>): Promise<T | undefined> {
  for (const item of items) if (await test(item)) return item;
  return undefined;
}

/** Bounds on the tracked texts read for a name: past them, every untracked file counts (as though named). */
const TEXT_LIMIT = { file: 1024 * 1024, total: 32 * 1024 * 1024 };

/** The working tree's texts of the tracked files in `folder` (what the build reads), outside the linked path; read once, when first asked. */
class TrackedTexts {
  private texts: Promise<string[] | null> | undefined;
  constructor(
    private readonly repo: RepoContext,
    private readonly folder: string,
    private readonly link: string,
  ) {}

  async names(name: string): Promise<boolean> {
    this.texts ??= this.read();
    const texts = await this.texts;
    return texts === null || texts.some((t) => namesModule(t, name));
  }

  private async read(): Promise<string[] | null> {
    const paths = (await readTrackedPaths(this.repo, this.folder.replace(/\/$/, ''))).filter((f) => !f.startsWith(`${this.link}/`));
    const texts: string[] = [];
    let total = 0;
    for (const f of paths) {
      let buf: Buffer;
      try {
        if (statSync(join(this.repo.top, f)).size > TEXT_LIMIT.file) continue;
        buf = readFileSync(join(this.repo.top, f));
      } catch {
        continue;
      }
      if (buf.subarray(0, 8000).includes(0)) continue;
      total += buf.length;
      if (total > TEXT_LIMIT.total) return null;
      texts.push(buf.toString('utf8'));
    }
    return texts;
  }
}

/** The newest modification time of a file, or of the files in a folder (a bounded walk, the files' names up to the first dot into `names`); null when missing. */
function newestMtime(path: string, names: Set<string>): number | null {
  const top = mtimeOf(path);
  if (top === null) return null;
  let newest = -Infinity;
  let seen = 0;
  const walk = (dir: string): boolean => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) {
        names.add(EVERY_NAME);
        return true;
      }
      if (e.isDirectory()) {
        if (walk(join(dir, e.name))) return true;
      } else {
        newest = Math.max(newest, mtimeOf(join(dir, e.name)) ?? -Infinity);
        names.add(e.name.split('.')[0]!);
      }
    }
    return false;
  };
  walk(path);
  return newest === -Infinity ? top : newest;
}
