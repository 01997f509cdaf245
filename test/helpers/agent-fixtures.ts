/** The recorded hook payloads of test/fixtures/agents, with `$REPO` made a real folder. */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentName } from '../../src/agent/types.js';
import { PROJECT_ROOT, type Repo } from './repo.js';

export const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'agents');

/** `$REPO` → `repo` in every string of a value, JSON written into a string included (Copilot's early `toolArgs`). */
function withRepo(v: unknown, repo: string): unknown {
  if (typeof v === 'string') {
    if (/^\s*[[{]/.test(v)) {
      try {
        return JSON.stringify(withRepo(JSON.parse(v), repo));
      } catch {
        // not JSON after all: a plain string
      }
    }
    return v.replaceAll('$REPO', repo);
  }
  if (Array.isArray(v)) return v.map((x) => withRepo(x, repo));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withRepo(x, repo)]));
  return v;
}

/** The payload text as the agent writes it on stdin; `repo` replaces `$REPO` (as the agent would encode it). */
export function payload(agent: string, name: string, repo = '/repo'): string {
  const text = readFileSync(join(FIXTURES, agent, `${name}.json`), 'utf8');
  return `${JSON.stringify(withRepo(JSON.parse(text), repo))}\n`;
}

/** OpenCode's plugin host, reduced to what a tool call does: stdin is `{input, output}` as OpenCode passes them. */
const OPENCODE_HOST = `
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [file, dir] = process.argv.slice(1);
const mod = await import(pathToFileURL(file).href);
const { input, output } = JSON.parse(readFileSync(0, 'utf8'));
for (const plugin of Object.values(mod)) {
  const hooks = await plugin({ directory: dir, worktree: dir, project: {}, client: {}, $: undefined });
  try {
    await hooks['tool.execute.before']?.(input, output);
  } catch (e) {
    process.stderr.write(String(e?.message ?? e));
    process.exit(2);
  }
}
`;

