/**
 * `tdd-hooks install --agent NAME` / `uninstall --agent NAME`: read each agent's project file →
 * plan (agent-merge) → write. Every file is planned before one is written, so a refusal (a file
 * that is not JSON, a hook script that is someone else's) leaves everything as it was. Idempotent:
 * a second install plans nothing.
 */
import { existsSync, mkdirSync, readdirSync, rmdirSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { AgentName } from '../agent/types.js';
import { TddError } from '../errors.js';
import { agentFiles, isOurCommand, type AgentFile } from './agent-entries.js';
import { MergeProblem, mergeEntries, parseSettings, removeEntries, renderSettings } from './agent-merge.js';
import { applyOps, readFileState } from './apply.js';
import { readRepoLayout } from './layout.js';
import { locateCli, PACKAGE_BIN } from './package-files.js';
import type { FileOp, FileState } from './plan.js';
import type { RepoContext } from '../git/queries.js';

export type AgentFileAction = 'created' | 'updated' | 'unchanged' | 'removed' | 'deleted' | 'absent';

export interface AgentFileReport {
  agent: AgentName;
  /** Relative to the top level. */
  path: string;
  action: AgentFileAction;
}

export interface AgentsReport {
  top: string;
  /** The CLI the agents' hooks run, relative to the top level. */
  cli: string;
  /** Whether that CLI is there (the guard cannot run before `npm install` puts it there). */
  cliFound: boolean;
  agents: AgentName[];
  files: AgentFileReport[];
  dryRun: boolean;
  /**
   * install: the git hooks, which a guard needs (it judges against the RED commits they record):
   * `present`, or `installed` (or `would-install` in a dry run) when this clone had none.
   */
  gitHooks?: 'present' | 'installed' | 'would-install';
}

export interface AgentsOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  agents: AgentName[];
  dryRun?: boolean;
  packageBin?: string;
}

interface Planned {
  report: AgentFileReport;
  ops: FileOp[];
}

function unreadable(path: string, problem: string, agent: AgentName, verb: 'install' | 'uninstall'): TddError {
  return new TddError('AGENT_CONFIG_UNREADABLE', `${path}: ${problem}`, 2, {
    hint: `make ${path} a JSON object again (or move it aside), then npx tdd-hooks ${verb} --agent ${agent}`,
    data: { path, agent },
  });
}

function currentText(state: FileState, path: string, agent: AgentName, verb: 'install' | 'uninstall'): string | null {
  if (state.kind === 'other') throw unreadable(path, 'not a plain file (a symlink or a folder): tdd-hooks writes only plain files', agent, verb);
  return state.kind === 'file' ? state.content : null;
}

function planInstall(agent: AgentName, file: AgentFile, abs: string, state: FileState): Planned {
  const report = (action: AgentFileAction): AgentFileReport => ({ agent, path: file.path, action });
  const text = currentText(state, file.path, agent, 'install');
  if (file.kind === 'own') {
    if (text !== null && !isOurCommand(agent, text)) {
      throw new TddError('AGENT_FILE_FOREIGN', `${file.path} exists and is not tdd-hooks'`, 2, {
        hint: `move it aside (or call the guard from it: node <tdd-hooks>/bin/tdd.js guard ${agent}), then npx tdd-hooks install --agent ${agent}`,
        data: { path: file.path, agent },
      });
    }
    if (text === file.content && state.kind === 'file' && state.mode === file.mode) return { report: report('unchanged'), ops: [] };
    return { report: report(text === null ? 'created' : 'updated'), ops: [{ op: 'write', path: abs, content: file.content, mode: file.mode }] };
  }
  let merged;
  try {
    merged = mergeEntries(file, agent, parseSettings(text));
  } catch (e) {
    if (e instanceof MergeProblem) throw unreadable(file.path, e.message, agent, 'install');
    throw e;
  }
  if (!merged.changed) return { report: report('unchanged'), ops: [] };
  const mode = state.kind === 'file' ? state.mode : 0o644;
  return { report: report(text === null ? 'created' : 'updated'), ops: [{ op: 'write', path: abs, content: renderSettings(merged.root, text), mode }] };
}

