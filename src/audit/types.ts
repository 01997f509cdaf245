/**
 * The data of `tdd audit`: commits ready for the rules, the per-lineage TDD state the rules read,
 * and findings. Pure types; nothing here touches the world.
 */
import type { Config } from '../config/schema.js';
import type { ConfigProblem } from '../config/validate.js';
import type { TestFileFacts } from '../gates/types.js';
import type { SnapshotChange } from '../lang/snapshots.js';
import type { FileKind, Finding, FindingCode, FindingFrom, GateData, Phase, Severity, StagedEntry } from '../types.js';

import type { IntegrityCode } from '../gates/integrity/index.js';

/**
 * Each audit code and its data (undefined: the code, commit, path and line say it all), as the
 * hook's FindingData: the rules that make a finding and the words that read it are checked
 * against this table. Codes are stable, documented in the README; tests assert them, never the
 * wording. A code that restates a commit-time gate carries that gate's data and its code (`gate`).
 */
export interface AuditFindingData {
  AUDIT_NO_TRAILERS: { files: number; kinds: Partial<Record<FileKind, number>> };
  AUDIT_RED_TOUCHES_IMPL: GateData<'RED_IMPL_STAGED'>;
  AUDIT_RED_CHANGES_CONFIG: GateData<'CONFIG_CHANGED'>;
  AUDIT_RED_WITHOUT_TESTS: GateData<'RED_NO_TESTS_STAGED'>;
  AUDIT_RED_TEST_REMOVED: GateData<'RED_TEST_REMOVED'>;
  AUDIT_ASSERTION_MISSING: GateData<'ASSERTION_MISSING' | 'ASSERTION_PRINT_ONLY'>;
  AUDIT_MARKER_ADDED: GateData<'MARKER_FOCUS' | 'MARKER_SKIP'>;
  /** From the frozen gate (`base`: the RED commit or the parent; `by`: the commit that changed it since RED), or a commit without trailers that changes the open RED's tests. */
  AUDIT_FROZEN_TEST_CHANGED:
    | (Omit<GateData<'TESTS_CHANGED'>, 'base'> & { base?: string; by?: string })
    | { change: 'added' | 'deleted' | 'mode' | 'edited'; kind: FileKind; since: 'red'; red: string; task: string };
  AUDIT_TEST_CONFIG_CHANGED: GateData<'TEST_CONFIG_CHANGED'>;
  /** `closedBy`: the GREEN that closed the task's last record; `beyond`: the look-back found none either. */
  AUDIT_GREEN_WITHOUT_RED: { task: string | null; closedBy?: string; beyond?: 'look-back' };
  AUDIT_MERGE_CHANGES: { files: number; paths: string[]; kinds: FileKind[] };
  AUDIT_CONFIG_INVALID: { problems: ConfigProblem[] };
  /** `deepen`: how far to fetch (set over the whole audit). */
  AUDIT_SHALLOW: ({ reason: 'cut' } | { reason: 'red-beyond-cut'; task: string | null }) & { deepen?: number };
  /** `nth`: which off commit of the range this is (a counted allowOff). */
  AUDIT_OFF: { reason: string; allowOff: number | boolean; nth?: number };
  AUDIT_REGRESSION: { task: string | null };
  AUDIT_FALSE_FAIL: { patterns: string; task: string | null };
  AUDIT_REPLAY_RED_PASSED: GateData<'RED_TESTS_PASS' | 'RED_NEW_TEST_PASSES'>;
  AUDIT_REPLAY_RED_WRONG_REASON: GateData<'RED_WRONG_REASON'>;
  AUDIT_REPLAY_GREEN_FAILED: GateData<
    'GREEN_TESTS_FAIL' | 'GREEN_FILE_ERROR' | 'GREEN_NO_TESTS_RAN' | 'GREEN_TEST_SKIPPED' | 'GREEN_RED_TEST_MISSING' | 'GREEN_SNAPSHOT_MISSING'
  >;
  /** `output`: the tail of the run's output. */
  AUDIT_REPLAY_UNVERIFIED: GateData<'RUN_UNVERIFIED' | 'RUN_LEAKED' | 'ISOLATION_BUILD_FAILED'> & { runner: string; output: string };
  AUDIT_IMPL_INTEGRITY: GateData<IntegrityCode>;
  AUDIT_RED_CHANGES_PASSING_TEST: { test: string; change: 'edited' | 'deleted' | 'outside'; task: string | null };
  AUDIT_RED_REVISED: { why: string; tests: string[] };
  AUDIT_RULES_WIDENED: { files: number; paths: string[]; as: ('ignored' | 'support')[] };
  AUDIT_UNCOVERED: { lines: string; task: string | null };
}

export type AuditCode = keyof AuditFindingData;

/** A finding about one commit, narrowed by its code. `phase` is what its trailers declare (null: none). */
export type AuditFinding<A extends AuditCode = AuditCode> = FindingFrom<
  AuditFindingData,
  A,
  { severity: Severity; commit: string; phase: Phase | null; path?: string; line?: number }
>;

/** The audit codes that restate a commit-time gate, and the gate codes each restates. */
export type GateOf<A extends AuditCode> = AuditFindingData[A] extends infer D ? (D extends { gate: infer G extends FindingCode } ? G : never) : never;
export type RestatingCode = { [A in AuditCode]: [GateOf<A>] extends [never] ? never : A }[AuditCode];

/** Errors that say "could not verify" (exit 3) rather than "refused" (exit 1). */
export const UNVERIFIED_CODES: ReadonlySet<AuditCode> = new Set(['AUDIT_SHALLOW', 'AUDIT_REPLAY_UNVERIFIED']);

