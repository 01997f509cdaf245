import type { Unmeasured } from '../coverage/types.js';
import type { NearMiss } from '../runners/near-miss.js';
import type { SnapshotChange } from '../lang/snapshots.js';
import type { RedRecord } from '../state/types.js';
import type { FileKind, Finding, Phase, RunResult, StagedEntry } from '../types.js';
import type { IntegrityInput } from './integrity/source.js';

/** What the static analysis of one test file found (see lang/). */
export interface TestFileFacts {
  /** The language it was read as (lang/), when known. */
  language?: string;
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

/** The active task's declared paths, when the plan declares them (per-task staging). */
export interface TaskScope {
  task: string;
  paths: string[];
  always: string[];
  owners: Record<string, string>;
}

/** Staged test files (added or modified): facts now and, when the file existed, before (undefined: a language we cannot read). */
export type TestFiles = Map<string, { now: TestFileFacts | undefined; before: TestFileFacts | undefined }>;

/** A RED test file that is no longer as its RED commit left it. */
export interface RedDrift {
  path: string;
  change: 'edited' | 'deleted' | 'mode';
}

/** What every phase's static gates see (verify/gate-input.ts builds it once per commit). */
interface CommitFacts {
  readonly regression: boolean;
  /** What this commit changes relative to HEAD, classified. */
  readonly entries: StagedEntry[];
  /** The tdd-hooks configuration files (.tddrc.json, .tddrc, package.json's "tdd") whose staged content differs from HEAD's. */
  readonly configChanges: string[];
  readonly taskScope?: TaskScope;
}

/** An old test (one the parent had) that a RED commit edits or takes away (lang/ declaredTestBodies). */
export interface OldTestChange {
  path: string;
  /** The test's key (`group > title`, a function name); '' for code outside the tests. */
  test: string;
  change: 'edited' | 'deleted' | 'outside';
}

/** RED's static facts: what its staged test files hold, and the open RED record a later RED may not shrink. */
export interface RedFacts extends CommitFacts {
  readonly phase: 'red';
  readonly testFiles: TestFiles;
  readonly red?: RedRecord;
  /** The old tests this commit changes (verify/old-tests.ts). */
  readonly oldTestChanges?: OldTestChange[];
  /** `tdd phase red --revise "why"`: the changes are declared. */
  readonly revise?: string;
}

/** GREEN's and REFACTOR's static facts: what the commit does to the frozen tests. */
export interface FrozenFacts extends CommitFacts {
  readonly phase: 'green' | 'refactor';
  /** Test and support files this commit changes (relative to HEAD). */
  readonly frozenChanges: StagedEntry[];
  /** What this commit does to the entries of the snapshot files of the task's RED test files. */
  readonly snapshotChanges: SnapshotChange[];
  /** The test settings of each manifest this commit changes, before and after (config/test-settings). */
  readonly testSettings: { path: string; before: string; after: string }[];
  /** The task's RED record, when it names test files: the tests are frozen at its commit (frozenBase). */
  readonly red?: RedRecord;
  readonly frozenBase?: string;
  /** The task's RED test files that are no longer as its RED commit left them. */
  readonly redDrift?: RedDrift[];
  /** The implementation files this commit adds or changes, now and before, for the integrity rules (gates/integrity). */
  readonly integrity?: IntegrityInput;
}

/** What the static gates see: one phase's facts, built once. */
export type StaticFacts = RedFacts | FrozenFacts;

/** The test run's evidence, added to the static facts for the evidence gates. */
export interface RunFacts {
  readonly run: RunResult;
  /** Relative imports of the run's test files that name no file, one letter from one that exists. */
  readonly nearMisses: NearMiss[];
  /** RED: ids of tests that existed before this commit (a passing one is not "added"). */
  readonly preexisting?: Set<string>;
  /** Regular expressions of environment failures (GREEN-impossible). */
  readonly falseFailPatterns: string[];
  /** GREEN/REFACTOR: results of the configured static checks. */
  readonly staticChecks?: StaticCheckResult[];
  /** RED with a missing symbol or module: the working tree's files not staged as they are (untracked, or modified and not staged). */
  readonly unstaged?: readonly WorkTreeFile[];
  /** GREEN: the added implementation lines the task's tests never ran, per file (greenCoverage). */
  readonly coverage?: CoverageFacts;
  /** GREEN: the related tests' run, and the parent's run of those that fail now (greenRuns). */
  readonly related?: RelatedFacts;
}

/** A file of the working tree that the commit does not hold as it is. */
export interface WorkTreeFile {
  path: string;
  state: 'untracked' | 'modified';
  kind: FileKind;
}

/** What the task's tests left unrun of the lines a GREEN adds (verify/green-coverage.ts). */
export interface CoverageFacts {
  mode: 'warn' | 'refuse';
  files: { path: string; uncovered: number[] }[];
  unmeasured: Unmeasured[];
}

/** The tests related to a GREEN's change, beside the task's (verify/green-related.ts). */
export interface RelatedFacts {
  /** The related run on the commit's tree; absent when it was not run (`unrun` says why). */
  run?: RunResult;
  /** The same tree's parent, run on the test files that fail now. */
  parent?: RunResult;
  unrun?: { reason: 'too-many'; count: number; limit: number };
  /** The task's RED test ids: theirs is the task's run, not this one. */
  red: string[];
}

/** Every field of T but the phase, optional. */
type Optional<T> = { readonly [K in Exclude<keyof T, 'phase'>]?: T[K] };

/**
 * Everything a gate may look at: one view of every phase's facts and the run's (a field the phase
 * does not have is absent; each gate says which phases it judges). Evidence is passed in; gates never fetch it.
 */
export interface GateInput extends Optional<RedFacts>, Optional<FrozenFacts>, Optional<RunFacts> {
  readonly phase: Phase;
  readonly regression: boolean;
  readonly entries: StagedEntry[];
}

export type Gate = (input: GateInput) => Finding[];
