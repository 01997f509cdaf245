/**
 * Steps 2–5 of the pre-commit pipeline (verify/pre-commit.ts): the static gates, the test run on a
 * private copy (or the same tree's verdict), the evidence gates and an accepted commit's pending
 * record. A chunk of its own (bin/build.mjs), loaded only for a commit that has something to judge:
 * a docs-only or empty commit never compiles the gates, the integrity rules or picomatch.
 */
import { EVIDENCE_GATES, STATIC_GATES, evaluateGates } from '../gates/index.js';
import { applyFalseFail } from '../gates/false-fail.js';
import { evaluateStaticChecks } from '../gates/static-checks.js';
import { builtLinks, evaluateLinkStale } from '../gates/link-stale.js';
import { evaluateRelatedOverBudget } from '../gates/related-over-budget.js';
import type { GateInput } from '../gates/types.js';
import { verdictOf } from '../gates/verdict.js';
import type { Pending, RedRecord } from '../state/types.js';
import type { Finding, Phase, Snapshot, StagedEntry } from '../types.js';
import type { CommitContext } from './context.js';
import { readStaticFacts, readTask } from './gate-input.js';
import { treeSoFar, withTree, type HeadStart, type Staged } from './head-start.js';
import { acceptedPending, verdictKey } from './pending.js';
import type { PreCommitResult } from './pre-commit.js';
import { readRunFacts } from './run-facts.js';
import { chooseGreenFiles } from './test-files.js';
import { coverageTargets, readGreenFacts } from './green-facts.js';
import type { GreenRun } from './green-run.js';
import type { Scratch } from './scratch.js';

type Answer = (findings: Finding[], extra?: Partial<PreCommitResult>) => PreCommitResult;

/**
 * A commit with a phase (not off), staged entries and, for GREEN, an open RED: `answer` as
 * pre-commit.ts builds it, `ahead` the private copy it may have started, `previous` the last verdict.
 */
export async function judgeStaged(
  cc: CommitContext,
  staged: Staged,
  how: { answer: Answer; ahead: HeadStart; previous: () => Promise<Pending | undefined> },
): Promise<PreCommitResult> {
  const { repo } = cc;
  const { answer, ahead, previous } = how;
  const phase = cc.state.phase as Exclude<Phase, 'off'>;

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
  // REFACTOR's related set past its file budget: not run, said (exit 3).
  if ('overBudget' in chosen && chosen.overBudget) return answer([...staticFindings, ...evaluateRelatedOverBudget(chosen)], { tree: snapshot.tree });
  const key = await verdictKey(cc, snapshot.tree, [chosen.files, chosen.related && [...chosen.related]], facts.red);
  const cached = await previous();
  if (cached?.key === key && cached.tree === snapshot.tree) {
    // Its warnings and notes are said again: the commit stands on that verdict.
    const reused: Finding[] = [...staticFindings, ...(cached.findings ?? []), { code: 'VERDICT_CACHED', severity: 'info', data: { at: cached.at } }];
    return answer(reused, { tree: snapshot.tree, pending: cached });
  }
  const started = Date.now();
  // GREEN: the task's tests and those related to the change, in one run where it can (verify/green-run.ts).
  const ran =
    phase === 'green'
      ? await runGreenTests(cc, snapshot, facts.red, chosen.files, ahead.take())
      : await runChosen(cc, snapshot, chosen, ahead.take(), phase === 'refactor');
  const { run } = ran;
  const testMs = Date.now() - started;

  // 4. The evidence gates (GREEN: with its coverage and the tests related to the change, verify/green-facts.ts).
  const green = phase === 'green' ? await readGreenFacts(cc, snapshot, run, ran) : undefined;
  const input: GateInput = { ...facts, ...(await readRunFacts(cc, { phase, tree: snapshot.tree, entries: snapshot.entries }, run)), ...green?.facts };
  const findings = await evaluateEvidence(cc, snapshot, input, staticFindings);

  // 5. An accepted commit's pending record.
  const kept = findings.filter((f) => !staticFindings.includes(f));
  const accepted = { phase, taskTitle: task.title, run, files: chosen.files, findings, key, tests: chosen.tests ?? ran.tests, kept };
  const pending = verdictOf(findings) === 0 ? await acceptedPending(repo, cc, snapshot, accepted) : undefined;
  return answer(findings, { tree: snapshot.tree, run, testMs, ...(pending ? { pending } : {}) });
}

/** RED and REFACTOR: the chosen files, one run. */
async function runChosen(
  cc: CommitContext,
  snapshot: Snapshot,
  chosen: Awaited<ReturnType<typeof chooseGreenFiles>>,
  prepared: Promise<Scratch> | undefined,
  /** REFACTOR: the tests inside the implementation (cargo's unit tests) run too; RED's run is its test files'. */
  unitTests: boolean,
): Promise<Pick<GreenRun, 'run' | 'related' | 'tests'>> {
  const { runStaged } = await import('./run-staged.js');
  return { run: await runStaged(cc.repo, cc.loaded.config, snapshot.tree, chosen.files, prepared, chosen.related, { unitTests }) };
}

/** GREEN: the task's files, with coverage of the changed sources, and the related tests (verify/green-run.ts). */
async function runGreenTests(cc: CommitContext, snapshot: Snapshot, red: RedRecord | undefined, files: string[], prepared: Promise<Scratch> | undefined) {
  const { runGreen } = await import('./green-run.js');
  return runGreen(cc, snapshot, red, files, prepared, coverageTargets(cc.loaded.config, snapshot.entries));
}

/** The evidence gates; the configured static checks when the run would be accepted; then false-fail. */
/** LINK_STALE for each linked build of sources the commit does not hold; read only when a build (not a dependency folder) is linked. */
async function readStaleFindings(cc: CommitContext, entries: StagedEntry[]): Promise<Finding[]> {
  // With isolation.build the builds are made in the copy, not linked (verify/run-staged.ts linksOf).
  if (cc.loaded.config.isolation.build || builtLinks(cc.loaded.config.isolation.link).length === 0) return [];
  const { readStaleLinks } = await import('./link-stale.js');
  return evaluateLinkStale({ staleLinks: await readStaleLinks(cc.repo, cc.loaded.config, cc.classify, entries) });
}

async function evaluateEvidence(cc: CommitContext, snapshot: Snapshot, input: GateInput, staticFindings: Finding[]): Promise<Finding[]> {
  const findings = [...staticFindings, ...evaluateGates(EVIDENCE_GATES, input)];
  const config = cc.loaded.config;
  if (input.phase === 'red' || config.staticChecks.length === 0 || verdictOf(applyFalseFail(findings, input)) !== 0) return applyFalseFail(findings, input);
  const { checkStaged } = await import('./run-staged.js');
  const changed = snapshot.entries.filter((e) => e.status !== 'D').map((e) => e.path);
  const checked = { ...input, staticChecks: await checkStaged(cc.repo, config, snapshot.tree, changed) };
  return applyFalseFail([...findings, ...evaluateStaticChecks(checked)], checked);
}
