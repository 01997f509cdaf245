/**
 * GitHub Copilot: the CLI and cloud agent (`.github/hooks/tdd-hooks.json`, `preToolUse`) and the
 * VS Code agent harness, which reads the same file. stdin, per
 * docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference:
 *
 *   {"sessionId":"…","timestamp":1735689600000,"cwd":"/repo","toolName":"edit",
 *    "toolArgs":{"path":"/repo/src/a.ts","old_str":"…","new_str":"…"}}
 *
 * `toolArgs` was a JSON string in early versions; both are read. CLI tools: `bash` / `powershell`
 * (command), `write_bash` / `write_powershell` (text typed into a running shell), `edit`, `create`
 * (path, file_text), `apply_patch` (GPT models; the patch as the argument or in `input`). The VS
 * Code harness (code.visualstudio.com/docs/agents/reference/hooks-reference) sends Claude's shape
 * (`tool_name`, `tool_input`) with its own tool names: `create_file`, `replace_string_in_file`,
 * `multi_replace_string_in_file`, `insert_edit_into_file`, `edit_notebook_file`, `editFiles`,
 * `apply_patch`, `run_in_terminal`, and `create_and_run_task` {workspaceFolder, task: {label, type:
 * "shell", command, args?}} (vscode-copilot-chat toolNames.ts CoreCreateAndRunTask; its schema in
 * src/extension/replay/node/spec.chatreplay.json), which writes the task into .vscode/tasks.json
 * and runs it in a terminal: a shell call. A deny is `{"permissionDecision":"deny",…}` for the CLI, and
 * the same inside `hookSpecificOutput` for VS Code (which documents that form): both are written.
 * An allow prints nothing. Copilot's sessionStart output is not read, so nothing is installed
 * there. Timeouts fail open. Pure.
 */
import type { AgentAdapter, FileChange, GuardRequest } from '../types.js';
import { findPatch, isObj, json, oneEdit, oneFile, patchRequest, shellCommand, silent, str, text, unreadable, type Obj } from './common.js';

const PATH_KEYS = ['path', 'file_path', 'filePath'];
const FRAGMENTS = ['old_str', 'new_str', 'oldString', 'newString', 'code'];
const SHELLS = new Set(['bash', 'powershell', 'run_in_terminal', 'shell']);
/** Text typed into a shell that is already running: a command line all the same. */
const TYPED = new Set(['write_bash', 'write_powershell']);
/**
 * VS Code's run_agent_script {script}: a Python script whose tool calls the extension invokes in
 * its own process, past every hook (vscode-copilot-chat runAgentScriptTool.ts, handleToolCall →
 * tool.invoke). A script that names a tool that writes or runs, or looks a name up at run time, is
 * denied; one that only reads and filters is not.
 */
const SCRIPT_TOOLS =
  /\b(create_file|replace_string_in_file|multi_replace_string_in_file|insert_edit_into_file|edit_notebook_file|apply_patch|run_in_terminal|create_and_run_task|run_task|create_directory|create_new_jupyter_notebook|run_notebook_cell|memory|run_vscode_command|getattr|globals|locals|eval|exec|__\w+__)\b/;
function agentScript(tool: string, input: Obj | undefined, cwd: string | undefined): GuardRequest {
  const script = str(input, 'script');
  if (script === undefined) return unreadable(`${tool} has no script`, tool, cwd);
  const named = SCRIPT_TOOLS.exec(script)?.[1];
  return named ? { kind: 'hidden', tool, reason: `it names ${named}`, ...(cwd ? { cwd } : {}) } : { kind: 'other', tool, ...(cwd ? { cwd } : {}) };
}

/**
 * `create_and_run_task`: VS Code runs `task.command` through the shell with `task.args` after it,
 * in `workspaceFolder`. The command is read as shell text and each argument quoted as one word.
 */
