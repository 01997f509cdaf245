/**
 * The data of `tdd doctor`: plain facts about one checkout, read once (read*.ts), and the results
 * of the checks over them (checks/). Pure types; nothing here touches the world.
 */
import type { ConfigProblem } from '../config/validate.js';
import type { RunnerName } from '../config/schema.js';
import type { HookName } from '../install/shim.js';
import type { State } from '../state/types.js';
import type { Finding, Phase } from '../types.js';
import type { AgentName } from '../agent/types.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export type CheckId =
  | 'hooks-path'
  | 'hooks-dir'
  | `hook-${HookName}`
  | 'cli'
  | 'node'
  | 'config'
  | 'runner'
  | 'state'
  | 'state-history'
  | 'pending'
  | 'env'
  | 'git-lock'
  | `agent-${AgentName}`;

/** A file as git would run it: followed through a symlink. */
export type FileFact =
  | { kind: 'absent' }
  /** A directory, a socket, a dangling symlink…: nothing git can run. */
  | { kind: 'other' }
  | { kind: 'file'; content: string; mode: number; executable: boolean };

export interface HookFacts {
  hook: HookName;
  /** What git runs: `<hooksDir>/<hook>`. */
  run: FileFact;
  /** The hook install moved aside; the shim runs it first when it is executable. */
  chained: FileFact;
  /** husky: the tracked script `.husky/<hook>` that husky's stub runs; null without husky. */
  script: FileFact | null;
  /** Our shim left in `<common>/hooks` while git runs another directory: its path, else null. */
  stranded: string | null;
}

/** `git config --show-scope --show-origin --get core.hooksPath`. */
export interface HooksPathSetting {
  value: string;
  /** `file:.git/config`, `file:/home/u/.gitconfig`, `command line:` … */
  origin: string;
  /** local, worktree, global, system, command. */
  scope: string;
}

export interface LayoutFacts {
  /** Where doctor runs: fixes name paths relative to it. */
  cwd: string;
  top: string;
  gitDir: string;
  commonDir: string;
  /** `git rev-parse --git-path hooks`: where git looks for hooks. */
  hooksDir: string;
  /** `<common>/hooks`: where git looks when core.hooksPath is not set. */
  defaultHooksDir: string;
  hooksDirPlace: 'git-dir' | 'worktree' | 'outside';
  hooksDirKind: 'dir' | 'absent' | 'other';
  /** husky's folder of tracked scripts when husky runs the hooks (install's detection). */
  huskyDir: string | null;
  /** This checkout is a `git worktree add` one: `.git` is a file. */
  linkedWorktree: boolean;
}

import type { PackageManager } from '../config/package-managers.js';
export type { PackageManager };

export interface ProjectFacts {
  /** From the lockfile at the top level. */
  packageManager: PackageManager;
  /** The names in the top-level package.json's dependencies and devDependencies. */
  dependencies: string[];
  /** `node_modules/husky` in this checkout. */
  huskyInstalled: boolean;
}

/** How our installed hooks reach the CLI, one entry per distinct path. */
export interface CliFacts {
  /** As the hook names it: relative to the top level (git runs hooks there). */
  cli: string;
  present: boolean;
  /** The absolute CLI a shim tries next ('' in the shim: none). */
  fallback: string | null;
  fallbackPresent: boolean;
  hooks: HookName[];
}

export interface NodeProbe {
  path: string;
  /** `<path> --version`; null when it did not run. */
  version: string | null;
}

export interface NodeFacts {
  platform: string;
  /** The node running doctor. */
  self: NodeProbe & { version: string };
  /** `node` on this shell's PATH. */
  onPath: NodeProbe | null;
  /** The PATH a GUI git client gives hooks, and node on it. */
  guiPath: string;
  onGuiPath: NodeProbe | null;
  /** The node fallbacks recorded in our shims. */
  fallbacks: NodeProbe[];
  /** husky's init file (its stubs source it before the script) and node on the GUI PATH after it. */
  huskyInit: { path: string; exists: boolean; node: string | null } | null;
}

export type ConfigFacts = (
  | { ok: true; source: string; runner: RunnerName; autoAdvance: boolean; warnings: Finding[] }
  | { ok: false; code: string; message: string; problems: ConfigProblem[] }
) & {
  /**
   * The working copy's config file when it is malformed (not JSON: where it breaks) or invalid (its
   * problems): the hooks judge by the committed one, but the next commit that stages it is refused.
   */
  worktree?: { file: string; line?: number; column?: number; message?: string; problems?: ConfigProblem[] };
};

export interface RunnerFacts {
  /** The configured runner. */
  name: string;
  /** The folder it runs in, repository-relative ('.' for the top). */
  root: string;
  /** python3, go, cargo, or the command's program: what was asked for its version (`go version`); absent for package runners and node. */
  probe?: string[];
  /** Why the probe failed (not found, exit code), when it did. */
  probeError?: string;
  /** Its entry in the project's node_modules, as the hooks locate it (`node_modules/vitest/vitest.mjs`); null for node --test and runners doctor does not know. */
  entry: string | null;
  present: boolean;
  version: string | null;
  /** tdd-hooks' compiled reporter for node --test. */
  nodeReporter: boolean;
}

export type StateFacts =
  { kind: 'absent'; path: string } | { kind: 'corrupt'; path: string; reason: 'json' | 'shape' | 'unreadable' } | { kind: 'ok'; path: string; state: State };

export type PendingFacts =
  | { kind: 'absent'; path: string }
  | { kind: 'corrupt'; path: string }
  | { kind: 'ok'; path: string; head: string | null | undefined; tree: string; at: string; phase: string };

