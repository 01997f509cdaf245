/**
 * The payloads each agent's own code (or, for a closed agent, its reference) builds — one per tool
 * name it can send, each naming its source and version in test/fixtures/agents/<agent>/sources.json —
 * piped into the command `install --agent all` wrote, run as the agent runs it (Gemini's textual
 * substitution of $GEMINI_PROJECT_DIR included), in a project whose path holds a space, both quotes
 * and shell metacharacters; through RED, then GREEN after a real RED commit. The decision is read in
 * the agent's own format (test/helpers/agent-fixtures.ts agentVerdict).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS, type AgentName } from '../../../src/agent/types.js';
import { agentVerdict, FIXTURES, payload, runAgentHook } from '../../helpers/agent-fixtures.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';

const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds two numbers', () => {\n  assert.equal(add(2, 3), 5);\n});\n";

type V = 'allow' | 'deny';
/** [agent, fixture, in RED, in GREEN]. */
const CASES: [AgentName, string, V, V][] = [
  ['claude', 'pretooluse-write-impl', 'deny', 'allow'],
  ['claude', 'pretooluse-write-test', 'allow', 'deny'],
  ['claude', 'pretooluse-edit-test', 'allow', 'deny'],
  ['claude', 'pretooluse-multiedit-impl', 'deny', 'allow'],
  ['claude', 'pretooluse-notebookedit-impl', 'deny', 'allow'],
  ['claude', 'pretooluse-bash-test', 'allow', 'allow'],
  ['claude', 'pretooluse-bash-no-verify', 'deny', 'deny'],
  ['claude', 'pretooluse-bash-alias-no-verify', 'deny', 'deny'],
  ['claude', 'pretooluse-powershell-test', 'allow', 'allow'],
  ['claude', 'pretooluse-powershell-no-verify', 'deny', 'deny'],
  ['codex', 'pretooluse-apply-patch-add-impl', 'deny', 'allow'],
  ['codex', 'pretooluse-apply-patch-update-test', 'allow', 'deny'],
  ['codex', 'pretooluse-bash-heredoc-apply-patch-impl', 'deny', 'allow'],
  ['codex', 'pretooluse-bash-applypatch-update-test', 'allow', 'deny'],
  ['codex', 'pretooluse-bash-test', 'allow', 'allow'],
  ['codex', 'pretooluse-bash-hooks-path', 'deny', 'deny'],
  ['gemini', 'beforetool-write-file-impl', 'deny', 'allow'],
  ['gemini', 'beforetool-replace-test', 'allow', 'deny'],
  ['gemini', 'beforetool-replace-impl', 'deny', 'allow'],
  ['gemini', 'beforetool-shell-test', 'allow', 'allow'],
  ['gemini', 'beforetool-shell-tdd-hooks-0', 'deny', 'deny'],
  ['gemini', 'beforetool-shell-echo-git-no-verify', 'deny', 'deny'],
  ['cursor', 'pretooluse-write-impl', 'deny', 'allow'],
  ['cursor', 'pretooluse-write-test', 'allow', 'deny'],
  ['cursor', 'pretooluse-strreplace-impl', 'deny', 'allow'],
  ['cursor', 'pretooluse-strreplace-test', 'allow', 'deny'],
  ['cursor', 'pretooluse-delete-test', 'allow', 'deny'],
  ['cursor', 'pretooluse-editnotebook-impl', 'deny', 'allow'],
  ['cursor', 'pretooluse-applypatch-impl', 'deny', 'allow'],
  ['cursor', 'pretooluse-shell-no-verify', 'deny', 'deny'],
  ['cursor', 'pretooluse-read', 'allow', 'allow'],
  ['copilot', 'pretooluse-create-impl', 'deny', 'allow'],
  ['copilot', 'pretooluse-edit-test-string-args', 'allow', 'deny'],
  ['copilot', 'pretooluse-apply-patch-impl', 'deny', 'allow'],
  ['copilot', 'pretooluse-bash-test', 'allow', 'allow'],
  ['copilot', 'pretooluse-bash-no-verify', 'deny', 'deny'],
  ['copilot', 'pretooluse-powershell-no-verify', 'deny', 'deny'],
  ['copilot', 'pretooluse-write-bash-no-verify', 'deny', 'deny'],
  ['copilot', 'pretooluse-view', 'allow', 'allow'],
  ['copilot', 'vscode-create-file-impl', 'deny', 'allow'],
  ['copilot', 'vscode-replace-string-test', 'allow', 'deny'],
  ['copilot', 'vscode-run-in-terminal-no-verify', 'deny', 'deny'],
  ['copilot', 'pretooluse-write-powershell-no-verify', 'deny', 'deny'],
  ['copilot', 'vscode-editfiles-impl', 'deny', 'allow'],
  ['copilot', 'vscode-multi-replace-test', 'allow', 'deny'],
  ['copilot', 'vscode-insert-edit-impl', 'deny', 'allow'],
  ['copilot', 'vscode-run-agent-script-edit', 'deny', 'deny'],
  ['copilot', 'vscode-run-agent-script-read', 'allow', 'allow'],
  ['copilot', 'vscode-edit-notebook-impl', 'deny', 'allow'],
  ['copilot', 'vscode-create-and-run-task-no-verify', 'deny', 'deny'],
  ['copilot', 'vscode-create-and-run-task-hooks-path', 'deny', 'deny'],
  ['copilot', 'vscode-create-and-run-task-test', 'allow', 'allow'],
  ['windsurf', 'pre-write-code-impl', 'deny', 'allow'],
  ['windsurf', 'pre-write-code-test', 'allow', 'deny'],
  ['windsurf', 'pre-run-command-hooks-path', 'deny', 'deny'],
  ['cline', 'pretooluse-write-to-file-impl', 'deny', 'allow'],
  ['cline', 'pretooluse-replace-in-file-test', 'allow', 'deny'],
  ['cline', 'pretooluse-execute-command-rm-hook', 'deny', 'deny'],
  ['cline', 'v4-editor-create-impl', 'deny', 'allow'],
  ['cline', 'v4-editor-insert-impl', 'deny', 'allow'],
  ['cline', 'v4-editor-replace-test', 'allow', 'deny'],
  ['cline', 'v4-apply-patch-impl', 'deny', 'allow'],
  ['cline', 'v4-apply-patch-update-test', 'allow', 'deny'],
  ['cline', 'v4-run-commands-test', 'allow', 'allow'],
  ['cline', 'v4-run-commands-no-verify', 'deny', 'deny'],
  ['cline', 'v4-delete-file-test', 'allow', 'deny'],
  ['cline', 'cli-editor-create-impl', 'deny', 'allow'],
  ['cline', 'cli-run-commands-structured-no-verify', 'deny', 'deny'],
  ['qwen', 'pretooluse-write-file-impl', 'deny', 'allow'],
  ['qwen', 'pretooluse-edit-test', 'allow', 'deny'],
  ['qwen', 'pretooluse-shell-no-verify', 'deny', 'deny'],
  ['factory', 'pretooluse-create-impl', 'deny', 'allow'],
  ['factory', 'pretooluse-edit-test', 'allow', 'deny'],
  ['factory', 'pretooluse-applypatch-impl', 'deny', 'allow'],
  ['factory', 'pretooluse-execute-no-verify', 'deny', 'deny'],
  ['augment', 'pretooluse-save-file-impl', 'deny', 'allow'],
  ['augment', 'pretooluse-str-replace-editor-test', 'allow', 'deny'],
  ['augment', 'pretooluse-remove-files-test', 'allow', 'deny'],
  ['augment', 'pretooluse-launch-process-no-verify', 'deny', 'deny'],
  ['opencode', 'write-impl', 'deny', 'allow'],
  ['opencode', 'edit-test', 'allow', 'deny'],
  ['opencode', 'apply-patch-impl', 'deny', 'allow'],
  ['opencode', 'bash-no-verify', 'deny', 'deny'],
  ['opencode', 'bash-test', 'allow', 'allow'],
  ['opencode', 'read', 'allow', 'allow'],
  ['opencode', 'multiedit-impl', 'deny', 'allow'],
  ['opencode', 'multiedit-edit-names-test', 'deny', 'deny'],
  ['kiro', 'pretooluse-fs-write-create-impl', 'deny', 'allow'],
  ['kiro', 'pretooluse-fs-write-str-replace-test', 'allow', 'deny'],
  ['kiro', 'pretooluse-execute-bash-no-verify', 'deny', 'deny'],
  ['kiro', 'pretooluse-execute-bash-test', 'allow', 'allow'],
];

