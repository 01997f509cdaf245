/**
 * The I/O around an adapter: locate the runner, run it on exactly the given files with a timeout,
 * read its report from a fresh private temp dir, and normalise. Whatever cannot be trusted (no
 * runner, a timeout, an interrupt, no readable report) comes back as a non-'completed' status —
 * never as a pass.
 */
import { access, mkdir, mkdtemp, readdir, readFile, realpath, rm } from '../fs-async.js';
import { MINITEST_RUNNER, PYTEST_SEAL_DIR, RSPEC_SUPPORT, UNITTEST_SHIM, VITEST_SEAL } from '../paths.js';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, posix } from 'node:path';
import type { FileError, RunResult } from '../types.js';
import { runProcess } from '../process/spawn.js';
import { getAdapter } from './index.js';
import { guardEnv, missingGuardFile, phpUnguarded, rubyUnguarded, readCargoLeaks, readGuardLeaks, readStaticLeaks, type LeakGuard } from './leak-check.js';
import { locateRunner } from './locate.js';
import { checkSeal, isSealed, sealEnv, stripSeals } from './seal.js';
import { cargoTargetDir, toRepoPath } from './paths.js';
import { cargoMember } from './cargo-targets.js';
import type { IsProjectImport, RunnerAdapter, RunnerName } from './types.js';
import { isDirectory } from '../fs-read.js';
import { isRunnerEnv } from '../lang/frameworks.js';

export interface RunTestsOptions {
  runner: RunnerName;
  /** The tree to test in (the scratch tree); node_modules linked in for vitest. */
  root: string;
  /** Repository-relative test files. */
  files: string[];
  /** The runner's environment, already scrubbed of git's local variables by the caller. */
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Test file path → its text (the staged blob), for telling project imports from packages. */
  sources: Map<string, string>;
  isProjectImport?: IsProjectImport;
  /** A private folder kept between runs for build caches; a throwaway one inside the run's temp dir when absent. */
  cacheDir?: string;
  /** runner "command": the configured commands, split into argv. */
  command?: { full: string[] | null; targeted: string[] | null };
  /** The user's work tree and the copy `root` lies in: reads of the work tree make the run 'leaked'. */
  guard?: LeakGuard;
  /** The configuration's assertFunctionNames (see ParseInput). */
  assertNames?: readonly string[];
  /** REFACTOR: changed sources (relative to `root`) for the runner's related-tests mode (adapter.relatedMode). */
  related?: string[];
  /** With `related`: vitest projects to leave out (runners/vitest-projects.ts). */
  excludeProjects?: string[];
  /** With `related`: vitest's `--project` filters, in place of excludeProjects' (runners/vitest-projects.ts projectFilters). */
  projectFilters?: string[];
  /** GREEN: source files (relative to `root`) whose coverage the run measures with the runner's own (runners/coverage-read). */
  coverage?: string[];
  /** GREEN's one run (verify/green-run.ts): the task's test files among `files` (relative to `root`); only their coverage counts. */
  coverageFrom?: string[];
  /** The repository's own workspace packages by name: an import of one is the project's (ParseInput). */
  workspacePackages?: ReadonlySet<string>;
  /** GREEN and REFACTOR: the tests inside the implementation run too (BuildArgvInput.unitTests). */
  unitTests?: boolean;
}

const exists = (p: string): Promise<boolean> =>
  access(p).then(
    () => true,
    () => false,
  );

/** NO_COLOR for parseable text; no runner's own variables (lang/frameworks RUNNER_ENV) leaking in
 * from an outer run (with NODE_TEST_CONTEXT set, a nested `node --test` ignores --test-reporter). */
