/**
 * What the audit reads from git, in few processes: the range (one streaming `git log`), the
 * merges' own changes (one `diff-tree -c --stdin`), the configuration blobs (one `cat-file
 * --batch`, each distinct blob once), the test files the rules read (one more), and whether the
 * clone is shallow (a file, read only when a commit without parents shows up). Then the pure
 * steps: ruling.ts, assemble.ts, facts.ts.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { TddError } from '../errors.js';
import { execGit, execGitBuffer } from '../git/exec.js';
import type { RawEntry } from '../git/parse.js';
import { parseBatchWithIds, parseCombinedDiff } from './parse.js';
import { readObjects, readTreeFolder, type RepoContext } from '../git/queries.js';
import type { SourceReader, TestFileAnalysis } from '../lang/index.js';
import { classifyCommits } from './assemble.js';
import { addFacts, blobsNeeded, type ContentScope } from './facts.js';
import { addIntegrity, integrityBlobsNeeded } from './integrity.js';
import { resolveBaseRules, resolveRules, runnerFilePaths, trackConfigOids, type ConfigOids } from './ruling.js';
import { CONFIG_PATHS } from './config.js';
import { readHistory, type HistoryCommit } from './history.js';
import { readOldTestFacts } from './read-old-tests.js';
import type { AuditCommit, Rules } from './types.js';

/** How far back a GREEN's RED is looked for before the range (as the hooks' state rebuild does). */
export const LOOKBACK = 1000;

/**
 * The range when none is given: the upstream branch, else origin/HEAD, to HEAD. Neither: a usage
 * error that says how to give one.
 */
