/**
 * Cline (executable hook files in `.clinerules/hooks/`: `PreToolUse`, `TaskStart`). Read from
 * cline/cline @21cb8d2 (VS Code extension 4.1.13 on the SDK runtime, CLI 3.0.56):
 *
 *   VS Code 4.x  apps/vscode/src/sdk/hooks-adapter.ts L117–172: `hookName: "PreToolUse"`,
 *                `preToolUse: {toolName, parameters}`, every parameter a string (toStringRecord
 *                L29: non-strings JSON.stringify'd, so `commands` is "[…]" and `insert_line` "5").
 *   CLI / SDK    sdk/packages/core/src/hooks/hook-file-hooks.ts L775–801: `hookName: "tool_call"`,
 *                `tool_call: {id, name, input}` (the input as the model sent it) besides `preToolUse`;
 *                TaskStart arrives as `hookName: "agent_start"` (hook-file-config.ts L33–38).
 *   3.x          `hookName: "PreToolUse"`, `write_to_file`, `replace_in_file`, `execute_command`.
 *
 * 4.x tools (sdk/packages/core/src/extensions/tools/definitions.ts L497/637/686, schemas.ts
 * L149/194/229): `editor` {path, old_text, new_text, insert_line} (creates the file when old_text
 * is absent), `apply_patch` {input}, `run_commands` {commands: [string | {command, args}]},
 * `delete_file` {path}; the old names are aliases (runtime-builder.ts L95–107).
 *
 * The answer: `{"cancel":true,"errorMessage":…}` denies. In 4.x a cancel stops the whole run
 * (sdk/packages/agents/src/agent-runtime.ts L2043–2052, ControlledStopError), not only this call: a hook file has no per-call
 * deny (the SDK's `{skip:true}` is for in-process plugins). A hook that fails or times out lets
 * the call run (hook-file-hooks.ts L404–413). `contextModification` at TaskStart is dropped by
 * 4.x (its start hooks run detached, L722–734). Pure.
 */
import type { AgentAdapter, GuardRequest } from '../types.js';
import { isObj, json, oneEdit, oneFile, patchRequest, shellCommand, str, text, unreadable, type Obj } from './common.js';

const START_HOOKS = new Set(['TaskStart', 'TaskResume', 'agent_start', 'agent_resume']);
const SHELL_TOOLS = new Set(['execute_command', 'run_commands', 'bash']);

/** A JSON array or object written into a string (4.x parameters), else the value as it is. */
function unstring(v: unknown): unknown {
  if (typeof v !== 'string' || !/^\s*[[{]/.test(v)) return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** One entry of run_commands: a command line, or `{command, args}` run without a shell. */
function commandOf(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (!isObj(entry)) return undefined;
  const command = str(entry, 'command', 'cmd');
  if (command === undefined) return undefined;
  const args = Array.isArray(entry.args) ? entry.args : [];
  return args.length > 0 && args.every((a) => typeof a === 'string') ? shellCommand([command, ...(args as string[])]) : command;
}

/** run_commands' input in any of the shapes its schema accepts (schemas.ts RunCommandsInputUnionSchema). */
function commandsOf(input: unknown): string | undefined {
  const v = unstring(input);
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    const lines = v.map(commandOf);
    return lines.length > 0 && lines.every((l) => l !== undefined) ? lines.join('\n') : undefined;
  }
  if (!isObj(v)) return undefined;
  if (v.commands !== undefined) return commandsOf(Array.isArray(unstring(v.commands)) ? unstring(v.commands) : [unstring(v.commands)]);
  return commandOf(v);
}

/** `editor`: a creation (the whole content) when there is no old_text and no insert_line. */
function editor(tool: string, input: Obj | undefined, cwd: string | undefined): GuardRequest {
  const absent = (k: string) => input?.[k] === undefined || input[k] === null || input[k] === '' || input[k] === 'null';
  if (absent('old_text') && absent('insert_line')) return oneFile(tool, input, ['path'], text(input, 'new_text'), cwd);
  return oneEdit(tool, input, ['path'], ['old_text', 'new_text'], cwd);
}

export const cline: AgentAdapter = {
  name: 'cline',
  parse(payload): GuardRequest {
    if (!isObj(payload)) return unreadable('the payload is not a JSON object');
    const roots = Array.isArray(payload.workspaceRoots) ? payload.workspaceRoots.filter((r): r is string => typeof r === 'string') : [];
    const cwd = roots[0];
    const at = cwd ? { cwd } : {};
    const hook = str(payload, 'hookName');
    if (hook && START_HOOKS.has(hook)) return { kind: 'session', ...at };
    const call = isObj(payload.preToolUse) ? payload.preToolUse : undefined;
    const raw = isObj(payload.tool_call) ? payload.tool_call : undefined;
    const tool = str(call, 'toolName', 'tool') ?? str(raw, 'name');
    if (!tool) return unreadable('no preToolUse.toolName', undefined, cwd);
    // The SDK's own input when it is there (tool_call.input); else the stringified parameters.
    const rawInput = raw && 'input' in raw ? raw.input : undefined;
    const input = isObj(rawInput) ? rawInput : isObj(call?.parameters) ? call.parameters : undefined;
    if (SHELL_TOOLS.has(tool)) {
      const command = commandsOf(rawInput ?? input);
      return command === undefined ? unreadable(`${tool} has no command`, tool, cwd) : { kind: 'shell', tool, command, ...at };
    }
    switch (tool) {
      case 'write_to_file':
        return oneFile(tool, input, ['path', 'absolutePath'], text(input, 'content'), cwd);
      case 'replace_in_file':
      case 'apply_diff':
      case 'new_rule':
        return oneEdit(tool, input, ['path', 'absolutePath'], ['diff'], cwd);
      case 'editor':
        return editor(tool, input, cwd);
      case 'apply_patch':
        return patchRequest(tool, typeof rawInput === 'string' ? rawInput : str(input, 'input', 'patch'), cwd);
      case 'delete_file': {
        const path = str(input, 'path', 'absolutePath');
        return path ? { kind: 'files', tool, changes: [{ path, op: 'delete' }], ...at } : unreadable('delete_file names no file (path)', tool, cwd);
      }
      default:
        return { kind: 'other', tool, ...at };
    }
  },
  formatDecision(allow, reason) {
    return allow ? json({ cancel: false }) : json({ cancel: true, errorMessage: reason });
  },
  formatContext(context) {
    return json({ cancel: false, contextModification: context });
  },
};
