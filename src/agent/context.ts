/**
 * What the guard knows about the repository for one decision: the phase, the task, its RED record
 * and scope, and the commit-time classifier. The rules a commit is judged by are HEAD's
 * configuration with the runners' own files in the index (config/load); reading them takes git,
 * so the compiled classifier is kept in `<state>/guard.json`, keyed by HEAD and the index's stamp:
 * a decision then reads three small files and starts no process. Any commit, `git add` or
 * `git reset` changes the key; then the index file itself says whether the entries the rules were
 * read from (the configuration files, the runners' own files) are still the same (git/index-file):
 * a `git add` of anything else keeps the rules, and only a change to those, or an index the file
 * alone cannot answer for, asks git again.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILES, type Config } from '../config/schema.js';
import { indexEntriesOf, sameIndexEntries, type IndexEntries } from '../git/index-file.js';
import type { RepoContext } from '../git/queries.js';
import { CONFIG_NAMES } from '../config/object-names.js';
import { ALL_RUNNER_FILES } from '../config/runner-tests/files.js';
import { compiledClassifier, globListsOf, type Classifier, type CompiledMatch } from '../snapshot/kinds.js';
import { expireOff, taskKey } from '../state/machine.js';
import { readStateFile, writeJsonAtomic } from '../state/store.js';
import type { State } from '../state/types.js';
import { findRepo, type GuardRepo } from './repo.js';
import type { GuardContext } from './types.js';

const CACHE_VERSION = 2;

interface Cache {
  version: number;
  head: string | null;
  index: string;
  tests: CompiledMatch[];
  support: string[];
  ignored: string[];
  /** The globs they were compiled from (the classifier asks an expression only where its glob's literal pieces are in the path). */
  lists: Lists;
  plan: string | null;
  /** git's global excludes file (core.excludesFile, else its default), for agent/gitignore. */
  excludesFile: string | null;
  /** The index entries the rules were read from, as the index file had them (absent: not known). */
  entries?: IndexEntries | null;
}

export interface GuardRepoInfo {
  top: string;
  gitDir: string;
  commonDir: string;
  stateDir: string;
}

export interface ReadContext {
  repo: GuardRepoInfo;
  ctx: GuardContext;
  classify: Classifier;
  excludesFile: string | null;
  /** Whether git was asked (the cache was stale or could not be used). */
  slow: boolean;
}

function readCache(file: string): Cache | undefined {
  try {
    const c = JSON.parse(readFileSync(file, 'utf8')) as Cache;
    const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
    if (
      c?.version !== CACHE_VERSION ||
      (c.excludesFile !== null && typeof c.excludesFile !== 'string') ||
      !Array.isArray(c.tests) ||
      !c.tests.every((m) => strings(m?.tests)) ||
      !strings(c.support) ||
      !strings(c.ignored) ||
      !isLists(c.lists, c) ||
      !(
        c.entries === undefined ||
        c.entries === null ||
        (typeof c.entries === 'object' && Object.values(c.entries).every((v) => v === null || typeof v === 'string'))
      )
    )
      return undefined;
    return c;
  } catch {
    return undefined;
  }
}

async function contextOf(top: string, state: State, plan: string | null): Promise<GuardContext> {
  const red = state.red[taskKey(state.task)];
  const ctx: GuardContext = { phase: state.phase, task: state.task, openRed: Boolean(red && !red.greenCommit), redFiles: red?.files ?? [] };
  if (state.task && plan) {
    // The plan is an orchestrator's file in the work tree: read on every decision, as pre-commit does.
    const { readTaskPlan } = await import('../config/plan.js');
    const read = await readTaskPlan(top, { plan } as Config);
    const task = read?.tasks.find((t) => t.id === state.task);
    if (read && task) {
      const owners: Record<string, string> = {};
      for (const other of read.tasks) if (other.id !== task.id) for (const p of [...other.files, ...other.tests]) owners[p] ??= other.id;
      ctx.taskScope = { task: task.id, paths: [...task.files, ...task.tests], always: [read.file, ...CONFIG_FILES], owners };
    }
  }
  return ctx;
}

/**
 * The context of the repository around `start`; undefined outside a git work tree (nothing there
 * is committed, so nothing to guard).
 */