/** Keys of `audit` in the configuration (proposed for config/schema). */
export interface AuditOptions {
  /** `off` commits fail the audit instead of being listed. */
  failOnOff: boolean;
  /** Regression RED commits (`TDD-Regression: true`) fail the audit instead of being listed. */
  failOnRegression: boolean;
  /** GREEN-impossible commits (`TDD-False-Fail`) fail the audit instead of being listed. */
  failOnFalseFail: boolean;
  /** A merge commit's own changes (conflict resolutions, edits made in the merge) fail the audit. */
  failOnMergeChanges: boolean;
  /** How many `off` commits the range may hold before they fail (true: any number; false: none). */
  allowOff: number | boolean;
}

export const AUDIT_DEFAULTS: AuditOptions = { failOnOff: false, failOnRegression: false, failOnFalseFail: false, failOnMergeChanges: false, allowOff: 0 };

/** The rules a commit is judged by: its parent's configuration (its own for a root commit). */
export interface Rules {
  config: Config;
  audit: AuditOptions;
  /** Which file the rules came from ('defaults' when none). */
  source: string;
}

/** What a commit is, in the audit's eyes. */
export type CommitKind = 'tdd' | 'no-trailers' | 'ignored' | 'empty' | 'merge' | 'cut';

/** A commit ready for the rules: trailers as declared intent, changes classified by its rules. */
export interface AuditCommit {
  sha: string;
  parents: string[];
  subject: string;
  phase: Phase | null;
  task: string | null;
  regression: boolean;
  /** `TDD-False-Fail: <patterns>`: GREEN-impossible, recorded. */
  falseFail: string | null;
  /** `TDD-Uncovered: src/a.js:3,5`: a GREEN's added lines no task test ran (greenCoverage "warn"); absent: none. */
  uncovered?: string;
  reason: string | null;
  /** Changes against the first parent, classified. */
  entries: StagedEntry[];
  kind: CommitKind;
  /** Merges: the paths whose merged content matches no parent (made in the merge itself). */
  mergeOwn?: StagedEntry[];
  /** Test files this commit adds or changes (not deleted): static facts now and before. */
  testFiles?: Map<string, { now: TestFileFacts | undefined; before: TestFileFacts | undefined }>;
  /** The test settings of each manifest this commit changes, before and after (config/test-settings). */
  testSettings?: { path: string; before: string; after: string }[];
  /** GREEN/REFACTOR: what this commit does to the entries of the snapshot files it changes. */
  snapshotChanges?: SnapshotChange[];
  /** The configuration this commit brings is malformed (it entered the history past the hooks). */
  configProblems?: ConfigProblem[];
  /** What the integrity rules found in what it adds to implementation (audit/integrity.ts); absent: nothing. */
  integrity?: Finding<IntegrityCode>[];
  /** Judged by a tdd-hooks configuration (false: its parent had none; the defaults apply). */
  configured?: boolean;
  /** `TDD-Revise: <why>`: a RED declared to change tests that passed at its parent. */
  revise?: string | null;
  /** RED: the parent's tests this commit edits or takes away (audit/old-tests.ts), before the open record's own are set aside. */
  oldTestChanges?: { path: string; test: string; change: 'edited' | 'deleted' | 'outside' }[];
  /** Implementation (by the base's rules) that the rules the history declared call ignored or support (AUDIT_RULES_WIDENED). */
  widened?: { path: string; as: 'ignored' | 'support' }[];
  /** RED: tests this commit adds to files that had tests (`path\0key`): a later RED of the open record may improve them. */
  addedTests?: string[];
}

/** Mode and blob of a path as the lineage last left it, and the commit that did. */
export interface Tracked {
  mode: string;
  blob: string;
  by: string;
}

/** What a task's RED commits froze (the audit's RedRecord, recomputed from the diffs). */
export interface TaskRecord {
  /** The last RED commit of the record. */
  commit: string;
  /** Every RED commit of the record, oldest first. */
  reds: string[];
  /** Test files → mode and blob at the last RED commit. */
  files: ReadonlyMap<string, { mode: string; blob: string }>;
  regression: boolean;
  greenCommit?: string;
  /** Test files the record's RED commits created, and tests they added to older files (`path\0key`): theirs to improve until GREEN. */
  own?: ReadonlySet<string>;
}

/** The TDD state along one line of history (what the hooks' state would have been there). */
export interface LineState {
  records: Map<string, TaskRecord>;
  /** Paths of any record's files, as the lineage last left them. */
  tracked: Map<string, Tracked>;
  /** The last TDD step on the lineage (its task's tests are frozen for commits without trailers). */
  current: { task: string; phase: Phase } | null;
  /** The lineage crosses a shallow clone's cut: what lies before it is unknown. */
  truncated: boolean;
  /** The lineage leaves the commits that were read (the range's base, when not looked back). */
  open: boolean;
  /** tdd-hooks was set up on this lineage (a configuration, or a TDD commit): nothing after is "before tdd-hooks". */
  adopted?: boolean;
}

/** What `--replay` runs for one commit. */
export interface ReplayPlan {
  commit: string;
  parent: string | null;
  phase: 'red' | 'green' | 'refactor';
  task: string | null;
  regression: boolean;
  /** Test files to run; null: every test file of the commit's tree. */
  files: string[] | null;
  /** The RED commits whose failing tests must pass now (GREEN and REFACTOR). */
  reds: string[];
  entries: StagedEntry[];
}

export interface AuditCounts {
  commits: number;
  red: number;
  green: number;
  refactor: number;
  off: number;
  noTrailers: number;
  ignored: number;
  empty: number;
  merge: number;
  cut: number;
  /** Commits before the setup commit (the first that brought the tdd-hooks configuration), and it: counted, never findings. */
  beforeHooks: number;
}
