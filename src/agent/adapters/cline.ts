/**
 * Cline (an executable `.clinerules/hooks/PreToolUse`, and `TaskStart`). stdin, per
 * docs.cline.bot/features/hooks/hook-reference:
 *
 *   {"clineVersion":"…","hookName":"PreToolUse","timestamp":"…","taskId":"…",
 *    "workspaceRoots":["/repo"],"userId":"…",
 *    "preToolUse":{"toolName":"write_to_file","parameters":{"path":"src/a.ts","content":"…"}}}
 *
 * Paths are relative to the workspace root. Tools: write_to_file (path, content), replace_in_file
 * (path, diff), execute_command (command), apply_patch (input). The answer is JSON:
 * `{"cancel":true,"errorMessage":…}` denies; `contextModification` adds text at TaskStart. Pure.
 */
import { parsePatch } from '../patch.js';
import type { AgentAdapter, GuardRequest } from '../types.js';
import { isObj, json, oneFile, str, text, unreadable } from './common.js';

export const cline: AgentAdapter = {
  name: 'cline',
  parse(payload): GuardRequest {
    if (!isObj(payload)) return unreadable('the payload is not a JSON object');
    const roots = Array.isArray(payload.workspaceRoots) ? payload.workspaceRoots.filter((r): r is string => typeof r === 'string') : [];
    const cwd = roots[0];
    const at = cwd ? { cwd } : {};
    const hook = str(payload, 'hookName');
    if (hook === 'TaskStart' || hook === 'TaskResume') return { kind: 'session', ...at };
    const call = isObj(payload.preToolUse) ? payload.preToolUse : undefined;
    const tool = str(call, 'toolName', 'tool');
    if (!tool) return unreadable('no preToolUse.toolName', undefined, cwd);
    const params = isObj(call?.parameters) ? call.parameters : undefined;
    switch (tool) {
      case 'write_to_file':
        return oneFile(tool, params, ['path', 'absolutePath'], text(params, 'content'), cwd);
      case 'replace_in_file':
      case 'new_rule':
        return oneFile(tool, params, ['path', 'absolutePath'], undefined, cwd);
      case 'execute_command': {
        const command = str(params, 'command');
        return command === undefined ? unreadable('execute_command has no command', tool, cwd) : { kind: 'shell', tool, command, ...at };
      }
      case 'apply_patch': {
        const parsed = parsePatch(str(params, 'input', 'patch') ?? '');
        if ('error' in parsed) return unreadable(`the patch cannot be read: ${parsed.error}`, tool, cwd);
        return { kind: 'files', tool, changes: parsed.changes, ...at };
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
