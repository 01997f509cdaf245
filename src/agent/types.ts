/**
 * The edit-time guard's data: what an agent's tool call asks for (normalised from each agent's own
 * payload by its adapter), the facts the decision needs, and the decision. Plain data.
 */
import type { FileKind, Phase } from '../types.js';

export const AGENTS = ['claude', 'codex', 'gemini', 'cursor', 'copilot', 'windsurf', 'cline', 'qwen', 'factory', 'augment', 'opencode', 'kiro'] as const;
export type AgentName = (typeof AGENTS)[number];

/** One file a tool call would change, as the agent named it (absolute, or relative to `cwd`). */
export interface FileChange {
  path: string;
  /** `delete` removes the file (Codex `*** Delete File`, `rm`, the source of `mv`). */
  op: 'write' | 'delete';
  /** The whole new content when the call says it (Write, `*** Add File`): an empty new file is allowed in RED. */
  content?: string;
  /** The text of a partial edit (old and new strings, a patch's lines): enough to see a config key change. */
  fragments?: string[];
}

export type GuardRequest =
  /** A tool that writes files (Write, Edit, apply_patch, write_file, replace…). */
  | { kind: 'files'; tool: string; changes: FileChange[]; cwd?: string }
  /** A shell command (Bash, run_shell_command, Shell…). */
  | { kind: 'shell'; tool: string; command: string; cwd?: string }
  /** A tool that writes nothing the commit could hold (Read, Grep, a web fetch): allowed. */
  | { kind: 'other'; tool: string; cwd?: string }
  /** The session starts: the agent is told the phase, the task and the next step. */
  | { kind: 'session'; cwd?: string }
  /** The payload is not what the agent's docs describe: denied (fail closed). */
  | { kind: 'unreadable'; reason: string; tool?: string; cwd?: string }
  /** A call whose inner tool calls never reach the hook (Copilot's run_agent_script): denied, saying so. */
  | { kind: 'hidden'; tool: string; reason: string; cwd?: string };

/** Where a path lands once resolved against the repository (`..` and symlinks followed). */
export type Place =
  | { where: 'repo'; rel: string }
  /** Inside the git dir (hooks, config, tdd-hooks' state): never the agent's to write. */
  | { where: 'git-dir'; rel: string }
  /** Outside the work tree: not part of any commit. */
  | { where: 'outside' }
  /** A path the command builds at run time ($VAR, a glob): not judged here (the commit layer is). */
  | { where: 'unknown' };

/** A change with its place and, for a repository path, what the commit-time classifier calls it. */
export interface ResolvedChange {
  path: string;
  op: 'write' | 'delete';
  place: Place;
  kind?: FileKind;
  /** git ignores it (.gitignore): no commit holds it. */
  gitIgnored?: boolean;
  /** A file whose edit turns a hook off: a husky script or an agent config holding tdd-hooks' entry. */
  holdsHooks?: boolean;
  /** A new empty file (allowed in RED, as at commit time). */
  emptyNew?: boolean;
  /** tdd-hooks' own configuration (.tddrc*, package.json's "tdd" key): a person's to change, never the agent's. */
  tddConfig?: boolean;
}

/** What the decision needs to know about the repository, read once per call. */
export interface GuardContext {
  phase: Phase | null;
  task: string | null;
  /** The task's RED record is open (a RED commit waits for its GREEN). */
  openRed: boolean;
  /** Test files the open RED record froze. */
  redFiles: string[];
  /** Per-task scope from the plan, when a task that declares files is active. */
  taskScope?: { task: string; paths: string[]; always: string[]; owners: Record<string, string> };
}

export type GuardCode =
  | 'PHASE_UNSET'
  | 'RED_IMPL_WRITE'
  | 'RED_TEST_REMOVED'
  | 'TESTS_FROZEN'
  | 'GREEN_WITHOUT_RED'
  | 'TASK_SCOPE'
  | 'GIT_DIR_WRITE'
  | 'HOOKS_EDIT'
  | 'NO_VERIFY'
  | 'HOOKS_DISABLED'
  | 'HOOKS_PATH'
  | 'SHELL_UNREADABLE'
  | 'INPUT_UNREADABLE'
  | 'GUARD_ERROR'
  | 'PHASE_SELF_CHANGE'
  | 'CONFIG_EDIT'
  | 'TOOLS_IN_SCRIPT';

/** Why a call is denied: the rule (code), the path or command word, the phase and task it was judged in. */
export interface GuardFinding {
  code: GuardCode;
  path?: string;
  data?: Record<string, string>;
}

export interface Decision {
  allow: boolean;
  findings: GuardFinding[];
  /** What the guard could not read with certainty (eval of a variable, a script it did not see): said in a deny, logged always. */
  notes?: string[];
  phase: Phase | null;
  task: string | null;
}

/** What the agent reads back: an exit code, and the text on each stream in its own format. */
export interface AgentOutput {
  exitCode: 0 | 2;
  stdout: string;
  stderr: string;
}

/** One agent's dialect: its payload in, its decision out. Pure. */
export interface AgentAdapter {
  name: AgentName;
  /** The payload (parsed JSON) → what the call asks for. */
  parse(payload: unknown): GuardRequest;
  /** A decision → the agent's own format; `reason` is the deny text (with the next legal step). */
  formatDecision(allow: boolean, reason: string): AgentOutput;
  /** SessionStart's text for the agent's context; undefined for an agent whose start adds none. */
  formatContext?(text: string): AgentOutput;
}
