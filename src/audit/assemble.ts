/**
 * Pure: the history as git gave it → commits ready for the rules: trailers read as declared
 * intent, changes classified by the rules each commit is judged by (see ruling.ts).
 */
import type { ConfigProblem } from '../config/validate.js';
import type { RawEntry } from '../git/parse.js';
import { makeClassifier, type Classifier } from '../snapshot/classify.js';
import type { FileKind, StagedEntry } from '../types.js';
import type { HistoryCommit } from './history.js';
import type { AuditCommit, CommitKind, Rules } from './types.js';

const FALSE_FAIL = /^TDD-False-Fail:[ \t]*(.*)$/im;
const UNCOVERED = /^TDD-Uncovered:[ \t]*(.*)$/im;

function kindOf(c: HistoryCommit, entries: StagedEntry[], cut: ReadonlySet<string>): CommitKind {
  if (cut.has(c.sha)) return 'cut';
  if (c.parents.length > 1) return 'merge';
  if (entries.length === 0) return 'empty';
  if (entries.every((e) => e.kind === 'ignored')) return 'ignored';
  return c.trailers.phase ? 'tdd' : 'no-trailers';
}

export interface ClassifyInput {
  /** Parents first. */
  commits: HistoryCommit[];
  rulesOf: ReadonlyMap<string, Rules>;
  problems?: ReadonlyMap<string, ConfigProblem[]>;
  /** Commits whose parents a shallow clone cut off. */
  cut?: ReadonlySet<string>;
  /** Merges: the changes made in the merge itself (`git diff-tree -c`). */
  mergeOwn?: ReadonlyMap<string, RawEntry[]>;
  /** Where the history declared other rules than the base's (ruling.ts resolveBaseRules): those rules. */
  declaredOf?: ReadonlyMap<string, Rules>;
}

/** Classify every commit's changes by its rules; say what kind of commit it is. */
export function classifyCommits(input: ClassifyInput): AuditCommit[] {
  const cut = input.cut ?? new Set<string>();
  return input.commits.map((c) => {
    const rules = input.rulesOf.get(c.sha)!;
    const classify = classifierOf(rules);
    const entries = c.changes.map((e) => ({ ...e, kind: classify!(e.path) }));
    const t = c.trailers;
    const commit: AuditCommit = {
      sha: c.sha,
      parents: c.parents,
      subject: c.subject,
      phase: t.phase ?? null,
      task: t.task ?? null,
      regression: t.regression,
      falseFail: FALSE_FAIL.exec(c.trailerText)?.[1]?.trim() || null,
      ...uncoveredOf(c.trailerText),
      reason: t.reason ?? null,
      revise: t.revise ?? null,
      entries,
      kind: kindOf(c, entries, cut),
    };
    const own = input.mergeOwn?.get(c.sha);
    if (commit.kind === 'merge' && own) commit.mergeOwn = own.map((e) => ({ ...e, kind: classify!(e.path) }));
    commit.configured = rules.source !== 'defaults';
    const problems = input.problems?.get(c.sha);
    if (problems) commit.configProblems = problems;
    const declared = input.declaredOf?.get(c.sha);
    if (declared) {
      const other = classifierOf(declared);
      const widened = entries.flatMap((e) => {
        const as = e.kind === 'impl' ? other!(e.path) : 'impl';
        return as === 'ignored' || as === 'support' ? [{ path: e.path, as }] : [];
      });
      if (widened.length > 0) commit.widened = widened;
    }
    return commit;
  });
}

const classifiers = new WeakMap<Rules, Classifier>();

/** The classifier of a set of rules (rules alike are one object, ruling.ts), for the process: compiled once, each path classified once. */
export function classifierOf(rules: Rules): Classifier {
  let classify = classifiers.get(rules);
  if (!classify) classifiers.set(rules, (classify = memoize(makeClassifier(rules.config))));
  return classify;
}

/** A path touched by many commits is classified once per set of rules. */
function memoize(classify: Classifier): Classifier {
  const seen = new Map<string, FileKind>();
  return (path) => {
    let kind = seen.get(path);
    if (kind === undefined) seen.set(path, (kind = classify(path)));
    return kind;
  };
}

/** `TDD-Uncovered: src/a.js:3,5` → `{ uncovered: 'src/a.js:3,5' }`; nothing when the trailer is absent. */
function uncoveredOf(trailerText: string): { uncovered?: string } {
  const value = UNCOVERED.exec(trailerText)?.[1]?.trim();
  return value ? { uncovered: value } : {};
}

/**
 * Commits that declare no TDD step, without their changes (a look-back read without diffs): for
 * the TDD state along their lines they are what classifyCommits would make of them — they apply
 * no step and track nothing (no record precedes them) — so no rules are needed.
 */
export function bareCommits(commits: HistoryCommit[], cut: ReadonlySet<string> = new Set()): AuditCommit[] {
  return commits.map((c) => ({
    sha: c.sha,
    parents: c.parents,
    subject: c.subject,
    phase: null,
    task: null,
    regression: false,
    falseFail: null,
    reason: null,
    entries: [],
    kind: cut.has(c.sha) ? 'cut' : c.parents.length > 1 ? 'merge' : 'empty',
  }));
}
