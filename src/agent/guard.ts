/**
 * One tool call, start to end: the agent's payload → what it asks → where its paths land → the
 * decision → the agent's own answer, and a line in the event log. Fails closed: a payload it
 * cannot read, or any error of its own, is a deny in the agent's format (every agent treats a
 * crashed hook as an allow). The hot path starts no process and reads a few small files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CONFIG_FILES } from '../config/schema.js';
import { ADAPTERS } from './adapters/index.js';
import { readGuardContext, type ReadContext } from './context.js';
import { findRepo } from './repo.js';
import { decide, dependsOnIgnore } from './decide.js';
import type { StatusText } from './session.js';
import { readIgnored, resolveChanges, type NamedChange } from './resolve.js';
import { appendEvent } from '../state/store.js';
import type { GuardEvent } from '../state/types.js';
import type { AgentName, AgentOutput, Decision, GuardFinding, GuardRequest, ResolvedChange } from './types.js';

export interface GuardRun {
  output: AgentOutput;
  /** What was decided, for --json and the event log; undefined for a session start. */
  decision?: Decision;
  request: GuardRequest;
}

/** The project the agent works in: the folder its own environment names, else the payload's cwd. */
export function projectDirOf(env: NodeJS.ProcessEnv): string | undefined {
  return env.CLAUDE_PROJECT_DIR || env.GEMINI_PROJECT_DIR || env.CURSOR_PROJECT_DIR || env.FACTORY_PROJECT_DIR || undefined;
}

/**
 * The CLI as the agent should type it: `npx tdd` when this guard runs from a project's node_modules
 * (a local install puts no `tdd` on PATH), else `tdd`.
 */
export function cliSpelling(script: string | undefined = process.argv[1]): string {
  return script && /[\\/]node_modules[\\/]/.test(script) ? 'npx tdd' : 'tdd';
}

function parsePayload(agent: AgentName, stdin: string): GuardRequest {
  let payload: unknown;
  try {
    payload = JSON.parse(stdin);
  } catch (e) {
    return { kind: 'unreadable', reason: stdin.trim() === '' ? 'no input on stdin' : `not JSON (${(e as Error).message})` };
  }
  return ADAPTERS[agent].parse(payload);
}

const denyAll = (findings: GuardFinding[], phase: Decision['phase'] = null, task: string | null = null): Decision => ({ allow: false, findings, phase, task });

interface Decided {
  decision: Decision;
  changes: ResolvedChange[];
}

async function decideRequest(read: ReadContext, request: Extract<GuardRequest, { kind: 'files' | 'shell' }>, base: string | null): Promise<Decided> {
  const { ctx, repo, classify } = read;
  let named: NamedChange[];
  let commandFindings: GuardFinding[] = [];
  let notes: string[] = [];
  if (request.kind === 'shell') {
    // A chunk of its own (bin/build.mjs): loaded, and kept compiled in V8's cache, by shell calls only.
    const { analyzeShell } = await import('./shell-rules.js');
    const shell = analyzeShell(request.command, base);
    if (shell.error) return { decision: denyAll([{ code: 'SHELL_UNREADABLE', data: { reason: shell.error } }], ctx.phase, ctx.task), changes: [] };
    commandFindings = shell.findings;
    named = shell.targets;
    notes = shell.notes;
  } else {
    named = request.changes;
  }
  const changes: ResolvedChange[] = named.flatMap((c) => resolveChanges(repo, base, c, classify));
  // A deny that git's ignore rules would lift (`npm test > out.log` in RED).
  const ask = dependsOnIgnore(ctx, changes);
  if (ask.length > 0) {
    const ignored = readIgnored(repo, [...new Set(ask.map((c) => (c.place as { rel: string }).rel))], read.excludesFile);
    for (const c of changes) if (c.place.where === 'repo' && ignored.has(c.place.rel)) c.gitIgnored = true;
  }
  const decision = decide(ctx, changes, commandFindings);
  if (notes.length > 0) decision.notes = notes;
  return { decision, changes };
}

