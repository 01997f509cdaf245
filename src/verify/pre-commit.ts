/**
 * The pre-commit pipeline: read → static gates → (only when needed) a test run on a private copy
 * of exactly what is being committed → evidence gates → a pending record for commit-msg and
 * post-commit. Decides nothing about exit codes or wording (cli/ and report/ do).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runnerSpecs } from '../config/resolve.js';
import { CONFIG_FILES } from '../config/schema.js';
import { isSetupPath } from '../snapshot/kinds.js';
import { readPending } from '../state/store.js';
import { readStagedTaskPlan } from '../config/plan.js';
import { EVIDENCE_GATES, STATIC_GATES, evaluateGates, verdictOf } from '../gates/index.js';
import { applyFalseFail } from '../gates/false-fail.js';
import { evaluateStaticChecks } from '../gates/static-checks.js';
import type { GateInput, TestFileFacts } from '../gates/types.js';
import { readCommitTree, readObjects, readStagedFolder, readStagedTexts, readTreeDiff, isAncestorOfHead, type RepoContext } from '../git/queries.js';
import { git } from '../git/exec.js';
import { NULL_OID, parseNulList, type RawEntry } from '../git/parse.js';
import { TddError } from '../errors.js';
import { diffSnapshotEntries, testFileOfSnapshot } from '../runners/snapshots.js';
import { classifyEntries, mayBeIntentToAdd, readIndexTree, readSnapshot, withLinkTargets } from '../snapshot/read.js';
import { taskKey } from '../state/machine.js';
import type { Evidence, Pending, RedRecord } from '../state/types.js';
import { testId, type Finding, type Phase, type RunResult, type Snapshot, type StagedEntry } from '../types.js';
import { readCommitContext, readOperation, type CommitContext } from './context.js';
import type { Scratch } from './scratch.js';
import { summarizeRun, toEvidence } from './evidence.js';
import { chooseGreenFiles, readNearMisses } from './test-files.js';

export { readHookInputs } from './context.js';

export interface PreCommitResult {
  exitCode: 0 | 1 | 3;
  phase: Phase | null;
  task: string | null;
  findings: Finding[];
  tree?: string;
  run?: RunResult;
  pending?: Pending;
  /** Wall time of the test run, when there was one. */
  testMs?: number;
}

type PreCommitInputs = { repo: RepoContext; raw: RawEntry[]; configBlobs: (Buffer | null)[] };

/** The private copy, prepared ahead of the test run; released here unless the run took it. */
interface HeadStart {
  scratch?: Promise<Scratch>;
}

export async function runPreCommit(inputs: PreCommitInputs): Promise<PreCommitResult> {
  const ahead: HeadStart = {};
  try {
    return await preCommit(inputs, ahead);
  } finally {
    if (ahead.scratch) await ahead.scratch.then((s) => s.release(), () => {});
  }
}

