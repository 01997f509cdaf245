/**
 * The pre-commit pipeline (DESIGN §3), top to bottom:
 * 1. read the commit's context (configuration, classifier, state) and what is staged; answer at
 *    once what needs no gate (a merge being concluded, nothing staged, no phase, phase off);
 * 2. the static gates, on this phase's facts built once (verify/gate-input.ts);
 * 3. the test run on a private copy of exactly what is being committed, unless the same tree's
 *    verdict can be reused;
 * 4. the evidence gates (verify/run-facts.ts), the configured static checks, false-fail;
 * 5. an accepted commit's pending record for commit-msg and post-commit (verify/pending.ts), which
 *    the hook records with the verdict (verify/record-verdict.ts).
 * The speed tricks (the shim's prefetch, the deferred tree id, the private copy's head start) are
 * named and measured in verify/head-start.ts. Decides nothing about exit codes or wording (cli/ and report/ do).
 */
import { EVIDENCE_GATES, STATIC_GATES, evaluateGates, verdictOf } from '../gates/index.js';
import { applyFalseFail } from '../gates/false-fail.js';
import { evaluateStaticChecks } from '../gates/static-checks.js';
import { builtLinks, evaluateLinkStale } from '../gates/link-stale.js';
import type { GateInput } from '../gates/types.js';
import { readOperation, type RepoContext } from '../git/queries.js';
import type { RawEntry } from '../git/parse.js';
import { isSetupPath } from '../snapshot/kinds.js';
import { classifyEntries } from '../snapshot/read.js';
import { readPending } from '../state/store.js';
import type { Pending, RedRecord, State } from '../state/types.js';
import type { Finding, Phase, RunResult, Snapshot, StagedEntry } from '../types.js';
import { readCommitContext, type CommitContext } from './context.js';
import { readStaticFacts, readTask, redRecordsOf } from './gate-input.js';
import { HeadStart, readStaged, treeSoFar, withTree } from './head-start.js';
import { acceptedPending, makePending, verdictKey } from './pending.js';
import { readRunFacts } from './run-facts.js';
import { chooseGreenFiles } from './test-files.js';
import { coverageTargets, readGreenFacts } from './green-facts.js';
import type { GreenRun } from './green-run.js';
import type { Scratch } from './scratch.js';

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

type PreCommitInputs = { repo: RepoContext; raw: RawEntry[]; configBlobs: (Buffer | null)[]; headObject?: Buffer | null };

export async function runPreCommit(inputs: PreCommitInputs): Promise<PreCommitResult> {
  const ahead = new HeadStart();
  try {
    return await preCommit(inputs, ahead);
  } finally {
    await ahead.release();
  }
}

async function preCommit(inputs: PreCommitInputs, ahead: HeadStart): Promise<PreCommitResult> {
  // 1. Read, and answer what needs no gate.
  const { repo } = inputs;
  const cc = await readCommitContext(repo, inputs.configBlobs, inputs.headObject);
  const answer = answerFor(cc);
  const classified = classifyEntries(inputs.raw, cc.classify);
  const stop = answerWithoutGates(repo.gitDir, cc.state, classified);
  if (stop) return answer(stop);
  const phase = cc.state.phase!; // answerWithoutGates answers a commit without a phase
  const staged = await readStaged(repo, cc.head, phase, classified);
  if (staged.entries.length === 0) return answer([{ code: 'EMPTY_COMMIT', severity: 'info' }]);
  if (phase === 'off') {
    const snapshot = await withTree(repo, staged);
    const pending = makePending(cc, snapshot, { phase, testFiles: [], blobs: {}, failing: [], summary: 'off' });
    return answer([{ code: 'PHASE_OFF', severity: 'info', data: { reason: cc.state.reason ?? '' } }], { pending, tree: snapshot.tree });
  }
  if (phase === 'green' && !redRecordsOf(cc.state).open) {
    return answer([{ code: 'GREEN_WITHOUT_RED', severity: 'error', data: { task: cc.state.task, reason: 'none' } }], treeSoFar(staged));
  }
  // The last verdict: a GREEN or REFACTOR of another tree starts the private copy now (head-start.ts).
  const previous = once(() => readPending(repo.stateDir));
  if (phase !== 'red' && (await previous())?.tree !== staged.tree) await ahead.start(repo, cc.loaded.config, staged.tree!);

  // 2. The static gates.
  const task = await readTask(repo, cc);
  const facts = await readStaticFacts(repo, cc, { phase, entries: staged.entries, tree: staged.tree, scope: task.scope });
  if ('code' in facts) return answer([facts], treeSoFar(staged));
  const staticFindings = evaluateGates(STATIC_GATES, facts);
  if (verdictOf(staticFindings) !== 0) return answer(staticFindings, treeSoFar(staged));

  // A linked build of sources the commit does not hold: the run would prove nothing (verify/link-stale.ts).
  const stale = await readStaleFindings(cc, staged.entries);
  if (stale.length > 0) return answer([...staticFindings, ...stale], treeSoFar(staged));

  // 3. The test run, or the same tree's verdict.
  const snapshot = await withTree(repo, staged);
  const chosen = facts.phase === 'red' ? { files: [...facts.testFiles.keys()] } : await chooseGreenFiles(repo, cc, snapshot.tree, facts.red, snapshot.entries);
  const key = await verdictKey(cc, snapshot.tree, [chosen.files, chosen.related && [...chosen.related]], facts.red);
  const cached = await previous();
  if (cached?.key === key && cached.tree === snapshot.tree) {
    return answer([...staticFindings, { code: 'VERDICT_CACHED', severity: 'info', data: { at: cached.at } }], { tree: snapshot.tree, pending: cached });
  }
  const started = Date.now();
  // GREEN: the task's tests and those related to the change, in one run where it can (verify/green-run.ts).
  const ran =
    phase === 'green' ? await runGreenTests(cc, snapshot, facts.red, chosen.files, ahead.take()) : await runChosen(cc, snapshot, chosen, ahead.take());
  const { run } = ran;
  const testMs = Date.now() - started;

  // 4. The evidence gates (GREEN: with its coverage and the tests related to the change, verify/green-facts.ts).
  const green = phase === 'green' ? await readGreenFacts(cc, snapshot, run, ran) : undefined;
  const input: GateInput = { ...facts, ...(await readRunFacts(cc, { phase, tree: snapshot.tree, entries: snapshot.entries }, run)), ...green?.facts };
  const findings = await evaluateEvidence(cc, snapshot, input, staticFindings);

  // 5. An accepted commit's pending record.
  const accepted = { phase, taskTitle: task.title, run, files: chosen.files, findings, key, tests: chosen.tests ?? ran.tests };
  const pending = verdictOf(findings) === 0 ? await acceptedPending(repo, cc, snapshot, accepted) : undefined;
  return answer(findings, { tree: snapshot.tree, run, testMs, ...(pending ? { pending } : {}) });
}

