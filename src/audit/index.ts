/**
 * `tdd audit` as a library. `runAudit` reads a range and judges it (I/O); `auditHistory` judges
 * commits already in hand (pure: what `tdd report` or a server-side check can reuse).
 */
import { classifyCommits } from './assemble.js';
import { addFacts, type ContentScope } from './facts.js';
import { resolveBaseRules, resolveRules, runnerFilePaths, trackConfigOids, type ConfigOids } from './ruling.js';
import { analyzeTestFile, declaredTestBodies, findOldTestChanges } from '../lang/index.js';
import { addOldTestFacts } from './old-tests.js';
import { evaluateAudit, type Evaluation } from './evaluate.js';
import type { HistoryCommit } from './history.js';
import type { RawEntry } from '../git/parse.js';
import { AUDIT_DEFAULTS, type AuditOptions } from './types.js';

export { runAudit, type AuditResult, type AuditRunOptions } from './audit.js';
export { auditExitCode, auditJson, formatAuditText, formatFindingLine, type AuditReport } from './format.js';
export { AUDIT_CODES, formatAuditFinding } from './messages.js';
export { evaluateAudit, type Evaluation } from './evaluate.js';
export type { AuditCode, AuditCommit, AuditCounts, AuditFinding, AuditOptions, ReplayPlan } from './types.js';

export interface AuditHistoryOptions {
  /** Blob texts by id: configuration files and the test files the rules read. */
  texts?: ReadonlyMap<string, string>;
  /** Configuration blob ids (.tddrc.json, .tddrc, package.json) at parents outside `history`. */
  outsideConfig?: ReadonlyMap<string, ConfigOids>;
  /** The runners' own files at parents outside `history`: path → blob id (absent: not there). */
  outsideRunnerFiles?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Commits a shallow clone cut off from their parents. */
  cut?: ReadonlySet<string>;
  /** Merges: their own changes (`git diff-tree -c`). */
  mergeOwn?: ReadonlyMap<string, RawEntry[]>;
  /** The audit's options; default: those of the rules of the first commit. */
  options?: AuditOptions;
  /** Which test files' contents the rules judge (default 'all': those of RED commits too). */
  content?: ContentScope;
}

/**
 * Pure: commits (parents first, as `readHistory` gives them once reversed) → the evaluation.
 * Without `texts`, test files are not read (no marker or assertion findings) and every commit is
 * judged by the defaults unless its configuration's blobs are among `texts`.
 */
export function auditHistory(history: HistoryCommit[], opts: AuditHistoryOptions = {}): Evaluation {
  const texts = opts.texts ?? new Map<string, string>();
  const outside = opts.outsideConfig ?? new Map<string, ConfigOids>();
  const cut = opts.cut ?? new Set<string>();
  const oidsAt = trackConfigOids(history, outside, cut);
  const paths = runnerFilePaths(resolveRules({ commits: history, oidsAt, outside, texts, cut }).rulesOf.values());
  const outsideRunner = new Map(
    [...(opts.outsideRunnerFiles ?? new Map<string, ReadonlyMap<string, string>>())].map(([sha, files]) => [sha, paths.map((p) => files.get(p) ?? null)]),
  );
  const runnerAt = trackConfigOids(history, outsideRunner, cut, paths);
  const { rulesOf, problems, declaredOf } = resolveBaseRules({
    commits: history,
    oidsAt,
    outside,
    texts,
    cut,
    runnerFiles: { paths, at: runnerAt },
    ...(opts.options ? { policy: opts.options } : {}),
  });
  const commits = classifyCommits({ commits: history, rulesOf, problems, cut, declaredOf, ...(opts.mergeOwn ? { mergeOwn: opts.mergeOwn } : {}) });
  addFacts(commits, texts, analyzeTestFile, opts.content ?? 'all');
  if ((opts.content ?? 'all') !== 'none') addOldTestFacts(commits, texts, { findOldTestChanges, declaredTestBodies });
  const first = commits[0];
  const options = opts.options ?? (first ? rulesOf.get(first.sha)?.audit : undefined) ?? AUDIT_DEFAULTS;
  return evaluateAudit({ commits, options, plan: true });
}
