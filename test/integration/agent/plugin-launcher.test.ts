/**
 * The Claude Code plugin and the Gemini CLI extension (hooks/claude-plugin, hooks/gemini-extension):
 * installed user-wide, their hook command runs in every project, through tdd-guard.sh. Run here
 * as each host runs it: the command of the manifest's hooks.json (Claude: CLAUDE_PLUGIN_ROOT in the
 * environment; Gemini: ${extensionPath} and ${/} written in, as its ExtensionManager does), by
 * bash -c in the project, with the host's project-dir variables and a recorded payload on stdin,
 * from a copy of the folder whose path has a space and a quote (the host copies it to its cache).
 * A project without tdd-hooks: no output, exit 0. One with it: the project's own guard decides.
 * One with it but no CLI, or a CLI that cannot start: a deny naming the fix.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFiles } from '../../../src/install/agent-entries.js';
import { payload } from '../../helpers/agent-fixtures.js';
import { isolatedEnv, makeRepo, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';

type Host = 'claude' | 'gemini';
const SOURCE = { claude: join(PROJECT_ROOT, 'hooks', 'claude-plugin'), gemini: join(PROJECT_ROOT, 'hooks', 'gemini-extension') };
const EVENTS = { claude: { tool: 'PreToolUse', session: 'SessionStart' }, gemini: { tool: 'BeforeTool', session: 'SessionStart' } };
const FIXTURE = {
  claude: { impl: 'pretooluse-write-impl', test: 'pretooluse-write-test' },
  gemini: { impl: 'beforetool-write-file-impl', test: 'beforetool-replace-test' },
};

let repo: Repo;
let cache: string;
let plain: string;
const installed = (host: Host) => join(cache, host);
const hooksOf = (dir: string) =>
  (
    JSON.parse(readFileSync(join(dir, 'hooks', 'hooks.json'), 'utf8')) as {
      hooks: Record<string, { matcher?: string; hooks: { command: string; env?: Record<string, string> }[] }[]>;
    }
  ).hooks;
/** PATH without any tdd-hooks of this machine's (a global install would change the answer). */
const PATH_WITHOUT_TDD = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((d) => d && !existsSync(join(d, 'tdd-hooks')))
  .join(delimiter);

/** The host runs its hook: the command from the installed copy's hooks.json, by bash -c in the project. */
function runHook(host: Host, event: 'tool' | 'session', input: string, project: string, env: Record<string, string> = {}): SpawnSyncReturns<string> {
  const dir = installed(host);
  const hook = hooksOf(dir)[EVENTS[host][event]]![0]!.hooks[0]!;
  const vars: Record<string, string> = { CLAUDE_PROJECT_DIR: project };
  if (host === 'claude') vars.CLAUDE_PLUGIN_ROOT = dir;
  else {
    // Gemini writes ${extensionPath} and ${/} into every string of the hook (env included), then runs the command with that env.
    for (const [k, v] of Object.entries(hook.env ?? {})) vars[k] = v.replaceAll('${extensionPath}', dir).replaceAll('${/}', '/');
    vars.GEMINI_PROJECT_DIR = project;
  }
  return spawnSync('bash', ['-c', hook.command], { cwd: project, env: { ...isolatedEnv(), PATH: PATH_WITHOUT_TDD, ...vars, ...env }, input, encoding: 'utf8' });
}

/** allow | deny as each host reads its hook's answer (exit 2 with the reason on stderr, or the guard's JSON). */
function verdict(host: Host, r: SpawnSyncReturns<string>): 'allow' | 'deny' {
  if (r.status === 2) return (expect(r.stderr).toMatch(/tdd-hooks|\[[A-Z_]+\]/), 'deny');
  expect(r.status, r.stderr).toBe(0);
  const out = r.stdout.trim() ? JSON.parse(r.stdout) : {};
  const denied = host === 'claude' ? out.hookSpecificOutput?.permissionDecision === 'deny' : out.decision === 'deny';
  return denied ? 'deny' : 'allow';
}

const call = (host: Host, which: 'impl' | 'test', project = repo.dir, env: Record<string, string> = {}) =>
  runHook(host, 'tool', payload(host, FIXTURE[host][which], repo.dir), project, env);

