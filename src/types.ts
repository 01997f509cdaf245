/**
 * The data that flows between the layers. Pure modules import types from here and nothing else
 * from the shell.
 */

export type Phase = 'red' | 'green' | 'refactor' | 'off';

/** How a path in the commit is treated by the gates. */
export type FileKind = 'test' | 'support' | 'manifest' | 'impl' | 'ignored';

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
 * A finding is data; report/messages turns it into words. `code` is stable (documented in the
 * README and read by orchestrators); tests assert codes, never wording.
 */
export interface Finding {
  code: FindingCode;
  severity: Severity;
  path?: string;
  line?: number;
  data?: Record<string, unknown>;
}

export type FindingCode =
  // configuration, context
  | 'CONFIG_INVALID'
  | 'CONFIG_UNSTAGED'
  | 'CONFIG_PENDING'
  | 'PHASE_UNSET'
  | 'UNMERGED_PATHS'
  | 'OPERATION_IN_PROGRESS'
  | 'IGNORED_ONLY'
  | 'EMPTY_COMMIT'
  | 'SETUP_COMMIT'
  | 'PHASE_OFF'
  | 'VERDICT_CACHED'
  // scope
  | 'TASK_SCOPE'
  | 'COMMIT_MESSAGE_TEMPLATE'
  | 'RED_IMPL_STAGED'
  | 'TESTS_CHANGED'
  | 'SNAPSHOTS_ADDED'
  | 'TEST_CONFIG_CHANGED'
  | 'GREEN_WITHOUT_RED'
  | 'RED_NO_TESTS_STAGED'
  | 'RED_TEST_REMOVED'
  | 'CONFIG_CHANGED'
  // static test content
  | 'ASSERTION_MISSING'
  | 'ASSERTION_PRINT_ONLY'
  | 'ASSERTION_UNCHECKED'
  | 'MARKER_FOCUS'
  | 'MARKER_SKIP'
  // evidence
  | 'RED_WRONG_REASON'
  | 'RED_TESTS_PASS'
  | 'RED_NEW_TEST_PASSES'
  | 'RED_REGRESSION_ACCEPTED'
  | 'GREEN_TESTS_FAIL'
  | 'GREEN_SNAPSHOT_MISSING'
  | 'GREEN_FILE_ERROR'
  | 'GREEN_NO_TESTS_RAN'
  | 'GREEN_TEST_SKIPPED'
  | 'GREEN_RED_TEST_MISSING'
  | 'RUN_UNVERIFIED'
  | 'RUN_LEAKED'
  | 'STATIC_CHECK_FAILED'
  | 'FALSE_FAIL_ACCEPTED'
  | 'IMPORT_NEAR_MISS'
  // commit-msg
  | 'INDEX_CHANGED';

/**
 * A failure class the runner adapters assign to one failing test. 'snapshot-missing': the test
 * compares with a snapshot nobody has written yet (jest `--ci`, vitest `--update=none`) — not a
 * mismatch, which is an 'assertion'.
 */
export type FailureClass = 'assertion' | 'missing-symbol' | 'exception' | 'timeout' | 'snapshot-missing';

/** A problem with a whole test file (it never produced test results of its own). */
export type FileErrorKind =
  | 'syntax'
  | 'missing-module'
  | 'missing-symbol'
  | 'no-tests'
  | 'load-error';

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
}

/** Stable test id: `file > name`. */
export function testId(t: { file: string; name: string }): string {
  return `${t.file} > ${t.name}`;
}
