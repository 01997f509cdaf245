/**
 * End to end: a real repository with the git hooks and the agent hooks of Claude Code, Codex CLI
 * and Gemini CLI installed (the package where npm puts it), and a RED → GREEN cycle driven through
 * them. Each call runs the command written into .claude/settings.json, .codex/hooks.json or
 * .gemini/settings.json as the agent would (its shell, stdin JSON, its project-dir variable); what a
 * hook allows, the test then does, as the agent would; the commits go through the real git hooks
 * and `node --test`. At the end `tdd report` shows the denied edits of the task, and `tdd audit`
 * finds the history clean.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentName } from '../../src/agent/types.js';
import { runAgentHook } from '../helpers/agent-fixtures.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds two numbers', () => {\n  assert.equal(add(2, 3), 5);\n});\n";
const IMPL = 'export function add(a, b) {\n  return a + b;\n}\n';

let repo: Repo;

/** A tool call through the agent's installed hook: 'allow' | 'deny', and the text the agent reads. */
function call(agent: AgentName, input: Record<string, unknown>): { verdict: 'allow' | 'deny'; said: string } {
  const r = runAgentHook(
    repo,
    agent,
    JSON.stringify({ session_id: 's1', cwd: repo.dir, ...input }),
    input.hook_event_name === 'SessionStart' ? 'session' : 'tool',
  );
  expect(r.status, r.stderr).toBe(0);
  const out = r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, any>) : {};
  const deny = out.hookSpecificOutput?.permissionDecision === 'deny' || out.decision === 'deny';
  return {
    verdict: deny ? 'deny' : 'allow',
    said: out.hookSpecificOutput?.permissionDecisionReason ?? out.reason ?? out.hookSpecificOutput?.additionalContext ?? '',
  };
}
const claude = (tool: string, tool_input: Record<string, unknown>) => call('claude', { hook_event_name: 'PreToolUse', tool_name: tool, tool_input });
const codex = (tool: string, tool_input: Record<string, unknown>) =>
  call('codex', { hook_event_name: 'PreToolUse', tool_name: tool, tool_input, turn_id: '1', model: 'gpt-5-codex' });
const gemini = (tool: string, tool_input: Record<string, unknown>) =>
  call('gemini', { hook_event_name: 'BeforeTool', tool_name: tool, tool_input, timestamp: '2025-12-01T10:30:00Z' });
/** What an allowed shell call then does. */
const sh = (command: string) => repo.run('sh', ['-c', command]);
const patch = (body: string) => ({ command: `*** Begin Patch\n${body}*** End Patch\n` });

beforeAll(() => {
  repo = makeRepo({
    'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n',
    '.gitignore': 'node_modules/\n',
    'docs/notes.md': 'notes\n',
  });
  mkdirSync(join(repo.dir, 'node_modules'));
  symlinkSync(PROJECT_ROOT, join(repo.dir, 'node_modules', 'tdd-hooks'), 'dir');
  expect(repo.tdd('install').status).toBe(0);
  expect(repo.tdd('install', '--agent', 'claude,codex,gemini').status).toBe(0);
  repo.git('add', '-A');
  repo.tdd('phase', 'off', '--reason', 'skeleton');
  expect(repo.commit('chore: skeleton').status).toBe(0);
});
afterAll(() => repo.cleanup());

describe('a RED → GREEN cycle through the agents’ own hooks', () => {
  it('RED: the session is told the phase; implementation is denied, the test is allowed and committed', () => {
    repo.tdd('phase', 'red', '--task', 'T1');
    const start = call('claude', { hook_event_name: 'SessionStart', source: 'startup' });
    expect(start.said).toMatch(/phase\s+red/);

    expect(claude('Write', { file_path: join(repo.dir, 'src/math.js'), content: IMPL })).toMatchObject({
      verdict: 'deny',
      said: expect.stringContaining('[RED_IMPL_WRITE]'),
    });
    expect(codex('apply_patch', patch('*** Add File: src/math.js\n+export const add = (a, b) => a + b;\n'))).toMatchObject({ verdict: 'deny' });
    expect(claude('Write', { file_path: join(repo.dir, 'test/math.test.js'), content: TEST }).verdict).toBe('allow');
    repo.write({ 'test/math.test.js': TEST });

    expect(codex('Bash', { command: 'git add test && git commit --no-verify -m "test: add"' })).toMatchObject({
      verdict: 'deny',
      said: expect.stringContaining('[NO_VERIFY]'),
    });
    const commit = 'git add test/math.test.js && git commit -q -m "test: add two numbers"';
    expect(gemini('run_shell_command', { command: commit }).verdict).toBe('allow');
    const c = sh(commit);
    expect(c.status, c.stderr + c.stdout).toBe(0);
    expect(JSON.parse(repo.tdd('phase', '--json').stdout).phase).toBe('green');
  });

  it('GREEN: the test is frozen in every agent, the implementation is allowed and committed', () => {
    expect(codex('apply_patch', patch('*** Update File: test/math.test.js\n@@\n-  assert.equal(add(2, 3), 5);\n+  assert.ok(add);\n'))).toMatchObject({
      verdict: 'deny',
      said: expect.stringContaining('[TESTS_FROZEN]'),
    });
    expect(gemini('replace', { file_path: join(repo.dir, 'test/math.test.js'), old_string: '5);', new_string: '5); // ok' })).toMatchObject({
      verdict: 'deny',
    });
    expect(claude('Bash', { command: `sed -i 's/5);/6);/' test/math.test.js` }).verdict).toBe('deny');

    expect(
      codex(
        'apply_patch',
        patch(
          `*** Add File: src/math.js\n${IMPL.trimEnd()
            .split('\n')
            .map((l) => `+${l}`)
            .join('\n')}\n`,
        ),
      ).verdict,
    ).toBe('allow');
    repo.write({ 'src/math.js': IMPL });
    const commit = 'git add src/math.js && git commit -q -m "feat: add two numbers"';
    expect(claude('Bash', { command: commit }).verdict).toBe('allow');
    const c = sh(commit);
    expect(c.status, c.stderr + c.stdout).toBe(0);
    expect(JSON.parse(repo.tdd('phase', '--json').stdout).phase).toBe('refactor');
  });

  it('tdd report shows the task’s denied edits; tdd audit finds the history clean', () => {
    const report = repo.tdd('report', '--all', '--json');
    expect(report.status, report.stderr).toBe(0);
    const t1 = (JSON.parse(report.stdout).tasks as Array<Record<string, any>>).find((t) => t.id === 'T1')!;
    expect(t1.lights.map((l: { kind: string }) => l.kind)).toEqual(['red', 'green']);
    expect(t1.denied).toMatchObject({ count: 6, codes: { RED_IMPL_WRITE: 2, NO_VERIFY: 1, TESTS_FROZEN: 3 } });
    const audit = repo.tdd('audit', 'HEAD~2..HEAD', '--json');
    expect(audit.status, audit.stdout + audit.stderr).toBe(0);
  });
});
