import type { FailureClass, Finding, Phase } from '../types.js';

/** What a task's RED commit(s) froze: the tests that must pass in GREEN, and where they are. */
export interface RedRecord {
  /** The last RED commit of the task: GREEN and REFACTOR compare test files against its tree. */
  commit: string;
  tree: string;
  /** Test files the RED commits added or changed (GREEN runs these). */
  files: string[];
  /** Blob ids of those test files at the RED commit. */
  blobs: Record<string, string>;
  /** Ids (`file > name`) of the tests that failed at RED. */
  failing: string[];
  regression: boolean;
  /** Set once a GREEN commit of the task landed; the next RED starts a new record. */
  greenCommit?: string;
}

export interface TestEvidence {
  id: string;
  status: 'passed' | 'failed' | 'skipped' | 'todo';
  failure?: FailureClass;
  message?: string;
}

/** The evidence of the last verdict, for `tdd status` and the trailers. */
export interface Evidence {
  runner: string;
  command: string[];
  exitCode: number | null;
  durationMs: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Failing tests and file errors, with their class. */
  failures: TestEvidence[];
  fileErrors: { file: string; kind: string; message: string }[];
  /** isolation.build before the run: built, reused (cached), failed or unrun, and its inputs' key. */
  build?: { command: string; status: string; key: string };
}

export interface Verdict {
  at: string;
  phase: Phase | 'none';
  task: string | null;
  tree: string | null;
  exitCode: 0 | 1 | 3;
  codes: string[];
  evidence?: Evidence;
}

export interface State {
  version: 1;
  phase: Phase | null;
  task: string | null;
  /** `tdd phase red --regression`: the next RED commit may hold tests that already pass. */
  regression: boolean;
  /** Why the phase is what it is (a reason for `off`, or "advanced after <sha>"). */
  reason: string | null;
  since: string;
  /** Per task ('' when no task is active). */
  red: Record<string, RedRecord>;
  lastGreen: { commit: string; task: string | null } | null;
  lastVerdict: Verdict | null;
  /**
   * The HEAD this state was last checked against (state/follow.ts): its records' commits are
   * ancestors of it. Absent in a state written before tdd-hooks tracked it.
   */
  head?: string;
  /** What the last check found when HEAD had moved outside the hooks (a switch, reset, rebase…). */
  followed?: Followed;
  /** `tdd phase off`: the phase it interrupted, which comes back after one off commit (unless `until`). */
  resume?: { phase: Phase | null; task: string | null } | null;
  /** `tdd phase off --until`: `task:<id>` (off while that task is active) or an ISO time; null: one commit. */
  until?: string | null;
  /** `tdd phase red --revise "why"`: the next RED commit may change tests that passed at its parent. */
  revise?: string | null;
}

/** A record the history no longer holds: dropped, and said so (`tdd status`, the hook's note). */
export interface Dropped {
  /** 'red': the task's RED record; 'green': its GREEN (the RED is open again); 'last-green'. */
  record: 'red' | 'green' | 'last-green';
  task: string | null;
  commit: string;
}

/** How the state followed HEAD when it moved outside the hooks. */
export interface Followed {
  at: string;
  /** The HEAD the state was checked against before, and the one it follows now. */
  from: string | null;
  to: string;
  dropped: Dropped[];
  /** The phase and task the history gave back, and the commit that says so. */
  phase?: { from: Phase | null; to: Phase | null; task: string | null; commit: string };
  /** The open RED record found again from this branch's trailers. */
  refound?: string;
}

/** Written by pre-commit, read by commit-msg and post-commit; keyed by the verified tree. */
export interface Pending {
  tree: string;
  /** HEAD when pre-commit verified: the new commit's parent, unless the commit was an amend. */
  head?: string | null;
  phase: Phase;
  task: string | null;
  regression: boolean;
  reason: string | null;
  /** Test files that were staged (RED) or run (GREEN/REFACTOR). */
  testFiles: string[];
  blobs: Record<string, string>;
  failing: string[];
  evidence?: Evidence;
  /** RED: test files this commit deletes (a rename: the record follows the test to its new path). */
  removedTests?: string[];
  /** Compact evidence for the trailer. */
  summary: string;
  at: string;
  /**
   * What the verdict depended on besides the tree (phase, task, config, HEAD, RED record, runner
   * and node versions), hashed: the same key means the same verdict, so a commit retried after an
   * aborted message, or made after `tdd verify`, runs no tests.
   */
  key?: string;
  /** GREEN-impossible: the falseFailPatterns that every remaining failure matched. */
  falseFail?: string;
  /** The task's attempts, as the TDD-Attempts trailer says them. */
  attempts?: string;
  /** REFACTOR: which tests ran and how they were chosen (`related: vitest related`), as TDD-Tests says it. */
  tests?: string;
  /** GREEN, greenCoverage "warn": the added lines no task test ran, as TDD-Uncovered says them (`src/a.js:3,5`). */
  uncovered?: string;
  /** The configured commit message template, rendered for the task: filled in, or enforced. */
  subject?: { text: string; mode: 'fill' | 'enforce' };
  /** RED with `--revise`: why it changes tests that passed at its parent (the TDD-Revise trailer). */
  revise?: string;
  /** Off with `--until`: what ends it (the TDD-Off-Until trailer). */
  until?: string;
  /**
   * The accepted verdict's findings past the static gates' (its warnings and notes: GREEN_RELATED_UNRUN,
   * GREEN_UNCOVERED_CODE…): a commit that reuses the verdict says and records them again.
   */
  findings?: Finding[];
}

export function emptyState(now: Date): State {
  return {
    version: 1,
    phase: null,
    task: null,
    regression: false,
    reason: null,
    since: now.toISOString(),
    red: {},
    lastGreen: null,
    lastVerdict: null,
  };
}

/**
 * An agent guard decision in events.jsonl (`tdd guard`): one line per tool call it judged.
 * `tdd report` counts the denied ones per task.
 */
export interface GuardEvent {
  event: 'guard';
  agent: string;
  /** The agent's tool name (Write, apply_patch, run_shell_command…). */
  tool: string;
  decision: 'allow' | 'deny';
  phase: Phase | null;
  task: string | null;
  /** The guard's codes (RED_IMPL_WRITE, TESTS_FROZEN, NO_VERIFY…); empty when allowed. */
  codes: string[];
  /** Repository-relative paths the call would change (at most 20). */
  paths: string[];
  /** The shell command, cut at 200 characters. */
  command?: string;
}
