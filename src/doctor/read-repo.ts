/** Reads the project around the hooks: package files, the configuration, the runner, the local state and the history it caches. */
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { delimiter, join, resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import { parseJsonText } from '../config/json-text.js';
import { CONFIG_FILES, type Config, type RunnerName, type RunnerSpec } from '../config/schema.js';
import { splitCommand } from '../process/command-line.js';
import { validateConfig, type ConfigProblem } from '../config/validate.js';
import { TddError } from '../errors.js';
import { isAncestorOfHead, readCommitDate, readTrailerLog, type RepoContext } from '../git/queries.js';
import { NODE_REPORTER } from '../paths.js';
import { locatePnpRunner, locateRunner, runnerEntry } from '../runners/locate.js';
import { LOCKFILES } from './fixes.js';
import { rebuildState } from '../state/rebuild.js';
import { readPending, readStateFile } from '../state/store.js';
import { parseTrailerLog } from '../state/trailers.js';
import type { State } from '../state/types.js';
import type { ConfigFacts, HistoryFacts, PackageManager, PendingFacts, ProjectFacts, RunnerFacts, StateFacts } from './types.js';
import { readJsonObject } from '../fs-read.js';

const exists = (p: string): Promise<boolean> =>
  access(p).then(
    () => true,
    () => false,
  );

export async function readProjectFacts(top: string): Promise<ProjectFacts> {
  const pkg = readJsonObject(join(top, 'package.json'));
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

/** The configuration as the hooks load it; its error (exit 2 in a hook) as data; the working copy's file when it is broken. */
export async function readConfigFacts(repo: RepoContext): Promise<{ facts: ConfigFacts; config?: Config }> {
  const worktree = await readWorktreeConfig(repo.top);
  const extra = worktree ? { worktree } : {};
  try {
    const loaded = await loadConfig(repo);
    const { config } = loaded;
    return { facts: { ok: true, source: loaded.source, runner: config.runner, autoAdvance: config.autoAdvance, warnings: loaded.warnings, ...extra }, config };
  } catch (e) {
    if (!(e instanceof TddError)) throw e;
    return { facts: { ok: false, code: e.code, message: e.message, problems: (e.data?.problems as ConfigProblem[] | undefined) ?? [], ...extra } };
  }
}

/** The first config file in the working copy (.tddrc.json, .tddrc), when it is not JSON or not valid. */
async function readWorktreeConfig(top: string): Promise<ConfigFacts['worktree']> {
  for (const file of CONFIG_FILES) {
    const text = await readFile(join(top, file), 'utf8').catch(() => null);
    if (text === null) continue;
    const parsed = parseJsonText(text);
    if (!parsed.ok) return { file, line: parsed.line, column: parsed.column, message: parsed.message };
    const { problems } = validateConfig(parsed.value, file);
    return problems.length > 0 ? { file, problems } : undefined;
  }
  return undefined;
}

/** What doctor runs to see that a toolchain runner can start (the hooks run the same program). */
const PROBES: Partial<Record<RunnerName, string[]>> = {
  pytest: ['python3', '-m', 'pytest', '--version'],
  unittest: ['python3', '--version'],
  go: ['go', 'version'],
  cargo: ['cargo', '--version'],
  rspec: ['rspec', '--version'],
  minitest: ['ruby', '-e', 'require "minitest"; puts "minitest #{Minitest::VERSION}"'],
  maven: ['mvn', '--version'],
  phpunit: ['phpunit', '--version'],
  gradle: ['gradle', '--version'],
};

/** The line of a probe's output that is the version, when it is not the first (Debian's gradle prints java's version first). */
const VERSION_LINE: Partial<Record<RunnerName, RegExp>> = { gradle: /^Gradle \d/ };

/** Runs a probe (no shell, 10 s at most): its first line of output, or why it failed. */
function probe(argv: string[], cwd: string, env: NodeJS.ProcessEnv, pick?: RegExp): Promise<{ version: string } | { error: string }> {
  return new Promise((done) => {
    execFile(argv[0]!, argv.slice(1), { cwd, env, timeout: 10_000, encoding: 'utf8' }, (err, stdout, stderr) => {
      // Maven colours its version line even into a pipe (`\x1b[1mApache Maven 3.8.7\x1b[m`).
      const lines = `${stdout}\n${stderr}`.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '').split('\n');
      const first = ((pick && lines.find((l) => pick.test(l.trim()))) ?? lines.find((l) => l.trim() !== ''))?.trim() ?? '';
      if (!err) return done({ version: first });
      const code = (err as NodeJS.ErrnoException).code;
      done({ error: code === 'ENOENT' ? `${argv[0]} is not on PATH` : `\`${argv.join(' ')}\` failed${first ? `: ${first}` : ''}` });
    });
  });
}

export async function readRunnerFacts(top: string, spec: RunnerSpec, env: NodeJS.ProcessEnv = process.env): Promise<RunnerFacts> {
  const { runner: name, root } = spec;
  const dir = join(top, root);
  const nodeReporter = await exists(NODE_REPORTER);
  const base = { name, root, entry: null, present: false, version: null, nodeReporter };
  // PHPUnit: the project's vendor/bin/phpunit before PATH's, as the hooks run it.
  // Gradle: the build's ./gradlew before PATH's gradle, as the hooks run it.
  const argv = name === 'phpunit' || name === 'gradle' ? [locateRunner(name, name, dir)!.path, '--version'] : PROBES[name];
  if (name === 'command') {
    const program = splitCommand(spec.testTargetedCommand ?? spec.testCommand ?? '')[0];
    if (program === undefined) return base;
    // Its own `--version` may not exist: only that it can be found is checked.
    const found = program.includes('/') ? await exists(resolve(dir, program)) : await onPath(program, env.PATH ?? '');
    return { ...base, probe: [program], present: found, ...(found ? {} : { probeError: `${program} is not ${program.includes('/') ? 'there' : 'on PATH'}` }) };
  }
  if (argv) {
    const r = await probe(argv, dir, env, VERSION_LINE[name]);
    return 'version' in r ? { ...base, probe: argv, present: true, version: r.version } : { ...base, probe: argv, probeError: r.error };
  }
  const js = runnerEntry(dir, name);
  if (!js) return base;
  const { entry } = js;
  const [present, pkg] = await Promise.all([exists(entry), readJsonObject(js.manifest)]);
  // Yarn Plug'n'Play: no node_modules; resolved through .pnp.cjs, as the hooks do (runners/locate.ts).
  const pnp = present ? undefined : locatePnpRunner(dir, name, js.file);
  if (pnp) return { ...base, entry: pnp.path, present: true, version: pnp.version ?? null };
  return { ...base, entry, present, version: typeof pkg?.version === 'string' ? pkg.version : null };
}

async function onPath(program: string, path: string): Promise<boolean> {
  for (const d of path.split(delimiter).filter(Boolean))
    if (
      await access(join(d, program), constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return true;
  return false;
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

/** What the trailers say, beside the state: never written back (doctor changes nothing). */
export async function readHistoryFacts(repo: RepoContext, state: State | null, isTest?: (path: string) => boolean): Promise<HistoryFacts> {
  const head = repo.head;
  if (!head || !state) return { head, rebuilt: null, ancestors: {}, latest: null };
  const named = new Set([...Object.values(state.red).map((r) => r.commit), ...(state.lastGreen ? [state.lastGreen.commit] : [])]);
  const [rebuilt, log, ...answers] = await Promise.all([
    rebuildState(repo, new Date(), isTest),
    readTrailerLog(repo).catch(() => ''),
    // A commit the state names that is gone (gc after a reset) is no ancestor.
    ...[...named].map((c) => isAncestorOfHead(repo, c).catch(() => false)),
  ]);
  const ancestors = Object.fromEntries([...named].map((c, i) => [c, answers[i]!]));
  const newest = parseTrailerLog(log).find((c) => c.phase);
  let latest: HistoryFacts['latest'] = null;
  if (newest?.phase) {
    const at = await readCommitDate(repo, newest.commit).catch(() => '');
    if (at) latest = { commit: newest.commit, phase: newest.phase, task: newest.task ?? null, committedAt: at };
  }
  return { head, rebuilt, ancestors, latest };
}
