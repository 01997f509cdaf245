/**
 * GitHub Copilot CLI and cloud agent (`.github/hooks/tdd-hooks.json`, `preToolUse`). stdin, per
 * docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference:
 *
 *   {"sessionId":"…","timestamp":1735689600000,"cwd":"/repo","toolName":"edit",
 *    "toolArgs":{"path":"/repo/src/a.ts","old_str":"…","new_str":"…"}}
 *
 * `toolArgs` was a JSON string in early versions; both are read. The VS Code compatible shape
 * (`tool_name`, `tool_input`) is read too. Tools: `bash`/`powershell` (command), `edit`, `create`
 * (path, file_text). A deny is `{"permissionDecision":"deny","permissionDecisionReason":…}`; an
 * allow prints nothing (an empty answer keeps Copilot's own permission flow). Copilot's
 * sessionStart output is not read, so nothing is installed there. Pure.
 */
import type { AgentAdapter, GuardRequest } from '../types.js';
import { isObj, json, oneFile, shellCommand, silent, str, text, unreadable } from './common.js';

const PATH_KEYS = ['path', 'file_path', 'filePath'];

export const copilot: AgentAdapter = {
  name: 'copilot',
  parse(payload): GuardRequest {
    if (!isObj(payload)) return unreadable('the payload is not a JSON object');
    const cwd = str(payload, 'cwd');
    const tool = str(payload, 'toolName', 'tool_name');
    if (!tool) return unreadable('no toolName', undefined, cwd);
    let args: unknown = payload.toolArgs ?? payload.tool_input;
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        return unreadable('toolArgs is a string that is not JSON', tool, cwd);
      }
    }
    const input = isObj(args) ? args : undefined;
    const at = cwd ? { cwd } : {};
    if (tool === 'bash' || tool === 'powershell') {
      const command = shellCommand(input?.command);
      return command === undefined ? unreadable(`${tool} has no command`, tool, cwd) : { kind: 'shell', tool, command, ...at };
    }
    if (tool === 'create') return oneFile(tool, input, PATH_KEYS, text(input, 'file_text', 'content'), cwd);
    if (tool === 'edit' || tool === 'str_replace_editor' || tool === 'write') return oneFile(tool, input, PATH_KEYS, undefined, cwd);
    return { kind: 'other', tool, ...at };
  },
  formatDecision(allow, reason) {
    return allow ? silent : json({ permissionDecision: 'deny', permissionDecisionReason: reason });
  },
};
