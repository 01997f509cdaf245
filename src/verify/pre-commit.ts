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
 * named and measured in verify/head-start.ts. Steps 2–5 are verify/judge.ts, loaded only when a
 * commit has something to judge. Decides nothing about exit codes or wording (cli/ and report/ do).
 */
import { verdictOf } from '../gates/verdict.js';
import { readOperation, type RepoContext } from '../git/queries.js';
import type { RawEntry } from '../git/parse.js';
import { isSetupPath } from '../snapshot/kinds.js';
import { classifyEntries } from '../snapshot/read.js';
import { redRecordsOf } from '../state/machine.js';
import { readPending } from '../state/store.js';
import { emptyState, type Pending, type State } from '../state/types.js';
import type { Finding, Phase, RunResult, StagedEntry } from '../types.js';
import { loadConfig } from '../config/load.js';
import { readClassifier } from '../state/glob-cache.js';
import { readCommitContext, type CommitContext } from './context.js';
import { HeadStart, readStaged, treeSoFar, withTree } from './head-start.js';
import { makePending } from './pending.js';

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
  // The last verdict: a GREEN or REFACTOR of another tree starts the private copy now (head-start.ts),
  // its git processes running while the gates' chunk below is compiled.
  const previous = once(() => readPending(repo.stateDir));
  if (phase !== 'red' && (await previous())?.tree !== staged.tree) await ahead.start(repo, cc.loaded.config, staged.tree!);
  // 2.–5. The gates and the test run: a chunk of their own, never loaded by a commit answered above.
  const { judgeStaged } = await import('./judge.js');
  return judgeStaged(cc, staged, { answer, ahead, previous });
}

/**
 * What a commit that runs no tests reads and decides first (configuration, classifier, the staged
 * paths' kinds, the answer without gates), without the state: nothing is written but the glob
 * cache. Run once after `tdd install` so the first commit finds these chunks in V8's code cache
 * (cli/commands/hook.ts warmHookPath).
 */
export async function readFirstAnswer(inputs: PreCommitInputs): Promise<Finding[] | undefined> {
  const { repo } = inputs;
  const loaded = await loadConfig(repo, inputs.configBlobs);
  const classify = await readClassifier(repo.stateDir, loaded.config);
  // A phase, so the answer is the one a commit in a phase would get (the state is not read).
  return answerWithoutGates(repo.gitDir, { ...emptyState(new Date(0)), phase: 'red' }, classifyEntries(inputs.raw, classify));
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
