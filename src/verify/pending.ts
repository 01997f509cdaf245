/**
 * The pending record pre-commit leaves for commit-msg and post-commit (state/types Pending): what
 * was verified and its evidence, the key that lets the same verdict be reused, and the task's
 * attempts for the trailer.
 */
import { join } from 'node:path';
import { runnerSpecs } from '../config/resolve.js';
import { readRunnerVersion } from '../runners/locate.js';
import type { RepoContext } from '../git/queries.js';
import type { Evidence, Pending, RedRecord } from '../state/types.js';
import { testId, type Finding, type Phase, type RunResult, type Snapshot } from '../types.js';
import type { CommitContext } from './context.js';
import { summarizeRun, toEvidence } from './evidence.js';

/** What was verified: the phase, the test files and their blobs, and the run's evidence. */
interface Verified {
  phase: Phase;
  /** The active task's title in the plan (the commit message template uses it). */
  taskTitle?: string;
  testFiles: string[];
  blobs: Record<string, string>;
  failing: string[];
  evidence?: Evidence;
  summary: string;
}

export function makePending(cc: CommitContext, snapshot: Snapshot, verified: Verified): Pending {
  const { phase, failing, evidence } = verified;
  const template = cc.loaded.config.commitMessage;
  const subject =
    template.template && cc.state.task ? { text: renderTemplate(template.template, cc.state.task, verified.taskTitle), mode: template.mode } : undefined;
  return {
    ...(subject ? { subject } : {}),
    tree: snapshot.tree,
    head: snapshot.head,
    phase,
    task: cc.state.task,
    // Declared regression tests that fail for the right reason are an ordinary RED: GREEN follows.
    regression: phase === 'red' && cc.state.regression && failing.length === 0 && (evidence?.fileErrors.length ?? 0) === 0,
    reason: phase === 'off' ? cc.state.reason : null,
    ...(phase === 'red' && cc.state.revise ? { revise: cc.state.revise } : {}),
    ...(phase === 'off' && cc.state.until ? { until: cc.state.until } : {}),
    testFiles: verified.testFiles,
    blobs: verified.blobs,
    failing,
    ...(evidence ? { evidence } : {}),
    summary: verified.summary,
    at: new Date().toISOString(),
  };
}

/** An accepted run's record: its evidence, the verdict's key, how REFACTOR chose its tests, a GREEN-impossible's patterns, the attempts. */
export async function acceptedPending(
  repo: RepoContext,
  cc: CommitContext,
  snapshot: Snapshot,
  accepted: { phase: Phase; taskTitle?: string; run: RunResult; files: string[]; findings: Finding[]; key: string; tests?: string; kept?: Finding[] },
): Promise<Pending> {
  const { run, files } = accepted;
  const failing = run.tests.filter((t) => t.status === 'failed').map(testId);
  const blobs = Object.fromEntries(snapshot.entries.filter((e) => files.includes(e.path)).map((e) => [e.path, e.newBlob]));
  const evidence = toEvidence(run);
  const falseFail = accepted.findings.find((f): f is Finding<'FALSE_FAIL_ACCEPTED'> => f.code === 'FALSE_FAIL_ACCEPTED');
  const uncovered = formatUncovered(accepted.findings);
  const tests = testsRan(accepted.tests, accepted.findings);
  const verified = { phase: accepted.phase, taskTitle: accepted.taskTitle, testFiles: run.files, blobs, failing, evidence, summary: summarizeRun(run) };
  const pending = makePending(cc, snapshot, verified);
  const attempts = await readAttemptsNote(cc);
  const removedTests = accepted.phase === 'red' ? snapshot.entries.filter((e) => e.status === 'D' && e.kind === 'test').map((e) => e.path) : [];
  return {
    ...pending,
    ...(removedTests.length ? { removedTests } : {}),
    key: accepted.key,
    ...(tests ? { tests } : {}),
    ...(falseFail ? { falseFail: falseFail.data.patterns.join(', ') } : {}),
    ...(uncovered ? { uncovered } : {}),
    ...(attempts ? { attempts } : {}),
    ...(accepted.kept?.length ? { findings: accepted.kept } : {}),
  };
}

