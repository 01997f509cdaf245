/**
 * What the audit reads from git, in few processes: the range (one streaming `git log`), the
 * merges' own changes (one `diff-tree -c --stdin`), every blob any fact needs — the configuration
 * at the range's base and as the diffs change it, the runners' own files, the test files the rules
 * read (facts.ts FACT_SOURCES), the helpers a RED's test calls — through one `cat-file --batch`
 * (history.ts BlobReader, each distinct name once), and whether the clone is shallow (a file,
 * read only when a commit without parents shows up). Then the pure steps: ruling.ts, assemble.ts,
 * facts.ts.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { TddError } from '../errors.js';
import { readMergeChanges, readSymbolicRef, readTreeFolder, type RepoContext } from '../git/queries.js';
import type { SourceReader, TestFileAnalysis } from '../lang/index.js';
import { bareCommits, classifyCommits } from './assemble.js';
import { FACT_SOURCES, type ContentScope, type FactSource, type FactTools } from './facts.js';
import { addIntegrity, integrityBlobsNeeded, integrityCache } from './integrity.js';
import { addOldTestFacts, oldTestBlobsNeeded } from './old-tests.js';
import { ConfigIds, noConfiguration, resolveBaseRules, resolveRules, runnerFilePaths, trackConfigOids, type ConfigOids } from './ruling.js';
import { CONFIG_PATHS } from './config.js';
import { BlobReader, parentsFirst, readHistory, type HistoryCommit } from './history.js';
import type { AuditCommit, Rules } from './types.js';

/** How far back a GREEN's RED is looked for before the range (as the hooks' state rebuild does). */
export const LOOKBACK = 1000;

/**
 * The range when none is given: the upstream branch, else origin/HEAD, to HEAD. Neither: a usage
 * error that says how to give one.
 */
export async function readDefaultRange(repo: RepoContext): Promise<string[]> {
  const [upstream, origin] = await Promise.all([readSymbolicRef(repo, '@{upstream}'), readSymbolicRef(repo, 'refs/remotes/origin/HEAD')]);
  for (const ref of [upstream, origin]) {
    if (ref) return [`${ref.replace(/^refs\/(remotes|heads)\//, '')}..HEAD`];
  }
  throw new TddError('NO_RANGE', 'no range given, and this branch has no upstream and the clone no origin/HEAD', 2, {
    hint: '`tdd audit HEAD` audits the whole history of this branch; `tdd audit main..HEAD` the commits since main (in CI: tdd audit origin/<base branch>..HEAD)',
  });
}

/**
 * Commits a shallow clone cut off from their parents: the `shallow` file of the common git dir
 * (what `git rev-parse --git-path shallow` names; a linked worktree's gitdir says where the common
 * one is in its `commondir`). Empty when the clone is complete.
 */
export async function readShallow(repo: Promise<RepoContext> | RepoContext): Promise<Set<string>> {
  const { gitDir, env } = await repo;
  const named = env.GIT_COMMON_DIR;
  const common = named
    ? resolve(gitDir, named)
    : await readFile(join(gitDir, 'commondir'), 'utf8').then(
        (t) => resolve(gitDir, t.trim()),
        () => gitDir,
      );
  const text = await readFile(join(common, 'shallow'), 'utf8').catch(() => '');
  return new Set(text.split('\n').filter(Boolean));
}

export interface AuditInput {
  /** Parents first. */
  history: HistoryCommit[];
  commits: AuditCommit[];
  rulesOf: Map<string, Rules>;
  /** Parents of commits of the range that lie outside it (the range's base). */
  outside: string[];
  cut: Set<string>;
  /** Blob texts read for the rules, by id (replay reads test titles from them). */
  texts: Map<string, string>;
  /**
   * The integrity rules' input for the commits the evaluation judged (`judged`; the others' would
   * never be reported: made before the hooks were in use, another shard's): their blobs read in
   * one batch, set on the commits. Whether any commit got one (then the evaluation is run again).
   */
  addIntegrity(judged: ReadonlySet<string>): Promise<boolean>;
}

