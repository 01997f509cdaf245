/** Reads the project around the hooks: package files, the configuration, the runner, the local state and the history it caches. */
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../config/load.js';
import type { Config } from '../config/schema.js';
import type { ConfigProblem } from '../config/validate.js';
import { TddError } from '../errors.js';
import { execGit, git } from '../git/exec.js';
import type { RepoContext } from '../git/queries.js';
import { NODE_REPORTER } from '../paths.js';
import { rebuildState } from '../state/rebuild.js';
import { readPending, readStateFile } from '../state/store.js';
import { parseTrailerLog } from '../state/trailers.js';
import type { State } from '../state/types.js';
import type { ConfigFacts, HistoryFacts, PackageManager, PendingFacts, ProjectFacts, RunnerFacts, StateFacts } from './types.js';

const exists = (p: string): Promise<boolean> => access(p).then(() => true, () => false);

async function readJson(path: string): Promise<Record<string, unknown> | undefined> {
  try {
    const v: unknown = JSON.parse(await readFile(path, 'utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const LOCKFILES: [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lockb', 'bun'],
  ['bun.lock', 'bun'],
];

export async function readProjectFacts(top: string): Promise<ProjectFacts> {
  const pkg = await readJson(join(top, 'package.json'));
  const deps = { ...(pkg?.dependencies as object | undefined), ...(pkg?.devDependencies as object | undefined) };
  let packageManager: PackageManager = 'npm';
  for (const [file, pm] of LOCKFILES) {
    if (await exists(join(top, file))) {
      packageManager = pm;
      break;
    }
  }
  return {
    packageManager,
    dependencies: Object.keys(deps),
    huskyInstalled: await exists(join(top, 'node_modules', 'husky', 'package.json')),
  };
}

/** The configuration as the hooks load it; its error (exit 2 in a hook) as data. */
export async function readConfigFacts(repo: RepoContext): Promise<{ facts: ConfigFacts; config?: Config }> {
  try {
    const loaded = await loadConfig(repo);
    const { config } = loaded;
    return { facts: { ok: true, source: loaded.source, runner: config.runner, autoAdvance: config.autoAdvance, warnings: loaded.warnings }, config };
  } catch (e) {
    if (!(e instanceof TddError)) throw e;
    return { facts: { ok: false, code: e.code, message: e.message, problems: (e.data?.problems as ConfigProblem[] | undefined) ?? [] } };
  }
}

/** Each runner's entry inside `node_modules/<runner>/`, where runners/run.ts locates it (never npx). */
const RUNNER_ENTRIES: Record<string, string> = { vitest: 'vitest.mjs', jest: 'bin/jest.js', mocha: 'bin/mocha.js' };

export async function readRunnerFacts(top: string, name: string): Promise<RunnerFacts> {
  const nodeReporter = await exists(NODE_REPORTER);
  const file = RUNNER_ENTRIES[name];
  if (name === 'node' || file === undefined) return { name, entry: null, present: false, version: null, nodeReporter };
  const dir = join(top, 'node_modules', name);
  const entry = join(dir, file);
  const [present, pkg] = await Promise.all([exists(entry), readJson(join(dir, 'package.json'))]);
  return { name, entry, present, version: typeof pkg?.version === 'string' ? pkg.version : null, nodeReporter };
}

export async function readStateFacts(stateDir: string): Promise<StateFacts> {
  const path = join(stateDir, 'state.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'absent', path } : { kind: 'corrupt', path, reason: 'unreadable' };
  }
  try {
    JSON.parse(text);
  } catch {
    return { kind: 'corrupt', path, reason: 'json' };
  }
  // The store's own test of what a state is.
  const state = await readStateFile(stateDir);
  return state ? { kind: 'ok', path, state } : { kind: 'corrupt', path, reason: 'shape' };
}

export async function readPendingFacts(stateDir: string): Promise<PendingFacts> {
  const path = join(stateDir, 'pending.json');
  if (!(await exists(path))) return { kind: 'absent', path };
  const p = await readPending(stateDir);
  if (!p) return { kind: 'corrupt', path };
  return { kind: 'ok', path, head: p.head, tree: p.tree, at: p.at, phase: p.phase };
}

async function isAncestorOfHead(repo: RepoContext, commit: string): Promise<boolean> {
  const r = await execGit(['merge-base', '--is-ancestor', commit, 'HEAD'], { cwd: repo.top, baseEnv: repo.env, okCodes: [1] }).catch(() => null);
  return r?.code === 0;
}

/** What the trailers say, beside the state: never written back (doctor changes nothing). */
export async function readHistoryFacts(repo: RepoContext, state: State | null, isTest?: (path: string) => boolean): Promise<HistoryFacts> {
  const head = repo.head;
  if (!head || !state) return { head, rebuilt: null, ancestors: {}, latest: null };
  const named = new Set([...Object.values(state.red).map((r) => r.commit), ...(state.lastGreen ? [state.lastGreen.commit] : [])]);
  const opts = { cwd: repo.top, baseEnv: repo.env };
  const [rebuilt, log, ...answers] = await Promise.all([
    rebuildState(repo, new Date(), isTest),
    git(['log', '-n1000', '--first-parent', '--format=%H%x1f%(trailers:only,unfold)%x1e', 'HEAD', '--'], opts).catch(() => ''),
    ...[...named].map((c) => isAncestorOfHead(repo, c)),
  ]);
  const ancestors = Object.fromEntries([...named].map((c, i) => [c, answers[i]!]));
  const newest = parseTrailerLog(log).find((c) => c.phase);
  let latest: HistoryFacts['latest'] = null;
  if (newest?.phase) {
    // "2024-05-01T12:00:00+02:00"
    const at = (await git(['show', '-s', '--format=%cI', newest.commit, '--'], opts).catch(() => '')).trim();
    if (at) latest = { commit: newest.commit, phase: newest.phase, task: newest.task ?? null, committedAt: at };
  }
  return { head, rebuilt, ancestors, latest };
}