/** How GREEN's related tests are said (verify/green-related.ts): the task's tests, then how the others were chosen. */
export const RELATED_AFTER_TASK = "related: the task's tests, then ";

/**
 * TDD-Tests says what ran to the end: a GREEN whose related tests did not (GREEN_RELATED_UNRUN)
 * names them as not completed or not run, never as run (pure).
 */
export function testsRan(tests: string | undefined, findings: Finding[]): string | undefined {
  const unrun = findings.find((f): f is Finding<'GREEN_RELATED_UNRUN'> => f.code === 'GREEN_RELATED_UNRUN');
  if (!tests || !unrun || !tests.startsWith(RELATED_AFTER_TASK)) return tests;
  const by = tests.slice(RELATED_AFTER_TASK.length);
  const { reason, count, limit, detail } = unrun.data;
  const why = reason === 'too-many' ? `not run (${count ?? '?'} files, over ${limit ?? '?'})` : `did not complete (${detail ?? 'unknown'})`;
  // One line, bounded: a trailer value.
  const said = `related: the task's tests; ${by} ${why}`.replace(/\s+/g, ' ');
  return said.length > 200 ? `${said.slice(0, 199)}…` : said;
}

/** GREEN_UNCOVERED_CODE (warn) as the TDD-Uncovered trailer says it: `src/sum.js:3,5; src/b.js:7` (pure). */
/** Lines of one file named in TDD-Uncovered; past them, an ellipsis. */
const MAX_LINES = 50;

export function formatUncovered(findings: Finding[]): string | undefined {
  // Bounded: a trailer is an argument of git interpret-trailers (thousands of files once hit E2BIG).
  const lines = (ls: number[]) => (ls.length > MAX_LINES ? `${ls.slice(0, MAX_LINES).join(',')},…` : ls.join(','));
  const parts = findings.flatMap((f) =>
    f.code === 'GREEN_UNCOVERED_CODE' ? [`${f.path}:${lines(f.data.lines)}${f.data.more ? `; and ${f.data.more} more files` : ''}`] : [],
  );
  return parts.length > 0 ? parts.join('; ').replace(/[\r\n]/g, ' ') : undefined;
}

/** "feat(tdd): task-{id} {title}" → "feat(tdd): task-12 parse input" (pure). */
export function renderTemplate(template: string, id: string, title: string | undefined): string {
  return template
    .replace(/\{id\}/g, id)
    .replace(/\{title\}/g, title ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The task's attempts (`tdd attempt`) for the trailer, so the history keeps them. */
async function readAttemptsNote(cc: CommitContext): Promise<string | undefined> {
  if (!cc.state.task) return undefined;
  const [{ readAttempts }, { taskOf }, { formatAttemptsTrailer }, { limitsFromConfig }] = await Promise.all([
    import('../state/attempts.js'),
    import('../budget/ledger.js'),
    import('../budget/trailer.js'),
    import('../budget/limits.js'),
  ]);
  const ledger = await readAttempts(cc.repo.stateDir).catch(() => undefined);
  if (!ledger) return undefined;
  const { attempts, budgets } = cc.loaded.config;
  return formatAttemptsTrailer(taskOf(ledger, cc.state.task), limitsFromConfig(attempts, budgets), new Date());
}

/** Everything besides the tree that the verdict depends on, hashed (see Pending.key). */
export async function verdictKey(cc: CommitContext, tree: string, files: unknown, red: RedRecord | undefined): Promise<string> {
  const { repo } = cc;
  const runnerVersions = runnerSpecs(cc.loaded.config).map(({ runner, root }) => readRunnerVersion(join(repo.top, root), runner));
  const parts = [
    tree,
    repo.head,
    cc.state.phase,
    cc.state.task,
    cc.state.regression,
    cc.loaded.config,
    files,
    red?.commit,
    red?.failing,
    runnerVersions,
    process.version,
  ];
  const { createHash } = await import('node:crypto'); // only on the test-running path: loading crypto is ~52 M instructions (~12 ms)
  return createHash('sha1').update(JSON.stringify(parts)).digest('hex');
}