/** A range read with the `git log` error turned into words, a shallow clone's in particular. */
async function readRangeHistory(
  repo: RepoContext,
  range: string[],
  extra: string[],
  shallow: () => Promise<Set<string>>,
  opts: { changes?: boolean; order?: 'topo' | 'date'; signal?: AbortSignal } = {},
): Promise<HistoryCommit[]> {
  try {
    if (opts.order === 'date') return parentsFirst(await readHistory(repo, range, extra, opts)).reverse();
    return await readHistory(repo, range, ['--topo-order', ...extra], opts);
  } catch (e) {
    if (e instanceof TddError && e.code === 'BAD_RANGE' && (await shallow()).size > 0) {
      throw new TddError('BAD_RANGE', `${e.message} (the clone is shallow: the range's base may not be fetched)`, 2, {
        hint: 'fetch the history: `git fetch --unshallow` (or `git fetch --deepen=<N>`), and the base branch: `git fetch origin <base>`; in GitHub Actions, actions/checkout with `fetch-depth: 0`',
      });
    }
    throw e;
  }
}

/** A shallow clone's cuts among `history` (parents first), and the parents outside it (its base). */
async function bounds(history: HistoryCommit[], shallowOf: () => Promise<Set<string>>): Promise<{ cut: Set<string>; outside: string[] }> {
  // Only a commit without parents can be a shallow clone's cut (git shows a cut commit as a root).
  const shallow = history.some((c) => c.parents.length === 0) ? await shallowOf() : new Set<string>();
  const inRange = new Set(history.map((c) => c.sha));
  const cut = new Set(history.filter((c) => shallow.has(c.sha)).map((c) => c.sha));
  const outside = [...new Set(history.flatMap((c) => (cut.has(c.sha) ? [] : c.parents.filter((p) => !inRange.has(p)))))];
  return { cut, outside };
}

export interface AuditReadOptions {
  extra?: string[];
  content?: ContentScope;
  shallow?: () => Promise<Set<string>>;
  stateOnly?: boolean;
  /** The audit's one `cat-file --batch` (else one of its own, closed when done). */
  blobs?: BlobReader;
  /** With `stateOnly`: the range already being read by readBareHistory. */
  bare?: HistoryCommit[] | Promise<HistoryCommit[]>;
  /** Told the range's base (its parents outside it, a shallow cut's aside) as soon as the history is read. */
  onBase?: (base: string[]) => void;
  /**
   * Whether the lines at the range's base are known to carry nothing (no commit before declares a
   * TDD step, the clone is complete). Then a range in which no commit declares a step or has a
   * configuration is made before the hooks were in use, every commit of it: its rules are not
   * resolved nor its changes classified (bareCommits).
   */
  quietBase?: () => Promise<boolean>;
}

/** The commits of `range` without their diffs, newest first (date order, parents before children kept); `signal` stops the read. */
export function readBareHistory(
  repo: RepoContext,
  range: string[],
  extra: string[],
  shallow: () => Promise<Set<string>>,
  signal?: AbortSignal,
): Promise<HistoryCommit[]> {
  return readRangeHistory(repo, range, extra, shallow, { changes: false, order: 'date', ...(signal ? { signal } : {}) });
}

/**
 * Read and assemble the commits of `range`. `content`: which test files to read for the rules
 * (see ContentScope; a look-back before the range needs none: only the RED records).
 * `stateOnly`: only the TDD state after the range matters (a look-back, whose findings are not
 * reported).
 */
export async function readAuditInput(repo: RepoContext, range: string[], opts: AuditReadOptions = {}): Promise<AuditInput> {
  const shallowOf = opts.shallow ?? (() => readShallow(repo));
  if (opts.stateOnly) {
    // A look-back wants the TDD state after it, which only commits declaring a TDD step make: a
    // stretch of history without one is read without its diffs (git log then reads no trees).
    const bare = (await (opts.bare ?? readBareHistory(repo, range, opts.extra ?? [], shallowOf))).reverse();
    if (!bare.some((c) => c.trailers.phase)) {
      const { cut, outside } = await bounds(bare, shallowOf);
      const commits = bareCommits(bare, cut);
      return { history: bare, commits, rulesOf: new Map(), outside, cut, texts: new Map(), addIntegrity: async () => false };
    }
  }
  const order = opts.stateOnly ? 'date' : 'topo';
  const history = (await readRangeHistory(repo, range, opts.extra ?? [], shallowOf, { order })).reverse();
  const { cut, outside } = await bounds(history, shallowOf);
  opts.onBase?.(outside.filter((p) => !cut.has(p)));
  const blobs = opts.blobs ?? new BlobReader(repo);
  try {
    return await assembleRange(repo, history, { cut, outside }, blobs, opts.content ?? 'frozen', opts.quietBase);
  } finally {
    if (!opts.blobs) blobs.close();
  }
}