function shellTask(tool: string, input: Obj | undefined, cwd: string | undefined): GuardRequest {
  const task = isObj(input?.task) ? input.task : undefined;
  const command = str(task, 'command');
  if (command === undefined) return unreadable(`${tool} has no task.command`, tool, cwd);
  const args = Array.isArray(task?.args) ? task.args : [];
  if (!args.every((a): a is string => typeof a === 'string')) return unreadable(`${tool} has a task.args entry that is not a string`, tool, cwd);
  const line = [command, ...args.map((a) => shellCommand([a]))].join(' ');
  const runIn = str(input, 'workspaceFolder') ?? cwd;
  return { kind: 'shell', tool, command: line, ...(runIn ? { cwd: runIn } : {}) };
}
const TASKS = new Set(['create_and_run_task', 'copilot_createAndRunTask']);

const EDITS = new Set(['edit', 'str_replace_editor', 'write', 'replace_string_in_file', 'insert_edit_into_file', 'edit_notebook_file', 'edit_file']);

/** `multi_replace_string_in_file` {replacements: [{filePath…}]}, `editFiles` {files: […]}: every file named. */
function manyFiles(tool: string, input: Obj | undefined, cwd: string | undefined): GuardRequest {
  const list = Array.isArray(input?.replacements) ? input.replacements : Array.isArray(input?.files) ? input.files : [];
  const changes: FileChange[] = [];
  for (const item of list) {
    const path = typeof item === 'string' ? item : isObj(item) ? str(item, ...PATH_KEYS) : undefined;
    if (!path) return unreadable(`${tool} has an entry that names no file`, tool, cwd);
    changes.push({
      path,
      op: 'write',
      ...(isObj(item) ? { fragments: [item.oldString, item.newString].filter((s): s is string => typeof s === 'string') } : {}),
    });
  }
  if (changes.length === 0) return oneFile(tool, input, PATH_KEYS, undefined, cwd);
  return { kind: 'files', tool, changes, ...(cwd ? { cwd } : {}) };
}

export const copilot: AgentAdapter = {
  name: 'copilot',
  parse(payload): GuardRequest {
    if (!isObj(payload)) return unreadable('the payload is not a JSON object');
    const cwd = str(payload, 'cwd');
    const tool = str(payload, 'toolName', 'tool_name');
    if (!tool) return unreadable('no toolName', undefined, cwd);
    let args: unknown = payload.toolArgs ?? payload.tool_input;
    if (typeof args === 'string' && /^\s*[[{"]/.test(args)) {
      try {
        args = JSON.parse(args);
      } catch {
        return unreadable('toolArgs is a string that is not JSON', tool, cwd);
      }
    }
    const input = isObj(args) ? args : undefined;
    const at = cwd ? { cwd } : {};
    if (SHELLS.has(tool) || TYPED.has(tool)) {
      const command = shellCommand(input ? (input.command ?? input.input ?? input.text ?? input.chars) : args);
      return command === undefined ? unreadable(`${tool} has no command`, tool, cwd) : { kind: 'shell', tool, command, ...at };
    }
    if (TASKS.has(tool)) return shellTask(tool, input, cwd);
    if (tool === 'apply_patch') return patchRequest(tool, typeof args === 'string' ? args : findPatch(input, 'input', 'patch'), cwd);
    if (tool === 'create' || tool === 'create_file') return oneFile(tool, input, PATH_KEYS, text(input, 'file_text', 'content'), cwd);
    if (tool === 'str_replace_editor' && str(input, 'command') === 'view') return { kind: 'other', tool, ...at };
    if (tool === 'str_replace_editor' && str(input, 'command') === 'create') return oneFile(tool, input, PATH_KEYS, text(input, 'file_text'), cwd);
    if (EDITS.has(tool)) return oneEdit(tool, input, PATH_KEYS, FRAGMENTS, cwd);
    if (tool === 'multi_replace_string_in_file' || tool === 'editFiles') return manyFiles(tool, input, cwd);
    if (tool === 'run_agent_script') return agentScript(tool, input, cwd);
    return { kind: 'other', tool, ...at };
  },
  formatDecision(allow, reason) {
    if (allow) return silent;
    return json({
      permissionDecision: 'deny',
      permissionDecisionReason: reason,
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
    });
  },
};
