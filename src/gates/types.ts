import type { NearMiss } from '../runners/near-miss.js';
import type { SnapshotChange } from '../runners/snapshots.js';
import type { RedRecord } from '../state/types.js';
import type { Finding, Phase, RunResult, StagedEntry } from '../types.js';

/** What the static analysis of one test file found (see lang/). */
export interface TestFileFacts {
  assertions: number;
  printOnly: boolean;
  markers: { kind: 'skip' | 'focus' | 'todo' | 'xfail'; line: number; text: string; conditional?: true }[];
  /** When the assertions are calls of project helpers or assertFunctionNames patterns: which (lang/helpers). */
  via?: { call: string; line: number; kind: 'helper' | 'config'; helper?: string; path?: string; pattern?: string }[];
}

/** One configured static check (tsc, eslint…) run on the staged content. */
export interface StaticCheckResult {
  command: string;
  status: 'passed' | 'failed' | 'missing' | 'unverified';
  exitCode: number | null;
  /** The tail of its output. */
  output: string;
}

/** Everything a gate may look at. Evidence is passed in; gates never fetch it. */
export interface GateInput {
  phase: Phase;
  regression: boolean;
  /** What this commit changes relative to HEAD, classified. */
  entries: StagedEntry[];
  /** The tdd-hooks configuration files (.tddrc.json, .tddrc, package.json's "tdd") whose staged content differs from HEAD's. */
  configChanges?: string[];
  /** Staged test files (added or modified): facts now and, when the file existed, before (undefined: a language we cannot read). */
  testFiles?: Map<string, { now: TestFileFacts | undefined; before: TestFileFacts | undefined }>;
  /** GREEN/REFACTOR: the commit the tests are frozen at (the task's RED commit, else HEAD). */
  frozenBase?: string;
  /** GREEN/REFACTOR: test and support files this commit changes (relative to HEAD). */
  frozenChanges?: StagedEntry[];
  /** GREEN/REFACTOR: what this commit does to the entries of the snapshot files of the task's RED test files. */
  snapshotChanges?: SnapshotChange[];
  /** GREEN/REFACTOR: the task's RED test files that are no longer as its RED commit left them. */
  redDrift?: { path: string; change: 'edited' | 'deleted' | 'mode' }[];
  /** GREEN/REFACTOR: the test settings of each manifest this commit changes, before and after (config/test-settings). */
  testSettings?: { path: string; before: string; after: string }[];
  /** The task's RED record (GREEN/REFACTOR). */
  red?: RedRecord;
  /** The test run on the staged content. */
  run?: RunResult;
  /** Relative imports of the run's test files that name no file, one letter from one that exists. */
  nearMisses?: NearMiss[];
  /** RED: ids of tests that existed before this commit (a passing one is not "added"). */
  preexisting?: Set<string>;
  /** The active task's declared paths, when the plan declares them (per-task staging). */
  taskScope?: { task: string; paths: string[]; always: string[]; owners: Record<string, string> };
  /** GREEN/REFACTOR: results of the configured static checks. */
  staticChecks?: StaticCheckResult[];
  /** Regular expressions of environment failures (GREEN-impossible). */
  falseFailPatterns?: string[];
}

export type Gate = (input: GateInput) => Finding[];