export function runnerEnv(base: NodeJS.ProcessEnv, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) {
    if (k.startsWith('VITEST') || isRunnerEnv(k) || k === 'FORCE_COLOR') continue;
    env[k] = v;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/**
 * pytest: a dotted module is the project's when its top-level name is a `.py` file or a folder in
 * the root, in `src/`, or in a test file's folder or one above it (where pytest and `pythonpath`
 * put the project's code on sys.path).
 */
async function readPythonModules(root: string, files: string[]): Promise<IsProjectImport> {
  const dirs = new Set(['.', 'src']);
  for (const f of files) for (let d = dirname(f); d !== '.'; d = dirname(d)) dirs.add(d);
  const names = new Set<string>();
  for (const d of dirs) {
    for (const e of await readdir(join(root, d), { withFileTypes: true }).catch(() => [])) {
      const name = e.isFile() ? /^([A-Za-z_]\w*)\.py$/.exec(e.name)?.[1] : e.isDirectory() ? /^[A-Za-z_]\w*$/.exec(e.name)?.[0] : undefined;
      if (name !== undefined) names.add(name);
    }
  }
  return (_file, module) => names.has(module.split('.')[0]!);
}

/**
 * go: an import path inside this module (go.mod's `module`) that nothing provides is the
 * project's next package when its parent folder exists in the tree; undefined outside the module.
 */
async function readGoPackages(root: string): Promise<IsProjectImport> {
  const mod = await readFile(join(root, 'go.mod'), 'utf8').then(
    (t) => /^\s*module\s+"?([^\s"]+)"?/m.exec(t)?.[1],
    () => undefined,
  );
  const folders = new Map<string, boolean>();
  return (_file, path) => {
    if (mod === undefined || !path.startsWith(`${mod}/`)) return undefined;
    const parent = posix.dirname(path.slice(mod.length + 1));
    if (!folders.has(parent)) folders.set(parent, isDirectory(join(root, parent)));
    return folders.get(parent)!;
  };
}

/** How a runner's adapter tells the project's names from packages', read from the tree (Python, Go, PHP), when it needs it. */
async function readProjectNames(runner: RunnerName, adapter: RunnerAdapter, root: string, present: string[]): Promise<IsProjectImport | undefined> {
  if (adapter.python) return readPythonModules(root, present);
  if (runner === 'go') return readGoPackages(root);
  if (runner === 'phpunit') return (await import('./phpunit.js')).phpProjectNames(await readFile(join(root, 'composer.json'), 'utf8').catch(() => undefined));
  return undefined;
}

function tail(text: string, lines = 60): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n').slice(-8000);
}