export interface HistoryFacts {
  head: string | null;
  /** The state as the trailers rebuild it; null without HEAD or without a readable state. */
  rebuilt: State | null;
  /** For each commit the state names: is it HEAD or an ancestor of HEAD. */
  ancestors: Record<string, boolean>;
  /** The newest commit with a TDD-Phase trailer on HEAD's first-parent line. */
  latest: { commit: string; phase: Phase; task: string | null; committedAt: string } | null;
}

export interface DoctorFacts {
  layout: LayoutFacts;
  hooksPath: HooksPathSetting | null;
  hooks: HookFacts[];
  project: ProjectFacts;
  cli: CliFacts[];
  node: NodeFacts;
  config: ConfigFacts;
  /** Each configured runner (empty when the configuration is invalid). */
  runners: RunnerFacts[];
  state: StateFacts;
  pending: PendingFacts;
  history: HistoryFacts;
  env: { TDD_HOOKS?: string; HUSKY?: string };
  /** `<git dir>/index.lock` when it exists (this worktree's index): its size and age. */
  indexLock: { path: string; size: number; ageSeconds: number } | null;
  /** The coding agents whose hooks `install --agent` wrote here. */
  agents: AgentFacts;
}

/** One file an agent's hooks live in, relative to the top level. */
export interface AgentFileFact {
  path: string;
  fact: FileFact;
}

/** An agent with a tdd-hooks guard in one of its hook files (install --agent NAME was run). */
export interface AgentHookFacts {
  agent: AgentName;
  /** Every file install writes for it, as it is now. */
  files: AgentFileFact[];
  /** The CLI paths its guard commands name → whether each is there, from the top level. */
  clis: Record<string, boolean>;
  /** Settings of the agent's own that switch every hook off (Claude's `disableAllHooks: true`): file and key. */
  switchedOff?: { file: string; key: string }[];
}

export interface AgentFacts {
  installed: AgentHookFacts[];
  /** The CLI a new `install --agent` would name, relative to the top level, and whether it is there. */
  cli: { rel: string; present: boolean };
  /** Codex's own configuration, when its hooks are installed: the user's (CODEX_HOME) and the project's. */
  codex?: { userConfig: string; user: string | null; project: string | null; folders: string[] };
  /** The user-wide Claude Code plugin / Gemini CLI extension (hooks/claude-plugin, hooks/gemini-extension), where enabled or installed. */
  plugins?: { agent: 'claude' | 'gemini'; path: string }[];
  /** A tdd-hooks on PATH (what the plugin's launcher runs when the project has none). */
  globalCli?: boolean;
}

/** Stable codes, documented in the README; tests assert these, never the wording. */
export type DoctorCode =
  | 'CONFIG_WORKTREE_INVALID'
  | 'HOOKS_PATH_UNSET'
  | 'HOOKS_PATH_LOCAL'
  | 'HOOKS_PATH_SHARED'
  | 'HOOKS_PATH_ABSOLUTE'
  | 'HOOKS_PATH_HUSKY_UNSET'
  | 'HOOKS_DIR_OK'
  | 'HOOKS_DIR_MISSING'
  | 'HOOK_OK'
  | 'HOOK_CALLS_TDD'
  | 'HOOK_MISSING'
  | 'HOOK_NOT_EXECUTABLE'
  | 'HOOK_FOREIGN'
  | 'HOOK_NOT_A_FILE'
  | 'HOOK_NOT_REACHED'
  | 'HOOK_CHAINED_NOT_EXECUTABLE'
  | 'HUSKY_BLOCK_MISSING'
  | 'HUSKY_BLOCK_MALFORMED'
  | 'HUSKY_STUB_MISSING'
  | 'HUSKY_TEST_LINE'
  | 'CLI_OK'
  | 'CLI_FALLBACK'
  | 'CLI_MISSING'
  | 'NODE_OK'
  | 'NODE_NOT_ON_PATH'
  | 'NODE_FALLBACK_BROKEN'
  | 'NODE_GUI_MISSING'
  | 'NODE_TOO_OLD'
  | 'CONFIG_OK'
  | 'CONFIG_WARNINGS'
  | 'CONFIG_INVALID'
  | 'RUNNER_OK'
  | 'RUNNER_MISSING'
  | 'RUNNER_REPORTER_MISSING'
  | 'RUNNER_TOOL_MISSING'
  | 'STATE_ABSENT'
  | 'STATE_OK'
  | 'STATE_CORRUPT'
  | 'STATE_HISTORY_OK'
  | 'STATE_RED_NOT_IN_HISTORY'
  | 'STATE_RED_DISAGREES'
  | 'STATE_BEHIND'
  | 'PENDING_NONE'
  | 'PENDING_CURRENT'
  | 'PENDING_STALE'
  | 'PENDING_CORRUPT'
  | 'ENV_OK'
  | 'ENV_SKIPS'
  | 'INDEX_LOCK_LEFT'
  | 'AGENT_HOOK_OK'
  | 'AGENT_HOOK_UNREADABLE'
  | 'AGENT_HOOK_CHANGED'
  | 'AGENT_HOOK_NOT_EXECUTABLE'
  | 'AGENT_HOOK_CLI_MISSING'
  | 'AGENT_CODEX_UNTRUSTED'
  | 'AGENT_CODEX_HOOKS_OFF'
  | 'AGENT_HOOKS_SWITCHED_OFF'
  | 'AGENT_PLUGIN_OK'
  | 'AGENT_PLUGIN_CLI_MISSING';

/** One check's verdict. `fix` is the exact command that repairs it (made from the facts). */
export interface CheckResult {
  id: CheckId;
  status: CheckStatus;
  code: DoctorCode;
  data: Record<string, unknown>;
  fix?: string;
}

/** A check: pure over the facts; null when it does not apply here (it is then left out). */
export type Check = (facts: DoctorFacts) => CheckResult | CheckResult[] | null;
