/**
 * Cursor (`.cursor/hooks.json`, `preToolUse` with `failClosed: true`, and `sessionStart`). stdin,
 * per cursor.com/docs/reference/hooks (a live-run record: Shell's tool_input is
 * {command, cwd, timeout}; `cwd` at the top may be empty):
 *
 *   {"conversation_id":"…","generation_id":"…","hook_event_name":"preToolUse","cursor_version":"…",
 *    "workspace_roots":["/repo"],"tool_name":"Write","tool_input":{"file_path":"/repo/src/a.ts",…},
 *    "tool_use_id":"tool_…","cwd":""}
 *
 * The edit tools (live runs of Cursor 3.9.16 recorded in yvgude/lean-ctx#1398 and
 * DobermanCore/Doberman-Core PR #568; cursor.com/docs/agent/hooks): `Write`, `StrReplace`,
 * `Delete`, `EditNotebook` (`target_notebook`) and, for GPT models, `ApplyPatch` (a patch in
 * Codex's grammar). Their input field names are not in Cursor's published reference: the common
 * spellings are read, and an edit tool naming none is denied (a renamed field shows at once, never
 * as an allow). install writes no matcher, so every tool reaches the guard and a new edit tool is
 * not missed; an unknown tool is allowed explicitly.
 * The output is flat: `{"permission":"deny","user_message":…}` (the model reads user_message).
 * With failClosed, Cursor blocks on an empty answer, so an allow is said explicitly. Pure.
 */
import type { AgentAdapter, GuardRequest } from '../types.js';
import { findPatch, isObj, json, oneEdit, oneFile, patchRequest, shellCommand, str, text, unreadable } from './common.js';

const PATH_KEYS = ['file_path', 'path', 'target_file', 'filePath', 'file', 'target_notebook', 'notebook_path'];
/** The edit tools besides Write and Delete: each must name its file, or it is denied. */
const EDITS = new Set(['Edit', 'StrReplace', 'MultiEdit', 'TabWrite', 'EditNotebook', 'search_replace', 'edit_file']);
const FRAGMENTS = ['old_string', 'new_string', 'old_str', 'new_str', 'new_source', 'old_text', 'new_text'];

export const cursor: AgentAdapter = {
  name: 'cursor',
  parse(payload): GuardRequest {
    if (!isObj(payload)) return unreadable('the payload is not a JSON object');
    const roots = Array.isArray(payload.workspace_roots) ? payload.workspace_roots.filter((r): r is string => typeof r === 'string') : [];
    const cwd = str(payload, 'cwd') ?? roots[0];
    const at = cwd ? { cwd } : {};
    const event = str(payload, 'hook_event_name');
    if (event === 'sessionStart') return { kind: 'session', ...at };
    if (event === 'beforeShellExecution') {
      const command = str(payload, 'command');
      return command === undefined ? unreadable('beforeShellExecution has no command', 'Shell', cwd) : { kind: 'shell', tool: 'Shell', command, ...at };
    }
    const tool = str(payload, 'tool_name');
    if (!tool) return unreadable('no tool_name', undefined, cwd);
    const input = isObj(payload.tool_input) ? payload.tool_input : undefined;
    if (tool === 'Shell') {
      const command = shellCommand(input?.command);
      if (command === undefined) return unreadable('Shell has no command', tool, cwd);
      const runIn = str(input, 'cwd') ?? cwd;
      return { kind: 'shell', tool, command, ...(runIn ? { cwd: runIn } : {}) };
    }
    if (tool === 'Delete' || tool === 'delete_file') {
      const path = str(input, ...PATH_KEYS);
      return path ? { kind: 'files', tool, changes: [{ path, op: 'delete' }], ...at } : unreadable('Delete names no file', tool, cwd);
    }
    if (tool === 'Write') return oneFile(tool, input, PATH_KEYS, text(input, 'contents', 'content'), cwd);
    if (EDITS.has(tool)) return oneEdit(tool, input, PATH_KEYS, FRAGMENTS, cwd);
    if (tool === 'ApplyPatch' || tool === 'apply_patch') {
      const patch = typeof payload.tool_input === 'string' ? payload.tool_input : findPatch(input, 'patch', 'input', 'patch_content', 'command');
      return patchRequest(tool, patch, cwd);
    }
    return { kind: 'other', tool, ...at };
  },
  formatDecision(allow, reason) {
    return allow ? json({ permission: 'allow' }) : json({ permission: 'deny', user_message: reason, agent_message: reason });
  },
  formatContext(context) {
    return json({ additional_context: context });
  },
};
