/**
 * What `install --agent NAME` writes for each coding agent: the project file its hooks live in,
 * and the entries tdd-hooks puts there (the guard before each write or shell call, and the
 * session-start context where the agent has one). Pure: the CLI's path comes in, relative to the
 * repository's top, as the git hook shims name it.
 */
import { AGENTS, type AgentName } from '../agent/types.js';
import { usageError } from '../errors.js';

/** A handler in Claude's grouped shape: `hooks.<Event>: [{ matcher?, hooks: [handler] }]`. */
export interface GroupedEntry {
  event: string;
  matcher?: string;
  handler: Record<string, unknown>;
}

export type AgentFile =
  /** A JSON file shared with the user's own settings: our entries are merged in and taken out. */
  | { kind: 'grouped'; path: string; entries: GroupedEntry[] }
  /** Cursor and Windsurf: `hooks.<event>: [handler]`, with `top` keys a new file starts with. */
  | { kind: 'flat'; path: string; entries: { event: string; handler: Record<string, unknown> }[]; top?: Record<string, unknown> }
  /** A file that is ours alone (Copilot's hooks file, Cline's hook scripts). */
  | { kind: 'own'; path: string; content: string; mode: number };

/** Our handlers, whatever CLI path or options an earlier install wrote: `… tdd … guard <agent>`. */
export const isOurCommand = (agent: AgentName, command: unknown): boolean =>
  typeof command === 'string' && new RegExp(`tdd(\\.js|-hooks)?\\b.*\\bguard ${agent}\\b`).test(command);

