/**
 * The guard through its library entry (runGuard) against real repositories: the phase as
 * `tdd phase` and real commits set it, paths resolved as the file system has them (relative, `..`,
 * symlinks, the git dir), git's ignore rules, the plan's task scope, the cache that keeps git off
 * the hot path and what invalidates it, the event log, and failing closed.
 */
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGuard } from '../../../src/agent/guard.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';

const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n";
const IMPL = 'export function add(a, b) {\n  return a + b;\n}\n';

function setup(extra: Record<string, string> = {}): Repo {
  const r = makeRepo({
    'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n',
    '.tddrc.json': JSON.stringify({ runner: 'node' }) + '\n',
    '.gitignore': 'out.log\nnode_modules/\n',
    'README.md': '# p\n',
    ...extra,
  });
  expect(r.tdd('install').status).toBe(0);
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  expect(r.commit('skeleton').status).toBe(0);
  return r;
}

/** A Claude Code call in `r`: the codes of the decision (empty when allowed). */
async function claude(r: Repo, tool: string, input: Record<string, unknown>, cwd = r.dir): Promise<string[]> {
  const out = await runGuard('claude', JSON.stringify({ hook_event_name: 'PreToolUse', cwd, tool_name: tool, tool_input: input }), r.env, cwd);
  return out.decision?.findings.map((f) => f.code) ?? [];
}
const write = (r: Repo, path: string, content = 'x\n') => claude(r, 'Write', { file_path: path.startsWith('/') ? path : join(r.dir, path), content });
const bash = (r: Repo, command: string) => claude(r, 'Bash', { command });

let repo: Repo;
beforeAll(() => {
  repo = setup();
});
afterAll(() => repo.cleanup());