beforeAll(() => {
  repo = makeRepo(
    {
      'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n',
      '.gitignore': 'node_modules/\n',
      'docs/notes.md': 'notes\n',
    },
    { prefix: `tdd plugin it's a "path" ` },
  );
  mkdirSync(join(repo.dir, 'node_modules'));
  symlinkSync(PROJECT_ROOT, join(repo.dir, 'node_modules', 'tdd-hooks'), 'dir');
  expect(repo.tdd('install').status).toBe(0);
  repo.git('add', '-A');
  repo.tdd('phase', 'off', '--reason', 'skeleton');
  expect(repo.commit('chore: skeleton').status).toBe(0);
  expect(repo.tdd('phase', 'red', '--task', 'T1').status).toBe(0);
  cache = mkdtempSync(join(tmpdir(), `tdd agent cache it's "x" `));
  for (const host of ['claude', 'gemini'] as const) cpSync(SOURCE[host], installed(host), { recursive: true });
  // Another project of the same user's, without tdd-hooks: a git repository with a "tdd" script.
  plain = mkdtempSync(join(tmpdir(), 'tdd plain project '));
  spawnSync('git', ['init', '-q'], { cwd: plain, env: isolatedEnv() });
  writeFileSync(join(plain, 'package.json'), JSON.stringify({ name: 'q', scripts: { tdd: 'jest --watch' } }));
});
afterAll(() => {
  repo.cleanup();
  for (const d of [cache, plain]) rmSync(d, { recursive: true, force: true });
});

describe('the manifests', () => {
  it('carry the matchers install --agent writes, one launcher, and the package version', () => {
    const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const manifest = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as { name: string; version: string };
    expect(manifest(join(SOURCE.claude, '.claude-plugin', 'plugin.json'))).toMatchObject({ name: 'tdd-hooks', version });
    expect(manifest(join(SOURCE.gemini, 'gemini-extension.json'))).toMatchObject({ name: 'tdd-hooks', version });
    for (const host of ['claude', 'gemini'] as const) {
      const [file] = agentFiles(host, 'node_modules/tdd-hooks/bin/tdd.js');
      const pre = file!.kind === 'grouped' ? file!.entries.find((e) => e.event === EVENTS[host].tool)?.matcher : undefined;
      expect(hooksOf(SOURCE[host])[EVENTS[host].tool]![0]!.matcher).toBe(pre);
    }
    expect(readFileSync(join(SOURCE.gemini, 'hooks', 'tdd-guard.sh'), 'utf8')).toBe(readFileSync(join(SOURCE.claude, 'hooks', 'tdd-guard.sh'), 'utf8'));
  });
});

describe('a project that uses tdd-hooks, in RED', () => {
  it.each<[Host, 'impl' | 'test', 'allow' | 'deny']>([
    ['claude', 'impl', 'deny'],
    ['claude', 'test', 'allow'],
    ['gemini', 'impl', 'deny'],
    ['gemini', 'test', 'allow'],
  ])('%s writes %s → %s (the project’s own guard decides)', (host, which, expected) => {
    expect(verdict(host, call(host, which))).toBe(expected);
  });

  it('from a folder below the top (a monorepo package opened alone), the guard still decides', () => {
    expect(verdict('claude', call('claude', 'impl', join(repo.dir, 'docs')))).toBe('deny');
  });

  it.each<Host>(['claude', 'gemini'])('%s: the session starts with tdd status in its context', (host) => {
    const r = runHook(host, 'session', payload(host, 'sessionstart', repo.dir), repo.dir);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toMatch(/phase\s+red[\s\S]*task\s+T1/);
  });
});

