/**
 * The I/O around an adapter: locate the runner, run it on exactly the given files with a timeout,
 * read its report from a fresh private temp dir, and normalise. Whatever cannot be trusted (no
 * runner, a timeout, an interrupt, no readable report) comes back as a non-'completed' status —
 * never as a pass.
 */
import { access, mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { NODE_REPORTER } from '../paths.js';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import type { FileError, RunResult } from '../types.js';
import { runProcess } from '../verify/spawn.js';
import { getAdapter } from './index.js';
import { toRepoPath } from './paths.js';
import type { IsProjectImport, RunnerName } from './types.js';

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
}

const exists = (p: string): Promise<boolean> => access(p).then(() => true, () => false);

/** The project's own entry of each runner (never npx), inside `node_modules/<package>/`. */
const ENTRIES: Record<Exclude<RunnerName, 'node' | 'pytest'>, [pkg: string, entry: string]> = {
  vitest: ['vitest', 'vitest.mjs'],
  jest: ['jest', 'bin/jest.js'],
  mocha: ['mocha', 'bin/mocha.js'],
};

/** vitest, jest, mocha: the project's own entry and version; node: our compiled reporter; pytest: `python3 -m pytest`. */
async function locateRunner(runner: RunnerName, root: string): Promise<{ path: string; version?: string } | undefined> {
  // python3 from PATH; without it the run cannot start, without pytest it says `No module named pytest`:
  // both come back as runner-missing, without a second Python start to ask first.
  if (runner === 'pytest') return { path: 'python3' };
  if (runner !== 'node') {
    const [name, file] = ENTRIES[runner];
    const dir = join(root, 'node_modules', name);
    const entry = join(dir, file);
    if (!(await exists(entry))) return undefined;
    const pkg = await readFile(join(dir, 'package.json'), 'utf8').then((t) => JSON.parse(t) as { version?: string }, () => ({}) as { version?: string });
    return { path: entry, ...(pkg.version === undefined ? {} : { version: pkg.version }) };
  }
  // Compiled by tsc next to the other runners (dist/runners/); the same file from the sources and the bundle.
  if (await exists(NODE_REPORTER)) return { path: NODE_REPORTER };
  return undefined;
}

/** NO_COLOR for parseable text; no VITEST_* or NODE_TEST_CONTEXT leaking in from an outer run
 * (with NODE_TEST_CONTEXT set, a nested `node --test` ignores --test-reporter). */
export function runnerEnv(base: NodeJS.ProcessEnv, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) {
    if (k.startsWith('VITEST') || k === 'NODE_TEST_CONTEXT' || k === 'FORCE_COLOR') continue;
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

function tail(text: string, lines = 60): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n').slice(-8000);
}

export async function runTests(o: RunTestsOptions): Promise<RunResult> {
  const root = await realpath(o.root);
  const files = [...new Set(o.files.map((f) => toRepoPath(root, f)))];
  const base = { runner: o.runner, command: [] as string[], exitCode: null, durationMs: 0, files, tests: [], fileErrors: [] };
  const adapter = getAdapter(o.runner);
  const located = await locateRunner(o.runner, root);
  if (!located) {
    const reason = o.runner === 'node' ? 'the node reporter is not built (dist/runners)' : `${o.runner} is not installed in node_modules`;
    return { ...base, status: 'runner-missing', reason };
  }
  // node --test aborts the whole run on a path that does not exist; answer for those here.
  const missing: FileError[] = [];
  const present: string[] = [];
  for (const f of files) {
    const inside = f !== '' && !isAbsolute(f) && f !== '..' && !f.startsWith('../');
    if (inside && (await exists(join(root, f)))) present.push(f);
    else missing.push({ file: f, kind: 'no-tests', message: inside ? 'file not found' : 'outside the tree' });
  }
  if (present.length === 0) return { ...base, status: 'completed', fileErrors: missing };

  const isProjectImport = o.isProjectImport ?? (o.runner === 'pytest' ? await readPythonModules(root, present) : undefined);
  const dir = await mkdtemp(join(tmpdir(), 'tdd-run-'));
  try {
    const reportPath = join(dir, 'report');
    const built = adapter.buildArgv({
      root,
      files: present,
      reportPath,
      nodePath: process.execPath,
      runnerPath: located.path,
      ...(located.version === undefined ? {} : { runnerVersion: located.version }),
    });
    if ('error' in built) return { ...base, status: 'unknown', reason: built.error };
    const proc = await runProcess(built.argv, { cwd: root, env: runnerEnv(o.env, built.env), timeoutMs: o.timeoutMs });
    const common = { runner: o.runner, command: built.argv, exitCode: proc.exitCode, durationMs: proc.durationMs };
    const outputTail = tail(`${proc.stdout}\n${proc.stderr}`);
    if (proc.error !== undefined) return { ...base, ...common, status: 'runner-missing', reason: `could not start: ${proc.error}` };
    if (proc.interrupted) return { ...base, ...common, status: 'interrupted', reason: 'interrupted', outputTail };
    if (proc.timedOut) return { ...base, ...common, status: 'timeout', reason: `no result within ${o.timeoutMs} ms`, outputTail };
    // Killed from outside (OOM killer, a signal to the runner alone): a report may be half-written.
    if (proc.signal !== null) return { ...base, ...common, status: 'interrupted', reason: `runner killed by ${proc.signal}`, outputTail };
    const report = await readFile(reportPath, 'utf8').catch(() => undefined);
    const parsed = adapter.parse({
      report,
      exitCode: proc.exitCode,
      stdout: proc.stdout,
      stderr: proc.stderr,
      files: present,
      root,
      sources: o.sources,
      ...(isProjectImport === undefined ? {} : { isProjectImport }),
    });
    const result: RunResult = { ...parsed, ...common, files, fileErrors: [...missing, ...parsed.fileErrors] };
    if (result.status !== 'completed' || result.fileErrors.length > 0) result.outputTail = outputTail;
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
