/** The recorded hook payloads of test/fixtures/agents, with `$REPO` made a real folder. */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentName } from '../../src/agent/types.js';
import { PROJECT_ROOT, type Repo } from './repo.js';

export const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'agents');

/** The payload text as the agent writes it on stdin; `repo` replaces `$REPO` (JSON-escaped). */
export function payload(agent: string, name: string, repo = '/repo'): string {
  const escaped = JSON.stringify(repo).slice(1, -1);
  return readFileSync(join(FIXTURES, agent, `${name}.json`), 'utf8').replaceAll('$REPO', escaped);
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
      const cmd = commandIn(repo, '.gemini/settings.json', (v) => v.hooks[session ? 'SessionStart' : 'BeforeTool'][0].hooks[0].command);
      return spawnSync('bash', ['-c', cmd], opts({ GEMINI_PROJECT_DIR: repo.dir }));
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
  }
}
