/**
 * Each agent's module: its recorded payloads (test/fixtures/agents, from its docs) → what the call
 * asks for; a decision → the exact output shape the agent reads.
 */
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../../src/agent/adapters/index.js';
import type { AgentName, GuardRequest } from '../../../src/agent/types.js';
import { payload } from '../../helpers/agent-fixtures.js';

/** A request in one line: `files write src/a.js`, `shell git commit …`, `session`. */
function summary(r: GuardRequest): string {
  if (r.kind === 'files') return `files ${r.changes.map((c) => `${c.op} ${c.path}${c.content === undefined ? '' : ' +content'}`).join(', ')}`;
  if (r.kind === 'shell') return `shell ${r.command}`;
  if (r.kind === 'other') return `other ${r.tool}`;
  return r.kind;
}

const parse = (agent: AgentName, name: string) => ADAPTERS[agent].parse(JSON.parse(payload(agent, name)));

describe('recorded payloads → requests', () => {
  it.each<[AgentName, string, string]>([
    ['claude', 'pretooluse-write-impl', 'files write /repo/src/math.js +content'],
    ['claude', 'pretooluse-write-test', 'files write /repo/test/math.test.js +content'],
    ['claude', 'pretooluse-edit-test', 'files write /repo/test/math.test.js'],
    ['claude', 'pretooluse-multiedit-impl', 'files write /repo/src/math.js'],
    ['claude', 'pretooluse-bash-no-verify', 'shell git add -A && git commit --no-verify -m "wip"'],
    ['claude', 'sessionstart', 'session'],
    ['codex', 'pretooluse-apply-patch-add-impl', 'files write src/math.js +content'],
    ['codex', 'pretooluse-apply-patch-update-test', 'files write test/math.test.js'],
    ['codex', 'pretooluse-bash-hooks-path', "shell git -c core.hooksPath=/dev/null commit -am 'make it pass'"],
    ['codex', 'sessionstart', 'session'],
    ['gemini', 'beforetool-write-file-impl', 'files write /repo/src/math.js +content'],
    ['gemini', 'beforetool-replace-test', 'files write /repo/test/math.test.js'],
    ['gemini', 'beforetool-shell-tdd-hooks-0', "shell TDD_HOOKS=0 git commit -am 'skip the checks'"],
    ['gemini', 'sessionstart', 'session'],
    ['cursor', 'pretooluse-write-impl', 'files write /repo/src/math.js +content'],
    ['cursor', 'pretooluse-write-test', 'files write /repo/test/math.test.js +content'],
    ['cursor', 'pretooluse-shell-no-verify', 'shell git commit -anm wip'],
    ['cursor', 'pretooluse-read', 'other Read'],
    ['cursor', 'sessionstart', 'session'],
    ['copilot', 'pretooluse-create-impl', 'files write /repo/src/math.js +content'],
    ['copilot', 'pretooluse-edit-test-string-args', 'files write /repo/test/math.test.js'],
    ['copilot', 'pretooluse-bash-no-verify', "shell git commit -nm 'wip'"],
    ['copilot', 'pretooluse-view', 'other view'],
    ['windsurf', 'pre-write-code-impl', 'files write /repo/src/math.js +content'],
    ['windsurf', 'pre-write-code-test', 'files write /repo/test/math.test.js'],
    ['windsurf', 'pre-run-command-hooks-path', 'shell git config core.hooksPath /tmp/nohooks'],
    ['cline', 'pretooluse-write-to-file-impl', 'files write src/math.js +content'],
    ['cline', 'pretooluse-replace-in-file-test', 'files write test/math.test.js'],
    ['cline', 'pretooluse-execute-command-rm-hook', 'shell rm -f .git/hooks/pre-commit && git commit -am wip'],
    ['cline', 'taskstart', 'session'],
    ['cline', 'cli-agent-start', 'session'],
    ['cline', 'v4-editor-create-impl', 'files write /repo/src/math.js +content'],
    ['cline', 'v4-editor-replace-test', 'files write /repo/test/math.test.js'],
    ['cline', 'v4-run-commands-no-verify', 'shell git add -A\ngit commit --no-verify -m wip'],
    ['cline', 'cli-run-commands-structured-no-verify', 'shell git commit --no-verify -m wip'],
    ['cline', 'v4-delete-file-test', 'files delete /repo/test/math.test.js'],
    ['cursor', 'pretooluse-editnotebook-impl', 'files write /repo/src/analysis.ipynb'],
    ['cursor', 'pretooluse-applypatch-impl', 'files write src/math.js +content'],
    ['copilot', 'pretooluse-write-bash-no-verify', 'shell git commit --no-verify -m wip\n'],
    ['copilot', 'vscode-create-file-impl', 'files write /repo/src/math.js +content'],
    ['codex', 'pretooluse-bash-heredoc-apply-patch-impl', 'files write src/math.js +content'],
    ['claude', 'pretooluse-powershell-no-verify', "shell git commit --no-verify -m 'wip'"],
    ['copilot', 'vscode-edit-notebook-impl', 'files write /repo/src/analysis.ipynb'],
    ['copilot', 'vscode-create-and-run-task-no-verify', 'shell git commit -n -m wip'],
    ['copilot', 'vscode-create-and-run-task-hooks-path', 'shell git -c core.hooksPath=/dev/null commit -m wip'],
  ])('%s %s → %s', (agent, name, expected) => {
    expect(summary(parse(agent, name))).toBe(expected);
  });

  it('relative paths are relative to where the agent works: the payload’s cwd, or the first workspace root', () => {
    expect(parse('codex', 'pretooluse-apply-patch-add-impl').cwd).toBe('/repo');
    expect(parse('cline', 'pretooluse-write-to-file-impl').cwd).toBe('/repo');
    expect(parse('cursor', 'pretooluse-write-impl').cwd).toBe('/repo');
  });

  it('VS Code’s create_and_run_task is a shell call: the command, each argument one word, in the workspace folder', () => {
    const r = ADAPTERS.copilot.parse({
      cwd: '/repo',
      tool_name: 'create_and_run_task',
      tool_input: { workspaceFolder: '/repo/app', task: { label: 'x', type: 'shell', command: 'npm run', args: ['a b', 'c'] } },
    });
    expect(r).toEqual({ kind: 'shell', tool: 'create_and_run_task', command: "npm run 'a b' c", cwd: '/repo/app' });
  });

  it('OpenCode’s multiedit: an edit that names its own file changes that file too', () => {
    const r = ADAPTERS.opencode.parse({
      tool: 'multiedit',
      args: {
        filePath: '/r/src/a.js',
        edits: [
          { oldString: 'x', newString: 'y' },
          { filePath: '/r/test/a.test.js', oldString: 'p', newString: 'q' },
        ],
      },
    });
    expect(summary(r)).toBe('files write /r/src/a.js, write /r/test/a.test.js');
    expect(r.kind === 'files' && r.changes.map((c) => c.fragments)).toEqual([
      ['x', 'y'],
      ['p', 'q'],
    ]);
    // A version whose edits alone name the file (no top filePath) is read, not denied as unreadable.
    expect(summary(ADAPTERS.opencode.parse({ tool: 'multiedit', args: { edits: [{ filePath: '/r/src/a.js', oldString: 'x', newString: 'y' }] } }))).toBe(
      'files write /r/src/a.js',
    );
  });

  it.each<[AgentName, unknown]>([
    ['claude', 'a string'],
    ['claude', { hook_event_name: 'PreToolUse' }],
    ['claude', { tool_name: 'Write', tool_input: { content: 'x' } }],
    ['claude', { tool_name: 'Bash', tool_input: {} }],
    ['codex', { tool_name: 'apply_patch', tool_input: { command: 'not a patch' } }],
    ['gemini', { tool_name: 'write_file', tool_input: {} }],
    ['cursor', { hook_event_name: 'preToolUse', tool_name: 'Write', tool_input: { text: 'x' } }],
    ['copilot', { toolName: 'edit', toolArgs: '{not json' }],
    ['windsurf', { tool_info: {} }],
    ['cline', { hookName: 'PreToolUse', preToolUse: {} }],
    ['cline', { hookName: 'PreToolUse', preToolUse: { toolName: 'editor', parameters: { new_text: 'x' } } }],
    ['cline', { hookName: 'PreToolUse', preToolUse: { toolName: 'run_commands', parameters: {} } }],
    ['cline', { hookName: 'tool_call', tool_call: { name: 'apply_patch', input: 'not a patch' } }],
    ['cline', { hookName: 'PreToolUse', preToolUse: { toolName: 'delete_file', parameters: {} } }],
    ['cursor', { hook_event_name: 'preToolUse', tool_name: 'StrReplace', tool_input: { old_string: 'a', new_string: 'b' } }],
    ['cursor', { hook_event_name: 'preToolUse', tool_name: 'EditNotebook', tool_input: { cell_idx: 0 } }],
    ['cursor', { hook_event_name: 'preToolUse', tool_name: 'ApplyPatch', tool_input: { text: 'no patch here' } }],
    ['copilot', { toolName: 'apply_patch', toolArgs: 'not a patch' }],
    ['copilot', { tool_name: 'multi_replace_string_in_file', tool_input: { replacements: [{ oldString: 'a' }] } }],
    ['copilot', { toolName: 'write_bash', toolArgs: {} }],
    ['claude', { tool_name: 'PowerShell', tool_input: {} }],
    ['opencode', { tool: 'write', args: { content: 'x' } }],
    ['opencode', { tool: 'apply_patch', args: { patchText: 'nope' } }],
    ['factory', { tool_name: 'Create', tool_input: { content: 'x' } }],
    ['augment', { tool_name: 'remove-files', tool_input: { file_paths: [1] } }],
    ['copilot', { tool_name: 'create_and_run_task', tool_input: { workspaceFolder: '/repo', task: { label: 'x', type: 'shell' } } }],
    ['copilot', { tool_name: 'create_and_run_task', tool_input: { task: { command: 'git', args: ['commit', 1] } } }],
    ['opencode', { tool: 'multiedit', args: { edits: [{ oldString: 'x', newString: 'y' }] } }],
    ['opencode', { tool: 'multiedit', args: { edits: [] } }],
  ])('%s: %j is unreadable (denied, never passed through)', (agent, value) => {
    expect(ADAPTERS[agent].parse(value).kind).toBe('unreadable');
  });
});