async function preCommit(inputs: PreCommitInputs, ahead: HeadStart): Promise<PreCommitResult> {
  const { repo, raw } = inputs;
  const cc = await readCommitContext(repo, inputs.configBlobs);
  const { state } = cc;
  const base = { phase: state.phase, task: state.task };
  const done = (findings: Finding[], extra: Partial<PreCommitResult> = {}): PreCommitResult => ({
    exitCode: verdictOf(findings),
    ...base,
    findings: [...cc.warnings, ...findings],
    ...extra,
  });

  let entries = classifyEntries(raw, cc.classify);
  const unmerged = entries.filter((e) => e.status === 'U');
  if (unmerged.length > 0) {
    return done(unmerged.map((e) => ({ code: 'UNMERGED_PATHS', severity: 'error', path: e.path })));
  }
  const operation = readOperation(repo.gitDir);
  if (operation) return done([{ code: 'OPERATION_IN_PROGRESS', severity: 'info', data: { operation } }]);
  if (entries.length === 0) return done([{ code: 'EMPTY_COMMIT', severity: 'info' }]);
  if (entries.every((e) => e.kind === 'ignored')) return done([{ code: 'IGNORED_ONLY', severity: 'info' }]);
  if (!state.phase) return done([isSetupCommit(entries, state) ? { code: 'SETUP_COMMIT', severity: 'info' } : { code: 'PHASE_UNSET', severity: 'error' }]);

  // A RED commit its static gates refuse (no assertion, a skip marker…) needs no tree id: the copy
  // of the index and its write-tree (~4 ms of a refusal) wait until the gates pass. Only the tree
  // tells an intent-to-add entry from an added empty file, so with one of those it comes first.
  const treeLater = state.phase === 'red' && !entries.some(mayBeIntentToAdd);
  const snapshot: Snapshot = treeLater
    ? { tree: '', head: cc.head, entries: await withLinkTargets(repo, entries) }
    : await readSnapshot(repo, cc.head, entries);
  entries = snapshot.entries;
  if (entries.length === 0) return done([{ code: 'EMPTY_COMMIT', severity: 'info' }]);
  const phase = state.phase;
  if (phase === 'off') {
    const pending = makePending(snapshot, phase, cc, [], {}, [], undefined, 'off');
    return done([{ code: 'PHASE_OFF', severity: 'info', data: { reason: state.reason ?? '' } }], { pending, tree: snapshot.tree });
  }

  const red = state.red[taskKey(state.task)];
  const openRed = red && !red.greenCommit ? red : undefined;
  if (phase === 'green' && !openRed) {
    return done([{ code: 'GREEN_WITHOUT_RED', severity: 'error', data: { task: state.task, reason: 'none' } }], { tree: snapshot.tree });
  }

  // GREEN and REFACTOR run their tests unless the gates below refuse: the private copy is brought
  // up to date meanwhile (not when the same tree was verified before: that verdict is reused).
  if (phase !== 'red' && (await readPending(repo.stateDir))?.tree !== snapshot.tree) {
    const { prepareScratch } = await import('./run-staged.js');
    ahead.scratch = prepareScratch(repo, cc.loaded.config, snapshot.tree);
    ahead.scratch.catch(() => {}); // a failure surfaces when the run takes it
  }

  // The configuration files whose staged content is not HEAD's (config/load says so as CONFIG_PENDING).
  const configChanges = cc.warnings.flatMap((w) => (w.code === 'CONFIG_PENDING' && w.path ? [w.path] : []));
  const input: GateInput = { phase, regression: state.regression, entries, configChanges };
  const plan = state.task ? await readStagedTaskPlan(repo, cc.loaded.config) : undefined;
  const task = plan?.tasks.find((t) => t.id === state.task);
  if (task?.title) cc.taskTitle = task.title;
  if (plan && task) {
    const owners: Record<string, string> = {};
    for (const other of plan.tasks) if (other.id !== task.id) for (const p of [...other.files, ...other.tests]) owners[p] ??= other.id;
    input.taskScope = { task: task.id, paths: [...task.files, ...task.tests], always: [plan.file, ...CONFIG_FILES], owners };
  }
  if (phase === 'red') {
    const staged = entries.filter((e) => e.kind === 'test' && e.status !== 'D');
    input.testFiles = await readTestFacts(repo, staged, cc.loaded.config.assertFunctionNames);
    if (openRed) input.red = openRed;
  } else {
    // Frozen: this commit changes no test or support file, and the task's RED test files are
    // as the RED commit left them (a change made by a commit that bypassed the hooks counts too).
    input.frozenChanges = entries.filter((e) => e.kind === 'test' || e.kind === 'support');
    const record = phase === 'green' ? openRed : red;
    const files = record?.files ?? [];
    // One round of git reads: RED drift, the test settings (and GREEN's RED still in history).
    const { hasTestSettings, testSettingsOf } = await import('../config/test-settings.js');
    const manifests = entries.filter((e) => hasTestSettings(e.path));
    // The snapshot files of the RED test files: may gain entries (read both sides to tell).
    const snapshots = input.frozenChanges.filter((e) => files.includes(testFileOfSnapshot(e.path) ?? '\0'));
    // RED drift: how the RED files differ between the RED commit and this tree (one diff-tree).
    const [drift, blobs, inHistory] = await Promise.all([
      files.length ? readTreeDiff(repo, record!.commit, snapshot.tree, files) : [],
      manifests.length + snapshots.length ? readObjects(repo, [...manifests, ...snapshots].flatMap((e) => [e.oldBlob, e.newBlob])) : [],
      phase === 'green' ? isAncestorOfHead(repo, openRed!.commit) : true,
    ]);
    if (!inHistory) return done([{ code: 'GREEN_WITHOUT_RED', severity: 'error', data: { task: state.task, reason: 'not-in-history' } }], { tree: snapshot.tree });
    if (record && files.length > 0) {
      input.red = record;
      input.frozenBase = record.commit;
      const changed = new Map(drift.map((e) => [e.path, e]));
      input.redDrift = files.flatMap((f) => {
        const e = changed.get(f);
        // Added: not in the RED commit, so nothing there to drift from.
        if (!e || e.status === 'A') return [];
        return [{ path: f, change: e.status === 'D' ? 'deleted' : e.oldBlob === e.newBlob ? 'mode' : 'edited' } as const];
      });
    }
    const text = (b: Buffer | null | undefined) => (b ? b.toString('utf8') : null);
    input.testSettings = manifests.map((e, i) => ({
      path: e.path,
      before: testSettingsOf(e.path, text(blobs[2 * i])),
      after: testSettingsOf(e.path, text(blobs[2 * i + 1])),
    }));
    const at = 2 * manifests.length;
    input.snapshotChanges = snapshots.flatMap((e, i) => diffSnapshotEntries(e.path, text(blobs[at + 2 * i]), text(blobs[at + 2 * i + 1])) ?? []);
  }
  const staticFindings = evaluateGates(STATIC_GATES, input);
  if (verdictOf(staticFindings) !== 0) return done(staticFindings, treeLater ? {} : { tree: snapshot.tree });
  if (treeLater) snapshot.tree = await readIndexTree(repo);

  const chosen = phase === 'red' ? { files: [...input.testFiles!.keys()] } : await chooseGreenFiles(repo, cc, snapshot.tree, input.red, entries);
  const { files } = chosen;
  const key = await verdictKey(repo, cc, snapshot.tree, [files, chosen.related && [...chosen.related]], input.red);
  const cached = await readPending(repo.stateDir);
  if (cached?.key === key && cached.tree === snapshot.tree) {
    return done([...staticFindings, { code: 'VERDICT_CACHED', severity: 'info', data: { at: cached.at } }], { tree: snapshot.tree, pending: cached });
  }
  const { runStaged } = await import('./run-staged.js');
  const started = Date.now();
  const prepared = ahead.scratch;
  ahead.scratch = undefined; // the run releases it now
  const run = await runStaged(repo, cc.loaded.config, snapshot.tree, files, prepared, chosen.related);
  const testMs = Date.now() - started;
  input.run = run;
  if (phase === 'red') input.preexisting = await readPreexisting(repo, cc, run, entries);
  input.nearMisses = await readNearMisses(repo, snapshot.tree, run);
  let findings = [...staticFindings, ...evaluateGates(EVIDENCE_GATES, input)];
  const config = cc.loaded.config;
  input.falseFailPatterns = config.falseFailPatterns;
  if (phase !== 'red' && config.staticChecks.length > 0 && verdictOf(applyFalseFail(findings, input)) === 0) {
    const { checkStaged } = await import('./run-staged.js');
    const changed = entries.filter((e) => e.status !== 'D').map((e) => e.path);
    input.staticChecks = await checkStaged(repo, config, snapshot.tree, changed);
    findings = [...findings, ...evaluateStaticChecks(input)];
  }
  findings = applyFalseFail(findings, input);
  const result = done(findings, { tree: snapshot.tree, run, testMs });
  if (result.exitCode === 0) {
    const failing = run.tests.filter((t) => t.status === 'failed').map(testId);
    const blobs = Object.fromEntries(entries.filter((e) => files.includes(e.path)).map((e) => [e.path, e.newBlob]));
    const evidence = toEvidence(run);
    const falseFail = findings.find((f) => f.code === 'FALSE_FAIL_ACCEPTED');
    const pending = makePending(snapshot, phase, cc, run.files, blobs, failing, evidence, summarizeRun(run));
    const attempts = await readAttemptsNote(repo, cc);
    result.pending = {
      ...pending,
      key,
      ...(chosen.tests ? { tests: chosen.tests } : {}),
      ...(falseFail ? { falseFail: (falseFail.data?.patterns as string[]).join(', ') } : {}),
      ...(attempts ? { attempts } : {}),
    };
  }
  return result;
}