let repo: Repo;
const decide = (agent: AgentName, name: string) => agentVerdict(agent, runAgentHook(repo, agent, payload(agent, name, repo.dir)));

beforeAll(() => {
  repo = makeRepo(
    {
      'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n',
      '.gitignore': 'node_modules/\n',
      'docs/notes.md': 'notes\n',
    },
    { prefix: `tdd agents it's a "path" $HOME & (x); ` },
  );
  mkdirSync(join(repo.dir, 'node_modules'));
  symlinkSync(PROJECT_ROOT, join(repo.dir, 'node_modules', 'tdd-hooks'), 'dir');
  // install --agent alone: the git hooks come with it (a guard needs the RED commits they record).
  const agents = repo.tdd('install', '--agent', 'all', '--json');
  expect(agents.status, agents.stderr).toBe(0);
  expect(JSON.parse(agents.stdout)).toMatchObject({ gitHooks: 'installed', cliFound: true });
  repo.git('add', '-A');
  repo.tdd('phase', 'off', '--reason', 'skeleton');
  expect(repo.commit('chore: skeleton and agent hooks').status).toBe(0);
  repo.tdd('phase', 'red', '--task', 'T1');
});
afterAll(() => repo.cleanup());

describe('every fixture names its source and the agent version', () => {
  it.each([...AGENTS])('%s', (agent) => {
    const sources = JSON.parse(readFileSync(join(FIXTURES, agent, 'sources.json'), 'utf8')) as Record<string, { source: string; version: string }>;
    const names = readdirSync(join(FIXTURES, agent))
      .filter((f) => f.endsWith('.json') && f !== 'sources.json')
      .map((f) => f.slice(0, -5));
    for (const n of names) expect(sources[n], `${agent}/${n}`).toMatchObject({ source: expect.stringMatching(/\S/), version: expect.stringMatching(/\S/) });
    expect(Object.keys(sources).sort()).toEqual(names.sort());
  });

  it('Copilot’s hook has no matcher: every tool (create_and_run_task too) reaches the guard', () => {
    const entries = JSON.parse(readFileSync(join(repo.dir, '.github/hooks/tdd-hooks.json'), 'utf8')).hooks.preToolUse as Record<string, unknown>[];
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e).not.toHaveProperty('matcher');
  });

  it('every fixture of a tool call is in the table below', () => {
    const covered = new Set(CASES.map(([a, n]) => `${a}/${n}`));
    const calls = AGENTS.flatMap((a) =>
      readdirSync(join(FIXTURES, a))
        .filter((f) => f.endsWith('.json') && f !== 'sources.json' && !/session|taskstart|agent-start/.test(f))
        .map((f) => `${a}/${f.slice(0, -5)}`),
    );
    expect(calls.filter((c) => !covered.has(c))).toEqual([]);
  });
});

