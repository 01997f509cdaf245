/**
 * A private copy of the tree being committed, where the tests run. The user's working tree,
 * index, stash and refs are never touched: the copy has its own index file and work tree, and
 * git only reads objects from the repository.
 *
 * Lives under the OS temp dir (jest skips `.git/`, and a folder inside the work tree would be
 * picked up by the user's own test runs), owner-only, its path remembered in the local state.
 * The first fill is `read-tree -u --reset`; later ones `read-tree -m -u <previous> <tree>`,
 * which only rewrites what changed (0.1 s vs 1.1 s for 50,000 files).
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from '../fs-async.js';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { cleanCopy, fillCopy, moveCopy, type CopyIndex } from '../git/copy-index.js';
import type { RepoContext } from '../git/queries.js';
import { releaseLock, tryLock, type LockOwner } from '../state/lock.js';
import { writeJsonAtomic } from '../state/store.js';
import { linkFolder, type LinkedFolder } from './copy-links.js';
import { expandLinkEntry, isLinkGlob, linkFiles } from './link-files.js';
import { scrubbedEnv } from '../process/env.js';
import { readWorkspaceFolders } from './workspace-folders.js';
import { forgetBuild, recordedOutputs } from './copy-build.js';

export interface Scratch {
  /** The scratch folder (the tree, its index, the cache, the build record). */
  dir: string;
  /** Root of the materialized tree: the runner's cwd. */
  tree: string;
  /** A private folder beside the tree that survives the cleaning between runs (runners' build caches). */
  cache: string;
  /** The user's dependency links that lead into the work tree (re-pointed into the copy), absolute. */
  workTreeLinks: string[];
  /** The work tree's folders linked into the copy (node_modules, each workspace package's…), repository-relative. */
  linkedFolders: string[];
  /** Release the lock (and remove a throwaway scratch). */
  release(): Promise<void>;
}

interface ScratchRecord {
  path: string;
  tree: string | null;
  /** The copy's folders of links (node_modules, each workspace package's), kept out of the cleaning. */
  linked?: Record<string, LinkedFolder>;
}

