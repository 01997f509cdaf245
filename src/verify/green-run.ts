/**
 * GREEN's test run: the task's test files and the related ones (verify/green-related.ts) in one
 * runner start where the verdicts cannot tell the difference, two where they could.
 *
 * One run, split by file: the task's files' results are the task's run (every gate of a GREEN
 * reads them as before), the others' are the related run (GREEN_BREAKS_TEST). Coverage counts the
 * task's files only (GREEN_UNCOVERED_CODE is about the lines *the task's tests* run): node runs each
 * test file in a process of its own, so its coverage is told apart per process
 * (coverage/v8 attributeProcess); a runner whose coverage report merges every file it ran (vitest's
 * and jest's v8 provider, pytest, go, mocha) measuring a changed file keeps the task's run apart.
 *
 * The task's files run alone again, after the one run, when it cannot stand for the task's run:
 * it did not complete (a related test timing out, leaking or crashing the runner must warn
 * GREEN_RELATED_UNRUN, not refuse the task's GREEN; an interrupt is the user's, not run again), or its coverage could not be told apart
 * (RunCoverage.mixed). The parent's tree runs only what fails now (judgeRelated).
 */
import { join } from 'node:path';
import { runnerSpecs } from '../config/resolve.js';
import type { Config } from '../config/schema.js';
import { MEASURABLE } from '../coverage/measure.js';
import { readObjects } from '../git/queries.js';
import type { RelatedFacts } from '../gates/types.js';
import { hasPackage } from '../runners/coverage-read.js';
import type { RedRecord } from '../state/types.js';
import type { RunResult, Snapshot } from '../types.js';
import type { CommitContext } from './context.js';
import { judgeRelated, passed, planGreenRelated, type GreenRelatedPlan } from './green-related.js';
import { runStaged } from './run-staged.js';
import type { Scratch } from './scratch.js';

export interface GreenRun {
  /** The task's run: its files' results only. */
  run: RunResult;
  related?: RelatedFacts;
  /** For TDD-Tests, when related tests were planned. */
  tests?: string;
  /** How many runner starts on the commit's tree (1 when folded), for the record and the tests. */
  starts: number;
  /** The changed sources' staged texts by blob id, read while the runner ran (GREEN's coverage needs them). */
  texts?: ReadonlyMap<string, string>;
}

export async function runGreen(
  cc: CommitContext,
  snapshot: Snapshot,
  red: RedRecord | undefined,
  files: string[],
  prepared: Promise<Scratch> | undefined,
  coverage: string[] | undefined,
): Promise<GreenRun> {
  const { repo } = cc;
  const config = cc.loaded.config;
  // The changed sources' texts, for the coverage facts after the run: read beside the plan, not after the run.
  const reading = readTexts(cc, snapshot, coverage, files);
  const plan = await planGreenRelated(cc, snapshot, red).catch(async (e: unknown) => {
    await prepared?.then((s) => s.release()).catch(() => {});
    throw e;
  });
  // The tests inside the implementation (cargo's unit tests) are the task's run: no other commit's.
  const cover = { ...(coverage ? { coverage } : {}), unitTests: true };
  const withTexts = async <T extends object>(r: T): Promise<T & { texts?: ReadonlyMap<string, string> }> => {
    const texts = await reading;
    return texts ? { ...r, texts } : r;
  };
  if (!plan || plan.unrun || !foldable(repo.top, config, coverage)) {
    const run = await runStaged(repo, config, snapshot.tree, files, prepared, undefined, cover);
    return withTexts({ run, ...(await apart(cc, snapshot, red, files, plan, run)), starts: plan && !plan.unrun && passed(run) ? 2 : 1 });
  }
  const mine = new Set(files);
  const all = [...new Set([...files, ...plan.files])];
  const related = plan.related.size > 0 ? plan.related : undefined;
  const one = await runStaged(repo, config, snapshot.tree, all, prepared, related, { ...(coverage ? { coverage, coverageFrom: files } : {}), unitTests: true });
  // Results in a Rust source that is no test file (cargo's inline unit tests, by their crate's root) are the
  // task's; any other runner's related results keep the parent-commit comparison.
  const inline = (f: string) => f.endsWith('.rs') && cc.classify(f) !== 'test';
  const own = part(one, (f) => !mine.has(f) && !inline(f));
  delete own.coverage;
  const task = { ...part(one, (f) => mine.has(f) || inline(f)), files };
  // Interrupted (Ctrl-C): the user stopped it; nothing runs again.
  if (one.status === 'interrupted') return withTexts({ run: task, tests: plan.tests, starts: 1 });
  if (one.status !== 'completed' || one.coverage?.mixed) {
    const run = await runStaged(repo, config, snapshot.tree, files, undefined, undefined, cover);
    return withTexts({ run, ...(passed(run) ? { related: await judgeRelated(cc, red, own) } : {}), tests: plan.tests, starts: 2 });
  }
  return withTexts({ run: task, ...(passed(task) ? { related: await judgeRelated(cc, red, own) } : {}), tests: plan.tests, starts: 1 });
}

