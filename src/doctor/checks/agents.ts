/**
 * agent-<name>: each coding agent's hooks that `install --agent` wrote are still what that agent
 * reads and what install writes: the file where the agent looks, a shape it parses, our entries
 * whole (an edited matcher lets edits through unguarded; Cursor reads no file without
 * `version: 1`), Cline's scripts executable (Cline skips one that is not), and the CLI each
 * command names there from the project's top, where the agents run it. Codex runs project hooks
 * only in a project its user config trusts, and none with `[features] hooks = false`.
 */
import { dirname, join } from 'node:path';
import type { AgentName } from '../../agent/types.js';
import { agentFiles, type AgentFile } from '../../install/agent-entries.js';
import { entriesDiff, MergeProblem, parseSettings } from '../../install/agent-merge.js';
import { shQuote } from '../../install/shim.js';
import { codexTrust, parseCodexConfig } from '../agent-parse.js';
import { addDevDependency, arg, atTop, installDependencies, TDD_INSTALL } from '../fixes.js';
import type { AgentHookFacts, CheckResult, CheckVerdict, DoctorFacts, FileFact } from '../types.js';

type Result = CheckVerdict;

const reinstall = (agent: AgentName): string => `${TDD_INSTALL} --agent ${agent}`;

/** What is wrong with one of the agent's files, or null. */
function fileProblem(f: DoctorFacts, agent: AgentName, spec: AgentFile, fact: FileFact): Result | null {
  const path = join(f.layout.top, spec.path);
  if (fact.kind === 'absent')
    return { status: 'fail', code: 'AGENT_HOOK_CHANGED', data: { agent, path, missing: ['the file'], unexpected: [] }, fix: reinstall(agent) };
  if (fact.kind === 'other') return { status: 'fail', code: 'AGENT_HOOK_UNREADABLE', data: { agent, path, problem: 'not a plain file' } };
  if (spec.kind === 'own') {
    if (fact.content !== spec.content)
      return { status: 'fail', code: 'AGENT_HOOK_CHANGED', data: { agent, path, missing: [], unexpected: ['edited content'] }, fix: reinstall(agent) };
    if (spec.mode & 0o111 && !fact.executable)
      return { status: 'fail', code: 'AGENT_HOOK_NOT_EXECUTABLE', data: { agent, path, mode: fact.mode }, fix: `chmod +x ${arg(f.layout, path)}` };
    return null;
  }
  let diff;
  try {
    diff = entriesDiff(spec, agent, parseSettings(fact.content));
  } catch (e) {
    if (e instanceof MergeProblem) return { status: 'fail', code: 'AGENT_HOOK_UNREADABLE', data: { agent, path, problem: e.message } };
    throw e;
  }
  if (diff.missing.length === 0 && diff.unexpected.length === 0) return null;
  return { status: 'fail', code: 'AGENT_HOOK_CHANGED', data: { agent, path, ...diff }, fix: reinstall(agent) };
}

function cliProblem(f: DoctorFacts, a: AgentHookFacts): Result | null {
  const missing = Object.entries(a.clis).find(([, present]) => !present)?.[0];
  if (missing === undefined) return null;
  const now = f.agents.cli;
  const { packageManager: pm, dependencies } = f.project;
  const fix =
    now.present && now.rel !== missing
      ? reinstall(a.agent)
      : atTop(f.layout, dependencies.includes('tdd-hooks') ? installDependencies(pm) : addDevDependency(pm, 'tdd-hooks'));
  return { status: 'fail', code: 'AGENT_HOOK_CLI_MISSING', data: { agent: a.agent, cli: missing, path: join(f.layout.top, missing) }, fix };
}

/** Codex: the project trusted in the user's config.toml, hooks not switched off there or in the project's. */
function codexProblems(f: DoctorFacts): Result[] {
  const c = f.agents.codex;
  if (!c) return [];
  const out: Result[] = [];
  const user = parseCodexConfig(c.user ?? '');
  const project = parseCodexConfig(c.project ?? '');
  const trust = codexTrust(user, c.folders);
  if (trust !== 'trusted') {
    const top = f.layout.top;
    // Appended as its own table; an `untrusted` entry is the user's choice, to change by hand.
    const fix =
      trust === 'unknown' && c.userConfig
        ? `mkdir -p ${shQuote(dirname(c.userConfig))} && printf '\\n[projects.%s]\\ntrust_level = "trusted"\\n' ${shQuote(JSON.stringify(top))} >> ${shQuote(c.userConfig)}`
        : undefined;
    out.push({ status: 'warn', code: 'AGENT_CODEX_UNTRUSTED', data: { agent: 'codex', trust, config: c.userConfig, top }, ...(fix ? { fix } : {}) });
  }
  const off = user.hooksOff ? c.userConfig : project.hooksOff ? join(f.layout.top, '.codex', 'config.toml') : null;
  if (off) out.push({ status: 'warn', code: 'AGENT_CODEX_HOOKS_OFF', data: { agent: 'codex', config: off } });
  return out;
}