/** Each of `outside` × `paths` as `<commit>:<path>`, read: the blob ids there (null: absent), the texts kept. */
async function readAt(blobs: BlobReader, outside: string[], paths: readonly string[], texts: Map<string, string>): Promise<Map<string, ConfigOids>> {
  const got = await blobs.read(outside.flatMap((p) => paths.map((f) => `${p}:${f}`)));
  const at = new Map<string, ConfigOids>();
  for (const p of outside) {
    at.set(
      p,
      paths.map((f) => {
        const b = got.get(`${p}:${f}`);
        if (b) texts.set(b.oid, b.text);
        return b?.oid ?? null;
      }),
    );
  }
  return at;
}

/** The blob ids `paths` get in the range's diffs (not deleted). */
function changedOids(history: HistoryCommit[], paths: ReadonlySet<string>): string[] {
  const oids = new Set<string>();
  for (const c of history) for (const e of c.changes) if (e.status !== 'D' && paths.has(e.path)) oids.add(e.newBlob);
  return [...oids];
}

/** The rules of every commit, its changes classified, and the facts its rules read from contents. */
async function assembleRange(
  repo: RepoContext,
  history: HistoryCommit[],
  { cut, outside }: { cut: Set<string>; outside: string[] },
  blobs: BlobReader,
  scope: ContentScope,
  quietBase?: () => Promise<boolean>,
): Promise<AuditInput> {
  const merges = history.filter((c) => c.parents.length > 1 && !cut.has(c.sha)).map((c) => c.sha);
  const maybeBefore = quietBase && cut.size === 0 && !history.some((c) => c.trailers.phase);
  // Asked at once unless the range may turn out to need none of its classification.
  const mergeOwnP = maybeBefore ? undefined : readMergeChanges(repo, merges);
  const texts = new Map<string, string>();
  const [outsideOids] = await Promise.all([readAt(blobs, outside, CONFIG_PATHS, texts), blobs.readTexts(changedOids(history, new Set(CONFIG_PATHS)), texts)]);
  const oidsAt = trackConfigOids(history, outsideOids, cut);
  if (maybeBefore && noConfiguration([...outsideOids.values(), ...oidsAt.values()], texts) && (await quietBase())) {
    const commits = bareCommits(history).map((c) => ({ ...c, configured: false }));
    return { history, commits, rulesOf: new Map(), outside, cut, texts, addIntegrity: async () => false };
  }
  const ids = new ConfigIds(texts);
  const ruling = { commits: history, oidsAt, outside: outsideOids, texts, cut, ids };
  const first = resolveRules(ruling);
  // The runners' own files, in the folders the rules name: read at the range's base, followed through its diffs.
  const paths = runnerFilePaths(first.rulesOf.values());
  const [outsideRunner] = await Promise.all([readAt(blobs, outside, paths, texts), blobs.readTexts(changedOids(history, new Set(paths)), texts)]);
  const runnerAt = trackConfigOids(history, outsideRunner, cut, paths);
  const { rulesOf, problems, declaredOf } = resolveBaseRules({ ...ruling, runnerFiles: { paths, at: runnerAt } });
  const commits = classifyCommits({ commits: history, rulesOf, problems, cut, mergeOwn: await (mergeOwnP ?? readMergeChanges(repo, merges)), declaredOf });
  let lang: Promise<typeof import('../lang/index.js')> | undefined;
  const loadLang = () => (lang ??= import('../lang/index.js'));
  const read = async (names: readonly string[]) => {
    for (const [name, b] of await blobs.read(names)) {
      if (!b) continue;
      texts.set(b.oid, b.text);
      if (name.includes(':')) texts.set(name, b.text);
    }
    return texts;
  };
  const tools: FactTools = { scope, read, analyzer: async () => (await loadLang()).analyzeTestFile };
  // The old tests a RED changes, by each commit's rules (the integrity rules' input waits for the judgement: addIntegrity).
  const sources: FactSource[] = [
    ...FACT_SOURCES,
    {
      needs: (c, s) => (s === 'none' ? [] : oldTestBlobsNeeded(c)),
      add: async (c, t, o) => {
        if (o.scope !== 'none' && oldTestBlobsNeeded(c).length > 0) addOldTestFacts(c, t, await loadLang());
      },
    },
  ];
  // Every source's needs in one batch, then each adds its facts.
  await read([...new Set(sources.flatMap((f) => [...f.needs(commits, scope)]))].filter((n) => !texts.has(n)));
  for (const f of sources) await f.add(commits, texts, tools);
  if (scope === 'all' && commits.some((c) => c.testFiles))
    await addHelperFacts(blobs, commits, texts, rulesOf, (await loadLang()).analyzeTestFileWithHelpers, repo);
  const integrity = (judged: ReadonlySet<string>) => (scope === 'none' ? Promise.resolve(false) : judgeIntegrity(blobs, commits, judged, texts, rulesOf));
  return { history, commits, rulesOf, outside, cut, texts, addIntegrity: integrity };
}

