/**
 * The pre-commit pipeline: read → static gates → (only when needed) a test run on a private copy
 * of exactly what is being committed → evidence gates → a pending record for commit-msg and
 * post-commit. Decides nothing about exit codes or wording (cli/ and report/ do).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGE_TEST_KEYS, PACKAGE_TEST_SCRIPT } from '../config/schema.js';
import { readPending } from '../state/store.js';
import { EVIDENCE_GATES, STATIC_GATES, evaluateGates, verdictOf } from '../gates/index.js';
import type { GateInput, TestFileFacts } from '../gates/types.js';
import { readObjects, readStagedChanges, readTreeDiff, isAncestorOfHead, type RepoContext } from '../git/queries.js';
import { git } from '../git/exec.js';
import { parseNulList } from '../git/parse.js';
import { classifyEntries, readSnapshot } from '../snapshot/read.js';
import { taskKey } from '../state/machine.js';
import type { Evidence, Pending, RedRecord } from '../state/types.js';
import { testId, type Finding, type Phase, type RunResult, type Snapshot } from '../types.js';
import { readCommitContext, readOperation, type CommitContext } from './context.js';
import { summarizeRun, toEvidence } from './evidence.js';

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

export async function runPreCommit(repo: RepoContext): Promise<PreCommitResult> {
  // The staged changes do not depend on the config; read both at once.
  const [cc, raw] = await Promise.all([readCommitContext(repo), readStagedChanges(repo, repo.head)]);
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
  if (!state.phase) return done([{ code: 'PHASE_UNSET', severity: 'error' }]);

  const snapshot = await readSnapshot(repo, cc.head, entries);
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
    return done([{ code: 'GREEN_WITHOUT_RED', severity: 'error', data: { task: state.task } }], { tree: snapshot.tree });
  }

  const input: GateInput = { phase, regression: state.regression, entries };
  if (phase === 'red') {
    input.testFiles = await readTestFacts(repo, entries.filter((e) => e.kind === 'test' && e.status !== 'D').map((e) => e.path), cc.head);
  } else {
    const frozenBase = await chooseFrozenBase(repo, cc.head, phase === 'green' ? openRed : red);
    if (frozenBase) {
      input.frozenBase = frozenBase;
      const diff = await readTreeDiff(repo, frozenBase, snapshot.tree);
      input.frozenChanges = diff.map((e) => ({ ...e, kind: cc.classify(e.path) }));
      const [before, after] = await readObjects(repo, [`${frozenBase}:package.json`, ':package.json']);
      input.testSettings = { before: testSettingsOf(before ?? null), after: testSettingsOf(after ?? null) };
    }
    input.red = openRed ?? red;
  }
  const staticFindings = evaluateGates(STATIC_GATES, input);
  if (verdictOf(staticFindings) !== 0) return done(staticFindings, { tree: snapshot.tree });

  const files = phase === 'red' ? [...input.testFiles!.keys()] : await chooseGreenFiles(repo, cc, snapshot.tree, red);
  const key = await verdictKey(repo, cc, snapshot.tree, files, input.red);
  const cached = await readPending(repo.stateDir);
  if (cached?.key === key && cached.tree === snapshot.tree) {
    return done([...staticFindings, { code: 'VERDICT_CACHED', severity: 'info', data: { at: cached.at } }], { tree: snapshot.tree, pending: cached });
  }
  const { runStaged } = await import('./run-staged.js');
  const started = Date.now();
  const run = await runStaged(repo, cc.loaded.config, cc.loaded.config.runner, snapshot.tree, files);
  const testMs = Date.now() - started;
  input.run = run;
  if (phase === 'red') input.preexisting = await readPreexisting(repo, run, entries, cc.head);
  const findings = [...staticFindings, ...evaluateGates(EVIDENCE_GATES, input)];
  const result = done(findings, { tree: snapshot.tree, run, testMs });
  if (result.exitCode === 0) {
    const failing = run.tests.filter((t) => t.status === 'failed').map(testId);
    const blobs = Object.fromEntries(entries.filter((e) => files.includes(e.path)).map((e) => [e.path, e.newBlob]));
    const evidence = toEvidence(run);
    result.pending = { ...makePending(snapshot, phase, cc, files, blobs, failing, evidence, summarizeRun(run)), key };
  }
  return result;
}

/** Everything besides the tree that the verdict depends on, hashed (see Pending.key). */
async function verdictKey(repo: RepoContext, cc: CommitContext, tree: string, files: string[], red: RedRecord | undefined): Promise<string> {
  const runner = cc.loaded.config.runner;
  const runnerVersion =
    runner === 'node'
      ? process.version
      : await readFile(join(repo.top, 'node_modules', runner, 'package.json'), 'utf8').then((t) => (JSON.parse(t) as { version?: string }).version ?? '?', () => 'missing');
  const parts = [tree, repo.head, cc.state.phase, cc.state.task, cc.state.regression, cc.loaded.config, files, red?.commit, red?.failing, runner, runnerVersion, process.version];
  return createHash('sha1').update(JSON.stringify(parts)).digest('hex');
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
  return {
    tree: snapshot.tree,
    phase,
    task: cc.state.task,
    regression: phase === 'red' && cc.state.regression,
    reason: phase === 'off' ? cc.state.reason : null,
    testFiles,
    blobs,
    failing,
    ...(evidence ? { evidence } : {}),
    summary,
    at: new Date().toISOString(),
  };
}