function planUninstall(agent: AgentName, file: AgentFile, abs: string, state: FileState): Planned {
  const report = (action: AgentFileAction): AgentFileReport => ({ agent, path: file.path, action });
  if (state.kind !== 'file') return { report: report('absent'), ops: [] };
  const text = state.content;
  if (file.kind === 'own') {
    return isOurCommand(agent, text) ? { report: report('deleted'), ops: [{ op: 'delete', path: abs }] } : { report: report('absent'), ops: [] };
  }
  let removed;
  try {
    removed = removeEntries(file, agent, parseSettings(text));
  } catch (e) {
    if (e instanceof MergeProblem) throw unreadable(file.path, e.message, agent, 'uninstall');
    throw e;
  }
  if (!removed.changed) return { report: report('absent'), ops: [] };
  if (removed.empty) return { report: report('deleted'), ops: [{ op: 'delete', path: abs }] };
  return { report: report('removed'), ops: [{ op: 'write', path: abs, content: renderSettings(removed.root, text), mode: state.mode }] };
}

/** Folders left empty by a deleted file, up to (not including) the top level: they were ours. */
function removeEmptyFolders(top: string, file: string): void {
  for (let dir = dirname(file); dir.startsWith(`${top}${sep}`); dir = dirname(dir)) {
    try {
      if (readdirSync(dir).length > 0) return;
      rmdirSync(dir);
    } catch {
      return;
    }
  }
}

async function run(o: AgentsOptions, verb: 'install' | 'uninstall'): Promise<AgentsReport> {
  const layout = await readRepoLayout(o.cwd, o.env);
  const cli = locateCli(layout.top, o.cwd, o.packageBin ?? PACKAGE_BIN);
  const planned: Planned[] = [];
  for (const agent of o.agents) {
    for (const file of agentFiles(agent, cli.rel)) {
      const abs = join(layout.top, file.path);
      const state = await readFileState(abs);
      planned.push(verb === 'install' ? planInstall(agent, file, abs, state) : planUninstall(agent, file, abs, state));
    }
  }
  const dryRun = o.dryRun ?? false;
  const gitHooks = verb === 'install' ? await ensureGitHooks(o, layout.top, dryRun) : undefined;
  if (!dryRun) {
    for (const p of planned) {
      for (const op of p.ops) if (op.op === 'write') mkdirSync(dirname(op.path), { recursive: true });
      await applyOps(p.ops);
      for (const op of p.ops) if (op.op === 'delete') removeEmptyFolders(layout.top, op.path);
    }
  }
  return {
    top: layout.top,
    cli: cli.rel,
    cliFound: existsSync(join(layout.top, cli.rel)),
    agents: o.agents,
    files: planned.map((p) => p.report),
    dryRun,
    ...(gitHooks ? { gitHooks } : {}),
  };
}

/**
 * A guard over a clone whose commits tdd-hooks does not see would deny every implementation edit
 * forever ("no RED commit": none is ever recorded). So install --agent installs the git hooks too
 * when they are missing, as `tdd-hooks install` would (a refusal of that install stops this one,
 * before any agent file is written).
 */
async function ensureGitHooks(o: AgentsOptions, top: string, dryRun: boolean): Promise<AgentsReport['gitHooks']> {
  const { readHooksInstalled } = await import('./installed.js');
  if (await readHooksInstalled({ top, env: o.env } as RepoContext)) return 'present';
  if (dryRun) return 'would-install';
  const { install } = await import('./install.js');
  await install({ cwd: o.cwd, env: o.env, ...(o.packageBin ? { packageBin: o.packageBin } : {}) });
  return 'installed';
}

export const installAgents = (o: AgentsOptions): Promise<AgentsReport> => run(o, 'install');
export const uninstallAgents = (o: AgentsOptions): Promise<AgentsReport> => run(o, 'uninstall');
