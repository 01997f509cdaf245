/**
 * `tdd-hooks install --agent all`, then each agent's recorded payloads piped into the very command
 * its configuration holds, run as the agent runs it (its shell, its working directory, its
 * project-dir variable): the decision in the exact shape each agent reads, through RED and GREEN.
 * Also: install merges, repeats as a no-op and comes out exactly; a guard that cannot start still denies.
 */
import type { SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentName } from '../../../src/agent/types.js';
import { payload, runAgentHook } from '../../helpers/agent-fixtures.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';

const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds two numbers', () => {\n  assert.equal(add(2, 3), 5);\n});\n";

let repo: Repo;

/** allow | deny as the agent reads it, checking the shape on the way. */
function verdict(agent: AgentName, r: SpawnSyncReturns<string>): 'allow' | 'deny' {
  const out = r.stdout.trim();
  const json = out ? JSON.parse(out) : undefined;
  switch (agent) {
    case 'claude':
    case 'codex':
      if (r.status === 2) return 'deny';
      expect(r.status, r.stderr).toBe(0);
      return json?.hookSpecificOutput?.permissionDecision === 'deny' ? 'deny' : (expect(out).toBe(''), 'allow');
    case 'gemini':
      expect(r.status, r.stderr).toBe(0);
      return json.decision === 'deny' ? (expect(json.reason).toMatch(/\[[A-Z_]+\]/), 'deny') : (expect(json).toEqual({}), 'allow');
    case 'cursor':
      expect(r.status, r.stderr).toBe(0);
      expect(['allow', 'deny']).toContain(json.permission);
      return json.permission;
    case 'copilot':
      expect(r.status, r.stderr).toBe(0);
      return json?.permissionDecision === 'deny' ? 'deny' : (expect(out).toBe(''), 'allow');
    case 'windsurf':
      return r.status === 2 ? (expect(r.stderr).toMatch(/tdd-hooks/), 'deny') : (expect(r.status).toBe(0), 'allow');
    case 'cline':
      expect(r.status, r.stderr).toBe(0);
      return json.cancel ? (expect(json.errorMessage).toMatch(/tdd-hooks/), 'deny') : 'allow';
  }
}

const runAs = (agent: AgentName, input: string, event: 'tool' | 'session' = 'tool') => runAgentHook(repo, agent, input, event);
const decide = (agent: AgentName, name: string) => verdict(agent, runAs(agent, payload(agent, name, repo.dir)));

beforeAll(() => {
  repo = makeRepo({
    'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n',
    '.gitignore': 'node_modules/\n',
    'README.md': '# p\n',
    'docs/notes.md': 'notes\n',
  });
  // The package where npm puts it: the hooks reach the CLI as they would in a user's project.
  mkdirSync(join(repo.dir, 'node_modules'));
  symlinkSync(PROJECT_ROOT, join(repo.dir, 'node_modules', 'tdd-hooks'), 'dir');
  expect(repo.tdd('install').status).toBe(0);
  const agents = repo.tdd('install', '--agent', 'all', '--json');
  expect(agents.status, agents.stderr).toBe(0);
  expect(JSON.parse(agents.stdout)).toMatchObject({ cli: 'node_modules/tdd-hooks/bin/tdd.js', cliFound: true, gitHooks: 'present' });
  repo.git('add', '-A');
  repo.tdd('phase', 'off', '--reason', 'skeleton');
  expect(repo.commit('chore: skeleton and agent hooks').status).toBe(0);
  repo.tdd('phase', 'red', '--task', 'T1');
});
afterAll(() => repo.cleanup());