/** RED and REFACTOR: the chosen files, one run. */
async function runChosen(
  cc: CommitContext,
  snapshot: Snapshot,
  chosen: Awaited<ReturnType<typeof chooseGreenFiles>>,
  prepared: Promise<Scratch> | undefined,
): Promise<Pick<GreenRun, 'run' | 'related' | 'tests'>> {
  const { runStaged } = await import('./run-staged.js');
  return { run: await runStaged(cc.repo, cc.loaded.config, snapshot.tree, chosen.files, prepared, chosen.related) };
}

/** GREEN: the task's files, with coverage of the changed sources, and the related tests (verify/green-run.ts). */
async function runGreenTests(cc: CommitContext, snapshot: Snapshot, red: RedRecord | undefined, files: string[], prepared: Promise<Scratch> | undefined) {
  const { runGreen } = await import('./green-run.js');
  return runGreen(cc, snapshot, red, files, prepared, coverageTargets(cc.loaded.config, snapshot.entries));
}

/** LINK_STALE for each linked build of sources the commit does not hold; read only when a build (not a dependency folder) is linked. */
async function readStaleFindings(cc: CommitContext, entries: StagedEntry[]): Promise<Finding[]> {
  // With isolation.build the builds are made in the copy, not linked (verify/run-staged.ts linksOf).
  if (cc.loaded.config.isolation.build || builtLinks(cc.loaded.config.isolation.link).length === 0) return [];
  const { readStaleLinks } = await import('./link-stale.js');
  return evaluateLinkStale({ staleLinks: await readStaleLinks(cc.repo, cc.loaded.config, cc.classify, entries) });
}

/** The result for these findings, after the configuration's warnings. */
function answerFor(cc: CommitContext) {
  return (findings: Finding[], extra: Partial<PreCommitResult> = {}): PreCommitResult => ({
    exitCode: verdictOf(findings),
    phase: cc.state.phase,
    task: cc.state.task,
    findings: [...cc.warnings, ...findings],
    ...extra,
  });
}

/** What needs no snapshot and no gate: unmerged paths, a merge or rebase being concluded, nothing to judge, no phase. */
function answerWithoutGates(gitDir: string, state: State, entries: StagedEntry[]): Finding[] | undefined {
  const unmerged = entries.filter((e) => e.status === 'U');
  if (unmerged.length > 0) return unmerged.map((e) => ({ code: 'UNMERGED_PATHS', severity: 'error', path: e.path }));
  const operation = readOperation(gitDir);
  if (operation) return [{ code: 'OPERATION_IN_PROGRESS', severity: 'info', data: { operation } }];
  if (entries.length === 0) return [{ code: 'EMPTY_COMMIT', severity: 'info' }];
  if (entries.every((e) => e.kind === 'ignored')) return [{ code: 'IGNORED_ONLY', severity: 'info' }];
  if (!state.phase) return [isSetupCommit(entries, state) ? { code: 'SETUP_COMMIT', severity: 'info' } : { code: 'PHASE_UNSET', severity: 'error' }];
  return undefined;
}

/** The evidence gates; the configured static checks when the run would be accepted; then false-fail. */
async function evaluateEvidence(cc: CommitContext, snapshot: Snapshot, input: GateInput, staticFindings: Finding[]): Promise<Finding[]> {
  const findings = [...staticFindings, ...evaluateGates(EVIDENCE_GATES, input)];
  const config = cc.loaded.config;
  if (input.phase === 'red' || config.staticChecks.length === 0 || verdictOf(applyFalseFail(findings, input)) !== 0) return applyFalseFail(findings, input);
  const { checkStaged } = await import('./run-staged.js');
  const changed = snapshot.entries.filter((e) => e.status !== 'D').map((e) => e.path);
  const checked = { ...input, staticChecks: await checkStaged(cc.repo, config, snapshot.tree, changed) };
  return applyFalseFail([...findings, ...evaluateStaticChecks(checked)], checked);
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

/** A read done at most once, when first needed. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= read());
}
