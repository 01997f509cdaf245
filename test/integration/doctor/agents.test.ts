/**
 * doctor's agent-<name> checks over what the real `tdd-hooks install --agent all` wrote (the package
 * in node_modules, as npm puts it): healthy → AGENT_HOOK_OK for every agent; each file broken the
 * way a person or another tool breaks it → doctor names it with its code, and its fix, run, mends it.
 * A CLI doctor calls missing is one the agent's own hook command indeed cannot start.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS } from '../../../src/agent/types.js';
import { payload, runAgentHook } from '../../helpers/agent-fixtures.js';
import { copyRepo, makeRepo, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';
import { runDoctor, runFix, type DoctorCheck } from './helpers.js';

let template: Repo;
let repo: Repo | undefined;
let codexHome = '';

/** Codex's home with a config.toml trusting `dir` (or holding `text`). */
function codexConfig(text: string): void {
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(join(codexHome, 'config.toml'), text);
}
const trusting = (dir: string): string => `model = "gpt-5"\n\n[projects.${JSON.stringify(dir)}]\ntrust_level = "trusted"\n`;

async function agentChecks(r: Repo): Promise<DoctorCheck[]> {
  const run = await runDoctor(r.dir, { ...r.env, CODEX_HOME: codexHome });
  return run.checks.filter((c) => c.id.startsWith('agent-'));
}
const of = (checks: DoctorCheck[], agent: string) => checks.filter((c) => c.id === `agent-${agent}`);

beforeAll(() => {
  template = makeRepo({
    'package.json': JSON.stringify({ name: 'p', type: 'module', devDependencies: { 'tdd-hooks': '*' } }) + '\n',
    '.gitignore': 'node_modules/\n',
  });
  mkdirSync(join(template.dir, 'node_modules'));
  symlinkSync(PROJECT_ROOT, join(template.dir, 'node_modules', 'tdd-hooks'), 'dir');
  const r = template.tdd('install', '--agent', 'all', '--json');
  expect(r.status, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ cliFound: true, gitHooks: 'installed' });
});
afterAll(() => template.cleanup());
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
  if (codexHome) rmSync(codexHome, { recursive: true, force: true });
});

function fresh(): Repo {
  codexHome = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-codex-home-')));
  repo = copyRepo(template);
  codexConfig(trusting(repo.dir));
  return repo;
}