/**
 * The commit right after `npx tdd-hooks install`: before any phase or task, a commit of only the
 * configuration, manifests and ignored files (package.json, its lock, .tddrc.json, .husky/) needs
 * no phase. tdd audit agrees (rules/no-trailers).
 */
export function isSetupCommit(entries: StagedEntry[], state: { phase: Phase | null; red: Record<string, unknown>; lastGreen: unknown }): boolean {
  if (state.phase || state.lastGreen || Object.keys(state.red).length > 0) return false;
  return entries.every((e) => isSetupPath(e));
}

/** The task's attempts (`tdd attempt`) for the trailer, so the history keeps them. */
async function readAttemptsNote(repo: RepoContext, cc: CommitContext): Promise<string | undefined> {
  if (!cc.state.task) return undefined;
  const [{ readAttempts }, { taskOf }, { formatAttemptsTrailer }, { limitsFromConfig }] = await Promise.all([
    import('../state/attempts.js'),
    import('../budget/ledger.js'),
    import('../budget/trailer.js'),
    import('../budget/limits.js'),
  ]);
  const ledger = await readAttempts(repo.stateDir).catch(() => undefined);
  if (!ledger) return undefined;
  const { attempts, budgets } = cc.loaded.config;
  return formatAttemptsTrailer(taskOf(ledger, cc.state.task), limitsFromConfig(attempts, budgets), new Date());
}