describe('through the installed commands, in RED', () => {
  it.each<[AgentName, string, 'allow' | 'deny']>([
    ['claude', 'pretooluse-write-impl', 'deny'],
    ['claude', 'pretooluse-write-test', 'allow'],
    ['claude', 'pretooluse-multiedit-impl', 'deny'],
    ['claude', 'pretooluse-bash-test', 'allow'],
    ['claude', 'pretooluse-bash-no-verify', 'deny'],
    ['codex', 'pretooluse-apply-patch-add-impl', 'deny'],
    ['codex', 'pretooluse-apply-patch-update-test', 'allow'],
    ['codex', 'pretooluse-bash-hooks-path', 'deny'],
    ['gemini', 'beforetool-write-file-impl', 'deny'],
    ['gemini', 'beforetool-replace-test', 'allow'],
    ['gemini', 'beforetool-shell-tdd-hooks-0', 'deny'],
    ['cursor', 'pretooluse-write-impl', 'deny'],
    ['cursor', 'pretooluse-write-test', 'allow'],
    ['cursor', 'pretooluse-shell-no-verify', 'deny'],
    ['cursor', 'pretooluse-read', 'allow'],
    ['copilot', 'pretooluse-create-impl', 'deny'],
    ['copilot', 'pretooluse-edit-test-string-args', 'allow'],
    ['copilot', 'pretooluse-bash-no-verify', 'deny'],
    ['copilot', 'pretooluse-view', 'allow'],
    ['windsurf', 'pre-write-code-impl', 'deny'],
    ['windsurf', 'pre-write-code-test', 'allow'],
    ['windsurf', 'pre-run-command-hooks-path', 'deny'],
    ['cline', 'pretooluse-write-to-file-impl', 'deny'],
    ['cline', 'pretooluse-replace-in-file-test', 'allow'],
    ['cline', 'pretooluse-execute-command-rm-hook', 'deny'],
  ])('%s %s → %s', (agent, name, expected) => {
    expect(decide(agent, name)).toBe(expected);
  });

  it.each<AgentName>(['claude', 'codex', 'gemini', 'cursor', 'copilot', 'windsurf', 'cline'])('%s: input it cannot read is a deny', (agent) => {
    expect(verdict(agent, runAs(agent, '{"not": "a payload'))).toBe('deny');
  });

  it.each<[AgentName, string, (v: any) => string]>([
    ['claude', 'sessionstart', (v) => v.hookSpecificOutput.additionalContext],
    ['codex', 'sessionstart', (v) => v.hookSpecificOutput.additionalContext],
    ['gemini', 'sessionstart', (v) => v.hookSpecificOutput.additionalContext],
    ['cursor', 'sessionstart', (v) => v.additional_context],
    ['cline', 'taskstart', (v) => v.contextModification],
  ])('%s: the session starts with tdd status in its context', (agent, name, context) => {
    const r = runAs(agent, payload(agent, name, repo.dir), 'session');
    expect(r.status, r.stderr).toBe(0);
    expect(context(JSON.parse(r.stdout))).toMatch(/phase\s+red[\s\S]*task\s+T1[\s\S]*next/);
  });
});

describe('through the installed commands, in GREEN after a real RED commit', () => {
  beforeAll(() => {
    repo.write({ 'test/math.test.js': TEST });
    repo.git('add', 'test/math.test.js');
    const c = repo.commit('test: add two numbers');
    expect(c.status, c.stderr).toBe(0);
  });

  it.each<[AgentName, string, 'allow' | 'deny']>([
    ['claude', 'pretooluse-edit-test', 'deny'],
    ['claude', 'pretooluse-write-impl', 'allow'],
    ['codex', 'pretooluse-apply-patch-update-test', 'deny'],
    ['codex', 'pretooluse-apply-patch-add-impl', 'allow'],
    ['gemini', 'beforetool-replace-test', 'deny'],
    ['gemini', 'beforetool-write-file-impl', 'allow'],
    ['cursor', 'pretooluse-write-impl', 'allow'],
    ['cursor', 'pretooluse-write-test', 'deny'],
    ['copilot', 'pretooluse-edit-test-string-args', 'deny'],
    ['copilot', 'pretooluse-create-impl', 'allow'],
    ['windsurf', 'pre-write-code-test', 'deny'],
    ['windsurf', 'pre-write-code-impl', 'allow'],
    ['cline', 'pretooluse-replace-in-file-test', 'deny'],
    ['cline', 'pretooluse-write-to-file-impl', 'allow'],
  ])('%s %s → %s', (agent, name, expected) => {
    expect(decide(agent, name)).toBe(expected);
  });

  it('a guard that cannot start (the package not installed) still denies, in each agent’s format', () => {
    const link = join(repo.dir, 'node_modules', 'tdd-hooks');
    renameSync(link, `${link}.away`);
    try {
      for (const agent of ['claude', 'codex', 'gemini', 'cursor', 'copilot', 'windsurf', 'cline'] as const) {
        const name = {
          claude: 'pretooluse-write-impl',
          codex: 'pretooluse-apply-patch-add-impl',
          gemini: 'beforetool-write-file-impl',
          cursor: 'pretooluse-write-impl',
          copilot: 'pretooluse-create-impl',
          windsurf: 'pre-write-code-impl',
          cline: 'pretooluse-write-to-file-impl',
        }[agent];
        const r = runAs(agent, payload(agent, name, repo.dir));
        if (agent === 'copilot') expect(JSON.parse(r.stdout).permissionDecision).toBe('deny');
        else if (agent === 'cline') expect(JSON.parse(r.stdout).cancel).toBe(true);
        else expect(r.status, agent).toBe(2);
      }
    } finally {
      renameSync(`${link}.away`, link);
    }
  });
});

