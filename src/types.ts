/**
 * The data that flows between the layers. Pure modules import types from here and nothing else
 * from the shell.
 */
import type { Followed } from './state/types.js';
import type { RunCoverage } from './coverage/types.js';

export type Phase = 'red' | 'green' | 'refactor' | 'off';

/**
 * How a path in the commit is treated by the gates. 'config': the project's build, editor, lint and
 * formatter configuration (tsconfig.json, .eslintrc, ruff.toml…), allowed in any phase; a runner's
 * own test configuration (vitest.config.*, pytest.ini…) is test support.
 */
export type FileKind = 'test' | 'support' | 'manifest' | 'impl' | 'ignored' | 'config';

/**
 * One entry of `git diff-index --cached --raw -z --no-renames`: what this commit changes.
 * Modes and blob ids are git's (40 hex; all zeros when absent).
 */
export interface StagedEntry {
  path: string;
  status: 'A' | 'M' | 'D' | 'T' | 'U';
  oldMode: string;
  newMode: string;
  oldBlob: string;
  newBlob: string;
  kind: FileKind;
}

/** What a gate knows about the commit being made. */
export interface Snapshot {
  /** Tree id of exactly what is being committed (write-tree of a private copy of the index). */
  tree: string;
  /** HEAD commit, or null on an unborn branch. */
  head: string | null;
  entries: StagedEntry[];
}

export type Severity = 'error' | 'warn' | 'info';

/**
 * A finding is data; report/messages turns it into words (publint's model: each code's data typed
 * here, the prose made in one place). `code` is stable (documented in the README and read by
 * orchestrators); tests assert codes, never wording.
 */
export type Finding<C extends FindingCode = FindingCode> = C extends FindingCode ? FindingOf<C> : never;

type FindingOf<C extends FindingCode> = FindingFrom<FindingData, C, { severity: Severity; path?: string; line?: number }>;
/** A code without data has none; data that a code may lack is optional. */
type DataOf<D> = [D] extends [undefined] ? { data?: undefined } : undefined extends D ? { data?: Exclude<D, undefined> } : { data: D };
/**
 * One finding of a code → data table (`M`: FindingData below, the audit's AuditFindingData; doctor's
 * checks can follow), narrowed by `code`; `Base`: the fields every finding of that table has.
 */
export type FindingFrom<M, C extends keyof M, Base> = C extends keyof M ? { code: C } & Base & DataOf<M[C]> : never;
/** A commit-time finding's data restated elsewhere (the audit's), with `gate` naming the code it came from. */
export type GateData<C extends FindingCode> = C extends FindingCode
  ? { gate: C } & ([FindingData[C]] extends [undefined]
      ? unknown
      : undefined extends FindingData[C]
        ? Partial<Exclude<FindingData[C], undefined>>
        : FindingData[C])
  : never;

export type FindingCode = keyof FindingData;