/** The guard for one call. `stdin` is the payload as the agent wrote it. */
export async function runGuard(agent: AgentName, stdin: string, env: NodeJS.ProcessEnv, processCwd: string, statusText?: StatusText): Promise<GuardRun> {
  const adapter = ADAPTERS[agent];
  let request: GuardRequest = { kind: 'unreadable', reason: 'not read yet' };
  let read: ReadContext | undefined;
  try {
    request = parsePayload(agent, stdin);
    const base = request.cwd || projectDirOf(env) || processCwd;
    const start = existingFolder(projectDirOf(env) ?? base);
    if (request.kind === 'session') {
      if (!adapter.formatContext) return { output: adapter.formatDecision(true, ''), request };
      const { readSessionContext } = await import('./session.js');
      return { output: adapter.formatContext(await readSessionContext(start, env, cliSpelling(), statusText)), request };
    }
    // TDD_HOOKS=0 in the agent's own environment: a human started it so, as for the git hooks.
    if (env.TDD_HOOKS === '0' || request.kind === 'other') return { output: adapter.formatDecision(true, ''), request };
    read = await readGuardContext(start, env);
    // Tools called inside a script change nothing the commit holds outside a work tree, or with the phase off.
    if (request.kind === 'hidden' && (!read || read.ctx.phase === 'off')) return { output: adapter.formatDecision(true, ''), request };
    if (request.kind === 'unreadable' || request.kind === 'hidden') {
      const code = request.kind === 'hidden' ? 'TOOLS_IN_SCRIPT' : 'INPUT_UNREADABLE';
      const decision = denyAll([{ code, data: { reason: request.reason } }], read?.ctx.phase, read?.ctx.task);
      await logDecision(read, agent, request, decision, []);
      return { output: adapter.formatDecision(false, await denial(decision, request)), request, decision };
    }
    const reads = read ? [read] : await namedWorkTrees(request, base, env);
    // Not a git work tree, nor any the call names: no commit to guard.
    if (reads.length === 0) return { output: adapter.formatDecision(true, ''), request };
    let decision: Decision | undefined;
    for (const r of reads) {
      read = r;
      const decided = await decideRequest(r, request, base);
      decision = decided.decision;
      await logDecision(r, agent, request, decision, decided.changes);
      if (!decision.allow) break;
    }
    return { output: adapter.formatDecision(decision!.allow, decision!.allow ? '' : await denial(decision!, request)), request, decision };
  } catch (e) {
    const decision = denyAll([{ code: 'GUARD_ERROR', data: { reason: (e as Error)?.message ?? String(e) } }], read?.ctx.phase, read?.ctx.task);
    await logDecision(read, agent, request, decision, []).catch(() => {});
    return { output: adapter.formatDecision(false, await denial(decision, request)), request, decision };
  }
}

/**
 * No work tree at the project folder (an agent started in a parent folder that is not a
 * repository): the work trees the call's own paths lie in (a file's, a shell's cwd), each judged
 * on its own, when it uses tdd-hooks (its settings at the top, as hooks/…/tdd-guard.sh asks before
 * it starts node): a project without them has no phase to keep.
 */
async function namedWorkTrees(request: Extract<GuardRequest, { kind: 'files' | 'shell' }>, base: string, env: NodeJS.ProcessEnv): Promise<ReadContext[]> {
  const paths = request.kind === 'files' ? request.changes.flatMap((c) => (c.path === null ? [] : [resolve(base, c.path)])) : [base];
  const tops = new Set<string>();
  for (const p of paths) {
    const top = findRepo(existingFolder(p), env)?.top;
    if (top && usesTddHooks(top)) tops.add(top);
  }
  const reads: ReadContext[] = [];
  for (const top of tops) {
    const r = await readGuardContext(top, env);
    if (r) reads.push(r);
  }
  return reads;
}

function usesTddHooks(top: string): boolean {
  if (CONFIG_FILES.some((f) => existsSync(join(top, f)))) return true;
  try {
    const p = JSON.parse(readFileSync(join(top, 'package.json'), 'utf8')) as unknown;
    return Boolean(p && typeof p === 'object' && 'tdd' in p);
  } catch {
    return false;
  }
}

/** The folder itself, or its nearest ancestor that exists (an agent may name a folder not made yet). */
function existingFolder(path: string): string {
  let dir = resolve(path);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The words of a deny (their own chunk: an allowed call never loads them). */
async function denial(decision: Decision, request: GuardRequest): Promise<string> {
  const { formatDenial } = await import('./messages.js');
  return formatDenial(decision, toolOf(request), cliSpelling());
}

const toolOf = (r: GuardRequest): string => ('tool' in r && r.tool ? r.tool : 'tool');

/** One line in events.jsonl per decision; `tdd report` counts the denied ones per task. */
async function logDecision(read: ReadContext | undefined, agent: AgentName, request: GuardRequest, d: Decision, changes: ResolvedChange[]): Promise<void> {
  if (!read) return;
  // Repository-relative, as the commit hooks name paths; outside the work tree is not the report's.
  const paths = changes.flatMap((c) => (c.place.where === 'repo' || c.place.where === 'git-dir' ? [c.place.rel] : []));
  const event: GuardEvent = {
    event: 'guard',
    agent,
    tool: toolOf(request),
    decision: d.allow ? 'allow' : 'deny',
    phase: d.phase,
    task: d.task,
    codes: d.findings.map((f) => f.code),
    paths: [...new Set([...paths, ...d.findings.flatMap((f) => (f.path ? [f.path] : []))])].slice(0, 20),
  };
  if (request.kind === 'shell') event.command = request.command.length > 200 ? `${request.command.slice(0, 199)}…` : request.command;
  await appendEvent(read.repo.stateDir, { ...event, ...(d.notes ? { notes: d.notes } : {}) }).catch(() => {});
}
