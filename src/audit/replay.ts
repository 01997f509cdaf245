/**
 * `tdd audit --replay`: the tests run again at each RED, GREEN and REFACTOR commit, in a private
 * scratch checkout of that commit (verify/run-staged, as the hooks run them), with the runner of
 * the rules the commit is judged by. The commit-time evidence gates judge the runs: RED must fail
 * for the right reason, GREEN and REFACTOR must pass. The dependencies are the ones installed now.
 */
import { readTreeFiles, type RepoContext } from '../git/queries.js';
import { applyFalseFail } from '../gates/false-fail.js';
import { evaluateGreenRun } from '../gates/green-run.js';
import { evaluateRedRun } from '../gates/red-run.js';
import { declaredTestTitles } from '../lang/index.js';
import { makeClassifier } from '../snapshot/classify.js';
import type { RedRecord } from '../state/types.js';
import { testId, type Finding, type RunResult } from '../types.js';
import { planRelatedRun } from '../verify/related.js';
import { runStaged } from '../verify/run-staged.js';
import { restateGates, type GateTable } from './rules/types.js';
import type { AuditFinding, ReplayPlan, Rules } from './types.js';

/** The commit-time gates a replay restates, and as what (every error evaluateGreenRun and evaluateRedRun give: test/unit/audit/replay-table.test.ts). */
export const REPLAY_GATES = {
  RED_TESTS_PASS: 'AUDIT_REPLAY_RED_PASSED',
  RED_NEW_TEST_PASSES: 'AUDIT_REPLAY_RED_PASSED',
  RED_WRONG_REASON: 'AUDIT_REPLAY_RED_WRONG_REASON',
  GREEN_TESTS_FAIL: 'AUDIT_REPLAY_GREEN_FAILED',
  GREEN_FILE_ERROR: 'AUDIT_REPLAY_GREEN_FAILED',
  GREEN_NO_TESTS_RAN: 'AUDIT_REPLAY_GREEN_FAILED',
  GREEN_TEST_SKIPPED: 'AUDIT_REPLAY_GREEN_FAILED',
  GREEN_RED_TEST_MISSING: 'AUDIT_REPLAY_GREEN_FAILED',
  GREEN_SNAPSHOT_MISSING: 'AUDIT_REPLAY_GREEN_FAILED',
  RUN_UNVERIFIED: 'AUDIT_REPLAY_UNVERIFIED',
  RUN_LEAKED: 'AUDIT_REPLAY_UNVERIFIED',
  // The staged sources did not build in the copy (isolation.build): in a replay, on another machine, a finding the reader weighs with the build's output.
  ISOLATION_BUILD_FAILED: 'AUDIT_REPLAY_UNVERIFIED',
} as const satisfies GateTable;

export interface ReplayInput {
  plans: ReplayPlan[];
  rulesOf: ReadonlyMap<string, Rules>;
  /** Blob texts by id (the test files the rules read): titles of tests that existed before a RED. */
  texts: ReadonlyMap<string, string>;
}

function restate(plan: ReplayPlan, findings: Finding[], run: RunResult): AuditFinding[] {
  return restateGates(REPLAY_GATES, { sha: plan.commit, phase: plan.phase }, findings).map((f): AuditFinding =>
    f.code === 'AUDIT_REPLAY_UNVERIFIED' ? { ...f, data: { ...f.data, runner: run.runner, output: run.outputTail ?? '' } } : f,
  );
}

/** Every test file of the commit's tree, by its rules. */
async function readAllTests(repo: RepoContext, commit: string, rules: Rules): Promise<string[]> {
  const classify = makeClassifier(rules.config);
  const all = await readTreeFiles(repo, commit);
  return all.filter((p) => classify(p) === 'test');
}

/**
 * RED: which passing tests existed before the commit — by the titles the file's previous version
 * declares, else by running the parent's version (the hook's rule, verify/pre-commit).
 */