/** Each finding code and its data (undefined: the code, path and line say it all). */
export interface FindingData {
  // configuration, context
  /** `key`/`expected`: one key of a configuration read from disk (tdd red-check). */
  CONFIG_INVALID: { detail: string; key?: string; expected?: string };
  CONFIG_UNSTAGED: { state: 'untracked' | 'modified' };
  /** A staged change of the configuration (`key`: package.json's "tdd"), or the committed one broken (`broken`). */
  CONFIG_PENDING: { key?: 'tdd'; broken?: true; rules?: ('ignore' | 'tests' | 'testSupport')[] } | undefined;
  PHASE_UNSET: undefined;
  UNMERGED_PATHS: undefined;
  OPERATION_IN_PROGRESS: { operation: string };
  IGNORED_ONLY: undefined;
  EMPTY_COMMIT: undefined;
  SETUP_COMMIT: undefined;
  PHASE_OFF: { reason: string };
  VERDICT_CACHED: { at: string };
  // scope
  TASK_SCOPE: { task: string; owner?: string };
  COMMIT_MESSAGE_TEMPLATE: { expected: string };
  RED_IMPL_STAGED: undefined;
  TESTS_CHANGED: {
    change: 'added' | 'deleted' | 'mode' | 'edited';
    kind: FileKind;
    /** The commit the tests are frozen at, shortened, or 'HEAD'. */
    base: string;
    /** 'red': changed since the task's RED commit (a commit that bypassed the hooks counts too). */
    since?: 'red';
    snapshots?: { changed: string[]; removed: string[] };
  };
  SNAPSHOTS_ADDED: { added: string[] };
  TEST_CONFIG_CHANGED: undefined;
  GREEN_WITHOUT_RED: { task: string | null; reason: 'none' | 'not-in-history' };
  RED_NO_TESTS_STAGED: undefined;
  RED_TEST_REMOVED: undefined;
  CONFIG_CHANGED: undefined;
  // static test content
  /** `language`: the file's, for an example of a real assertion in it. */
  ASSERTION_MISSING: { language: string } | undefined;
  ASSERTION_PRINT_ONLY: { language: string } | undefined;
  ASSERTION_UNCHECKED: undefined;
  MARKER_FOCUS: { marker: string; kind: 'focus'; conditional?: true };
  /** `origin: 'unknown'`: read without the history (tdd red-check), so whether this change adds it is not known. */
  MARKER_SKIP: { marker: string; kind: 'skip' | 'todo' | 'xfail'; origin?: 'unknown' };
  // evidence
  /** `unbuiltPackage`: the repository's own workspace package the file could not load (its entry a build product not in the copy). */
  RED_WRONG_REASON: { kind: FailureClass | FileErrorKind; message: string; test?: string; unbuiltPackage?: string };
  RED_TESTS_PASS: undefined;
  RED_NEW_TEST_PASSES: { test: string };
  RED_REGRESSION_ACCEPTED: undefined;
  GREEN_TESTS_FAIL: { test: string; kind: FailureClass; message: string };
  GREEN_SNAPSHOT_MISSING: { test: string; snapshot: string; message: string };
  GREEN_FILE_ERROR: { kind: FileErrorKind; message: string };
  GREEN_NO_TESTS_RAN: undefined;
  GREEN_TEST_SKIPPED: { test: string; status: 'skipped' | 'todo' };
  GREEN_RED_TEST_MISSING: { test: string };
  /** `status`: the run's (runner-missing, timeout…); `symlink`: a staged link out of the tree; `fix`: doctor's command for a missing runner (verify/refusal-notes); `related`: the run that timed out was the runner's related-tests mode (the set too large). */
  RUN_UNVERIFIED: { runner: string; reason: string; status?: string; symlink?: string; fix?: string; related?: true; buildTimeout?: true };
  RUN_LEAKED: { runner: string; leaks: Leak[] };
  STATIC_CHECK_FAILED: { command: string; exitCode: number | null; output: string };
  FALSE_FAIL_ACCEPTED: { patterns: string[]; failures: FindingCode[] };
  IMPORT_NEAR_MISS: { specifier: string; nearest: string; phase: Phase };
  // commit-msg
  INDEX_CHANGED: { verified: string; now: string };
  // tdd red-check: files named on the command line
  FILE_MISSING: { reason: 'missing' | 'directory' | 'unreadable'; detail?: string };
  LANGUAGE_UNKNOWN: { known: string[] };
  // integrity of what GREEN/REFACTOR adds to implementation (gates/integrity): what was found, and the test or support file it reaches
  IMPL_TEST_FRAMEWORK: { found: string };
  IMPL_SNIFFS_RUNNER: { found: string };
  IMPL_PATCHES_RUNTIME: { found: string };
  IMPL_READS_TESTS: { found: string; target: string };
  IMPL_ALWAYS_EQUAL: { found: string };
  IMPL_EXIT_AT_IMPORT: { found: string };
  IMPL_IMPORTS_TEST_SUPPORT: { found: string; target: string };
  // the state follows the history (state/follow.ts)
  STATE_FOLLOWED: Omit<Followed, 'at'> & { at?: string };
  // untracked is said out loud (gates/red-untracked-import.ts)
  RED_UNTRACKED_IMPORT: { file: string; state: 'untracked' | 'modified'; kind: string; test?: string };
  // RED adds, it does not take away (`tdd phase red --revise`)
  /** A test that was there before this RED (passing at its parent), edited or gone; `outside`: code beside the tests lost something. */
  RED_CHANGES_PASSING_TEST: { test: string; change: 'edited' | 'deleted' | 'outside' };
  /** Declared with `--revise`: the old tests this RED changes, and why. */
  RED_REVISED: { why: string; tests: string[] };
  /** A runner configuration key naming harness files (setupFiles…) whose value is code, not literals: its files are not known to be frozen. */
  HARNESS_UNREAD: { key: string };
  // GREEN: code no test demands (greenCoverage), tests the change breaks (greenRuns)
  /** `lines`: the added lines of `path` no task test ran (1-based, ascending); `mode`: greenCoverage; `more`: files past the named ones. */
  GREEN_UNCOVERED_CODE: { lines: number[]; mode: 'warn' | 'refuse'; more?: number };
  /** A runner that could not measure `files`' coverage; `install`: the command that would let it. */
  GREEN_COVERAGE_UNMEASURED: { runner: string; reason: string; install?: string; files: string[]; mode: 'warn' | 'refuse' };
  /** A related test (not the task's) that passed at the parent and fails with this commit; `test` '' for the whole file. */
  GREEN_BREAKS_TEST: { test: string; kind: FailureClass | FileErrorKind; message: string };
  /** The related tests were not (all) run: more files than the bound, or a run that did not complete. */
  GREEN_RELATED_UNRUN: { reason: 'too-many' | 'not-completed'; count?: number; limit?: number; detail?: string };
  /** A related test that fails at the parent too: not this commit's doing. */
  GREEN_RELATED_FAILING_BEFORE: { test: string };
  /** GREEN/REFACTOR: skipped or todo tests in test files this commit does not change, none of them the task's RED tests. */
  SKIPS_NOT_ADDED: { count: number; files: string[] };
  // isolation.build: the build products the tests need, built in the private copy (verify/copy-build.ts)
  /** The build ran from the staged sources (`cached`: its inputs unchanged since the copy's last build, reused). */
  ISOLATION_BUILD: { command: string; cached: boolean; outputs: string[] };
  /** The build exited non-zero: the staged sources do not build; `output`: its last lines. */
  ISOLATION_BUILD_FAILED: { command: string; exitCode: number | null; output: string };
  /** A linked build (isolation.link, `path`) of sources the commit does not hold: built after the unstaged edit of `source`, or before the staged change of `source`. */
  LINK_STALE: { reason: 'unstaged' | 'older'; source: string; untracked?: true };
  /** REFACTOR: the related set chosen by name (`by`: the import graph, every test file) is `count` files beside the task's, over relatedFileLimit (`limit`): not run. */
  RELATED_OVER_BUDGET: { count: number; limit: number; by: string };
  /** vitest related ran, but which of its projects run in a browser or are e2e could not be read (`entries`: file and entry): the related set's bounds are not established. */
  RELATED_PROJECTS_UNREAD: { entries: string[] };
}