describe('decisions → what each agent reads', () => {
  const reason = 'tdd-hooks denied this call';

  it.each<[AgentName, unknown, number]>([
    ['claude', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }, 0],
    ['codex', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }, 0],
    ['gemini', { decision: 'deny', reason }, 0],
    ['cursor', { permission: 'deny', user_message: reason, agent_message: reason }, 0],
    [
      'copilot',
      {
        permissionDecision: 'deny',
        permissionDecisionReason: reason,
        hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
      },
      0,
    ],
    ['cline', { cancel: true, errorMessage: reason }, 0],
  ])('%s denies with %j', (agent, shape, exitCode) => {
    const out = ADAPTERS[agent].formatDecision(false, reason);
    expect(out.exitCode).toBe(exitCode);
    expect(JSON.parse(out.stdout)).toEqual(shape);
  });

  it.each<AgentName>(['windsurf', 'qwen', 'factory', 'augment', 'opencode', 'kiro'])('%s denies with exit 2 and the reason on stderr', (agent) => {
    expect(ADAPTERS[agent].formatDecision(false, reason)).toEqual({ exitCode: 2, stdout: '', stderr: `${reason}\n` });
  });

  it.each<[AgentName, string]>([
    ['claude', ''],
    ['codex', ''],
    ['copilot', ''],
    ['windsurf', ''],
    ['qwen', ''],
    ['factory', ''],
    ['augment', ''],
    ['opencode', ''],
    ['kiro', ''],
    ['gemini', '{}\n'],
    ['cursor', '{"permission":"allow"}\n'],
    ['cline', '{"cancel":false}\n'],
  ])('%s allows with %j on exit 0 (Cursor must say it: failClosed blocks on silence)', (agent, stdout) => {
    expect(ADAPTERS[agent].formatDecision(true, '')).toEqual({ exitCode: 0, stdout, stderr: '' });
  });

  it.each<[AgentName, unknown]>([
    ['claude', { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'ctx' } }],
    ['codex', { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'ctx' } }],
    ['gemini', { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'ctx' } }],
    ['cursor', { additional_context: 'ctx' }],
    ['cline', { cancel: false, contextModification: 'ctx' }],
  ])('%s takes session context as %j', (agent, shape) => {
    expect(JSON.parse(ADAPTERS[agent].formatContext!('ctx').stdout)).toEqual(shape);
  });
});