export async function readDefaultRange(repo: RepoContext): Promise<string[]> {
  const ask = (rev: string) => execGit(['rev-parse', '--verify', '-q', '--symbolic-full-name', rev], { cwd: repo.top, baseEnv: repo.env, okCodes: [1, 128] });
  const [upstream, origin] = await Promise.all([ask('@{upstream}'), ask('refs/remotes/origin/HEAD')]);
  for (const r of [upstream, origin]) {
    const ref = r.code === 0 ? r.stdout.trim() : '';
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

async function readMergeOwn(repo: RepoContext, merges: string[]): Promise<Map<string, RawEntry[]>> {
  if (merges.length === 0) return new Map();
  const r = await execGit(['diff-tree', '-r', '-c', '--raw', '-z', '--no-renames', '--no-abbrev', '--no-ext-diff', '--stdin'], {
    cwd: repo.top,
    baseEnv: repo.env,
    input: merges.join('\n') + '\n',
  });
  return parseCombinedDiff(r.stdout);
}

async function readBlobs(repo: RepoContext, names: string[]): Promise<([string, string] | null)[]> {
  const safe = names.filter((n) => !n.includes('\n'));
  if (safe.length === 0) return names.map(() => null);
  const r = await execGitBuffer(['cat-file', '--batch'], { cwd: repo.top, baseEnv: repo.env, input: safe.join('\n') + '\n' });
  const parsed = parseBatchWithIds(r.stdout, safe.length);
  const got = new Map(safe.map((n, i) => [n, parsed[i] ?? null]));
  return names.map((n) => got.get(n) ?? null);
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
}

/** A range read with the `git log` error turned into words, a shallow clone's in particular. */
async function readRangeHistory(repo: RepoContext, range: string[], extra: string[], shallow: () => Promise<Set<string>>): Promise<HistoryCommit[]> {
  try {
    return await readHistory(repo, range, ['--topo-order', ...extra]);
  } catch (e) {
    if (e instanceof TddError && e.code === 'BAD_RANGE' && (await shallow()).size > 0) {
      throw new TddError('BAD_RANGE', `${e.message} (the clone is shallow: the range's base may not be fetched)`, 2, {
        hint: 'fetch the history: `git fetch --unshallow` (or `git fetch --deepen=<N>`), and the base branch: `git fetch origin <base>`; in GitHub Actions, actions/checkout with `fetch-depth: 0`',
      });
    }
    throw e;
  }
}

/**
 * Read and assemble the commits of `range`. `content`: which test files to read for the rules
 * (see ContentScope; a look-back before the range needs none: only the RED records).
 */
export async function readAuditInput(
  repo: RepoContext,
  range: string[],
  opts: { extra?: string[]; content?: ContentScope; shallow?: () => Promise<Set<string>> } = {},
): Promise<AuditInput> {
  const shallowOf = opts.shallow ?? (() => readShallow(repo));
  const history = (await readRangeHistory(repo, range, opts.extra ?? [], shallowOf)).reverse();
  // Only a commit without parents can be a shallow clone's cut (git shows a cut commit as a root).
  const shallow = history.some((c) => c.parents.length === 0) ? await shallowOf() : new Set<string>();
  const inRange = new Set(history.map((c) => c.sha));
  const cut = new Set(history.filter((c) => shallow.has(c.sha)).map((c) => c.sha));
  const outside = [...new Set(history.flatMap((c) => (cut.has(c.sha) ? [] : c.parents.filter((p) => !inRange.has(p)))))];
  const changedConfigOids = new Set(history.flatMap((c) => c.changes.filter((e) => CONFIG_PATHS.includes(e.path) && e.status !== 'D').map((e) => e.newBlob)));
  const names = [...outside.flatMap((p) => CONFIG_PATHS.map((f) => `${p}:${f}`)), ...changedConfigOids];
  const merges = history.filter((c) => c.parents.length > 1 && !cut.has(c.sha)).map((c) => c.sha);
  const [blobs, mergeOwn] = await Promise.all([readBlobs(repo, names), readMergeOwn(repo, merges)]);
  const texts = new Map<string, string>();
  for (const b of blobs) if (b) texts.set(b[0], b[1]);
  const outsideOids = new Map<string, ConfigOids>(outside.map((p, i) => [p, CONFIG_PATHS.map((_, j) => blobs[i * CONFIG_PATHS.length + j]?.[0] ?? null)]));
  const oidsAt = trackConfigOids(history, outsideOids, cut);
  const first = resolveRules(history, oidsAt, outsideOids, texts, cut);
  // The runners' own files, in the folders the rules name: read at the range's base, followed through its diffs.
  const paths = runnerFilePaths(first.rulesOf.values());
  const pathSet = new Set(paths);
  const changedRunnerOids = new Set(history.flatMap((c) => c.changes.filter((e) => pathSet.has(e.path) && e.status !== 'D').map((e) => e.newBlob)));
  const runnerBlobs = await readBlobs(repo, [
    ...outside.flatMap((p) => paths.map((f) => `${p}:${f}`)),
    ...[...changedRunnerOids].filter((oid) => !texts.has(oid)),
  ]);
  for (const b of runnerBlobs) if (b) texts.set(b[0], b[1]);
  const outsideRunner = new Map<string, ConfigOids>(outside.map((p, i) => [p, paths.map((_, j) => runnerBlobs[i * paths.length + j]?.[0] ?? null)]));
  const runnerAt = trackConfigOids(history, outsideRunner, cut, paths);
  const { rulesOf, problems, declaredOf } = resolveBaseRules(history, oidsAt, outsideOids, texts, cut, { paths, at: runnerAt });
  const commits = classifyCommits({ commits: history, rulesOf, problems, cut, mergeOwn, declaredOf });
  const scope = opts.content ?? 'frozen';
  if (scope !== 'none') await readIntegrity(repo, commits, texts, rulesOf);
  const needed = blobsNeeded(commits, scope);
  if (needed.tests.length + needed.settings.length > 0) {
    const unread = [...needed.tests, ...needed.settings].filter((oid) => !texts.has(oid));
    const [blobs, lang] = await Promise.all([readBlobs(repo, unread), needed.tests.length > 0 ? import('../lang/index.js') : undefined]);
    for (const b of blobs) if (b) texts.set(b[0], b[1]);
    addFacts(commits, texts, lang?.analyzeTestFile, scope);
    if (lang && scope === 'all') await addHelperFacts(repo, commits, texts, rulesOf, lang.analyzeTestFileWithHelpers);
  }
  if (scope !== 'none') await readOldTestFacts(repo, commits, texts);
  return { history, commits, rulesOf, outside, cut, texts };
}

/** The implementation blobs the integrity rules read (audit/integrity.ts), in one more `cat-file --batch`. */
async function readIntegrity(repo: RepoContext, commits: AuditCommit[], texts: Map<string, string>, rulesOf: ReadonlyMap<string, Rules>): Promise<void> {
  const unread = integrityBlobsNeeded(commits).filter((oid) => !texts.has(oid));
  for (const b of await readBlobs(repo, unread)) if (b) texts.set(b[0], b[1]);
  await addIntegrity(commits, texts, rulesOf);
}

/**
 * A RED commit's test file that asserts nothing itself may assert through the project's helpers,
 * as the hook judged it: they are read as that commit has them, with its assertFunctionNames.
 */
async function addHelperFacts(
  repo: RepoContext,
  commits: AuditCommit[],
  texts: ReadonlyMap<string, string>,
  rulesOf: ReadonlyMap<string, Rules>,
  analyze: (path: string, text: string, reader: SourceReader, o: { assertFunctionNames?: readonly string[] }) => Promise<TestFileAnalysis | undefined>,
): Promise<void> {
  for (const c of commits) {
    if (c.kind !== 'tdd' || c.phase !== 'red' || !c.testFiles) continue;
    let reader: SourceReader | undefined;
    for (const [path, facts] of c.testFiles) {
      const e = c.entries.find((x) => x.path === path);
      const text = e && texts.get(e.newBlob);
      if (!facts.now || facts.now.assertions > 0 || text === undefined) continue;
      reader ??= commitReader(repo, c.sha);
      const now = await analyze(path, text, reader, { assertFunctionNames: rulesOf.get(c.sha)?.config.assertFunctionNames ?? [] });
      if (now) c.testFiles.set(path, { ...facts, now });
    }
  }
}

function commitReader(repo: RepoContext, sha: string): SourceReader {
  return {
    async read(paths) {
      const names = paths.filter((p) => !p.includes('\n'));
      const blobs = await readObjects(
        repo,
        names.map((p) => `${sha}:${p}`),
      );
      const out = new Map<string, string>();
      names.forEach((p, i) => blobs[i] && out.set(p, blobs[i]!.toString('utf8')));
      return out;
    },
    list: (dir) => readTreeFolder(repo, sha, dir),
  };
}