/**
 * A failure class the runner adapters assign to one failing test. 'snapshot-missing': the test
 * compares with a snapshot nobody has written yet (jest `--ci`, vitest `--update=none`) — not a
 * mismatch, which is an 'assertion'.
 */
export type FailureClass = 'assertion' | 'missing-symbol' | 'exception' | 'timeout' | 'snapshot-missing';

/** A problem with a whole test file (it never produced test results of its own). */
export type FileErrorKind = 'syntax' | 'missing-module' | 'missing-symbol' | 'no-tests' | 'load-error';

export interface TestCaseResult {
  /** Repository-relative path of the test file, forward slashes. */
  file: string;
  /** Full name: describe blocks and test name joined by ' > '. */
  name: string;
  status: 'passed' | 'failed' | 'skipped' | 'todo';
  failure?: FailureClass;
  /** First line of the failure message, for evidence and messages. */
  message?: string;
}

export interface FileError {
  file: string;
  kind: FileErrorKind;
  message: string;
  /** A workspace package of this repository that did not load (not built, or not linked): its name. */
  unbuiltPackage?: string;
}

/**
 * A file of the user's work tree that a test run reached instead of the private copy, where it
 * differs from the commit (or the commit does not hold it): the run proves nothing about the commit.
 */
export interface Leak {
  /** Repository-relative path. */
  path: string;
  /** How the run got there, when a file of the project says so (`go.mod: replace … => /abs/path`). */
  via?: string;
}

/**
 * A runner's report, normalised. `status` other than 'completed' means the run cannot be trusted:
 * the verdict is "could not verify" (exit 3), never a pass.
 */
export interface RunResult {
  runner: string;
  status: 'completed' | 'interrupted' | 'timeout' | 'runner-missing' | 'unknown' | 'leaked';
  /** argv of the run, for evidence. */
  command: string[];
  exitCode: number | null;
  durationMs: number;
  /** The test files asked for (repository-relative). */
  files: string[];
  tests: TestCaseResult[];
  fileErrors: FileError[];
  /** Why status is not 'completed', in a few words. */
  reason?: string;
  /** The last lines of the runner's output, shown when the run could not be verified. */
  outputTail?: string;
  /** status 'leaked': what the run read from the work tree. */
  leaks?: Leak[];
  /** GREEN: the runner's coverage of the changed source files (coverage/types), when it was asked for. */
  coverage?: RunCoverage;
  /** The run was the runner's related-tests mode (`vitest related`): a timeout then says the related set was too large. */
  relatedMode?: true;
  /** `vitest related` ran without established project bounds: the entries of the projects' list that could not be read (runners/vitest-workspace.ts). */
  relatedUnread?: string[];
  /** isolation.build: the build in the copy before the tests (verify/copy-build.ts); status 'failed' or 'unrun': no test ran. */
  build?: BuildFacts;
}

/** What `isolation.build` did in the private copy before a run. */
export interface BuildFacts {
  command: string;
  /** 'cached': the inputs' content is the last build's, its outputs reused; 'unrun': it could not start, timed out or was interrupted. */
  status: 'built' | 'cached' | 'failed' | 'unrun';
  /** The inputs' content id (sha256 of the command and the inputs' paths and blob ids). */
  key: string;
  exitCode: number | null;
  /** What the build left in the copy that the commit does not hold (folders collapsed), repository-relative. */
  outputs: string[];
  /** The build's last lines (failed, unrun). */
  outputTail?: string;
  reason?: string;
  /** 'unrun' because it outlived timeoutSeconds (the build has the same timeout as the test run, apart from it). */
  timedOut?: true;
}

/** Stable test id: `file > name`. */
export function testId(t: { file: string; name: string }): string {
  return `${t.file} > ${t.name}`;
}
