/**
 * OpenAI Codex CLI (`.codex/hooks.json`, `PreToolUse` and `SessionStart`). Claude's shape, and file
 * edits arrive as one `apply_patch` whose `tool_input.command` is the patch document
 * (openai/codex PR #18391; the matcher aliases Edit and Write to it):
 *
 *   {"session_id":"…","turn_id":"…","cwd":"/repo","hook_event_name":"PreToolUse","model":"…",
 *    "permission_mode":"default","tool_name":"apply_patch","tool_use_id":"call_…",
 *    "tool_input":{"command":"*** Begin Patch\n*** Add File: test/a.test.js\n+…\n*** End Patch\n"}}
 *
 * Shell calls are `tool_name: "Bash"` with `tool_input.command` (codex-rs/hooks/src/events/
 * pre_tool_use.rs `command_input_json`). A Bash call whose command is `apply_patch <<'EOF' …`
 * (or `applypatch`, or `cd dir && apply_patch …`) is still reported as Bash, and Codex applies
 * the patch itself (core/src/tools/handlers/apply_patch.rs `intercept_apply_patch`): it is read
 * as the patch it is. A deny is `permissionDecision: "deny"` on exit 0 (`parse_completed`: exit 2
 * blocks only with a non-empty stderr; any other exit lets the call run); an allow says nothing
 * (unknown fields would make Codex fail open). Pure.
 */
import type { AgentAdapter } from '../types.js';
import { parseClaudeStyle } from './claude.js';
import { isObj, json, patchRequest, silent, str, unreadable } from './common.js';
import type { GuardRequest } from '../types.js';

const SHELL_TOOLS = ['Bash', 'shell', 'local_shell', 'exec_command', 'shell_command', 'container.exec'];
/** The words by which Codex runs a patch from a shell call (codex-rs/apply-patch `maybe_parse_apply_patch`). */
const PATCH_COMMAND = /^\s*(?:cd\s+('[^']*'|"[^"]*"|[^\s;&|]+)\s*&&\s*)?(?:apply_patch|applypatch|\S*codex\s+--codex-run-as-apply-patch)\b/;

/** A shell call that is a patch Codex applies itself; undefined when it is a plain command. */
export function shellPatch(tool: string, input: Record<string, unknown> | undefined, cwd: string | undefined): GuardRequest | undefined {
  const argv = Array.isArray(input?.command) ? (input.command as unknown[]) : undefined;
  if (argv && argv.length === 2 && typeof argv[1] === 'string' && /^(apply_patch|applypatch)$/.test(String(argv[0]))) return patchRequest(tool, argv[1], cwd);
  const command = argv && argv.length === 3 && typeof argv[2] === 'string' ? argv[2] : typeof input?.command === 'string' ? input.command : undefined;
  const m = command === undefined ? null : PATCH_COMMAND.exec(command);
  if (!m || !command!.includes('*** Begin Patch')) return undefined;
  const dir = m[1]?.replace(/^(['"])(.*)\1$/, '$2');
  const at = dir ? (dir.startsWith('/') || !cwd ? dir : `${cwd.replace(/\/$/, '')}/${dir}`) : cwd;
  return patchRequest(tool, command, at);
}

export const codex: AgentAdapter = {
  name: 'codex',
  parse(payload) {
    const base = parseClaudeStyle(payload, SHELL_TOOLS);
    if (base.kind === 'shell' && isObj(payload)) return shellPatch(base.tool, isObj(payload.tool_input) ? payload.tool_input : undefined, base.cwd) ?? base;
    if (base.kind !== 'other' || !isObj(payload)) return base;
    if (base.tool !== 'apply_patch' && base.tool !== 'Edit' && base.tool !== 'Write') return base;
    const input = isObj(payload.tool_input) ? payload.tool_input : undefined;
    const patch = str(input, 'command', 'patch', 'input');
    if (!patch) return unreadable(`${base.tool} has no patch (tool_input.command)`, base.tool, base.cwd);
    return patchRequest(base.tool, patch, base.cwd);
  },
  formatDecision(allow, reason) {
    if (allow) return silent;
    return json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
  },
  formatContext(context) {
    return json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } });
  },
};