describe('install --agent and uninstall --agent', () => {
  it('merge into the user’s settings, change nothing the second time, and come out byte for byte', () => {
    const r = makeRepo({ '.claude/settings.json': '{\n  "permissions": {\n    "allow": [\n      "Bash(npm test)"\n    ]\n  }\n}\n', 'package.json': '{}\n' });
    try {
      const before = r.read('.claude/settings.json');
      expect(r.tdd('install', '--agent', 'claude').status).toBe(0);
      expect(JSON.parse(r.read('.claude/settings.json')).permissions).toEqual({ allow: ['Bash(npm test)'] });
      const again = r.tdd('install', '--agent', 'claude', '--json');
      expect(JSON.parse(again.stdout).files).toEqual([{ agent: 'claude', path: '.claude/settings.json', action: 'unchanged' }]);
      expect(r.tdd('uninstall', '--agent', 'claude').status).toBe(0);
      expect(r.read('.claude/settings.json')).toBe(before);
    } finally {
      r.cleanup();
    }
  });

  it('refuses a hook file that is not tdd-hooks’, and a settings file that is not JSON, writing nothing (exit 2)', () => {
    const r = makeRepo({ '.clinerules/hooks/PreToolUse': '#!/bin/sh\necho mine\n', '.gemini/settings.json': '{ broken' });
    try {
      const foreign = r.tdd('install', '--agent', 'claude,cline', '--json');
      expect(foreign.status).toBe(2);
      expect(JSON.parse(foreign.stdout).error.code).toBe('AGENT_FILE_FOREIGN');
      expect(r.run('git', ['status', '--porcelain', '--untracked-files=all']).stdout).not.toContain('.claude');
      const broken = r.tdd('install', '--agent', 'gemini', '--json');
      expect(broken.status).toBe(2);
      expect(JSON.parse(broken.stdout).error).toMatchObject({ code: 'AGENT_CONFIG_UNREADABLE', path: '.gemini/settings.json' });
    } finally {
      r.cleanup();
    }
  });

  it('in a clone whose git hooks cannot be installed, refuses as install does and writes no agent file', () => {
    const r = makeRepo({ 'package.json': '{}\n' });
    try {
      r.git('config', 'core.hooksPath', '/tmp/tdd-hooks-elsewhere');
      const out = r.tdd('install', '--agent', 'claude', '--json');
      expect(out.status).toBe(2);
      expect(JSON.parse(out.stdout).error.code).toMatch(/[A-Z_]+/);
      expect(r.run('git', ['status', '--porcelain', '--untracked-files=all']).stdout).not.toContain('.claude');
      const dry = r.tdd('install', '--agent', 'claude', '--dry-run', '--json');
      expect(JSON.parse(dry.stdout).gitHooks).toBe('would-install');
    } finally {
      r.cleanup();
    }
  });

  it('usage errors exit 2 and name the option and the fix', () => {
    const install = repo.tdd('install', '--agent', 'aider', '--json');
    expect(install.status).toBe(2);
    expect(JSON.parse(install.stdout).error).toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('--agent'),
      hint: expect.stringContaining('claude'),
    });
    const guard = repo.run(process.execPath, [join(PROJECT_ROOT, 'bin', 'tdd.js'), 'guard', 'aider']);
    expect(guard.status).toBe(2);
    expect(repo.tdd('guard', '--help').stdout).toMatch(/^Usage: tdd guard <agent>/);
  });
});