export async function readGuardContext(start: string, env: NodeJS.ProcessEnv): Promise<ReadContext | undefined> {
  const found = findRepo(start, env);
  const cache = found ? readCache(join(found.stateDir, 'guard.json')) : undefined;
  if (found && cache && cache.head === found.head && (cache.index === found.indexStamp || sameEntries(found, cache.entries))) {
    const state = await readStateFile(found.stateDir);
    // The state as the hooks read it (verify/context readState): written at this HEAD, and no
    // `phase off --until` past its time. Else git is asked below, which follows it to HEAD
    // (state/follow-read.ts) and writes it: a hook or `tdd status` run at another HEAD, then HEAD
    // back where this cache was made (`git reset --soft` keeps the index), left a state of elsewhere.
    if (state && (state.head ?? null) === found.head && !(state.phase === 'off' && expireOff(structuredClone(state), new Date()))) {
      const classify = compiledClassifier(cache, cache.lists);
      return { repo: found, ctx: await contextOf(found.top, state, cache.plan), classify, excludesFile: cache.excludesFile, slow: false };
    }
  }
  // Ask git: the committed rules, the state (rebuilt from the history when missing); where we
  // are too, when the file system could not say.
  const { readCommitContext } = await import('../verify/context.js');
  let repo: RepoContext;
  if (found) {
    const indexFile = join(found.gitDir, 'index');
    repo = { top: found.top, gitDir: found.gitDir, stateDir: found.stateDir, indexFile, head: found.head, env: { ...env, GIT_INDEX_FILE: indexFile } };
  } else {
    const [{ readRepoContext }, { TddError }] = await Promise.all([import('../git/queries.js'), import('../errors.js')]);
    try {
      repo = await readRepoContext(start, env);
    } catch (e) {
      if (e instanceof TddError && e.code === 'NOT_A_REPO') return undefined;
      throw e;
    }
  }
  const cc = await readCommitContext(repo);
  // The entries the rules were read from, while the index is still the one git read (else not kept).
  const entries = found ? readEntries(found, [...CONFIG_NAMES, ...ALL_RUNNER_FILES, ...(cc.loaded.indexPaths ?? [])]) : undefined;
  const config = cc.loaded.config;
  // The global excludes file does not change with the index: kept from the last read.
  const excludesFile = cache ? cache.excludesFile : await readExcludesFile(repo.top, env);
  if (found) {
    const lists = globListsOf(config);
    const compiled = readCompiled(found.stateDir, lists) ?? (await compile(lists));
    const next: Cache = {
      version: CACHE_VERSION,
      head: found.head,
      index: found.indexStamp,
      ...compiled,
      lists,
      plan: config.plan ?? null,
      excludesFile,
      entries: entries ?? null,
    };
    await writeJsonAtomic(join(found.stateDir, 'guard.json'), next).catch(() => {});
  }
  const commonDir = found?.commonDir ?? repo.gitDir;
  return {
    repo: { top: repo.top, gitDir: repo.gitDir, commonDir, stateDir: repo.stateDir },
    ctx: await contextOf(repo.top, cc.state, config.plan ?? null),
    classify: cc.classify,
    excludesFile,
    slow: true,
  };
}

/** The index's stamp as findRepo takes it (mtime, size, inode): git replaces the file on every write. */
function indexStampOf(gitDir: string): string {
  try {
    const st = statSync(join(gitDir, 'index'));
    return `${st.mtimeMs}:${st.size}:${st.ino}`;
  } catch {
    return 'none';
  }
}

/**
 * `paths`' entries in the index file, when the file is the one `found` saw (a `git add` racing
 * the read leaves nothing kept) and the file alone can say (git/index-file). Larger than 16 MB:
 * asking git costs less than reading it.
 */
function readEntries(found: GuardRepo, paths: string[]): IndexEntries | undefined {
  if (found.head === null) return undefined;
  try {
    const file = join(found.gitDir, 'index');
    if (statSync(file).size > 16 << 20) return undefined;
    const entries = indexEntriesOf(readFileSync(file), paths, found.head.length === 64 ? 32 : 20);
    return entries && indexStampOf(found.gitDir) === found.indexStamp ? entries : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the index still has the entries the cached rules were read from. */
function sameEntries(found: GuardRepo, cached: IndexEntries | null | undefined): boolean {
  if (!cached) return false;
  const now = readEntries(found, Object.keys(cached));
  return now !== undefined && sameIndexEntries(now, cached);
}

type Lists = ReturnType<typeof globListsOf>;

/** Lists of the same shape as the compiled ones beside them (one glob a source). */
function isLists(v: unknown, c: Pick<Cache, 'tests' | 'support' | 'ignored'>): v is Lists {
  const l = v as Lists | null;
  const strings = (x: unknown, n: number) => Array.isArray(x) && x.length === n && x.every((s) => typeof s === 'string');
  return (
    typeof l === 'object' &&
    l !== null &&
    Array.isArray(l.tests) &&
    l.tests.length === c.tests.length &&
    l.tests.every((m, i) => strings(m?.tests, c.tests[i]!.tests.length)) &&
    strings(l.support, c.support.length) &&
    strings(l.ignored, c.ignored.length)
  );
}
type Compiled = Pick<Cache, 'tests' | 'support' | 'ignored'>;

/** The compiled globs the commit hook keeps in globs.json (state/glob-cache), when they are these lists'. */
function readCompiled(stateDir: string, lists: Lists): Compiled | undefined {
  try {
    const c = JSON.parse(readFileSync(join(stateDir, 'globs.json'), 'utf8')) as Compiled & { key?: string };
    return c.key === JSON.stringify(lists) ? { tests: c.tests, support: c.support, ignored: c.ignored } : undefined;
  } catch {
    return undefined;
  }
}

async function compile(lists: Lists): Promise<Compiled> {
  const { compileGlobs, compileMatch } = await import('../snapshot/classify.js');
  return { tests: lists.tests.map(compileMatch), support: compileGlobs(lists.support), ignored: compileGlobs(lists.ignored) };
}

/** core.excludesFile (`--path` expands ~), else git's default: $XDG_CONFIG_HOME/git/ignore or ~/.config/git/ignore. */
async function readExcludesFile(top: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const { readExcludesFileSetting } = await import('../git/config.js');
  const set = await readExcludesFileSetting(top, env);
  if (set) return set;
  const xdg = env.XDG_CONFIG_HOME || (env.HOME ? join(env.HOME, '.config') : '');
  return xdg ? join(xdg, 'git', 'ignore') : null;
}
