/**
 * Windsurf Cascade (`.windsurf/hooks.json`, `pre_write_code` and `pre_run_command`). stdin, per
 * docs.windsurf.com/windsurf/cascade/hooks:
 *
 *   {"agent_action_name":"pre_write_code","trajectory_id":"…","execution_id":"…",
 *    "timestamp":"…","tool_info":{"file_path":"/repo/src/a.ts","edits":[{"old_string":"…","new_string":"…"}]}}
 *   {"agent_action_name":"pre_run_command", …, "tool_info":{"command_line":"npm test","cwd":"/repo"}}
 *
 * A pre-hook blocks with exit 2; stderr is the reason. Windsurf has no start-of-session context. Pure.
 */
import type { AgentAdapter, GuardRequest } from '../types.js';
import { isObj, oneFile, silent, str, unreadable } from './common.js';

export const windsurf: AgentAdapter = {
  name: 'windsurf',
  parse(payload): GuardRequest {
    if (!isObj(payload)) return unreadable('the payload is not a JSON object');
    const action = str(payload, 'agent_action_name');
    if (!action) return unreadable('no agent_action_name');
    const info = isObj(payload.tool_info) ? payload.tool_info : undefined;
    const cwd = str(info, 'cwd');
    if (action === 'pre_write_code') {
      const edits = Array.isArray(info?.edits) ? info.edits : [];
      // One edit from nothing: a new file whose whole content is new_string.
      const only =
        edits.length === 1 && isObj(edits[0]) && edits[0].old_string === '' && typeof edits[0].new_string === 'string'
          ? (edits[0].new_string as string)
          : undefined;
      return oneFile('write', info, ['file_path'], only, cwd);
    }
    if (action === 'pre_run_command') {
      const command = str(info, 'command_line', 'command');
      return command === undefined
        ? unreadable('pre_run_command has no command_line', 'run_command', cwd)
        : { kind: 'shell', tool: 'run_command', command, ...(cwd ? { cwd } : {}) };
    }
    return { kind: 'other', tool: action, ...(cwd ? { cwd } : {}) };
  },
  formatDecision(allow, reason) {
    return allow ? silent : { exitCode: 2, stdout: '', stderr: `${reason}\n` };
  },
};