/**
 * The staged texts of the coverage targets by blob id; undefined when nothing is measured or the
 * read failed (then they are read after). The task's test files are asked in the same process:
 * runStaged reads them by the same names, from what this read kept (git/queries.ts readObjects).
 */
async function readTexts(
  cc: CommitContext,
  snapshot: Snapshot,
  coverage: string[] | undefined,
  files: string[],
): Promise<ReadonlyMap<string, string> | undefined> {
  const targets = new Set(coverage);
  const oids = snapshot.entries.filter((e) => targets.has(e.path)).map((e) => e.newBlob);
  const blobs = await readObjects(cc.repo, [...oids, ...files.map((f) => `${snapshot.tree}:${f}`)]).catch(() => undefined);
  if (!blobs || !coverage?.length) return undefined;
  const texts = new Map<string, string>();
  oids.forEach((o, i) => {
    const b = blobs[i];
    if (b) texts.set(o, b.toString('utf8'));
  });
  return texts;
}

/** The related tests in a run of their own, after the task's passed (greenRuns "related" where one run cannot serve). */
async function apart(
  cc: CommitContext,
  snapshot: Snapshot,
  red: RedRecord | undefined,
  files: string[],
  plan: GreenRelatedPlan | undefined,
  run: RunResult,
): Promise<{ related?: RelatedFacts; tests?: string }> {
  if (!plan || !passed(run)) return {};
  const base = { red: red?.failing ?? [] };
  if (plan.unrun) return { related: { ...base, unrun: plan.unrun }, tests: plan.tests };
  const mine = new Set(files);
  const config = cc.loaded.config;
  const related = await runStaged(cc.repo, config, snapshot.tree, plan.files, undefined, plan.related.size > 0 ? plan.related : undefined);
  // The runner's related-tests mode also ran the task's files: theirs is the task's run.
  return {
    related: await judgeRelated(
      cc,
      red,
      part(related, (f) => !mine.has(f)),
    ),
    tests: plan.tests,
  };
}

/** The run's results of the files `keep` keeps. */
function part(run: RunResult, keep: (file: string) => boolean): RunResult {
  return { ...run, files: run.files.filter(keep), tests: run.tests.filter((t) => keep(t.file)), fileErrors: run.fileErrors.filter((e) => keep(e.file)) };
}

/**
 * Whether one run can give the task's coverage: nothing to measure, or every runner that would
 * measure a changed file tells its test files apart (node), or measures nothing (vitest without
 * its v8 provider, a runner with no coverage of these files). A wrong guess costs a second run, not
 * a verdict (RunCoverage.mixed).
 */
export function foldable(top: string, config: Config, coverage: string[] | undefined, hasProvider = vitestProvider): boolean {
  if (!coverage?.length) return true;
  return runnerSpecs(config).every((spec) => {
    if (spec.runner === 'node') return true;
    const measurable = MEASURABLE[spec.runner];
    const prefix = spec.root === '.' ? '' : `${spec.root}/`;
    if (!coverage.some((f) => f.startsWith(prefix) && measurable?.test(f))) return true;
    return spec.runner === 'vitest' && !hasProvider(join(top, spec.root));
  });
}

const vitestProvider = (root: string): boolean => hasPackage(root, '@vitest/coverage-v8');
