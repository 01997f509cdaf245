/**
 * The static gates' input, one phase's facts built once: RED's staged test files read by the
 * lexers; GREEN's and REFACTOR's frozen tests (what the commit changes of them, how the RED files
 * drifted since the RED commit, the manifests' test settings, the snapshot files' entries).
 */
import { CONFIG_FILES } from '../config/schema.js';
import { readStagedTaskPlan } from '../config/plan.js';
import { TddError } from '../errors.js';
import type { FrozenFacts, RedDrift, RedFacts, StaticFacts, TaskScope, TestFiles } from '../gates/types.js';
import { type RawEntry } from '../git/parse.js';
import { isEmptyBlob, NULL_OID } from '../git/ids.js';
import { isAncestorOfHead, readObjects, readStagedFolder, readStagedTexts, readTreeDiff, type RepoContext } from '../git/queries.js';
import { diffSnapshotEntries, testFileOfSnapshot } from '../lang/snapshots.js';
import { redRecordsOf } from '../state/machine.js';
import type { RedRecord } from '../state/types.js';
import type { Finding, Phase, StagedEntry } from '../types.js';
import type { CommitContext } from './context.js';
import { readImplIntegrity } from './impl-sources.js';
import { readOldTestChanges } from './old-tests.js';

/** The active task in the staged plan: its declared paths (the task-scope gate) and its title (the message template). */
export async function readTask(repo: RepoContext, cc: CommitContext): Promise<{ scope?: TaskScope; title?: string }> {
  const id = cc.state.task;
  const plan = id ? await readStagedTaskPlan(repo, cc.loaded.config) : undefined;
  const task = plan?.tasks.find((t) => t.id === id);
  if (!plan || !task) return {};
  const owners: Record<string, string> = {};
  for (const other of plan.tasks) if (other.id !== task.id) for (const p of [...other.files, ...other.tests]) owners[p] ??= other.id;
  const scope = { task: task.id, paths: [...task.files, ...task.tests], always: [plan.file, ...CONFIG_FILES], owners };
  return task.title ? { scope, title: task.title } : { scope };
}

export { redRecordsOf } from '../state/machine.js';

/**
 * What a commit in `phase` is judged on before any run; GREEN_WITHOUT_RED when its RED commit is
 * no longer in the history. GREEN and REFACTOR know their tree by now (head-start.ts deferTreeId).
 */
export async function readStaticFacts(
  repo: RepoContext,
  cc: CommitContext,
  commit: { phase: Exclude<Phase, 'off'>; entries: StagedEntry[]; tree?: string; scope?: TaskScope },
): Promise<StaticFacts | Finding> {
  const { state } = cc;
  const { record, open } = redRecordsOf(state);
  const common = {
    regression: state.regression,
    entries: commit.entries,
    // The configuration files whose staged content is not HEAD's (config/load says so as CONFIG_PENDING).
    configChanges: cc.warnings.flatMap((w) => (w.code === 'CONFIG_PENDING' && w.path ? [w.path] : [])),
    ...(commit.scope ? { taskScope: commit.scope } : {}),
  };
  if (commit.phase === 'red') {
    const staged = commit.entries.filter((e) => e.kind === 'test' && e.status !== 'D');
    const [testFiles, oldTestChanges] = await Promise.all([
      readTestFacts(repo, staged, cc.loaded.config.assertFunctionNames),
      readOldTestChanges(repo, commit.entries),
    ]);
    const revise = state.revise ? { revise: state.revise } : {};
    return { ...common, phase: 'red', testFiles, oldTestChanges, ...revise, ...(open ? { red: open } : {}) } satisfies RedFacts;
  }
  const frozen = { ...common, phase: commit.phase, tree: commit.tree! };
  const [facts, integrity] = await Promise.all([
    readFrozenFacts(repo, frozen, commit.phase === 'green' ? open : record, state.task, cc.head),
    // GREEN runs the RED files of this tree next (verify/run-staged.ts reads them by these names).
    readImplIntegrity(
      repo,
      commit.entries,
      cc.loaded.config,
      cc.classify,
      commit.phase === 'green' ? (open?.files ?? []).map((f) => `${commit.tree}:${f}`) : [],
    ),
  ]);
  return 'code' in facts || !integrity ? facts : { ...facts, integrity };
}

/**
 * Frozen: this commit changes no test or support file, and the task's RED test files are as the
 * RED commit left them (a change made by a commit that bypassed the hooks counts too). One round
 * of git reads: RED drift, the test settings, the snapshot files (and GREEN's RED still in history).
 */
