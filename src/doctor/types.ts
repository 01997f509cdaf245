/**
 * The data of `tdd doctor`: plain facts about one checkout, read once (read*.ts), and the results
 * of the checks over them (checks/). Pure types; nothing here touches the world.
 */
import type { ConfigProblem } from '../config/validate.js';
import type { RunnerName } from '../config/schema.js';
import type { HookName, HookOwner } from '../install/shim.js';
import type { State } from '../state/types.js';
import type { Finding, FindingCode, FindingFrom, Phase } from '../types.js';
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

type Path = { path: string };
/** Our shim left in the default hooks folder while git runs another (HookFacts.stranded). */
type Stranded = { stranded?: string };
type HooksPathData = HooksPathSetting & { hooksDir: string };
type NodeData = { path: string; version: string; guiPath: string };
/** Where a runner runs, when not at the top level. */
type Root = { root?: string };
type ProbeData = { runner: string; probe: string; version: string | null; error: string | null } & Root;
type EntryData = { runner: string; entry: string; version: string | null; declared: boolean } & Root;
type PendingData = { path: string; at: string; phase: string; head: string | null; now: string | null };
/** A commit-time warning about the configuration, flattened: its code, file and data. */
export type ConfigWarning = { code: FindingCode; path: string | null; state?: 'untracked' | 'modified'; broken?: true; key?: string; [field: string]: unknown };
type None = Record<string, never>;

/**
 * Each doctor code and its data, as the hook's FindingData: the checks that make a result and the
 * words that read it (messages.ts) are checked against this table. Codes are stable, documented
 * in the README; tests assert them, never the wording. Paths in the data are absolute.
 */
