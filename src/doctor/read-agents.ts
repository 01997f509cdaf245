/**
 * The agents' hook files `install --agent` writes, read as they are now: which agents have our
 * guard in them, the CLI each guard command names and whether it is there, and, for Codex, its
 * own configuration (trust and the hooks switch live there, outside the project).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, delimiter, dirname, join } from 'node:path';
import { AGENTS } from '../agent/types.js';
import { agentFiles, isOurCommand } from '../install/agent-entries.js';
import { locateCli, PACKAGE_BIN } from '../install/package-files.js';
import { realpathLoose } from '../install/paths.js';
import { guardCliPaths } from './agent-parse.js';
import { readFileFact } from './read-hooks.js';
import type { AgentFacts, AgentHookFacts, LayoutFacts } from './types.js';

const readOr = (path: string): Promise<string | null> => readFile(path, 'utf8').catch(() => null);

/** The folders Codex may key this project's trust by: the top, and the main worktree's top. */
function codexFolders(l: Pick<LayoutFacts, 'top' | 'commonDir'>): string[] {
  const main = basename(l.commonDir) === '.git' ? dirname(l.commonDir) : l.top;
  return [...new Set([l.top, main, realpathLoose(main)])];
}

/**
 * Claude Code's `disableAllHooks: true` in any settings file it merges (the user's — CLAUDE_CONFIG_DIR,
 * else ~/.claude —, the project's, the project's local one) runs no hook at all, ours included.
 */
async function readClaudeSwitches(top: string, env: NodeJS.ProcessEnv): Promise<{ file: string; key: string }[]> {
  const home = env.CLAUDE_CONFIG_DIR || (env.HOME ? join(env.HOME, '.claude') : '');
  const files = [...(home ? [join(home, 'settings.json')] : []), join(top, '.claude', 'settings.json'), join(top, '.claude', 'settings.local.json')];
  const out: { file: string; key: string }[] = [];
  for (const file of files) {
    const text = await readOr(file);
    if (text === null) continue;
    try {
      if ((JSON.parse(text) as { disableAllHooks?: unknown })?.disableAllHooks === true) out.push({ file, key: 'disableAllHooks' });
    } catch {
      // not JSON: the file's own check (AGENT_HOOK_UNREADABLE) says so when it is ours
    }
  }
  return out;
}

/** JSON of a file, or undefined. */
async function readJson(path: string): Promise<unknown> {
  const text = await readOr(path);
  try {
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * The user-wide plugin and extension: Claude Code's `enabledPlugins` naming tdd-hooks@<marketplace>
 * in the user's or the project's settings; Gemini CLI's installed extension folder (~/.gemini/extensions/tdd-hooks).
 */
async function readPlugins(top: string, env: NodeJS.ProcessEnv): Promise<NonNullable<AgentFacts['plugins']>> {
  const out: NonNullable<AgentFacts['plugins']> = [];
  const claudeHome = env.CLAUDE_CONFIG_DIR || (env.HOME ? join(env.HOME, '.claude') : '');
  for (const file of [...(claudeHome ? [join(claudeHome, 'settings.json')] : []), join(top, '.claude', 'settings.json')]) {
    const enabled = ((await readJson(file)) as { enabledPlugins?: Record<string, unknown> } | undefined)?.enabledPlugins;
    if (enabled && typeof enabled === 'object' && Object.entries(enabled).some(([k, v]) => k.startsWith('tdd-hooks@') && v === true)) {
      out.push({ agent: 'claude', path: file });
      break;
    }
  }
  const manifest = env.HOME ? join(env.HOME, '.gemini', 'extensions', 'tdd-hooks', 'gemini-extension.json') : '';
  if (manifest && ((await readJson(manifest)) as { name?: unknown } | undefined)?.name === 'tdd-hooks') out.push({ agent: 'gemini', path: manifest });
  return out;
}

const onPath = (env: NodeJS.ProcessEnv, name: string): boolean => (env.PATH ?? '').split(delimiter).some((d) => d !== '' && existsSync(join(d, name)));

export async function readAgentFacts(l: Pick<LayoutFacts, 'top' | 'commonDir'>, env: NodeJS.ProcessEnv, packageBin = PACKAGE_BIN): Promise<AgentFacts> {
  const installed: AgentHookFacts[] = [];
  for (const agent of AGENTS) {
    const paths = [...new Set(agentFiles(agent, 'x').map((f) => f.path))];
    const files = await Promise.all(paths.map(async (path) => ({ path, fact: await readFileFact(join(l.top, path)) })));
    const ours = files.filter((f) => f.fact.kind === 'file' && (isOurCommand(agent, f.fact.content) || guardCliPaths(agent, f.fact.content).length > 0));
    if (ours.length === 0) continue;
    const clis: Record<string, boolean> = {};
    for (const f of ours) if (f.fact.kind === 'file') for (const cli of guardCliPaths(agent, f.fact.content)) clis[cli] = existsSync(join(l.top, cli));
    const switchedOff = agent === 'claude' ? await readClaudeSwitches(l.top, env) : [];
    installed.push({ agent, files, clis, ...(switchedOff.length > 0 ? { switchedOff } : {}) });
  }
  const cli = locateCli(l.top, l.top, packageBin).rel;
  const facts: AgentFacts = { installed, cli: { rel: cli, present: existsSync(join(l.top, cli)) } };
  const plugins = await readPlugins(l.top, env);
  if (plugins.length > 0) Object.assign(facts, { plugins, globalCli: onPath(env, 'tdd-hooks') });
  if (installed.some((a) => a.agent === 'codex')) {
    const home = env.CODEX_HOME || (env.HOME ? join(env.HOME, '.codex') : '');
    const userConfig = home ? join(home, 'config.toml') : '';
    const [user, project] = await Promise.all([userConfig ? readOr(userConfig) : null, readOr(join(l.top, '.codex', 'config.toml'))]);
    facts.codex = { userConfig, user, project, folders: codexFolders(l) };
  }
  return facts;
}