async function readFrozenFacts(
  repo: RepoContext,
  commit: Omit<FrozenFacts, 'frozenChanges' | 'snapshotChanges' | 'testSettings'> & { tree: string },
  record: RedRecord | undefined,
  task: string | null,
  head: string | null,
): Promise<FrozenFacts | Finding> {
  const { tree, ...common } = commit;
  const frozenChanges = commit.entries.filter((e) => e.kind === 'test' || e.kind === 'support');
  const files = record?.files ?? [];
  const { hasTestSettings, testSettingsOf } = await import('../config/test-settings.js');
  const manifests = commit.entries.filter((e) => hasTestSettings(e.path));
  // The snapshot files of the RED test files: may gain entries (read both sides to tell).
  const snapshots = frozenChanges.filter((e) => files.includes(testFileOfSnapshot(e.path) ?? '\0'));
  const [drift, blobs, inHistory] = await Promise.all([
    files.length ? (stagedDrift(record!.commit, head, files, commit.entries) ?? readTreeDiff(repo, record!.commit, tree, files)) : [],
    manifests.length + snapshots.length
      ? readObjects(
          repo,
          [...manifests, ...snapshots].flatMap((e) => [e.oldBlob, e.newBlob]),
        )
      : [],
    commit.phase === 'green' ? isAncestorOfHead(repo, record!.commit) : true,
  ]);
  if (!inHistory) return { code: 'GREEN_WITHOUT_RED', severity: 'error', data: { task, reason: 'not-in-history' } };
  const text = (i: number) => blobs[i]?.toString('utf8') ?? null;
  const at = 2 * manifests.length;
  return {
    ...common,
    frozenChanges,
    ...(record && files.length > 0 ? { red: record, frozenBase: record.commit, redDrift: redDriftOf(files, drift) } : {}),
    testSettings: manifests.map((e, i) => ({ path: e.path, before: testSettingsOf(e.path, text(2 * i)), after: testSettingsOf(e.path, text(2 * i + 1)) })),
    snapshotChanges: snapshots.flatMap((e, i) => diffSnapshotEntries(e.path, text(at + 2 * i), text(at + 2 * i + 1)) ?? []),
  };
}

/**
 * The RED commit is HEAD (a GREEN or REFACTOR right after its RED): how the RED files differ
 * between it and this tree is what the staged changes (`diff-index --cached HEAD`, the index the
 * tree is written from) say of them, so no diff-tree. Undefined (ask git) otherwise, or when a RED
 * file's entry may be intent-to-add (an empty blob: the tree leaves such an entry out).
 */
export function stagedDrift(redCommit: string, head: string | null, files: readonly string[], entries: readonly StagedEntry[]): RawEntry[] | undefined {
  if (head === null || redCommit !== head) return undefined;
  const red = new Set(files);
  const mine = entries.filter((e) => red.has(e.path));
  return mine.some((e) => e.status !== 'D' && isEmptyBlob(e.newBlob)) ? undefined : mine;
}

/** How the RED files differ between the RED commit and this tree (one diff-tree). */
function redDriftOf(files: string[], drift: RawEntry[]): RedDrift[] {
  const changed = new Map(drift.map((e) => [e.path, e]));
  return files.flatMap((f) => {
    const e = changed.get(f);
    // Added: not in the RED commit, so nothing there to drift from.
    if (!e || e.status === 'A') return [];
    return [{ path: f, change: e.status === 'D' ? 'deleted' : e.oldBlob === e.newBlob ? 'mode' : 'edited' } as const];
  });
}

async function readTestFacts(repo: RepoContext, staged: StagedEntry[], assertFunctionNames: string[]): Promise<TestFiles> {
  // No test staged (a RED refused for that): the lexers' chunk (~66 KB, ~5 ms to load) is not needed.
  if (staged.length === 0) return new Map();
  const { analyzeTestFile, analyzeTestFileWithHelpers } = await import('../lang/index.js');
  // By blob id, never by path: a path may hold a newline or look like revision syntax.
  const blobs = await readObjects(
    repo,
    staged.flatMap((e) => [e.newBlob, e.oldBlob === NULL_OID ? e.newBlob : e.oldBlob]),
  );
  // A file that asserts nothing itself may assert through the project's helpers: read from the index (lang/helpers).
  const reader = { read: (paths: readonly string[]) => readStagedTexts(repo, paths), list: (dir: string) => readStagedFolder(repo, dir) };
  const facts: TestFiles = new Map();
  for (const [i, e] of staged.entries()) {
    const now = blobs[2 * i];
    if (!now) throw new TddError('UNREADABLE_BLOB', `could not read the staged ${e.path} (${e.newBlob})`, 3);
    const before = e.oldBlob === NULL_OID ? null : blobs[2 * i + 1];
    facts.set(e.path, {
      now: await analyzeTestFileWithHelpers(e.path, now.toString('utf8'), reader, { assertFunctionNames }),
      before: before ? analyzeTestFile(e.path, before.toString('utf8'), { assertFunctionNames }) : undefined,
    });
  }
  return facts;
}