export interface DoctorFindingData {
  CONFIG_WORKTREE_INVALID: NonNullable<ConfigFacts['worktree']>;
  HOOKS_PATH_UNSET: { hooksDir: string };
  HOOKS_PATH_LOCAL: HooksPathData;
  HOOKS_PATH_SHARED: HooksPathData;
  HOOKS_PATH_ABSOLUTE: HooksPathData;
  HOOKS_PATH_HUSKY_UNSET: { huskyDir: string; hooksDir: string };
  HOOKS_DIR_OK: { hooksDir: string };
  HOOKS_DIR_MISSING: { hooksDir: string; kind: 'absent' | 'other'; husky: boolean; linkedWorktree: boolean };
  /** `script`: husky's tracked script the stub runs. */
  HOOK_OK: Path & { script?: string };
  HOOK_CALLS_TDD: Path;
  HOOK_MISSING: Path & Stranded;
  HOOK_NOT_EXECUTABLE: Path & { mode: number };
  /** `chained`: the hook install moved aside, when it differs (install cannot keep both). */
  HOOK_FOREIGN: Path & Stranded & { owner: HookOwner; chained?: string };
  HOOK_NOT_A_FILE: Path;
  HOOK_NOT_REACHED: Path & { hooksDir: string; husky?: true };
  HOOK_CHAINED_NOT_EXECUTABLE: Path & { chained: string };
  HUSKY_BLOCK_MISSING: { script: string } & Stranded;
  HUSKY_BLOCK_MALFORMED: { script: string; line: number; problem: string };
  HUSKY_STUB_MISSING: Path & { script: string };
  HUSKY_TEST_LINE: { script: string; line: number; text: string };
  CLI_OK: { cli: string[] };
  CLI_FALLBACK: { cli: string; fallback: string | null; hooks: HookName[] };
  CLI_MISSING: Path & { cli: string; fallback: string | null; hooks: HookName[] };
  /** `gui`: the node a GUI git client runs (null on Windows: not asked). */
  NODE_OK: NodeData & { gui: string | null };
  NODE_NOT_ON_PATH: { husky: boolean; self: string };
  NODE_FALLBACK_BROKEN: NodeData & { fallbacks: string[] };
  NODE_GUI_MISSING: NodeData & { husky: boolean };
  NODE_TOO_OLD: { path: string; version: string; min: string };
  CONFIG_OK: { source: string; runner: RunnerName };
  CONFIG_WARNINGS: { source: string; runner: RunnerName; warnings: ConfigWarning[] };
  /** `error`: the configuration error's code. */
  CONFIG_INVALID: { file: string; error: string; message: string; problems: ConfigProblem[] };
  RUNNER_OK: ProbeData | EntryData | ({ runner: 'node' } & Root);
  RUNNER_MISSING: EntryData;
  RUNNER_REPORTER_MISSING: { runner: 'node' } & Root;
  RUNNER_TOOL_MISSING: ProbeData;
  STATE_ABSENT: Path;
  STATE_OK: Path & { phase: Phase | null; task: string | null };
  STATE_CORRUPT: Path & { reason: 'json' | 'shape' | 'unreadable' };
  /** `followed`: the records dropped when HEAD moved outside the hooks. */
  STATE_HISTORY_OK: { phase: Phase | null; task: string | null; red: string | null; followed?: string[] };
  /** `active: false`: the record of a task other than the active one. */
  STATE_RED_NOT_IN_HISTORY: { task: string | null; commit: string; head: string; active?: false };
  STATE_RED_DISAGREES: { task: string | null; state: string | null; trailers: string | null };
  STATE_BEHIND: { phase: Phase | null; since: string; commit: string; commitPhase: Phase; expected: Phase | null };
  PENDING_NONE: None;
  PENDING_CURRENT: PendingData;
  PENDING_STALE: PendingData;
  PENDING_CORRUPT: Path;
  ENV_OK: None;
  ENV_SKIPS: { vars: ('TDD_HOOKS' | 'HUSKY')[] };
  INDEX_LOCK_LEFT: Path & { size: number; ageSeconds: number; stale: boolean };
  AGENT_HOOK_OK: { agent: AgentName; files: string[]; cli: string };
  AGENT_HOOK_UNREADABLE: Path & { agent: AgentName; problem: string };
  AGENT_HOOK_CHANGED: Path & { agent: AgentName; missing: string[]; unexpected: string[] };
  AGENT_HOOK_NOT_EXECUTABLE: Path & { agent: AgentName; mode: number };
  AGENT_HOOK_CLI_MISSING: Path & { agent: AgentName; cli: string };
  AGENT_CODEX_UNTRUSTED: { agent: 'codex'; trust: 'untrusted' | 'unknown'; config: string; top: string };
  AGENT_CODEX_HOOKS_OFF: { agent: 'codex'; config: string };
  AGENT_HOOKS_SWITCHED_OFF: { agent: AgentName; config: string; key: string };
  AGENT_PLUGIN_OK: Path & { agent: 'claude' | 'gemini' };
  AGENT_PLUGIN_CLI_MISSING: Path & { agent: 'claude' | 'gemini'; cli: string };
  /** The user-wide plugin (`path`) and this project's `install --agent` hooks (`files`) both run the guard. */
  AGENT_GUARD_TWICE: Path & { agent: 'claude' | 'gemini'; files: string[] };
}

/** Stable codes, documented in the README; tests assert these, never the wording. */
export type DoctorCode = keyof DoctorFindingData;

/** One check's verdict without its check's id, narrowed by its code. `fix` is the exact command that repairs it (made from the facts). */
export type CheckVerdict<C extends DoctorCode = DoctorCode> = FindingFrom<DoctorFindingData, C, { status: CheckStatus; fix?: string }>;

/** One check's verdict, narrowed by its code. */
export type CheckResult<C extends DoctorCode = DoctorCode> = FindingFrom<DoctorFindingData, C, { id: CheckId; status: CheckStatus; fix?: string }>;

/** A check: pure over the facts; null when it does not apply here (it is then left out). */
export type Check = (facts: DoctorFacts) => CheckResult | CheckResult[] | null;