export async function runTests(o: RunTestsOptions): Promise<RunResult> {
  const root = await realpath(o.root);
  const files = [...new Set(o.files.map((f) => toRepoPath(root, f)))];
  const base = { runner: o.runner, command: [] as string[], exitCode: null, durationMs: 0, files, tests: [], fileErrors: [] };
  const adapter = await getAdapter(o.runner);
  const located = locateRunner(o.runner, adapter.program, root);
  if (!located) {
    const reason = o.runner === 'node' ? 'the node reporter is not built (dist/runners)' : `${o.runner} is not installed in node_modules`;
    return { ...base, status: 'runner-missing', reason };
  }
  const { present, missing } = await findPresent(root, files);
  const related = o.related && adapter.relatedMode ? o.related : undefined;
  if (present.length === 0 && !related?.length) return { ...base, status: 'completed', fileErrors: missing };

  // A guard whose files are missing would watch nothing (Python just finds no sitecustomize): fail closed.
  const unguarded = o.guard ? missingGuardFile() : undefined;
  if (unguarded) return { ...base, status: 'unknown', reason: `the leak guard is not built (${unguarded} is missing)` };
  const rubyReason = o.guard && (o.runner === 'rspec' || o.runner === 'minitest') ? rubyUnguarded() : undefined;
  if (rubyReason) return { ...base, status: 'unknown', reason: rubyReason };
  const phpReason = o.guard && o.runner === 'phpunit' ? phpUnguarded() : undefined;
  if (phpReason) return { ...base, status: 'unknown', reason: phpReason };
  // go and cargo read what their manifests name: a path into the work tree there is known before the run.
  const manifestLeaks = o.guard ? readStaticLeaks(o.runner, root, o.guard, o.env) : [];
  if (manifestLeaks.length > 0) return { ...base, status: 'leaked', reason: 'leaked', leaks: manifestLeaks };

  const isProjectImport = o.isProjectImport ?? (await readProjectNames(o.runner, adapter, root, present));
  const dir = await mkdtemp(join(tmpdir(), 'tdd-run-'));
  try {
    const run: PreparedRun = { o, root, files, present, missing, related, adapter, located, isProjectImport, base };
    const ran = await runInDir(run, dir);
    if (!('parsed' in ran)) return ran;
    const { parsed: result, rerun } = ran;
    if (rerun && rerun.length > 0 && rerun.length < present.length && result.status === 'completed') await mergeRerun(run, result, rerun);
    if (result.status !== 'completed' || result.fileErrors.length > 0) result.outputTail = ran.outputTail;
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What runTests knows before the runner starts. */
interface PreparedRun {
  o: RunTestsOptions;
  root: string;
  files: string[];
  present: string[];
  missing: FileError[];
  related: string[] | undefined;
  adapter: RunnerAdapter;
  located: { path: string; version?: string };
  isProjectImport: IsProjectImport | undefined;
  base: Omit<RunResult, 'status'>;
}

/** node --test aborts the whole run on a path that does not exist; those are answered here. */
async function findPresent(root: string, files: string[]): Promise<{ present: string[]; missing: FileError[] }> {
  const missing: FileError[] = [];
  const present: string[] = [];
  for (const f of files) {
    const inside = f !== '' && !isAbsolute(f) && f !== '..' && !f.startsWith('../');
    if (inside && (await exists(join(root, f)))) present.push(f);
    else missing.push({ file: f, kind: 'no-tests', message: inside ? 'file not found' : 'outside the tree' });
  }
  return { present, missing };
}

/**
 * One run of the runner in the temp dir `dir`: what stopped it, or its report parsed and the leak
 * guard read, with the tail of its output and the files the adapter asks to run again.
 */
async function runInDir(run: PreparedRun, dir: string): Promise<RunResult | { parsed: RunResult; outputTail: string; rerun?: string[] }> {
  const { o, root, present, related, adapter, located, isProjectImport, base } = run;
  const reportPath = join(dir, 'report');
  const leaksFile = join(dir, 'leaks');
  const cacheDir = o.cacheDir ?? join(dir, 'cache');
  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  const built = adapter.buildArgv({
    root,
    files: present,
    reportPath,
    nodePath: process.execPath,
    runnerPath: located.path,
    cacheDir,
    ...(located.version === undefined ? {} : { runnerVersion: located.version }),
    ...(o.command === undefined ? {} : { command: o.command }),
    sources: o.sources,
    unittestShim: UNITTEST_SHIM,
    rspecSupport: RSPEC_SUPPORT,
    minitestRunner: MINITEST_RUNNER,
    vitestSeal: VITEST_SEAL,
    ...(o.unitTests && o.runner === 'cargo' ? { unitTests: { lib: await hasCargoLib(root, present) } } : {}),
    ...(related
      ? {
          related,
          ...(o.excludeProjects?.length ? { excludeProjects: o.excludeProjects } : {}),
          ...(o.projectFilters?.length ? { projectFilters: o.projectFilters } : {}),
        }
      : {}),
  });
  if ('error' in built) return { ...base, status: 'unknown', reason: built.error };
  const measuring = o.coverage?.length ? await planRunCoverage(run, built, dir) : undefined;
  const command0 = measuring?.built ?? built;
  const started = Date.now();
  const proc = await runProcess(command0.argv, {
    cwd: root,
    env: withSeal(o, withGuard(runnerEnv(o.env, command0.env), o, command0.env, leaksFile), reportPath),
    timeoutMs: o.timeoutMs,
    // 64 MiB: go's -json is ~0.5 KB per passing test; a cut report is "unknown", never a pass.
    ...(adapter.stdoutReport ? { stdoutLimit: 64 * 1024 * 1024 } : {}),
  });
  // An inline program (unittest's loader after `-c`) is evidence by its start, not its 7 KB.
  const command = command0.argv.map((a) => (a.length > 200 ? `${a.slice(0, 60).split('\n')[0]}… (${a.length} characters)` : a));
  const common = { runner: o.runner, command, exitCode: proc.exitCode, durationMs: proc.durationMs };
  const outputTail = tail(`${proc.stdout}\n${stripSeals(proc.stderr)}`);
  if (proc.error !== undefined) return { ...base, ...common, status: 'runner-missing', reason: `could not start: ${proc.error}` };
  if (proc.interrupted) return { ...base, ...common, status: 'interrupted', reason: 'interrupted', outputTail };
  if (proc.timedOut) return { ...base, ...common, status: 'timeout', reason: timedOutReason(o.timeoutMs), outputTail };
  // Killed from outside (OOM killer, a signal to the runner alone): a report may be half-written.
  if (proc.signal !== null) return { ...base, ...common, status: 'interrupted', reason: `runner killed by ${proc.signal}`, outputTail };
  const bytes = adapter.reportFiles ? undefined : await readFile(reportPath).catch(() => undefined);
  const report = adapter.reportFiles ? await readReportFiles(root, adapter.reportFiles({ root, reportPath })) : bytes?.toString('utf8');
  const sealed = o.guard && isSealed(o.runner) ? checkSeal(proc.stderr, bytes) : { stderr: proc.stderr };
  if (sealed.problem) return { ...base, ...common, status: 'unknown', reason: sealed.problem, outputTail };
  const parsed = adapter.parse({
    report,
    exitCode: proc.exitCode,
    stdout: proc.stdout,
    stderr: sealed.stderr,
    files: present,
    root,
    sources: o.sources,
    ...(isProjectImport === undefined ? {} : { isProjectImport }),
    ...(o.workspacePackages === undefined ? {} : { workspacePackages: o.workspacePackages }),
    ...(o.command === undefined ? {} : { command: o.command }),
    ...(o.assertNames === undefined ? {} : { assertNames: o.assertNames }),
    ...(related ? { related: true } : {}),
  });
  const { rerun, ...rest } = parsed;
  const result: RunResult = { ...rest, ...common, files: related ? rest.files : run.files, fileErrors: [...run.missing, ...rest.fileErrors] };
  const leaks = o.guard
    ? [...readGuardLeaks(leaksFile, o.guard), ...(o.runner === 'cargo' ? readCargoLeaks(cargoTargetDir(cacheDir), o.guard, started) : [])]
    : [];
  if (leaks.length > 0) Object.assign(result, { status: 'leaked', reason: 'leaked', leaks });
  if (measuring) result.coverage = measuring.ask ? await measuring.read(measuring.ask) : measuring.coverage;
  return { parsed: result, outputTail, ...(rerun ? { rerun } : {}) };
}

/**
 * The run's environment with the leak guard's. A RUBYOPT the command adds (GREEN's Coverage starter)
 * comes first, before the user's own (bundler's `-rbundler/setup`, which may load project code), and
 * the guard's after both; PHP's ini folders after the user's.
 */
function withGuard(env: NodeJS.ProcessEnv, o: RunTestsOptions, added: Record<string, string>, leaksFile: string): NodeJS.ProcessEnv {
  if (added.RUBYOPT) env.RUBYOPT = [added.RUBYOPT, o.env.RUBYOPT].filter(Boolean).join(' ');
  // PHP's ini folders the command adds (PCOV for GREEN's coverage) come after PHP's own and the user's.
  if (added.PHP_INI_SCAN_DIR) env.PHP_INI_SCAN_DIR = `${o.env.PHP_INI_SCAN_DIR ?? ''}${added.PHP_INI_SCAN_DIR}`;
  return o.guard ? { ...env, ...guardEnv(o.guard, leaksFile, env) } : env;
}

/** The run's environment, asking the runner for its report's seal (runners/seal.ts) when the run is guarded. */
function withSeal(o: RunTestsOptions, env: NodeJS.ProcessEnv, reportPath: string): NodeJS.ProcessEnv {
  return o.guard ? { ...env, ...sealEnv(o.runner, reportPath, env, PYTEST_SEAL_DIR) } : env;
}

/** The report files a runner wrote into the tree (adapter.reportFiles), as one `<testsuites>` document; undefined when there are none. */
async function readReportFiles(root: string, at: { dir: string; pattern: RegExp }): Promise<string | undefined> {
  const names = (await readdir(join(root, at.dir)).catch(() => [] as string[])).filter((n) => at.pattern.test(n)).sort();
  if (names.length === 0) return undefined;
  const texts = await Promise.all(names.map((n) => readFile(join(root, at.dir, n), 'utf8')));
  return `<testsuites>\n${texts.map((t) => t.replace(/^\uFEFF?\s*<\?xml[^>]*\?>/, '')).join('\n')}\n</testsuites>\n`;
}

/** GREEN's coverage, planned before the run and read after it (loaded only when asked). */
async function planRunCoverage(run: PreparedRun, built: { argv: string[]; env: Record<string, string> }, dir: string) {
  const { planCoverage, readCoverage } = await import('./coverage-read.js');
  const coverageDir = join(dir, 'coverage');
  await mkdir(coverageDir, { recursive: true, mode: 0o700 });
  const version = run.located.version;
  const planned = planCoverage(run.o.runner, built, run.o.coverage!, { root: run.root, dir: coverageDir, ...(version ? { runnerVersion: version } : {}) });
  const task = run.o.coverageFrom;
  const from = task && { task, others: run.present.filter((f) => !task.includes(f)), ...(run.related ? { related: true } : {}) };
  return { ...planned, read: (ask: NonNullable<typeof planned.ask>) => readCoverage(run.o.runner, ask, run.root, planned.coverage, from) };
}

/** The files the adapter asked to run again, run on their own and merged into `result`. */
async function mergeRerun(run: PreparedRun, result: RunResult, rerun: string[]): Promise<void> {
  const { o, root, isProjectImport } = run;
  const again = await runTests({ ...o, root, files: rerun, ...(isProjectImport ? { isProjectImport } : {}) });
  result.tests.push(...again.tests);
  result.fileErrors.push(...again.fileErrors);
  result.durationMs += again.durationMs;
  if (result.coverage && again.coverage) {
    const { mergeRunCoverage } = await import('../coverage/merge-runs.js');
    result.coverage = mergeRunCoverage(result.coverage, again.coverage);
  }
  if (again.status !== 'completed') Object.assign(result, { status: again.status, reason: again.reason, ...(again.leaks ? { leaks: again.leaks } : {}) });
}

/** A run killed at timeoutSeconds, as the end of a sentence ("the vitest run gave no result within 120 s (timeoutSeconds)"). */
const timedOutReason = (ms: number): string => `gave no result within ${ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`} (timeoutSeconds)`;

/** Whether the package of the asked cargo targets (a workspace member's, or the top's) has a library: `src/lib.rs` or a `[lib]` table. */
async function hasCargoLib(root: string, present: string[]): Promise<boolean> {
  const member = present.map(cargoMember).find((m) => m !== undefined) ?? '';
  const dir = join(root, member);
  if (await exists(join(dir, 'src', 'lib.rs'))) return true;
  const manifest = await readFile(join(dir, 'Cargo.toml'), 'utf8').catch(() => '');
  return /^\s*\[lib\]/m.test(manifest);
}