describe('the phase rules on real paths', () => {
  it('with no phase: code is denied until one is declared; docs are not', async () => {
    const r = makeRepo({ 'package.json': '{}\n' });
    try {
      expect(r.tdd('install').status).toBe(0);
      r.git('add', '-A');
      r.git('commit', '-qm', 'before tdd-hooks', '--no-verify');
      expect(await write(r, 'src/math.js')).toEqual(['PHASE_UNSET']);
      expect(await write(r, 'test/math.test.js')).toEqual(['PHASE_UNSET']);
      expect(await write(r, 'README.md')).toEqual([]);
    } finally {
      r.cleanup();
    }
  });

  it('RED: tests and support yes, implementation no — however the path is written', async () => {
    repo.tdd('phase', 'red');
    expect(await write(repo, 'test/math.test.js', TEST)).toEqual([]);
    expect(await write(repo, 'src/math.js', IMPL)).toEqual(['RED_IMPL_WRITE']);
    expect(await claude(repo, 'Edit', { file_path: join(repo.dir, 'test', '..', 'src', 'math.js') })).toEqual(['RED_IMPL_WRITE']);
    expect(await claude(repo, 'Write', { file_path: 'src/math.js', content: 'x' }, join(repo.dir, 'test'))).toEqual([]);
    expect(await write(repo, 'src/new-module.js', '')).toEqual([]);
    expect(await write(repo, '/tmp/tdd-guard-outside.txt')).toEqual([]);
  });

  it('RED: shell writes the command names are judged; git-ignored output is not the commit’s', async () => {
    expect(await bash(repo, 'npm test > out.log 2>&1')).toEqual([]);
    expect(await bash(repo, "cat > src/math.js <<'EOF'\nexport const add = (a, b) => a + b;\nEOF")).toEqual(['RED_IMPL_WRITE']);
    expect(await bash(repo, 'cd src && sed -i s/a/b/ math.js')).toEqual(['RED_IMPL_WRITE']);
    expect(await bash(repo, 'npm test && git add test && git commit -m "test: add"')).toEqual([]);
  });

  it('any phase: the git dir, the hook scripts, and the bypass commands', async () => {
    expect(await write(repo, '.git/hooks/pre-commit', '#!/bin/sh\nexit 0\n')).toEqual(['GIT_DIR_WRITE']);
    expect(await bash(repo, 'rm -f .git/hooks/pre-commit')).toEqual(['GIT_DIR_WRITE']);
    expect(await bash(repo, 'echo "{}" > .git/tdd/state.json')).toEqual(['GIT_DIR_WRITE']);
    expect(await bash(repo, 'git commit -qnm wip')).toEqual(['NO_VERIFY']);
    expect(await bash(repo, 'TDD_HOOKS=0 git commit -m wip')).toEqual(['HOOKS_DISABLED']);
    repo.write({ '.husky/pre-commit': '#!/usr/bin/env sh\nnpm test\n# >>> tdd-hooks >>>\nnode x hook pre-commit\n# <<< tdd-hooks <<<\n' });
    expect(await write(repo, '.husky/pre-commit', 'npm test\n')).toEqual(['HOOKS_EDIT']);
    repo.remove('.husky');
  });

  it('GREEN with no RED commit of the task: implementation waits for the failing test', async () => {
    repo.tdd('phase', 'green');
    expect(await write(repo, 'src/math.js', IMPL)).toEqual(['GREEN_WITHOUT_RED']);
  });

  it('after a real RED commit: GREEN freezes the tests (a symlink to one too) and lets implementation through', async () => {
    repo.tdd('phase', 'red');
    repo.write({ 'test/math.test.js': TEST });
    repo.git('add', 'test/math.test.js');
    const c = repo.commit('test: add');
    expect(c.status, c.stderr).toBe(0);
    expect(JSON.parse(repo.tdd('phase', '--json').stdout).phase).toBe('green');
    expect(await write(repo, 'src/math.js', IMPL)).toEqual([]);
    repo.write({ 'src/math.js': IMPL });
    expect(await claude(repo, 'Edit', { file_path: join(repo.dir, 'test/math.test.js'), old_string: '5', new_string: '6' })).toEqual(['TESTS_FROZEN']);
    expect(await write(repo, 'test/other.test.js', TEST)).toEqual(['TESTS_FROZEN']);
    symlinkSync('../test/math.test.js', join(repo.dir, 'src', 'alias.js'));
    expect(await write(repo, 'src/alias.js')).toEqual(['TESTS_FROZEN']);
    repo.remove('src/alias.js');
    expect(await bash(repo, 'mv test/math.test.js test/renamed.test.js')).toEqual(['TESTS_FROZEN', 'TESTS_FROZEN']);
  });

  it('logs every decision, denied ones with their codes and repository paths', () => {
    const events = readFileSync(join(repo.dir, '.git/tdd/events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e.event === 'guard');
    expect(events.length).toBeGreaterThan(15);
    expect(events).toContainEqual(
      expect.objectContaining({ agent: 'claude', tool: 'Write', decision: 'deny', phase: 'green', codes: ['TESTS_FROZEN'], paths: ['test/other.test.js'] }),
    );
    expect(events).toContainEqual(expect.objectContaining({ tool: 'Bash', decision: 'allow', command: 'npm test > out.log 2>&1' }));
  });
});

describe('the rules of the next commit, cached', () => {
  it('a commit that changes the test globs changes the guard’s classification at once', async () => {
    const r = setup();
    try {
      r.tdd('phase', 'red');
      expect(await write(r, 'spec/math.js')).toEqual(['RED_IMPL_WRITE']);
      r.write({ '.tddrc.json': JSON.stringify({ runner: 'node', tests: ['spec/**/*.js'] }) + '\n' });
      r.git('add', '.tddrc.json');
      r.tdd('phase', 'off', '--reason', 'config');
      expect(r.commit('chore: spec folder').status).toBe(0);
      r.tdd('phase', 'red');
      expect(await write(r, 'spec/math.js')).toEqual([]);
      const cache = JSON.parse(readFileSync(join(r.dir, '.git/tdd/guard.json'), 'utf8')) as { head: string };
      expect(cache.head).toBe(r.git('rev-parse', 'HEAD').trim());
      // A cache someone broke is read again from git, never trusted.
      writeFileSync(join(r.dir, '.git/tdd/guard.json'), '{"version":1,"tests":"nope"}');
      expect(await write(r, 'spec/math.js')).toEqual([]);
      expect(await write(r, 'src/math.js')).toEqual(['RED_IMPL_WRITE']);
    } finally {
      r.cleanup();
    }
  });

  it('the plan’s task scope: a sibling task’s file is denied, naming its owner', async () => {
    const plan = {
      tasks: [
        { id: 'A', title: 'alpha', files: ['src/alpha.js'], tests: ['test/alpha.test.js'], deps: [] },
        { id: 'B', title: 'beta', files: ['src/beta.js'], tests: ['test/beta.test.js'], deps: [] },
      ],
    };
    const r = setup({ 'tdd-plan.json': JSON.stringify(plan) + '\n' });
    try {
      r.tdd('phase', 'red', '--task', 'A');
      expect(await write(r, 'test/alpha.test.js')).toEqual([]);
      const out = await runGuard(
        'claude',
        JSON.stringify({ tool_name: 'Write', tool_input: { file_path: join(r.dir, 'test/beta.test.js'), content: 'x' } }),
        r.env,
        r.dir,
      );
      expect(out.decision?.findings).toEqual([{ code: 'TASK_SCOPE', path: 'test/beta.test.js', data: { task: 'A', owner: 'B' } }]);
      // A plan that cannot be read is an error of the guard's: denied, not allowed.
      r.write({ 'tdd-plan.json': '{ not json' });
      expect(await write(r, 'test/alpha.test.js')).toEqual(['GUARD_ERROR']);
    } finally {
      r.cleanup();
    }
  });
});

describe('fails closed', () => {
  it.each(['', 'not json', '[]', '{"tool_name":"Write","tool_input":{}}'])('input %j is a deny in the agent’s format', async (stdin) => {
    const out = await runGuard('claude', stdin, repo.env, repo.dir);
    expect(out.decision?.findings.map((f) => f.code)).toEqual(['INPUT_UNREADABLE']);
    expect(JSON.parse(out.output.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    const ws = await runGuard('windsurf', stdin, repo.env, repo.dir);
    expect(ws.output.exitCode).toBe(2);
  });

  it('a command line the shell could not run either is denied', async () => {
    expect(await bash(repo, 'echo "unterminated')).toEqual(['SHELL_UNREADABLE']);
  });

  it('outside a git work tree there is no commit to guard: allowed', async () => {
    const out = await runGuard('claude', JSON.stringify({ tool_name: 'Write', tool_input: { file_path: '/tmp/x.js', content: 'x' } }), repo.env, '/');
    expect(out.output).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });
});

describe('the rules are not the agent’s to change', () => {
  it('tdd-hooks’ configuration: .tddrc*, and package.json’s "tdd" key (its other keys are the project’s)', async () => {
    const r = setup({ 'package.json': JSON.stringify({ name: 'p', type: 'module', tdd: { runner: 'node' } }, null, 2) + '\n' });
    try {
      // Phase off, where the agent may write anything else.
      r.tdd('phase', 'off', '--reason', 'config');
      expect(await write(r, '.tddrc.json', '{"tests":["nothing"]}\n')).toEqual(['CONFIG_EDIT']);
      expect(await write(r, '.tddrc', '{}\n')).toEqual(['CONFIG_EDIT']);
      expect(await bash(r, 'rm .tddrc.json')).toEqual(['CONFIG_EDIT']);
      const pkg = JSON.parse(r.read('package.json')) as Record<string, unknown>;
      expect(await write(r, 'package.json', JSON.stringify({ ...pkg, dependencies: { x: '1' } }))).toEqual([]);
      expect(await write(r, 'package.json', JSON.stringify({ ...pkg, tdd: { runner: 'vitest' } }))).toEqual(['CONFIG_EDIT']);
      expect(await claude(r, 'Edit', { file_path: join(r.dir, 'package.json'), old_string: '"name": "p"', new_string: '"name": "q"' })).toEqual([]);
      expect(await claude(r, 'Edit', { file_path: join(r.dir, 'package.json'), old_string: '"tdd": {', new_string: '"tdd-off": {' })).toEqual(['CONFIG_EDIT']);
      expect(await bash(r, "sed -i 's/node/vitest/' package.json")).toEqual(['CONFIG_EDIT']);
    } finally {
      r.cleanup();
    }
  });

  it('the agent’s own `tdd phase off` and `--revise` are denied, and the event log records the attempt; the deny says how to escalate', async () => {
    const r = setup();
    try {
      r.tdd('phase', 'red');
      const out = await runGuard(
        'claude',
        JSON.stringify({
          hook_event_name: 'PreToolUse',
          cwd: r.dir,
          tool_name: 'Bash',
          tool_input: { command: 'npx tdd phase red --revise "the test asks for the wrong rounding"' },
        }),
        r.env,
        r.dir,
      );
      expect(out.decision?.findings.map((f) => f.code)).toEqual(['PHASE_SELF_CHANGE']);
      expect(await bash(r, 'npx tdd phase off --reason "stuck"')).toEqual(['PHASE_SELF_CHANGE']);
      expect(await bash(r, 'npx tdd phase red --task T2')).toEqual([]);
      const events = readFileSync(join(r.dir, '.git/tdd/events.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { event: string; decision?: string; codes?: string[]; command?: string });
      const denied = events.filter((e) => e.event === 'guard' && e.codes?.includes('PHASE_SELF_CHANGE'));
      expect(denied.map((e) => [e.decision, e.command])).toEqual([
        ['deny', 'npx tdd phase red --revise "the test asks for the wrong rounding"'],
        ['deny', 'npx tdd phase off --reason "stuck"'],
      ]);
      expect(out.output.stdout).toContain('--revise');
    } finally {
      r.cleanup();
    }
  });

  it('a command it cannot read with certainty: the deny says so, and the event log keeps the note', async () => {
    repo.tdd('phase', 'red');
    const out = await runGuard(
      'claude',
      JSON.stringify({ hook_event_name: 'PreToolUse', cwd: repo.dir, tool_name: 'Bash', tool_input: { command: 'eval "$STEP"; echo x > src/math.js' } }),
      repo.env,
      repo.dir,
    );
    expect(out.decision?.findings.map((f) => f.code)).toEqual(['RED_IMPL_WRITE']);
    expect(out.decision?.notes?.length).toBe(1);
    const last = readFileSync(join(repo.dir, '.git/tdd/events.jsonl'), 'utf8').trim().split('\n').at(-1)!;
    expect(JSON.parse(last).notes).toEqual(out.decision?.notes);
  });
});