/** A path inside a double-quoted shell word. */
const dq = (s: string): string => s.replace(/["$`\\]/g, '\\$&');

const TIMEOUT = 30;

/** Claude Code's layout, which Codex shares: the guard on PreToolUse, and SessionStart for the context. */
function claudeShaped(path: string, matcher: string, command: string, extra: Record<string, unknown> = {}): AgentFile {
  const handler = { type: 'command', command, timeout: TIMEOUT, ...extra };
  return {
    kind: 'grouped',
    path,
    entries: [
      { event: 'PreToolUse', matcher, handler },
      { event: 'SessionStart', handler },
    ],
  };
}

/** Windsurf's flat `hooks.<event>: [handler]`, before a code write and a command. */
function windsurfFile(command: string): AgentFile {
  const entries = ['pre_write_code', 'pre_run_command'].map((event) => ({ event, handler: { command, show_output: true } }));
  return { kind: 'flat', path: '.windsurf/hooks.json', entries };
}

/** Qwen Code, Factory Droid, Augment: Claude's grouped shape with their own files and tool names. */
function claudeLikeFile(agent: 'qwen' | 'factory' | 'augment', guard: string): AgentFile {
  const command = `${guard} || exit 2`;
  if (agent === 'qwen') return claudeShaped('.qwen/settings.json', 'write_file|edit|replace|run_shell_command', command);
  if (agent === 'factory') return claudeShaped('.factory/hooks.json', 'Create|Edit|MultiEdit|ApplyPatch|Execute', command);
  const handler = { type: 'command', command, timeout: TIMEOUT };
  const matcher = 'save-file|str-replace-editor|remove-files|launch-process';
  return { kind: 'grouped', path: '.augment/settings.json', entries: [{ event: 'PreToolUse', matcher, handler }] };
}

/** The files for one agent. */
export function agentFiles(agent: AgentName, cli: string): AgentFile[] {
  // Each agent runs the command through a shell; a guard that cannot start (node missing, the
  // package not installed) must still deny: `|| exit 2` (or the agent's JSON deny) after it.
  const node = (root: string) => `node "${root}/${dq(cli)}" guard ${agent}`;
  const gitTop = '$(git rev-parse --show-toplevel)';
  // The agent's project variable, else the work tree's top: another agent that loads this file
  // (Cursor and VS Code read .claude/settings.json) may run it without the variable.
  const orTop = (name: string) => `\${${name}:-${gitTop}}`;
  switch (agent) {
    case 'claude':
      // onFailure "block": a hook that times out or crashes denies (Claude Code 2.1.295 on; older versions ignore the key).
      return [
        claudeShaped('.claude/settings.json', 'Write|Edit|MultiEdit|NotebookEdit|Bash|PowerShell', `${node(orTop('CLAUDE_PROJECT_DIR'))} || exit 2`, {
          onFailure: 'block',
        }),
      ];
    case 'codex':
      return [claudeShaped('.codex/hooks.json', 'apply_patch|Edit|Write|Bash', `${node(gitTop)} || exit 2`)];
    case 'gemini': {
      // Braced: Gemini replaces a bare $GEMINI_PROJECT_DIR with a shell-quoted copy of the path before
      // the shell runs (packages/core/src/hooks/hookRunner.ts expandCommand), which inside double
      // quotes makes the quotes part of the path; ${…} is left to the shell, which has it in the environment.
      const command = `${node(orTop('GEMINI_PROJECT_DIR'))} || exit 2`;
      const handler = (name: string, description: string) => ({ name, type: 'command', command, timeout: TIMEOUT * 1000, description });
      return [
        {
          kind: 'grouped',
          path: '.gemini/settings.json',
          entries: [
            {
              event: 'BeforeTool',
              matcher: 'write_file|replace|run_shell_command',
              handler: handler('tdd-hooks-guard', 'tdd-hooks: the TDD phase rules before each write and shell command'),
            },
            { event: 'SessionStart', handler: handler('tdd-hooks-status', 'tdd-hooks: the TDD phase, task and next step for the session') },
          ],
        },
      ];
    }
    case 'cursor': {
      const command = `${node(orTop('CURSOR_PROJECT_DIR'))} || exit 2`;
      return [
        {
          kind: 'flat',
          path: '.cursor/hooks.json',
          top: { version: 1 },
          // No matcher: every tool reaches the guard (Write, StrReplace, Delete, EditNotebook, ApplyPatch,
          // Shell, and whatever edit tool comes next), and each call is answered explicitly (failClosed).
          entries: [
            { event: 'preToolUse', handler: { command, failClosed: true, timeout: TIMEOUT } },
            { event: 'sessionStart', handler: { command, timeout: TIMEOUT } },
          ],
        },
      ];
    }
    case 'windsurf':
      return [windsurfFile(`${node(gitTop)} || exit 2`)];
    case 'qwen':
    case 'factory':
    case 'augment':
      return [claudeLikeFile(agent, agent === 'factory' ? node(orTop('FACTORY_PROJECT_DIR')) : node(gitTop))];
    case 'opencode':
      return [opencodePlugin(cli)];
    case 'kiro':
      return [kiroHooks(`${node(gitTop)} || exit 2`)];
    case 'copilot':
      return copilotFiles(cli);
    case 'cline':
      return clineFiles(node('$top'), cli);
  }
}

/** Kiro's workspace hook file (.kiro/hooks/, v3): every agent of the workspace runs it before a write or a command. */
function kiroHooks(command: string): AgentFile {
  const hook = {
    name: 'tdd-hooks-guard',
    trigger: 'PreToolUse',
    matcher: 'fs_write|write|str_replace|execute_bash|execute_cmd|shell',
    action: { type: 'command', command },
    timeout: TIMEOUT,
    enabled: true,
  };
  return { kind: 'own', path: '.kiro/hooks/tdd-hooks.json', content: `${JSON.stringify({ version: 'v1', hooks: [hook] }, null, 2)}\n`, mode: 0o644 };
}

/**
 * OpenCode loads every module in .opencode/plugin/ and awaits each plugin's `tool.execute.before`
 * before a tool runs; a throw blocks the call, and its message is what the model reads. The guard
 * runs as a process (as for every other agent); one that cannot start, or that fails, blocks.
 */
function opencodePlugin(cli: string): AgentFile {
  const content = `// tdd-hooks: the edit-time guard for OpenCode — node ${cli} guard opencode
// Written by \`npx tdd-hooks install --agent opencode\`, removed by \`npx tdd-hooks uninstall --agent opencode\`.
export const TddHooks = async ({ directory, worktree }) => ({
  'tool.execute.before': async (input, output) => {
    const { spawnSync } = await import("node:child_process");
    const { join } = await import("node:path");
    const root = worktree || directory;
    const r = spawnSync('node', [join(root, ${JSON.stringify(cli)}), 'guard', 'opencode'], {
      cwd: directory,
      input: JSON.stringify({ tool: input.tool, args: output.args, cwd: directory }),
      encoding: 'utf8',
      timeout: ${TIMEOUT * 1000},
    });
    if (r.status === 0) return;
    throw new Error((r.stderr || '').trim() || 'tdd-hooks: the guard did not run (${cli} missing, or no node on PATH): run npm install; the commit hooks still check every commit');
  },
});
`;
  return { kind: 'own', path: '.opencode/plugin/tdd-hooks.js', content, mode: 0o644 };
}

/** Copilot skips a hook that fails: the fallback prints its JSON deny instead. */
function copilotFiles(cli: string): AgentFile[] {
  const deny = JSON.stringify({
    permissionDecision: 'deny',
    permissionDecisionReason: `tdd-hooks: the guard did not run (${cli} missing, or no node on PATH): run npm install; the commit hooks still check every commit`,
  });
  const command = `node ${cli} guard copilot || echo '${deny.replace(/'/g, `'\\''`)}'`;
  // Windows runs `powershell`: a node that is missing throws, one that fails sets $LASTEXITCODE.
  const powershell = `try { node ${cli} guard copilot; if ($LASTEXITCODE -ne 0) { throw 'guard failed' } } catch { Write-Output '${deny.replace(/'/g, "''")}' }`;
  const content = { version: 1, hooks: { preToolUse: [{ type: 'command', bash: command, powershell, cwd: '.', timeoutSec: TIMEOUT }] } };
  return [{ kind: 'own', path: '.github/hooks/tdd-hooks.json', content: `${JSON.stringify(content, null, 2)}\n`, mode: 0o644 }];
}

/** Cline runs a script per hook from .clinerules/hooks/; `guard` is the command from its top ($top). */
function clineFiles(guard: string, cli: string): AgentFile[] {
  const script = (hook: string, fallback: string) =>
    [
      '#!/bin/sh',
      `# tdd-hooks: the edit-time guard for Cline (${hook}). Written by \`npx tdd-hooks install --agent cline\`,`,
      '# removed by `npx tdd-hooks uninstall --agent cline`. Cline runs it from .clinerules/hooks/.',
      'top=$(cd "$(dirname "$0")/../.." && pwd)',
      `${guard} || printf '%s\\n' '${fallback}'`,
      '',
    ].join('\n');
  const deny = JSON.stringify({ cancel: true, errorMessage: `tdd-hooks: the guard did not run (${cli} missing, or no node on PATH): run npm install` });
  return [
    { kind: 'own', path: '.clinerules/hooks/PreToolUse', content: script('PreToolUse', deny), mode: 0o755 },
    { kind: 'own', path: '.clinerules/hooks/TaskStart', content: script('TaskStart', '{"cancel":false}'), mode: 0o755 },
  ];
}

/** `--agent` values (repeated, or NAME,NAME) → the agents; a name that is none of them is a usage error naming them. */
export function readAgents(values: readonly string[] | undefined, command: string): AgentName[] {
  if (values === undefined) return [];
  const { agents, unknown } = parseAgentNames([...values]);
  if (unknown.length > 0 || agents.length === 0) {
    throw usageError(
      `--agent: unknown agent "${unknown[0] ?? values.join(',')}"`,
      `name one of ${AGENTS.join(', ')} or all, e.g. tdd-hooks ${command} --agent claude`,
    );
  }
  return agents;
}

export function parseAgentNames(values: string[]): { agents: AgentName[]; unknown: string[] } {
  const names = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((n) => n !== 'all' && !(AGENTS as readonly string[]).includes(n));
  const wanted = new Set(names.includes('all') ? AGENTS : names);
  return { agents: AGENTS.filter((a) => wanted.has(a)), unknown };
}