describe('in RED (task T1, no test committed yet)', () => {
  it.each(CASES.map(([a, n, red]) => [a, n, red] as const))('%s %s → %s', (agent, name, expected) => {
    const { verdict, reason } = decide(agent, name);
    expect(verdict).toBe(expected);
    // A local install: the CLI is spelled as the agent can run it.
    if (verdict === 'deny') expect(reason).toContain('npx tdd status');
  });

  it.each<[AgentName, string, (v: any) => string]>([
    ['claude', 'sessionstart', (v) => v.hookSpecificOutput.additionalContext],
    ['gemini', 'sessionstart', (v) => v.hookSpecificOutput.additionalContext],
    ['cursor', 'sessionstart', (v) => v.additional_context],
    ['cline', 'cli-agent-start', (v) => v.contextModification],
    ['qwen', 'sessionstart', (v) => v.hookSpecificOutput.additionalContext],
    ['factory', 'sessionstart', (v) => v.hookSpecificOutput.additionalContext],
  ])('%s %s: the session starts with the phase, the next step and the way to escalate', (agent, name, context) => {
    const r = runAgentHook(repo, agent, payload(agent, name, repo.dir), 'session');
    expect(r.status, r.stderr).toBe(0);
    const text = context(JSON.parse(r.stdout));
    expect(text).toMatch(/phase\s+red[\s\S]*task\s+T1/);
    expect(text).toContain('npx tdd phase red');
    expect(text).toContain('--revise');
  });

  it('Claude’s command run without $CLAUDE_PROJECT_DIR, from a subfolder (Cursor and VS Code load .claude/settings.json), still decides', () => {
    const cmd = JSON.parse(readFileSync(join(repo.dir, '.claude/settings.json'), 'utf8')).hooks.PreToolUse[0].hooks[0].command as string;
    const env = { ...repo.env };
    delete env.CLAUDE_PROJECT_DIR;
    const run = (name: string) =>
      agentVerdict('claude', spawnSync('bash', ['-c', cmd], { cwd: join(repo.dir, 'docs'), env, input: payload('claude', name, repo.dir), encoding: 'utf8' }))
        .verdict;
    expect(run('pretooluse-write-impl')).toBe('deny');
    expect(run('pretooluse-write-test')).toBe('allow');
  });

  it('Cline’s CLI start (hookName agent_start) is not logged as unreadable input', () => {
    const events = readFileSync(join(repo.git('rev-parse', '--absolute-git-dir').trim(), 'tdd', 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; agent?: string; codes?: string[] });
    const unreadable = events.filter((e) => e.event === 'guard' && e.codes?.includes('INPUT_UNREADABLE'));
    expect(unreadable).toEqual([]);
  });
});

describe('in GREEN, after a real RED commit', () => {
  beforeAll(() => {
    repo.write({ 'test/math.test.js': TEST });
    repo.git('add', 'test/math.test.js');
    const c = repo.commit('test: add two numbers');
    expect(c.status, c.stderr).toBe(0);
  });

  it.each(CASES.map(([a, n, , green]) => [a, n, green] as const))('%s %s → %s', (agent, name, expected) => {
    expect(decide(agent, name).verdict).toBe(expected);
  });
});
