/**
 * Dependency folders (node_modules) of the work tree, linked into the private copy — closed: a
 * link that leads back into the work tree leads to the same path inside the copy instead.
 *
 * A workspace package is a link into the work tree (npm and yarn: `node_modules/@demo/core →
 * ../../packages/core`; pnpm: the same in each package's own node_modules). Linked as it is, the
 * tests would load the user's unstaged `packages/core`, and the verdict would be about a tree
 * nobody is committing. Everything else (the registry's packages, pnpm's `.pnpm` store behind
 * them) is linked to the user's entry, never copied.
 *
 * The folder itself is a real directory of the copy (tools that write caches into it, such as
 * vite's `node_modules/.vite`, then write into the copy); so are its scope folders (`@demo/`) and
 * `.bin/`, whose entries may be workspace packages and their executables. Dot-entries other than
 * `.bin` are caches and stay out.
 */
import { cpSync, lstatSync, mkdirSync, readdirSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, unlinkSync, type Dirent } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isWorkTreeTarget } from '../runners/leaks.js';

export interface LinkedFolder {
  /** The modification times of the user's folder and of its scope folders and .bin: unchanged, nothing to do. */
  stamp: string;
  /** The user's entries that lead into the work tree (re-pointed into the copy), absolute: the run's leak guard watches them. */
  redirected: string[];
}

/**
 * Make `<copy>/<folder>` mirror `<top>/<folder>` as links; `previous` is what the last run made of
 * it (skipped when the user's folders have not changed since: ~3 ms for 250 packages). A folder
 * the work tree lacks is removed from the copy (null).
 */
export function linkFolder(top: string, copy: string, folder: string, previous?: LinkedFolder): LinkedFolder | null {
  const from = join(top, folder);
  const to = join(copy, folder);
  const entries = readEntries(from);
  if (!entries) {
    rmSync(to, { recursive: true, force: true });
    return null;
  }
  const composer = isComposerVendor(entries);
  const own = composer ? COMPOSER_OWN.flatMap((n) => [join(from, n), ...(readEntries(join(from, n)) ?? []).map((e) => join(from, n, e.name))]) : [];
  const stamp = [from, ...entries.filter(isNested).map((e) => join(from, e.name)), ...own].map(mtimeOf).join(' ');
  if (previous?.stamp === stamp && isDir(to)) return previous;
  const redirected: string[] = [];
  syncLinks(top, copy, from, to, entries, true, redirected);
  if (composer) copyComposerOwn(from, to);
  return { stamp, redirected };
}

/**
 * Composer's own files in vendor/: `autoload.php`, the files of `composer/` (its class loader and
 * the generated maps) and `bin/`. They find the project by `__DIR__`, which PHP takes through
 * links: linked, they would map the project's namespaces to the work tree (`vendor/composer/../../src`).
 * Copied, they map them to the copy; the packages stay linked (composer/'s own folders are
 * packages too: composer/semver).
 */
const COMPOSER_OWN = ['autoload.php', 'composer', 'bin'];

const isComposerVendor = (entries: Dirent[]): boolean =>
  entries.some((e) => e.name === 'composer' && e.isDirectory()) && entries.some((e) => e.name === 'autoload.php' && e.isFile());

function copyComposerOwn(from: string, to: string): void {
  for (const name of COMPOSER_OWN) {
    const source = join(from, name);
    const target = join(to, name);
    const inner = readEntries(source);
    rmSync(target, { recursive: true, force: true });
    if (inner === null) {
      if (isFile(source)) cpSync(source, target);
      continue;
    }
    mkdirSync(target, { mode: 0o700 });
    for (const e of inner) {
      // bin/'s links stay links (relative: into the copy's vendor/); composer/'s packages stay linked.
      if (e.isDirectory() && name === 'composer') symlinkSync(join(source, e.name), join(target, e.name));
      else cpSync(join(source, e.name), join(target, e.name), { recursive: true, verbatimSymlinks: true });
    }
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A scope folder (@demo) or .bin: a real folder of links in the copy, one level down. */
const isNested = (e: Dirent): boolean => e.isDirectory() && (e.name.startsWith('@') || e.name === '.bin');

function syncLinks(top: string, copy: string, from: string, to: string, entries: Dirent[], outer: boolean, redirected: string[]): void {
  ensureRealDir(to);
  const wanted = new Map<string, string | Dirent[]>();
  for (const e of entries) {
    if (e.name.startsWith('.') && e.name !== '.bin') continue;
    const source = join(from, e.name);
    if (outer && isNested(e)) {
      wanted.set(e.name, readEntries(source) ?? []);
      continue;
    }
    const real = e.isSymbolicLink() ? realpathOrNull(source) : null;
    if (real !== null && isWorkTreeTarget(toPosix(top), toPosix(real))) {
      redirected.push(source);
      wanted.set(e.name, join(copy, relative(top, real)));
    } else {
      wanted.set(e.name, source);
    }
  }
  for (const e of readEntries(to) ?? []) {
    const want = wanted.get(e.name);
    const at = join(to, e.name);
    if (typeof want === 'string' && e.isSymbolicLink() && readlinkSync(at) === want) {
      wanted.delete(e.name);
    } else if (want === undefined && e.name.startsWith('.') && !e.isSymbolicLink()) {
      // A runner's cache in the copy's own folder (vite's .vite, .vite-temp): kept between runs.
    } else if (!(Array.isArray(want) && e.isDirectory())) {
      rmSync(at, { recursive: true, force: true });
    }
  }
  for (const [name, want] of wanted) {
    if (typeof want === 'string') symlinkSync(want, join(to, name));
    else syncLinks(top, copy, join(from, name), join(to, name), want, false, redirected);
  }
}

function readEntries(dir: string): Dirent[] | null {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
}

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null; // a dangling link: linked as it is
  }
}

function mtimeOf(path: string): string {
  try {
    return String(statSync(path, { bigint: true }).mtimeNs);
  } catch {
    return '-';
  }
}

function isDir(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

function ensureRealDir(path: string): void {
  try {
    if (lstatSync(path).isDirectory()) return;
    unlinkSync(path);
  } catch {
    // missing
  }
  mkdirSync(path, { recursive: true, mode: 0o700 });
}

const toPosix = (p: string): string => p.split(sep).join('/');