async function readPreexisting(repo: RepoContext, plan: ReplayPlan, rules: Rules, run: RunResult, texts: ReadonlyMap<string, string>): Promise<Set<string>> {
  const result = new Set<string>();
  if (!plan.parent) return result;
  const modified = new Map(plan.entries.filter((e) => (e.status === 'M' || e.status === 'T') && e.kind === 'test').map((e) => [e.path, e]));
  const unknown = new Set<string>();
  for (const t of run.tests.filter((x) => x.status === 'passed' && modified.has(x.file))) {
    const e = modified.get(t.file)!;
    const leaf = t.name.split(' > ').pop() ?? t.name;
    if (declaredTestTitles(t.file, texts.get(e.oldBlob) ?? '').includes(leaf)) result.add(testId(t));
    else if (!declaredTestTitles(t.file, texts.get(e.newBlob) ?? '').includes(leaf)) unknown.add(t.file);
  }
  if (unknown.size > 0) {
    const before = await runStaged(repo, rules.config, plan.parent, [...unknown]);
    if (before.status === 'completed') for (const t of before.tests) result.add(testId(t));
  }
  return result;
}

/**
 * A RED that renames a test file (the same blob deleted here and added there): the failing tests
 * of the earlier RED commits follow it to the new path, as the hook's record does.
 */
function followRenames(failing: Map<string, string[]>, entries: ReplayPlan['entries']): void {
  const added = new Map(entries.filter((e) => e.kind === 'test' && e.status === 'A').map((e) => [e.newBlob, e.path]));
  const renamed = new Map(
    entries.flatMap((e) => (e.kind === 'test' && e.status === 'D' && added.has(e.oldBlob) ? [[e.path, added.get(e.oldBlob)!] as const] : [])),
  );
  if (renamed.size === 0) return;
  for (const [commit, ids] of failing) {
    failing.set(
      commit,
      ids.map((id) => {
        const at = id.indexOf(' > ');
        const to = at < 0 ? undefined : renamed.get(id.slice(0, at));
        return to ? `${to}${id.slice(at)}` : id;
      }),
    );
  }
}

/** Replay the plans in order (parents first); RED failures are kept for the GREEN that follows. */
export async function replayPlans(repo: RepoContext, input: ReplayInput): Promise<{ findings: AuditFinding[]; replayed: number }> {
  const failing = new Map<string, string[]>();
  const findings: AuditFinding[] = [];
  let replayed = 0;
  for (const plan of input.plans) {
    const rules = input.rulesOf.get(plan.commit);
    if (!rules) continue;
    const { config } = rules;
    let files = plan.files;
    let related: Map<string, string[]> | undefined;
    // A GREEN's replay runs the whole suite (greenRuns "related": what it can break, judged after the fact).
    const whole = plan.phase === 'green' ? config.greenRuns === 'related' : plan.phase === 'refactor' && (config.refactorRuns === 'full' || !files);
    if (whole) files = await readAllTests(repo, plan.commit, rules);
    else if (plan.phase === 'refactor' && config.refactorRuns === 'related' && files) {
      // As the hook chose them: the task's tests and every test the change can affect.
      const classify = makeClassifier(config);
      const changed = plan.entries.filter((e) => e.kind === 'impl').map((e) => ({ path: e.path, deleted: e.status === 'D' }));
      ({ files, related } = await planRelatedRun(repo, config, plan.commit, changed, files, (p) => classify(p) === 'test'));
    }
    if (!files || files.length === 0) continue;
    // GREEN and REFACTOR, as the hook runs them: the tests inside the implementation (cargo's unit tests) too.
    const run = await runStaged(repo, config, plan.commit, files, undefined, related?.size ? related : undefined, { unitTests: plan.phase !== 'red' });
    replayed++;
    if (plan.phase === 'red') {
      const preexisting = await readPreexisting(repo, plan, rules, run, input.texts);
      followRenames(failing, plan.entries);
      failing.set(plan.commit, run.tests.filter((t) => t.status === 'failed').map(testId));
      findings.push(...restate(plan, evaluateRedRun({ phase: 'red', regression: plan.regression, entries: plan.entries, run, preexisting }), run));
      continue;
    }
    const red: RedRecord = {
      commit: plan.reds.at(-1) ?? '',
      tree: '',
      files,
      blobs: {},
      failing: [...new Set(plan.reds.flatMap((c) => failing.get(c) ?? []))],
      regression: false,
    };
    const gateInput = { phase: plan.phase, regression: false, entries: plan.entries, run, red, falseFailPatterns: config.falseFailPatterns };
    findings.push(...restate(plan, applyFalseFail(evaluateGreenRun(gateInput), gateInput), run));
  }
  return { findings, replayed };
}