/** A folder of ours (our uid), only we can read, not a symbolic link: only such a copy is reused. */
function isPrivateDir(path: string): boolean {
  try {
    const st = lstatSync(path);
    const uid = process.getuid?.();
    return st.isDirectory() && !st.isSymbolicLink() && (uid === undefined || st.uid === uid) && (st.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** `<dir>/lock` (state/lock.ts): a live hook's copy is busy; never stale by age, as a test run may take long. */
const lockScratch = (dir: string): LockOwner | undefined => tryLock(join(dir, 'lock'), Infinity);

/**
 * The remembered scratch, if it is one of ours: a `tdd-hooks-XXXXXX` folder (mkdtemp's name)
 * directly in the temp dir. Anything else named in scratch.json (another private folder of the
 * user's) is never reused, since reuse replaces its `tree/` and `index`.
 */
function readRecord(stateDir: string): ScratchRecord | undefined {
  try {
    const v = JSON.parse(readFileSync(join(stateDir, 'scratch.json'), 'utf8')) as Partial<ScratchRecord> | null;
    if (typeof v?.path !== 'string' || (v.tree !== null && typeof v.tree !== 'string')) return undefined;
    const ours = dirname(v.path) === tmpdir() && /^tdd-hooks-[A-Za-z0-9]{6}$/.test(basename(v.path));
    return ours ? { path: v.path, tree: v.tree, linked: parseLinked(v.linked) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fill (or update) the scratch with `tree` and link the work tree's dependency folders into it:
 * `link` (repository-relative), and each bare name of it (node_modules) in every workspace package
 * the tree declares too. Everything up to the first git process is synchronous (a few syscalls):
 * pre-commit starts the copy's update ahead of its own synchronous reads, and the git processes
 * must start at once, not when the event loop next runs (verify/head-start.ts).
 */
export async function materialize(ctx: RepoContext, tree: string, link: string[], opts: { build?: boolean } = {}): Promise<Scratch> {
  let record = readRecord(ctx.stateDir);
  let persistent = true;
  let owner = record && isPrivateDir(record.path) ? lockScratch(record.path) : undefined;
  if (!record || !owner) {
    const busy = record !== undefined && isPrivateDir(record.path);
    const path = await mkdtemp(join(tmpdir(), 'tdd-hooks-'));
    owner = lockScratch(path);
    if (!owner) throw new Error(`could not lock the fresh scratch ${path}`);
    // A scratch busy with another commit of this worktree stays its owner's; ours is throwaway.
    persistent = !busy;
    record = { path, tree: null };
  }
  const dir = record.path;
  const work = join(dir, 'tree');
  // GIT_WORK_TREE is the scratch: the copy's git calls never touch the user's tree or index.
  const copy = copyIndexOf(ctx, { dir, tree: work });
  const release = async () => {
    if (persistent) releaseLock(join(dir, 'lock'), owner);
    else await rm(dir, { recursive: true, force: true });
  };
  const previous = new Map(Object.entries(record.linked ?? {}));
  try {
    // The scratch is ours alone while we hold its lock: a git lock file in it is a leftover of a
    // git killed as it took the lock (a Ctrl-C in git's window between open() and registering the
    // file for removal), and would fail every later update of the copy.
    rmSync(join(dir, 'index.lock'), { force: true });
    mkdirSync(work, { recursive: true, mode: 0o700 });
    let done = false;
    if (record.tree) {
      // Whatever an earlier run left (build output, snapshots, edited tracked files) must not
      // reach this verdict: remove untracked files (the linked folders aside) and restore edits.
      // The last build's outputs stay too: an unchanged build reuses them (copy-build.ts).
      // Without isolation.build (no longer configured) its outputs go, and its record with them.
      if (!opts.build) forgetBuild(dir);
      done = await cleanCopy(copy, [...previous.keys(), ...(opts.build ? recordedOutputs(dir) : [])]);
    }
    if (!done) record.tree = null;
    else if (record.tree && record.tree !== tree) {
      done = await moveCopy(copy, record.tree, tree);
    }
    if (!done) {
      previous.clear();
      await rm(work, { recursive: true, force: true });
      await rm(join(dir, 'index'), { force: true });
      await mkdir(work, { recursive: true, mode: 0o700 });
      await fillCopy(copy, tree);
    }
    const linked = linkFolders(ctx.top, work, link, previous);
    const workTreeLinks = Object.values(linked).flatMap((l) => l.redirected);
    const cache = join(dir, 'cache');
    await mkdir(cache, { recursive: true, mode: 0o700 });
    if (persistent) await writeJsonAtomic(join(ctx.stateDir, 'scratch.json'), { path: dir, tree, linked } satisfies ScratchRecord);
    return { dir, tree: work, cache, workTreeLinks, linkedFolders: Object.keys(linked), release };
  } catch (e) {
    await release();
    if (persistent) await writeJsonAtomic(join(ctx.stateDir, 'scratch.json'), { path: dir, tree: null } satisfies ScratchRecord);
    throw e;
  }
}

/** The copy's own index and work tree, for git (git/copy-index.ts): never the user's. */
export function copyIndexOf(ctx: RepoContext, scratch: Pick<Scratch, 'dir' | 'tree'>): CopyIndex {
  return { work: scratch.tree, env: { ...scrubbedEnv(ctx.env), GIT_DIR: ctx.gitDir, GIT_INDEX_FILE: join(scratch.dir, 'index'), GIT_WORK_TREE: scratch.tree } };
}

/**
 * The folders of links (see copy-links.ts): each of `link`, and a bare name (node_modules) in every
 * workspace package too. A folder the tree itself holds (a committed node_modules: there after
 * read-tree, and not one of ours from the last run) is left as committed. Folders linked last time
 * and not now are removed.
 */
function linkFolders(top: string, work: string, link: string[], previous: Map<string, LinkedFolder>): Record<string, LinkedFolder> {
  // Files and globs (a compiled extension beside its sources): each match a link of its own (link-files.ts).
  const files = [...new Set(link.flatMap((l) => expandLinkEntry(top, l)))];
  const folders = link.filter((l) => !isLinkGlob(l) && !files.includes(l));
  const bare = folders.filter((l) => !l.includes('/'));
  const packages = bare.length > 0 ? readWorkspaceFolders(work) : [];
  const wanted = [...new Set([...folders, ...packages.flatMap((p) => bare.map((b) => `${p}/${b}`))])];
  const linked: Record<string, LinkedFolder> = {};
  for (const file of linkFiles(top, work, files, new Set(previous.keys()))) linked[file] = { stamp: 'file', redirected: [] };
  for (const folder of wanted) {
    if (!previous.has(folder) && existsSync(join(work, folder))) continue;
    const made = linkFolder(top, work, folder, previous.get(folder));
    if (made) linked[folder] = made;
  }
  for (const gone of previous.keys()) if (!(gone in linked)) rmSync(join(work, gone), { recursive: true, force: true });
  return linked;
}

/** scratch.json's `linked`, as far as it has the right shape. */
function parseLinked(v: unknown): Record<string, LinkedFolder> {
  const out: Record<string, LinkedFolder> = {};
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return out;
  for (const [folder, l] of Object.entries(v as Record<string, Partial<LinkedFolder>>)) {
    if (typeof l?.stamp === 'string' && Array.isArray(l.redirected) && l.redirected.every((r) => typeof r === 'string'))
      out[folder] = { stamp: l.stamp, redirected: l.redirected };
  }
  return out;
}