describe('a project without tdd-hooks: no opinion', () => {
  it.each<Host>(['claude', 'gemini'])('%s: exit 0, nothing on stdout or stderr, for a tool call and a session start', (host) => {
    for (const event of ['tool', 'session'] as const) {
      const r = runHook(host, event, payload(host, event === 'tool' ? FIXTURE[host].impl : 'sessionstart', plain), plain);
      expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
    }
  });

  it('starts no node where no file names "tdd" (a node that starts here fails), nor outside a git work tree', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdd no git '));
    try {
      const noNode = { NODE_OPTIONS: '--require /nonexistent/tdd-hooks-must-not-start-node.js' };
      expect(runHook('claude', 'tool', payload('claude', FIXTURE.claude.impl, dir), dir, noNode).status).toBe(0);
      spawnSync('git', ['init', '-q'], { cwd: dir, env: isolatedEnv() });
      writeFileSync(join(dir, 'package.json'), '{"name": "r"}');
      const r = runHook('gemini', 'tool', payload('gemini', FIXTURE.gemini.impl, dir), dir, noNode);
      expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a session opened in a parent folder that is not a repository: the named path decides', () => {
  /** The fixture's call, made from the parent folder (its cwd and the host's project dir), naming `file`. */
  const fromParent = (host: Host, which: 'impl' | 'test', file?: string, env: Record<string, string> = {}) => {
    const parent = dirname(repo.dir);
    const p = JSON.parse(payload(host, FIXTURE[host][which], repo.dir)) as { cwd: string; tool_input: { file_path: string } };
    p.cwd = parent;
    if (file) p.tool_input.file_path = file;
    return runHook(host, 'tool', JSON.stringify(p), parent, env);
  };

  it.each<[Host, 'impl' | 'test', 'allow' | 'deny']>([
    ['claude', 'impl', 'deny'],
    ['claude', 'test', 'allow'],
    ['gemini', 'impl', 'deny'],
    ['gemini', 'test', 'allow'],
  ])('%s writes %s inside the project below → %s', (host, which, expected) => {
    expect(verdict(host, fromParent(host, which))).toBe(expected);
  });

  it('a path through a folder that does not exist and `..`, or relative to the cwd, still lands in the project', () => {
    const rel = join(repo.dir.slice(dirname(repo.dir).length + 1), 'src', 'math.js');
    for (const file of [join(dirname(repo.dir), 'no such folder', '..', rel), rel]) expect(verdict('claude', fromParent('claude', 'impl', file))).toBe('deny');
  });

  it('a shell call whose cwd is the project below (the session cd-ed there) is judged there', () => {
    const parent = dirname(repo.dir);
    const r = runHook('claude', 'tool', payload('claude', 'pretooluse-bash-no-verify', repo.dir), parent);
    expect(verdict('claude', r)).toBe('deny');
  });

  it('a file in no project: exit 0, no output, no node started', () => {
    const noNode = { NODE_OPTIONS: '--require /nonexistent/tdd-hooks-must-not-start-node.js' };
    const r = fromParent('gemini', 'impl', join(dirname(repo.dir), 'tdd no project here', 'src', 'a.js'), noNode);
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
  });
});

describe('a project that uses tdd-hooks, without a working CLI: fail closed', () => {
  const link = () => join(repo.dir, 'node_modules', 'tdd-hooks');
  const away = <T>(f: () => T): T => {
    renameSync(link(), `${link()}.away`);
    try {
      return f();
    } finally {
      rmSync(link(), { recursive: true, force: true });
      renameSync(`${link()}.away`, link());
    }
  };

  it.each<Host>(['claude', 'gemini'])('%s: no node_modules/tdd-hooks and none on PATH → a deny naming npm i -D tdd-hooks and tdd doctor', (host) => {
    const r = away(() => call(host, 'test'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/npm i -D tdd-hooks[\s\S]*tdd doctor/);
  });

  it('a package that cannot start (its bin without the build) → a deny naming the fix, not the crash as an allow', () => {
    const r = away(() => {
      mkdirSync(join(link(), 'bin'), { recursive: true });
      for (const f of ['tdd.js', 'package.json']) copyFileSync(join(PROJECT_ROOT, 'bin', f), join(link(), 'bin', f));
      return call('claude', 'test');
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/did not start or crashed \(exit [0-9]+\)[\s\S]*npm i -D tdd-hooks/);
  });

  it('a global tdd-hooks on PATH decides when the project has none', () => {
    const bin = mkdtempSync(join(tmpdir(), 'tdd global bin '));
    try {
      symlinkSync(join(PROJECT_ROOT, 'bin', 'tdd.js'), join(bin, 'tdd-hooks'));
      const path = { PATH: `${bin}${delimiter}${PATH_WITHOUT_TDD}` };
      expect(away(() => [verdict('gemini', call('gemini', 'impl', repo.dir, path)), verdict('gemini', call('gemini', 'test', repo.dir, path))])).toEqual([
        'deny',
        'allow',
      ]);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
