/** The report's model: what `tdd report` knows about a range, before any wording. Plain data. */
import type { ParsedAttemptsTrailer } from '../budget/trailer.js';
import type { RunCounts } from './evidence.js';

/** The traffic lights: one per TDD commit, and one per refused attempt at a commit. */
export type LightKind = 'red' | 'green' | 'refactor' | 'refused' | 'off';
export const LIGHT_KINDS: readonly LightKind[] = ['red', 'green', 'refactor', 'refused', 'off'];

/** A commit with TDD trailers. */
export interface CommitLight {
  kind: 'red' | 'green' | 'refactor' | 'off';
  /** ISO time (the commit's author time). */
  at: string;
  task: string | null;
  sha: string;
  subject: string;
  /** The TDD-Evidence trailer as written, and its counts when it parses. */
  evidence: string | null;
  counts: RunCounts | null;
  /** RED-impossible: `tdd phase red --regression` and the tests passed (TDD-Regression). */
  regression: boolean;
  /** GREEN-impossible: the remaining failures matched falseFailPatterns (TDD-False-Fail). */
  falseFail: string | null;
  /** GREEN: added lines no test of the task ran (TDD-Uncovered: `src/a.js:3,5`), when any. */
  uncovered?: string;
  /** Why, for an off commit (TDD-Reason). */
  reason: string | null;
  /** RED: `TDD-Revise`, the declared change of tests that passed at its parent. */
  revise?: string | null;
  attempts: ParsedAttemptsTrailer | null;
  /** Test files this commit adds or changes. */
  testFiles: string[];
  /** How long the verifying test run took, from the event log. */
  testMs: number | null;
}

/** A commit attempt the pre-commit gates refused (exit 1) or could not verify (exit 3), from the event log. */
export interface RefusedLight {
  kind: 'refused';
  at: string;
  task: string | null;
  /** The phase the commit was tried in; null when none was declared. */
  phase: string | null;
  exitCode: number;
  /** The codes that refused it: errors only (a warning never counts as a refusal). */
  codes: string[];
  /** The same errors with their file and words, when the event log kept them. */
  findings: { code: string; path: string | null; what: string | null }[];
  testMs: number | null;
}

export type Light = CommitLight | RefusedLight;

/** One RED → GREEN → REFACTOR cycle of a task. */
export interface Cycle {
  /** The earliest sign of work on it: the `tdd phase red` declaration, a refused attempt, or the RED commit. */
  startedAt: string;
  redAt: string | null;
  greenAt: string | null;
  refactors: number;
  /** From the first RED commit to the first GREEN commit: how long the tests were failing in the history. */
  timeInRedMs: number | null;
  /** From the start of the cycle to its first GREEN commit. */
  timeToGreenMs: number | null;
  /** Tests the RED commits add, from their evidence: failing tests (passing ones for regression tests). */
  testsAdded: number;
  regression: boolean;
  falseFail: boolean;
}

/** Where a task stands at the end of the range. */
export type TaskStatus = 'red' | 'green' | 'refactored' | 'regression' | 'false-fail' | 'off' | 'refused' | 'denied';

export interface TaskReport {
  /** The TDD-Task id; null for TDD commits made with no task active. */
  id: string | null;
  /** Its title in the plan (tdd-plan.json), when the plan names it. */
  title: string | null;
  lights: Light[];
  counts: Record<LightKind, number>;
  cycles: Cycle[];
  status: TaskStatus;
  startedAt: string;
  endedAt: string;
  /** Summed over the cycles that reached GREEN; null when none did. */
  timeInRedMs: number | null;
  /** The first cycle's time to GREEN; null when no cycle reached GREEN. */
  timeToGreenMs: number | null;
  testsAdded: number;
  testFiles: string[];
  refusedCodes: Record<string, number>;
  offReasons: string[];
  /** The declared revisions (`TDD-Revise`) of the task's RED commits. */
  revisions?: string[];
  /** The last TDD-Attempts trailer of the task. */
  attempts: ParsedAttemptsTrailer | null;
  /** Edits and commands the agent guard denied (`tdd guard`), by code, and the paths they named. */
  denied: { count: number; codes: Record<string, number>; paths: string[] };
}

/** A commit without a TDD-Phase trailer: docs only, a merge, made before install, or the hooks skipped. */
export interface UntrackedCommit {
  sha: string;
  at: string;
  subject: string;
  merge: boolean;
  /**
   * It changes files beyond docs (the configured `ignore`) after TDD commits began in the range:
   * made past the hooks (--no-verify, TDD_HOOKS=0) — the report's banner, and an audit failure.
   */
  bypass: boolean;
}

export interface ReportSummary {
  commits: number;
  tasks: number;
  lights: Record<LightKind, number>;
  cycles: number;
  cyclesGreen: number;
  regressions: number;
  falseFails: number;
  testsAdded: number;
  medianTimeInRedMs: number | null;
  medianTimeToGreenMs: number | null;
  refusedCodes: Record<string, number>;
  offReasons: Record<string, number>;
  untracked: number;
  /** Edits the agent guard denied, and their codes. */
  deniedEdits: number;
  deniedCodes: Record<string, number>;
  /** Untracked commits that are bypasses. */
  bypasses: number;
}

export interface EventLogInfo {
  found: boolean;
  lines: number;
  /** Lines skipped as unreadable. */
  corrupt: number;
  /** Refused attempts that belong to commits outside the range. */
  outsideRange: number;
}

export interface Report {
  range: { label: string; revisions: string[] };
  generatedAt: string;
  tasks: TaskReport[];
  untracked: UntrackedCommit[];
  summary: ReportSummary;
  eventLog: EventLogInfo;
}