/** "feat(tdd): task-{id} {title}" → "feat(tdd): task-12 parse input" (pure). */
export function renderTemplate(template: string, id: string, title: string | undefined): string {
  return template.replace(/\{id\}/g, id).replace(/\{title\}/g, title ?? '').replace(/\s+/g, ' ').trim();
}

/** Everything besides the tree that the verdict depends on, hashed (see Pending.key). */
async function verdictKey(repo: RepoContext, cc: CommitContext, tree: string, files: unknown, red: RedRecord | undefined): Promise<string> {
  // The JS runners' versions; python3, go and cargo would cost a process each to ask (the tree and config still key them).
  // Read synchronously: no thread pool, no fs/promises on the hook's path.
  const runnerVersions = runnerSpecs(cc.loaded.config).map(({ runner, root }) =>
    runner === 'vitest' || runner === 'jest' || runner === 'mocha' ? readRunnerVersion(join(repo.top, root, 'node_modules', runner, 'package.json')) : runner,
  );
  const parts = [tree, repo.head, cc.state.phase, cc.state.task, cc.state.regression, cc.loaded.config, files, red?.commit, red?.failing, runnerVersions, process.version];
  const { createHash } = await import('node:crypto'); // only on the test-running path: crypto costs ~2 ms to load
  return createHash('sha1').update(JSON.stringify(parts)).digest('hex');
}

/** A runner package's version; 'missing' when its package.json cannot be read (unparsable JSON still throws). */
function readRunnerVersion(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return 'missing';
  }
  return (JSON.parse(text) as { version?: string }).version ?? '?';
}

