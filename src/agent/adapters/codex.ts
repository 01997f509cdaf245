/**
 * OpenAI Codex CLI (`.codex/hooks.json`, `PreToolUse` and `SessionStart`). Claude's shape, and file
 * edits arrive as one `apply_patch` whose `tool_input.command` is the patch document
 * (openai/codex PR #18391; the matcher aliases Edit and Write to it):
 *
 *   {"session_id":"…","turn_id":"…","cwd":"/repo","hook_event_name":"PreToolUse","model":"…",
 *    "permission_mode":"default","tool_name":"apply_patch","tool_use_id":"call_…",
 *    "tool_input":{"command":"*** Begin Patch\n*** Add File: test/a.test.js\n+…\n*** End Patch\n"}}
 *
 * Shell calls are `tool_name: "Bash"` with `tool_input.command` (codex-rs/hooks schema). A deny is
 * `permissionDecision: "deny"` on exit 0; an allow says nothing (Codex ignores an allow anyway). Pure.
 */
import { parsePatch } from '../patch.js';
import type { AgentAdapter } from '../types.js';
import { parseClaudeStyle } from './claude.js';
import { isObj, json, silent, str, unreadable } from './common.js';

const SHELL_TOOLS = ['Bash', 'shell', 'local_shell', 'exec_command', 'shell_command', 'container.exec'];

export const codex: AgentAdapter = {
  name: 'codex',
  parse(payload) {
    const base = parseClaudeStyle(payload, SHELL_TOOLS);
    if (base.kind !== 'other' || !isObj(payload)) return base;
    if (base.tool !== 'apply_patch' && base.tool !== 'Edit' && base.tool !== 'Write') return base;
    const input = isObj(payload.tool_input) ? payload.tool_input : undefined;
    const patch = str(input, 'command', 'patch', 'input');
    if (!patch) return unreadable(`${base.tool} has no patch (tool_input.command)`, base.tool, base.cwd);
    const parsed = parsePatch(patch);
    if ('error' in parsed) return unreadable(`the patch cannot be read: ${parsed.error}`, base.tool, base.cwd);
    return { kind: 'files', tool: base.tool, changes: parsed.changes, ...(base.cwd ? { cwd: base.cwd } : {}) };
  },
  formatDecision(allow, reason) {
    if (allow) return silent;
    return json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
  },
  formatContext(context) {
    return json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } });
  },
};