function checkAgent(f: DoctorFacts, a: AgentHookFacts): CheckResult[] {
  const id = `agent-${a.agent}` as const;
  const cli = Object.keys(a.clis)[0] ?? f.agents.cli.rel;
  const problems: Result[] = [];
  for (const spec of agentFiles(a.agent, cli)) {
    const fact = a.files.find((x) => x.path === spec.path)?.fact ?? { kind: 'absent' };
    const p = fileProblem(f, a.agent, spec, fact);
    if (p) problems.push(p);
  }
  if (Object.keys(a.clis).length === 0 && problems.length === 0) {
    const path = join(f.layout.top, a.files.find((x) => x.fact.kind === 'file')?.path ?? '');
    problems.push({
      status: 'fail',
      code: 'AGENT_HOOK_CHANGED',
      data: { agent: a.agent, path, missing: ['the guard command'], unexpected: [] },
      fix: reinstall(a.agent),
    });
  }
  const cliP = cliProblem(f, a);
  if (cliP) problems.push(cliP);
  if (a.agent === 'codex') problems.push(...codexProblems(f));
  for (const off of a.switchedOff ?? [])
    problems.push({ status: 'warn', code: 'AGENT_HOOKS_SWITCHED_OFF', data: { agent: a.agent, config: off.file, key: off.key } });
  if (problems.length === 0) {
    const files = a.files.filter((x) => x.fact.kind === 'file').map((x) => join(f.layout.top, x.path));
    return [{ id, status: 'ok', code: 'AGENT_HOOK_OK', data: { agent: a.agent, files, cli } }];
  }
  return problems.map((p) => ({ id, ...p }));
}

/** The user-wide plugin / extension: its launcher runs this project's CLI (or a tdd-hooks on PATH), and denies every call without one. */
function checkPlugin(f: DoctorFacts, p: NonNullable<DoctorFacts['agents']['plugins']>[number]): CheckResult {
  const id = `agent-${p.agent}` as const;
  if (f.agents.cli.present || f.agents.globalCli) return { id, status: 'ok', code: 'AGENT_PLUGIN_OK', data: { agent: p.agent, path: p.path } };
  const { packageManager: pm, dependencies } = f.project;
  const fix = atTop(f.layout, dependencies.includes('tdd-hooks') ? installDependencies(pm) : addDevDependency(pm, 'tdd-hooks'));
  return { id, status: 'fail', code: 'AGENT_PLUGIN_CLI_MISSING', data: { agent: p.agent, path: p.path, cli: f.agents.cli.rel }, fix };
}

/** The plugin and this project's `install --agent` hooks of one agent: each tool call is judged twice (twice the time, two denials). */
function guardTwice(f: DoctorFacts, p: NonNullable<DoctorFacts['agents']['plugins']>[number]): CheckResult[] {
  const a = f.agents.installed.find((x) => x.agent === p.agent);
  if (!a) return [];
  const files = a.files.filter((x) => x.fact.kind === 'file').map((x) => join(f.layout.top, x.path));
  const fix = `npx tdd-hooks uninstall --agent ${p.agent}`;
  return [{ id: `agent-${p.agent}`, status: 'warn', code: 'AGENT_GUARD_TWICE', data: { agent: p.agent, path: p.path, files }, fix }];
}

export function checkAgents(f: DoctorFacts): CheckResult[] | null {
  const plugins = f.agents.plugins ?? [];
  if (f.agents.installed.length === 0 && plugins.length === 0) return null;
  return [...f.agents.installed.flatMap((a) => checkAgent(f, a)), ...plugins.map((p) => checkPlugin(f, p)), ...plugins.flatMap((p) => guardTwice(f, p))];
}
