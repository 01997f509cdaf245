/**
 * OpenCode: a plugin in `.opencode/plugin/` (opencode.ai/docs/plugins, read 2026-12-01) whose
 * `tool.execute.before(input, output)` gets `input.tool` and `output.args` and blocks by throwing.
 * The plugin tdd-hooks installs (install/agent-entries.ts) hands the guard
 * `{tool, args, cwd}` on stdin and throws the guard's stderr when it exits non-zero. Tools and
 * their arguments (the docs' tool list; sst/opencode packages/opencode/src/tool/*.ts): `write`
 * {filePath, content}, `edit` {filePath, oldString, newString}, `multiedit` {filePath, edits},
 * `apply_patch` / `patch` {patchText}, `bash` {command, workdir}. A deny is exit 2 with the reason
 * on stderr (the plugin throws it, and OpenCode shows the model the error). Pure.
 */
import { join } from 'node:path';
import type { AgentAdapter, FileChange, GuardRequest } from '../types.js';
import { findPatch, fragmentsOf, isObj, oneEdit, oneFile, patchRequest, shellCommand, silent, str, text, unreadable, type Obj } from './common.js';

const PATH_KEYS = ['filePath', 'file_path', 'path'];

/**
 * `multiedit` {filePath, edits: [{filePath?, oldString, newString}]}: an edit's own filePath is the
 * file it changes (anomalyco/opencode @69d0256 packages/opencode/src/tool/multiedit.ts: `dest =
 * edit.filePath || params.filePath`), so every file named is judged, not only the top one; an
 * edit without one changes the top filePath.
 */
function multiedit(tool: string, args: Obj | undefined, cwd: string | undefined): GuardRequest {
  const top = str(args, ...PATH_KEYS);
  const edits = Array.isArray(args?.edits) ? args.edits.filter(isObj) : [];
  const byPath = new Map<string, FileChange>(top ? [[top, { path: top, op: 'write', fragments: [] }]] : []);
  for (const e of edits) {
    const path = str(e, ...PATH_KEYS) ?? top;
    if (!path) return unreadable(`${tool} has an edit that names no file (filePath)`, tool, cwd);
    const change = byPath.get(path) ?? { path, op: 'write', fragments: [] };
    change.fragments!.push(...fragmentsOf(e, 'oldString', 'newString'));
    byPath.set(path, change);
  }
  if (byPath.size === 0) return unreadable(`${tool} names no file (${PATH_KEYS.join(' / ')})`, tool, cwd);
  return { kind: 'files', tool, changes: [...byPath.values()], ...(cwd ? { cwd } : {}) };
}

export const opencode: AgentAdapter = {
  name: 'opencode',
  parse(payload): GuardRequest {
    if (!isObj(payload)) return unreadable('the payload is not a JSON object');
    const cwd = str(payload, 'cwd');
    const at = cwd ? { cwd } : {};
    if (str(payload, 'event') === 'session') return { kind: 'session', ...at };
    const tool = str(payload, 'tool');
    if (!tool) return unreadable('no tool', undefined, cwd);
    const args = isObj(payload.args) ? payload.args : undefined;
    switch (tool) {
      case 'bash': {
        const command = shellCommand(args?.command);
        if (command === undefined) return unreadable('bash has no command', tool, cwd);
        const dir = str(args, 'workdir', 'cwd');
        const runIn = dir ? (dir.startsWith('/') || !cwd ? dir : join(cwd, dir)) : cwd;
        return { kind: 'shell', tool, command, ...(runIn ? { cwd: runIn } : {}) };
      }
      case 'write':
        return oneFile(tool, args, PATH_KEYS, text(args, 'content'), cwd);
      case 'edit':
        return oneEdit(tool, args, PATH_KEYS, ['oldString', 'newString'], cwd);
      case 'multiedit':
        return multiedit(tool, args, cwd);
      case 'apply_patch':
      case 'patch':
        return patchRequest(tool, findPatch(args, 'patchText', 'patch', 'input'), cwd);
      default:
        return { kind: 'other', tool, ...at };
    }
  },
  formatDecision(allow, reason) {
    return allow ? silent : { exitCode: 2, stdout: '', stderr: `${reason}\n` };
  },
};