function makePending(
  snapshot: Snapshot,
  phase: Phase,
  cc: CommitContext,
  testFiles: string[],
  blobs: Record<string, string>,
  failing: string[],
  evidence: Evidence | undefined,
  summary: string,
): Pending {
  const template = cc.loaded.config.commitMessage;
  const subject =
    template.template && cc.state.task
      ? { text: renderTemplate(template.template, cc.state.task, cc.taskTitle), mode: template.mode }
      : undefined;
  return {
    ...(subject ? { subject } : {}),
    tree: snapshot.tree,
    head: snapshot.head,
    phase,
    task: cc.state.task,
    // Declared regression tests that fail for the right reason are an ordinary RED: GREEN follows.
    regression: phase === 'red' && cc.state.regression && failing.length === 0 && (evidence?.fileErrors.length ?? 0) === 0,
    reason: phase === 'off' ? cc.state.reason : null,
    testFiles,
    blobs,
    failing,
    ...(evidence ? { evidence } : {}),
    summary,
    at: new Date().toISOString(),
  };
}

async function readTestFacts(repo: RepoContext, staged: StagedEntry[], assertFunctionNames: string[]): Promise<GateInput['testFiles']> {
  // No test staged (a RED refused for that): the lexers' chunk (~66 KB, ~5 ms to load) is not needed.
  if (staged.length === 0) return new Map();
  const { analyzeTestFile, analyzeTestFileWithHelpers } = await import('../lang/index.js');
  // By blob id, never by path: a path may hold a newline or look like revision syntax.
  const blobs = await readObjects(repo, staged.flatMap((e) => [e.newBlob, e.oldBlob === NULL_OID ? e.newBlob : e.oldBlob]));
  // A file that asserts nothing itself may assert through the project's helpers: read from the index (lang/helpers).
  const reader = { read: (paths: readonly string[]) => readStagedTexts(repo, paths), list: (dir: string) => readStagedFolder(repo, dir) };
  const facts = new Map<string, { now: TestFileFacts | undefined; before: TestFileFacts | undefined }>();
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

/**
 * RED: which passing tests existed before this commit. A test whose title the file's HEAD version
 * declares (a literal in `it('…')`) was already there; one whose title only the staged version
 * declares is new. A generated title (`test.each`, a template) cannot be read from the source:
 * then HEAD's version of the file is run, and what it reports existed. In an added file every test is new.
 */
async function readPreexisting(repo: RepoContext, cc: CommitContext, run: RunResult, entries: StagedEntry[]): Promise<Set<string>> {
  const result = new Set<string>();
  if (!repo.head) return result;
  const modified = new Map(entries.filter((e) => (e.status === 'M' || e.status === 'T') && e.kind === 'test').map((e) => [e.path, e]));
  const passing = run.tests.filter((t) => t.status === 'passed' && modified.has(t.file));
  if (passing.length === 0) return result;
  const { declaredTestTitles } = await import('../lang/index.js');
  const files = [...new Set(passing.map((t) => t.file))];
  const blobs = await readObjects(repo, files.flatMap((f) => [modified.get(f)!.oldBlob, modified.get(f)!.newBlob]));
  const titles = new Map(
    files.map((f, i) => [f, { before: new Set(declaredTestTitles(f, blobs[2 * i]?.toString('utf8') ?? '')), now: new Set(declaredTestTitles(f, blobs[2 * i + 1]?.toString('utf8') ?? '')) }]),
  );
  const unknown = new Set<string>();
  for (const t of passing) {
    const leaf = t.name.split(' > ').pop() ?? t.name;
    const { before, now } = titles.get(t.file)!;
    if (before.has(leaf)) result.add(testId(t));
    else if (!now.has(leaf)) unknown.add(t.file);
  }
  if (unknown.size > 0) {
    const { runStaged } = await import('./run-staged.js');
    const headTree = await readCommitTree(repo, repo.head);
    const before = await runStaged(repo, cc.loaded.config, headTree, [...unknown]);
    if (before.status === 'completed') for (const t of before.tests) result.add(testId(t));
  }
  return result;
}
