/**
 * Claude Code (`.claude/settings.json`, `PreToolUse` and `SessionStart`). stdin, per the hooks
 * reference (code.claude.com/docs/en/hooks):
 *
 *   {"session_id":"…","transcript_path":"…","cwd":"/repo","permission_mode":"default",
 *    "hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/repo/src/a.js","content":"…"},
 *    "tool_use_id":"toolu_01…"}
 *
 * `PowerShell` is the shell tool on Windows (`tool_input.command`): read as a shell command too.
 * A deny is `hookSpecificOutput.permissionDecision: "deny"` on exit 0 (it holds in every permission
 * mode); an allow says nothing, so Claude's own permission rules still apply. Pure.
 */
import type { AgentAdapter, GuardRequest } from '../types.js';
import { fragmentsOf, isObj, json, oneEdit, oneFile, shellCommand, silent, str, text, unreadable } from './common.js';

export function parseClaudeStyle(payload: unknown, shellTools: string[]): GuardRequest {
  if (!isObj(payload)) return unreadable('the payload is not a JSON object');
  const cwd = str(payload, 'cwd');
  const event = str(payload, 'hook_event_name');
  if (event === 'SessionStart') return { kind: 'session', ...(cwd ? { cwd } : {}) };
  const tool = str(payload, 'tool_name');
  if (!tool) return unreadable('no tool_name', undefined, cwd);
  const input = isObj(payload.tool_input) ? payload.tool_input : undefined;
  if (shellTools.includes(tool)) {
    const command = shellCommand(input?.command);
    if (command === undefined) return unreadable(`${tool} has no command`, tool, cwd);
    return { kind: 'shell', tool, command, ...(cwd ? { cwd } : {}) };
  }
  return { kind: 'other', tool, ...(cwd ? { cwd } : {}) };
}

export const claude: AgentAdapter = {
  name: 'claude',
  parse(payload) {
    const base = parseClaudeStyle(payload, ['Bash', 'PowerShell']);
    if (base.kind !== 'other' || !isObj(payload)) return base;
    const input = isObj(payload.tool_input) ? payload.tool_input : undefined;
    const cwd = base.cwd;
    switch (base.tool) {
      case 'Write':
        return oneFile('Write', input, ['file_path'], text(input, 'content'), cwd);
      case 'Edit':
        return oneEdit('Edit', input, ['file_path'], ['old_string', 'new_string'], cwd);
      case 'MultiEdit': {
        const r = oneFile('MultiEdit', input, ['file_path'], undefined, cwd);
        const edits = Array.isArray(input?.edits) ? input.edits.filter(isObj) : [];
        if (r.kind === 'files') r.changes[0]!.fragments = edits.flatMap((e) => fragmentsOf(e, 'old_string', 'new_string'));
        return r;
      }
      case 'NotebookEdit':
        return oneFile('NotebookEdit', input, ['notebook_path', 'file_path'], undefined, cwd);
      default:
        return base;
    }
  },
  formatDecision(allow, reason) {
    if (allow) return silent;
    return json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
  },
  formatContext(context) {
    return json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } });
  },
};