/** Commits per read of the integrity rules' blobs: the next part is read while this one is judged. */
const INTEGRITY_PART = 200;

/**
 * The integrity rules over the judged commits, a part at a time: each part's blobs read in one
 * batch (the next part's asked before this one is judged), judged, and let go (BlobReader.take:
 * not kept; `texts` keeps what the other facts read). Whether any commit has a finding.
 */
async function judgeIntegrity(
  blobs: BlobReader,
  all: AuditCommit[],
  judged: ReadonlySet<string>,
  texts: ReadonlyMap<string, string>,
  rulesOf: ReadonlyMap<string, Rules>,
): Promise<boolean> {
  const commits = all.filter((c) => judged.has(c.sha) && integrityBlobsNeeded([c]).length > 0);
  if (commits.length === 0) return false;
  const cache = integrityCache(commits);
  const parts: AuditCommit[][] = [];
  for (let i = 0; i < commits.length; i += INTEGRITY_PART) parts.push(commits.slice(i, i + INTEGRITY_PART));
  const take = (part: AuditCommit[] | undefined) => (part ? blobs.take(integrityBlobsNeeded(part).filter((o) => !texts.has(o))) : undefined);
  let next = take(parts[0]);
  for (let i = 0; i < parts.length; i++) {
    const got = await next!;
    next = take(parts[i + 1]);
    await addIntegrity(parts[i]!, { get: (oid) => texts.get(oid) ?? got.get(oid)?.text }, rulesOf, cache);
  }
  return commits.some((c) => c.integrity);
}

/**
 * A RED commit's test file that asserts nothing itself may assert through the project's helpers,
 * as the hook judged it: they are read as that commit has them, with its assertFunctionNames.
 */
async function addHelperFacts(
  blobs: BlobReader,
  commits: AuditCommit[],
  texts: ReadonlyMap<string, string>,
  rulesOf: ReadonlyMap<string, Rules>,
  analyze: (path: string, text: string, reader: SourceReader, o: { assertFunctionNames?: readonly string[] }) => Promise<TestFileAnalysis | undefined>,
  repo: RepoContext,
): Promise<void> {
  for (const c of commits) {
    if (c.kind !== 'tdd' || c.phase !== 'red' || !c.testFiles) continue;
    let reader: SourceReader | undefined;
    for (const [path, facts] of c.testFiles) {
      const e = c.entries.find((x) => x.path === path);
      const text = e && texts.get(e.newBlob);
      if (!facts.now || facts.now.assertions > 0 || text === undefined) continue;
      reader ??= commitReader(blobs, repo, c.sha);
      const now = await analyze(path, text, reader, { assertFunctionNames: rulesOf.get(c.sha)?.config.assertFunctionNames ?? [] });
      if (now) c.testFiles.set(path, { ...facts, now });
    }
  }
}

/** The files of a commit's tree, as the helpers' analysis asks for them: through the audit's one `cat-file --batch`. */
function commitReader(blobs: BlobReader, repo: RepoContext, sha: string): SourceReader {
  return {
    async read(paths) {
      const got = await blobs.read(paths.map((p) => `${sha}:${p}`));
      const out = new Map<string, string>();
      for (const p of paths) {
        const b = got.get(`${sha}:${p}`);
        if (b) out.set(p, b.text);
      }
      return out;
    },
    list: (dir) => readTreeFolder(repo, sha, dir),
  };
}