describe('doctor: the agents install --agent set up', () => {
  it('healthy: every agent AGENT_HOOK_OK, exit 0 as far as the agents go', async () => {
    const r = fresh();
    const checks = await agentChecks(r);
    expect(checks.map((c) => c.id).sort()).toEqual(AGENTS.map((a) => `agent-${a}`).sort());
    for (const c of checks) expect(c, c.message).toMatchObject({ status: 'ok', code: 'AGENT_HOOK_OK' });
    expect(of(checks, 'cline')[0]!.data.files).toHaveLength(2);
  });

  it('no agent installed: no agent check at all', async () => {
    const r = fresh();
    expect(r.tdd('uninstall', '--agent', 'all').status).toBe(0);
    expect(await agentChecks(r)).toEqual([]);
  });

  it('Codex in a project its config does not know: AGENT_CODEX_UNTRUSTED (warn), and its fix makes config.toml trust it', async () => {
    const r = fresh();
    // No Codex home yet (Codex never ran here): the fix makes it.
    rmSync(codexHome, { recursive: true, force: true });
    const [c] = of(await agentChecks(r), 'codex');
    expect(c).toMatchObject({ status: 'warn', code: 'AGENT_CODEX_UNTRUSTED', data: { trust: 'unknown' } });
    runFix(c!.fix!, r.dir, r.env);
    expect(of(await agentChecks(r), 'codex')).toMatchObject([{ code: 'AGENT_HOOK_OK' }]);
  });

  it('Codex: an untrusted entry (no fix: the user chose it) and hooks switched off, each said', async () => {
    const r = fresh();
    codexConfig(`[features]\nhooks = false\n\n[projects.${JSON.stringify(r.dir)}]\ntrust_level = "untrusted"\n`);
    const checks = of(await agentChecks(r), 'codex');
    expect(checks.map((c) => c.code)).toEqual(['AGENT_CODEX_UNTRUSTED', 'AGENT_CODEX_HOOKS_OFF']);
    expect(checks[0]).toMatchObject({ data: { trust: 'untrusted' } });
    expect(checks[0]!.fix).toBeUndefined();
  });

  it("Claude's own switch, disableAllHooks in the local settings it merges: AGENT_HOOKS_SWITCHED_OFF (warn)", async () => {
    const r = fresh();
    r.write({ '.claude/settings.local.json': '{ "disableAllHooks": true }\n' });
    expect(of(await agentChecks(r), 'claude')).toMatchObject([
      { status: 'warn', code: 'AGENT_HOOKS_SWITCHED_OFF', data: { config: join(r.dir, '.claude/settings.local.json'), key: 'disableAllHooks' } },
    ]);
  });

  it('a narrowed matcher (edits no longer reach the guard): AGENT_HOOK_CHANGED; install --agent mends it', async () => {
    const r = fresh();
    const settings = JSON.parse(r.read('.claude/settings.json'));
    settings.hooks.PreToolUse[0].matcher = 'Bash';
    r.write({ '.claude/settings.json': JSON.stringify(settings, null, 2) });
    const [c] = of(await agentChecks(r), 'claude');
    expect(c).toMatchObject({ status: 'fail', code: 'AGENT_HOOK_CHANGED', fix: 'npx tdd-hooks install --agent claude' });
    expect(c!.data.missing).toEqual(['PreToolUse Write|Edit|MultiEdit|NotebookEdit|Bash|PowerShell']);
    expect(c!.data.unexpected).toEqual(['PreToolUse Bash']);
    expect(r.tdd('install', '--agent', 'claude').status).toBe(0);
    expect(of(await agentChecks(r), 'claude')).toMatchObject([{ code: 'AGENT_HOOK_OK' }]);
  });

  it('Cursor without version: 1, Gemini with a trailing comma, a session hook dropped: each named', async () => {
    const r = fresh();
    const cursor = JSON.parse(r.read('.cursor/hooks.json'));
    delete cursor.version;
    r.write({ '.cursor/hooks.json': JSON.stringify(cursor) });
    r.write({ '.gemini/settings.json': r.read('.gemini/settings.json').replace(/\]\s*\}\s*\}\s*$/, '],\n}}\n') });
    const qwen = JSON.parse(r.read('.qwen/settings.json'));
    delete qwen.hooks.SessionStart;
    r.write({ '.qwen/settings.json': JSON.stringify(qwen) });
    const checks = await agentChecks(r);
    expect(of(checks, 'cursor')).toMatchObject([{ code: 'AGENT_HOOK_CHANGED', data: { missing: ['version: 1'] } }]);
    expect(of(checks, 'gemini')).toMatchObject([{ status: 'fail', code: 'AGENT_HOOK_UNREADABLE' }]);
    expect(of(checks, 'qwen')).toMatchObject([{ code: 'AGENT_HOOK_CHANGED', data: { missing: ['SessionStart'] } }]);
  });

  it("Cline's script not executable, its TaskStart gone, OpenCode's plugin edited: named, and the chmod fix works", async () => {
    const r = fresh();
    chmodSync(join(r.dir, '.clinerules/hooks/PreToolUse'), 0o644);
    r.remove('.clinerules/hooks/TaskStart');
    r.write({ '.opencode/plugin/tdd-hooks.js': r.read('.opencode/plugin/tdd-hooks.js').replace('if (r.status === 0) return;', 'return;') });
    const checks = await agentChecks(r);
    const cline = of(checks, 'cline');
    expect(cline.map((c) => c.code)).toEqual(['AGENT_HOOK_NOT_EXECUTABLE', 'AGENT_HOOK_CHANGED']);
    expect(cline[1]!.data).toMatchObject({ missing: ['the file'] });
    expect(of(checks, 'opencode')).toMatchObject([{ code: 'AGENT_HOOK_CHANGED' }]);
    runFix(cline[0]!.fix!, r.dir, r.env);
    expect(of(await agentChecks(r), 'cline').map((c) => c.code)).toEqual(['AGENT_HOOK_CHANGED']);
  });

  it('the CLI a command names is not there: AGENT_HOOK_CLI_MISSING, and that hook really cannot run the guard', async () => {
    const r = fresh();
    r.write({ '.github/hooks/tdd-hooks.json': r.read('.github/hooks/tdd-hooks.json').replaceAll('node_modules/tdd-hooks/', 'node_modules/tdd-hookz/') });
    const [c] = of(await agentChecks(r), 'copilot');
    expect(c).toMatchObject({ status: 'fail', code: 'AGENT_HOOK_CLI_MISSING', data: { cli: 'node_modules/tdd-hookz/bin/tdd.js' } });
    // The package is where a new install would point: re-install names it.
    expect(c!.fix).toBe('npx tdd-hooks install --agent copilot');
    const ran = runAgentHook(r, 'copilot', payload('copilot', 'pretooluse-view', r.dir));
    expect(JSON.parse(ran.stdout)).toMatchObject({ permissionDecision: 'deny' });
    expect(ran.stdout).toMatch(/guard did not run/);
  });

  it('the package gone from node_modules: every agent says so, with the install command of the project', async () => {
    const r = fresh();
    r.remove('node_modules/tdd-hooks');
    const checks = await agentChecks(r);
    const missing = checks.filter((c) => c.code === 'AGENT_HOOK_CLI_MISSING');
    expect(missing.map((c) => c.id).sort()).toEqual(AGENTS.map((a) => `agent-${a}`).sort());
    expect(missing[0]!.fix).toBe('npm install');
    const ran = runAgentHook(r, 'claude', payload('claude', 'pretooluse-write-impl', r.dir));
    expect(ran.status).toBe(2);
  });

  it('the user-wide plugin and extension: AGENT_PLUGIN_OK; without a CLI here, AGENT_PLUGIN_CLI_MISSING with the install command', async () => {
    const r = fresh();
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-agent-home-')));
    try {
      // As `claude plugin install tdd-hooks@tdd-hooks` and `gemini extensions install …` leave them.
      mkdirSync(join(home, '.claude'));
      writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ enabledPlugins: { 'tdd-hooks@tdd-hooks': true } }));
      cpSync(join(PROJECT_ROOT, 'hooks', 'gemini-extension'), join(home, '.gemini', 'extensions', 'tdd-hooks'), { recursive: true });
      const path = (process.env.PATH ?? '')
        .split(delimiter)
        .filter((d) => d && !existsSync(join(d, 'tdd-hooks')))
        .join(delimiter);
      const plugins = async () =>
        (await runDoctor(r.dir, { ...r.env, HOME: home, PATH: path, CODEX_HOME: codexHome })).checks.filter((c) => c.code.startsWith('AGENT_PLUGIN'));
      expect(await plugins()).toMatchObject([
        { id: 'agent-claude', status: 'ok', code: 'AGENT_PLUGIN_OK', data: { path: join(home, '.claude', 'settings.json') } },
        { id: 'agent-gemini', status: 'ok', code: 'AGENT_PLUGIN_OK' },
      ]);
      // This project also has `install --agent claude` and `--agent gemini` hooks: each guard would run twice.
      const twice = (await runDoctor(r.dir, { ...r.env, HOME: home, PATH: path, CODEX_HOME: codexHome })).checks.filter((c) => c.code === 'AGENT_GUARD_TWICE');
      expect(twice).toMatchObject([
        { id: 'agent-claude', status: 'warn', fix: 'npx tdd-hooks uninstall --agent claude' },
        { id: 'agent-gemini', status: 'warn', fix: 'npx tdd-hooks uninstall --agent gemini' },
      ]);
      // The fix, as given: the plugin alone guards Claude Code here.
      expect(r.tdd('uninstall', '--agent', 'claude').status).toBe(0);
      const after = (await runDoctor(r.dir, { ...r.env, HOME: home, PATH: path, CODEX_HOME: codexHome })).checks.filter((c) => c.code === 'AGENT_GUARD_TWICE');
      expect(after.map((c) => c.id)).toEqual(['agent-gemini']);
      r.remove('node_modules/tdd-hooks');
      expect(await plugins()).toMatchObject([
        { status: 'fail', code: 'AGENT_PLUGIN_CLI_MISSING', fix: 'npm install' },
        { status: 'fail', code: 'AGENT_PLUGIN_CLI_MISSING', fix: 'npm install' },
      ]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