/** shell-quote's quote() for one word, which Gemini CLI uses (utils/shell-utils.ts escapeShellArg). */
export function shellQuote(s: string): string {
  if (/["\s]/.test(s) && !/'/.test(s)) return `'${s.replace(/(['\\])/g, '\\$1')}'`;
  if (/["'\s]/.test(s)) return `"${s.replace(/(["\\$`!])/g, '\\$1')}"`;
  return s.replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}])/g, '$1\\$2');
}

/** The hook command in one of the repository's JSON hook configurations. */
function commandIn<T = string>(repo: Repo, file: string, pick: (v: any) => T): T {
  return pick(JSON.parse(readFileSync(join(repo.dir, file), 'utf8')));
}

/**
 * Runs what `install --agent` wrote for `agent`, as the agent runs it: its shell, its working
 * folder (Codex: a subfolder, as a session that moved there), its project-dir variable, the
 * payload on stdin. `session`: the session-start hook instead of the pre-tool one.
 */
export function runAgentHook(repo: Repo, agent: AgentName, input: string, event: 'tool' | 'session' = 'tool'): SpawnSyncReturns<string> {
  const opts = (extra: Record<string, string> = {}, cwd = repo.dir) => ({ cwd, env: { ...repo.env, ...extra }, input, encoding: 'utf8' as const });
  const session = event === 'session';
  switch (agent) {
    case 'claude': {
      const cmd = commandIn(repo, '.claude/settings.json', (v) => v.hooks[session ? 'SessionStart' : 'PreToolUse'][0].hooks[0].command);
      return spawnSync('bash', ['-c', cmd], opts({ CLAUDE_PROJECT_DIR: repo.dir }));
    }
    case 'codex': {
      // Codex runs hooks through `$SHELL -lc` in the session's folder.
      const cmd = commandIn(repo, '.codex/hooks.json', (v) => v.hooks[session ? 'SessionStart' : 'PreToolUse'][0].hooks[0].command);
      return spawnSync('sh', ['-lc', cmd], opts({}, join(repo.dir, 'docs')));
    }
    case 'gemini': {
      // As Gemini does (packages/core/src/hooks/hookRunner.ts expandCommand): a bare $GEMINI_PROJECT_DIR
      // is replaced by the shell-quoted path before bash runs; the variable is in the environment too.
      const cmd = commandIn(repo, '.gemini/settings.json', (v) => v.hooks[session ? 'SessionStart' : 'BeforeTool'][0].hooks[0].command).replace(
        /\$(GEMINI_PROJECT_DIR|GEMINI_CWD|CLAUDE_PROJECT_DIR)/g,
        () => shellQuote(repo.dir),
      );
      return spawnSync('bash', ['-c', cmd], opts({ GEMINI_PROJECT_DIR: repo.dir, GEMINI_CWD: repo.dir, CLAUDE_PROJECT_DIR: repo.dir }));
    }
    case 'cursor': {
      const cmd = commandIn(repo, '.cursor/hooks.json', (v) => v.hooks[session ? 'sessionStart' : 'preToolUse'][0].command);
      return spawnSync('sh', ['-c', cmd], opts({ CURSOR_PROJECT_DIR: repo.dir }));
    }
    case 'copilot': {
      const { bash, cwd } = commandIn<{ bash: string; cwd: string }>(repo, '.github/hooks/tdd-hooks.json', (v) => v.hooks.preToolUse[0]);
      return spawnSync('bash', ['-c', bash], opts({}, join(repo.dir, cwd)));
    }
    case 'windsurf': {
      const cmd = commandIn(repo, '.windsurf/hooks.json', (v) => v.hooks.pre_write_code[0].command);
      return spawnSync('sh', ['-c', cmd], opts());
    }
    case 'cline':
      return spawnSync(join(repo.dir, '.clinerules/hooks', session ? 'TaskStart' : 'PreToolUse'), [], opts());
    case 'opencode':
      // As OpenCode does: import every plugin module, call each plugin with the project, await its
      // tool.execute.before(input, output); a throw blocks the call (exit 2 here, its message on stderr).
      return spawnSync(process.execPath, ['--input-type=module', '-e', OPENCODE_HOST, join(repo.dir, '.opencode/plugin/tdd-hooks.js'), repo.dir], opts());
    case 'kiro': {
      const cmd = commandIn(repo, '.kiro/hooks/tdd-hooks.json', (v) => v.hooks[0].action.command);
      return spawnSync('sh', ['-c', cmd], opts({}, join(repo.dir, 'docs')));
    }
    case 'qwen':
    case 'factory':
    case 'augment': {
      // Claude's runner: `sh -c` in the session's folder (a subfolder here); Factory names the project in $FACTORY_PROJECT_DIR.
      const file = { qwen: '.qwen/settings.json', factory: '.factory/hooks.json', augment: '.augment/settings.json' }[agent];
      const cmd = commandIn(repo, file, (v) => v.hooks[session ? 'SessionStart' : 'PreToolUse'][0].hooks[0].command);
      return spawnSync('sh', ['-c', cmd], opts(agent === 'factory' ? { FACTORY_PROJECT_DIR: repo.dir } : {}, join(repo.dir, 'docs')));
    }
  }
}

/** allow | deny as the agent reads it, and the text it reads, checking the agent's own answer shape on the way. */
export function agentVerdict(agent: AgentName, r: SpawnSyncReturns<string>): { verdict: 'allow' | 'deny'; reason: string } {
  const out = r.stdout.trim();
  const fail = (why: string): never => {
    throw new Error(`${agent}: ${why} (exit ${r.status}, stdout ${out}, stderr ${r.stderr})`);
  };
  let json: any;
  try {
    json = out ? JSON.parse(out) : undefined;
  } catch {
    fail('stdout is not JSON');
  }
  if (agent === 'windsurf' || agent === 'qwen' || agent === 'factory' || agent === 'augment' || agent === 'opencode' || agent === 'kiro') {
    if (r.status === 2) return { verdict: 'deny', reason: r.stderr };
    return r.status === 0 ? { verdict: 'allow', reason: '' } : fail('exit neither 0 nor 2');
  }
  if (r.status !== 0) fail('exit is not 0');
  switch (agent) {
    case 'claude':
    case 'codex':
      if (json === undefined) return { verdict: 'allow', reason: '' };
      return json.hookSpecificOutput?.permissionDecision === 'deny'
        ? { verdict: 'deny', reason: json.hookSpecificOutput.permissionDecisionReason }
        : fail('an answer that is not a deny');
    case 'gemini':
      if (json?.decision === 'deny') return { verdict: 'deny', reason: json.reason };
      return JSON.stringify(json) === '{}' ? { verdict: 'allow', reason: '' } : fail('neither {} nor a deny');
    case 'cursor':
      if (json?.permission === 'deny') return { verdict: 'deny', reason: json.user_message };
      return json?.permission === 'allow' ? { verdict: 'allow', reason: '' } : fail('no explicit permission (failClosed blocks on it)');
    case 'copilot':
      if (json === undefined) return { verdict: 'allow', reason: '' };
      return json.permissionDecision === 'deny' && json.hookSpecificOutput?.permissionDecision === 'deny'
        ? { verdict: 'deny', reason: json.permissionDecisionReason }
        : fail('a deny not in both the CLI and VS Code shapes');
    case 'cline':
      if (json?.cancel === true) return { verdict: 'deny', reason: json.errorMessage };
      return json?.cancel === false ? { verdict: 'allow', reason: '' } : fail('no cancel boolean');
  }
  return fail('unknown agent');
}
