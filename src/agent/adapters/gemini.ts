/**
 * Gemini CLI (`.gemini/settings.json`, `BeforeTool` and `SessionStart`). stdin, per
 * google-gemini/gemini-cli docs/hooks/reference.md:
 *
 *   {"session_id":"…","transcript_path":"…","cwd":"/repo","hook_event_name":"BeforeTool",
 *    "timestamp":"2025-12-01T10:30:00Z","tool_name":"write_file",
 *    "tool_input":{"file_path":"/repo/src/a.ts","content":"…"}}
 *
 * `replace` has file_path, old_string, new_string; `run_shell_command` has command (and the folder
 * it runs in, relative to the project). A deny is `{"decision":"deny","reason":…}` on exit 0: the
 * reason goes to the agent as the tool's error. Pure.
 */
import { join } from 'node:path';
import type { AgentAdapter } from '../types.js';
import { isObj, json, oneFile, shellCommand, str, text, unreadable } from './common.js';

export const gemini: AgentAdapter = {
  name: 'gemini',
  parse(payload) {
    if (!isObj(payload)) return unreadable('the payload is not a JSON object');
    const cwd = str(payload, 'cwd');
    const at = cwd ? { cwd } : {};
    if (str(payload, 'hook_event_name') === 'SessionStart') return { kind: 'session', ...at };
    const tool = str(payload, 'tool_name');
    if (!tool) return unreadable('no tool_name', undefined, cwd);
    const input = isObj(payload.tool_input) ? payload.tool_input : undefined;
    if (tool === 'write_file') return oneFile(tool, input, ['file_path', 'absolute_path', 'path'], text(input, 'content'), cwd);
    if (tool === 'replace') return oneFile(tool, input, ['file_path', 'absolute_path', 'path'], undefined, cwd);
    if (tool === 'run_shell_command') {
      const command = shellCommand(input?.command);
      if (command === undefined) return unreadable('run_shell_command has no command', tool, cwd);
      const dir = str(input, 'dir_path', 'directory');
      const runIn = dir ? (dir.startsWith('/') || !cwd ? dir : join(cwd, dir)) : cwd;
      return { kind: 'shell', tool, command, ...(runIn ? { cwd: runIn } : {}) };
    }
    return { kind: 'other', tool, ...at };
  },
  formatDecision(allow, reason) {
    return allow ? json({}) : json({ decision: 'deny', reason });
  },
  formatContext(context) {
    return json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } });
  },
};