async function readTestFacts(repo: RepoContext, paths: string[], head: string | null): Promise<GateInput['testFiles']> {
  const { analyzeTestFile } = await import('../lang/index.js');
  const names = paths.flatMap((p) => [`:${p}`, head ? `${head}:${p}` : `:${p}`]);
  const blobs = await readObjects(repo, names);
  const facts = new Map<string, { now: TestFileFacts | undefined; before: TestFileFacts | undefined }>();
  paths.forEach((p, i) => {
    const now = blobs[2 * i];
    const before = head ? blobs[2 * i + 1] : null;
    facts.set(p, {
      now: now ? analyzeTestFile(p, now.toString('utf8')) : undefined,
      before: before ? analyzeTestFile(p, before.toString('utf8')) : undefined,
    });
  });
  return facts;
}

/** GREEN and REFACTOR compare the tests with the task's RED commit when it is in the history, else with HEAD. */
async function chooseFrozenBase(repo: RepoContext, head: string | null, red: RedRecord | undefined): Promise<string | null> {
  if (red && (await isAncestorOfHead(repo, red.commit))) return red.commit;
  return head;
}

/** GREEN runs the RED record's test files; REFACTOR those too (targeted) or every test file (full). */
async function chooseGreenFiles(repo: RepoContext, cc: CommitContext, tree: string, red: RedRecord | undefined): Promise<string[]> {
  const all = parseNulList(await git(['ls-tree', '-r', '-z', '--name-only', '--full-tree', tree], { cwd: repo.top, baseEnv: repo.env }))
    .filter((p) => cc.classify(p) === 'test');
  const present = new Set(all);
  const targeted = (red?.files ?? []).filter((f) => present.has(f));
  const wantTargeted = cc.state.phase === 'green' || cc.loaded.config.refactorRuns === 'targeted';
  return wantTargeted && targeted.length > 0 ? targeted : all;
}

/** The test settings of a package.json blob, as canonical JSON (scripts named test*, runner config keys). */
export function testSettingsOf(blob: Buffer | null): string {
  if (!blob) return '{}';
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(blob.toString('utf8')) as Record<string, unknown>;
  } catch {
    return blob.toString('utf8');
  }
  const scripts = Object.entries((pkg.scripts as Record<string, unknown>) ?? {}).filter(([k]) => PACKAGE_TEST_SCRIPT.test(k));
  const keys = PACKAGE_TEST_KEYS.filter((k) => k in pkg).map((k) => [k, pkg[k]]);
  return JSON.stringify({ scripts: Object.fromEntries(scripts.sort()), ...Object.fromEntries(keys) });
}

/**
 * RED: which passing tests existed before this commit. A test whose name (its last part) is
 * written in the file's HEAD version was already there; in an added file every test is new.
 */
async function readPreexisting(repo: RepoContext, run: RunResult, entries: GateInput['entries'], head: string | null): Promise<Set<string>> {
  const result = new Set<string>();
  if (!head) return result;
  const modified = new Set(entries.filter((e) => e.status === 'M' || e.status === 'T').map((e) => e.path));
  const passing = run.tests.filter((t) => t.status === 'passed' && modified.has(t.file));
  if (passing.length === 0) return result;
  const files = [...new Set(passing.map((t) => t.file))];
  const blobs = await readObjects(repo, files.map((f) => `${head}:${f}`));
  const texts = new Map(files.map((f, i) => [f, blobs[i]?.toString('utf8') ?? '']));
  for (const t of passing) {
    const leaf = t.name.split(' > ').pop() ?? t.name;
    if (texts.get(t.file)?.includes(leaf)) result.add(testId(t));
  }
  return result;
}
