/**
 * Agents whose hooks copy Claude Code's (grouped `PreToolUse` in a settings file, `tool_name` and
 * `tool_input` on stdin, exit 2 with the reason on stderr blocks) but whose tools have their own
 * names. Each deny is exit 2 with stderr — the one blocking form all of them document — and the
 * session context is Claude's `hookSpecificOutput.additionalContext`.
 *
 *   qwen     Qwen Code: `.qwen/settings.json`; Gemini's tools (`write_file`, `edit` — formerly
 *            `replace` —, `run_shell_command`); project hooks run once the folder is trusted
 *            (qwenlm.github.io/qwen-code-docs hooks page, QwenLM/qwen-code#1988; read 2026-12-01).
 *   factory  Factory Droid: `.factory/hooks.json` (or `settings.json` "hooks"), `$FACTORY_PROJECT_DIR`;
 *            tools `Create`, `Edit`, `MultiEdit`, `ApplyPatch`, `Execute`
 *            (docs.factory.ai/reference/hooks-reference, read 2026-12-01).
 *   augment  Augment (Auggie CLI and the IDE extensions): `.augment/settings.json`; tools
 *            `save-file`, `str-replace-editor`, `remove-files`, `launch-process`
 *            (docs.augmentcode.com/cli/hooks, read 2026-12-01).
 *   kiro     Kiro CLI (and Amazon Q Developer CLI, its predecessor): a workspace hook file
 *            `.kiro/hooks/<name>.json` (v3; kiro.dev/docs/cli/v3/hooks, kiro.dev/docs/cli/hooks,
 *            read 2026-12-01); stdin `{hook_event_name, cwd, tool_name, tool_input}`; exit 2
 *            blocks with stderr to the model, other codes let the call run; tools `fs_write`
 *            {command: create | str_replace | insert | append, path, file_text, old_str, new_str}
 *            and `execute_bash` {command}.
 *
 * The input field names of these tools are from their docs and not verified against their code:
 * the common spellings are read, and an edit tool naming no file is denied (a renamed field shows
 * as a deny, never as an allow). Pure.
 */
import type { AgentAdapter, AgentName, FileChange, GuardRequest } from '../types.js';
import { parseClaudeStyle } from './claude.js';
import { findPatch, fragmentsOf, isObj, json, oneFile, patchRequest, str, text, unreadable, type Obj } from './common.js';

interface Dialect {
  shell: string[];
  /** Tools that write a whole file: the keys of its path and its content. */
  writes: string[];
  /** Tools that change part of a file. */
  edits: string[];
  deletes: string[];
  patches: string[];
  /** Tools that create with `command: "create"` and edit otherwise (Kiro's fs_write). */
  polymorphic?: string[];
}

const PATH_KEYS = ['file_path', 'path', 'filePath', 'absolute_path'];
const CONTENT_KEYS = ['content', 'file_content', 'file_text', 'contents'];
const FRAGMENT_KEYS = ['old_string', 'new_string', 'old_str', 'new_str', 'old_str_1', 'new_str_1', 'insert_line_1'];

/** The files a delete tool names: one path, or a list (`remove-files` {file_paths: […]}). */
function deletes(tool: string, input: Obj | undefined, cwd: string | undefined): GuardRequest {
  const list = Array.isArray(input?.file_paths) ? input.file_paths : Array.isArray(input?.paths) ? input.paths : undefined;
  const paths = list ? list.filter((p): p is string => typeof p === 'string' && p !== '') : [str(input, ...PATH_KEYS)].filter((p): p is string => !!p);
  if (paths.length === 0 || (list && paths.length !== list.length)) return unreadable(`${tool} names no file`, tool, cwd);
  const changes: FileChange[] = paths.map((path) => ({ path, op: 'delete' }));
  return { kind: 'files', tool, changes, ...(cwd ? { cwd } : {}) };
}

function claudeLike(name: AgentName, d: Dialect): AgentAdapter {
  return {
    name,
    parse(payload) {
      const base = parseClaudeStyle(payload, d.shell);
      if (base.kind !== 'other' || !isObj(payload)) return base;
      const input = isObj(payload.tool_input) ? payload.tool_input : undefined;
      const { tool, cwd } = base;
      if (d.writes.includes(tool)) return oneFile(tool, input, PATH_KEYS, text(input, ...CONTENT_KEYS), cwd);
      if (d.polymorphic?.includes(tool) && str(input, 'command') === 'create') return oneFile(tool, input, PATH_KEYS, text(input, ...CONTENT_KEYS), cwd);
      if (d.edits.includes(tool) || d.polymorphic?.includes(tool)) {
        const r = oneFile(tool, input, PATH_KEYS, undefined, cwd);
        const edits = Array.isArray(input?.edits) ? input.edits.filter(isObj) : [];
        if (r.kind === 'files') r.changes[0]!.fragments = [...fragmentsOf(input, ...FRAGMENT_KEYS), ...edits.flatMap((e) => fragmentsOf(e, ...FRAGMENT_KEYS))];
        return r;
      }
      if (d.deletes.includes(tool)) return deletes(tool, input, cwd);
      if (d.patches.includes(tool))
        return patchRequest(tool, typeof payload.tool_input === 'string' ? payload.tool_input : findPatch(input, 'input', 'patch', 'command'), cwd);
      return base;
    },
    formatDecision(allow, reason) {
      return allow ? { exitCode: 0, stdout: '', stderr: '' } : { exitCode: 2, stdout: '', stderr: `${reason}\n` };
    },
    formatContext(context) {
      return json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } });
    },
  };
}

export const qwen = claudeLike('qwen', {
  shell: ['run_shell_command'],
  writes: ['write_file'],
  edits: ['edit', 'replace'],
  deletes: [],
  patches: [],
});

export const factory = claudeLike('factory', {
  shell: ['Execute'],
  writes: ['Create'],
  edits: ['Edit', 'MultiEdit'],
  deletes: [],
  patches: ['ApplyPatch'],
});

export const augment = claudeLike('augment', {
  shell: ['launch-process'],
  writes: ['save-file'],
  edits: ['str-replace-editor'],
  deletes: ['remove-files'],
  patches: [],
});

export const kiro = claudeLike('kiro', {
  shell: ['execute_bash', 'execute_cmd', 'shell'],
  writes: ['write'],
  edits: ['str_replace'],
  deletes: [],
  patches: [],
  polymorphic: ['fs_write'],
});
