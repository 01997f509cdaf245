/**
 * The shell of GREEN's coverage: switch the runner's own coverage on (coverage/measure.ts) and read
 * back what it wrote into the run's private folder, as RunCoverage for the asked files (relative to
 * the runner's folder). A runner that cannot measure says why; a report that is missing or
 * unreadable is "not measured", never "covered".
 */
import { createRequire } from 'node:module';
import { readdir, readFile } from '../fs-async.js';
import { delimiter, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseGoProfile } from '../coverage/go-profile.js';
import { parseIstanbul } from '../coverage/istanbul.js';
import { MEASURABLE, NOT_MEASURED, withCoverage, type CannotMeasure, type CoverageAsk } from '../coverage/measure.js';
import { mergePythonLines } from '../coverage/python-lines.js';
import type { FileCoverage, RunCoverage } from '../coverage/types.js';
import { attributeProcess, parseV8Scripts, v8Regions } from '../coverage/v8.js';
import { PHP_COVERAGE_INI_DIR, PHP_LEAK_GUARD, RUBY_COVERAGE } from '../paths.js';
import type { RunnerName } from './types.js';

/** The command with coverage on, or the run's coverage already decided (nothing it can measure). */
export function planCoverage(
  runner: RunnerName,
  built: { argv: string[]; env: Record<string, string> },
  files: string[],
  o: { root: string; dir: string; runnerVersion?: string },
): { built: { argv: string[]; env: Record<string, string> }; ask?: CoverageAsk; coverage: RunCoverage } {
  const measurable = MEASURABLE[runner];
  const ask = { dir: o.dir, files: measurable ? files.filter((f) => measurable.test(f)) : [] };
  const others = files.filter((f) => !ask.files.includes(f));
  const coverage: RunCoverage = { measured: [], files: {}, unmeasured: [] };
  // A runner that measures nothing says why (PHP coverage is not read yet…); one that does, that these files are not its language.
  const reason = measurable
    ? `${runner}'s coverage does not see these files' source`
    : (NOT_MEASURED[runner]?.reason ?? `${runner} has no coverage tdd-hooks reads`);
  if (others.length > 0) coverage.unmeasured.push({ runner, reason, files: others });
  if (ask.files.length === 0) return { built, coverage };
  const vitestProvider = runner === 'vitest' ? hasPackage(o.root, '@vitest/coverage-v8') : undefined;
  const measured = withCoverage(runner, built, ask, {
    root: o.root,
    ...(vitestProvider === undefined ? {} : { vitestProvider }),
    ...(o.runnerVersion ? { vitestVersion: o.runnerVersion } : {}),
    rubyCoverage: RUBY_COVERAGE,
    phpCoverage: { iniDir: PHP_COVERAGE_INI_DIR, prepend: PHP_LEAK_GUARD, delimiter },
  });
  if ('reason' in measured) {
    coverage.unmeasured.push({ runner, ...measured, files: ask.files });
    return { built, coverage };
  }
  return { built: measured, ask, coverage };
}

export function hasPackage(root: string, name: string): boolean {
  try {
    createRequire(join(root, 'package.json')).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The task's test files and the other test files of one run (relative to the runner's folder):
 * only the task's count for its coverage. node runs each test file in a process of its own, so its
 * processes are told apart (coverage/v8 attributeProcess); a runner whose report merges every file
 * cannot, and says so (RunCoverage.mixed).
 */
export interface CoverageFrom {
  task: string[];
  others: string[];
  /** The runner's related-tests mode chose the others: which they are, only its report says. */
  related?: boolean;
}

/** What the run wrote into ask.dir, for ask.files; `coverage` is planCoverage's, completed. */
export async function readCoverage(runner: RunnerName, ask: CoverageAsk, root: string, coverage: RunCoverage, from?: CoverageFrom): Promise<RunCoverage> {
  const apart = from && (from.others.length > 0 || from.related) ? from : undefined;
  if (apart && (runner !== 'node' || apart.related)) return { ...coverage, mixed: true };
  const found = await readFiles(runner, ask, root, apart).catch(() => undefined);
  if (found === 'mixed') return { ...coverage, mixed: true };
  if (found && 'reason' in found) {
    coverage.unmeasured.push({ runner, ...found, files: ask.files });
    return coverage;
  }
  if (!found) {
    coverage.unmeasured.push({ runner, reason: `${runner} wrote no readable coverage report`, files: ask.files });
    return coverage;
  }
  coverage.measured.push(...ask.files);
  for (const f of ask.files) {
    const c = found.get(f);
    if (c) coverage.files[f] = c;
  }
  return coverage;
}

async function readFiles(
  runner: RunnerName,
  ask: CoverageAsk,
  root: string,
  from?: CoverageFrom,
): Promise<Map<string, FileCoverage> | 'mixed' | CannotMeasure | undefined> {
  const names = await readdir(ask.dir).catch(() => [] as string[]);
  const read = (name: string) => readFile(join(ask.dir, name), 'utf8');
  const toRel = (abs: string) => relative(root, abs).split(sep).join('/');
  switch (runner) {
    case 'node':
    case 'mocha':
      return readV8(
        names.filter((n) => n.endsWith('.json')).map((n) => join(ask.dir, n)),
        ask.files,
        root,
        from,
      );
    case 'jest':
    case 'vitest': {
      if (!names.includes('coverage-final.json')) return undefined;
      const files = parseIstanbul(await read('coverage-final.json'));
      return new Map([...files].map(([abs, regions]) => [toRel(abs), { kind: 'regions' as const, runs: [regions] }]));
    }
    case 'pytest':
    case 'unittest':
    case 'rspec':
    case 'minitest': {
      // One file per process, the same lines format (Python's tracer, Ruby's Coverage starter).
      const outs = names.filter((n) => /^(?:python|ruby)-\d+\.json$/.test(n));
      return outs.length === 0 ? undefined : mergePythonLines(await Promise.all(outs.map(read)));
    }
    case 'phpunit': {
      // Our guard's PCOV reader (runners/php/tdd_guard.php), one file per process; without PCOV, why.
      const outs = names.filter((n) => /^php-\d+\.json$/.test(n));
      if (outs.length > 0) return mergePythonLines(await Promise.all(outs.map(read)));
      if (!names.includes('php-unmeasured')) return undefined;
      return { reason: `PHP coverage needs PCOV: ${(await read('php-unmeasured')).trim()}`, install: 'apt-get install php-pcov (or pecl install pcov)' };
    }
    case 'go': {
      if (!names.includes('go.out')) return undefined;
      const mod = /^\s*module\s+"?([^\s"]+)"?/m.exec(await readFile(join(root, 'go.mod'), 'utf8'))?.[1];
      const files = parseGoProfile(await read('go.out'));
      const rel = (name: string) => (mod && name.startsWith(`${mod}/`) ? name.slice(mod.length + 1) : name);
      return new Map([...files].map(([name, regions]) => [rel(name), { kind: 'regions' as const, runs: [regions] }]));
    }
    default:
      return undefined;
  }
}

/**
 * node's raw V8 coverage: every process's file; a script each process loaded is one run of it.
 * `from`: only the task's processes count (attributeProcess); a process nobody can be sure of makes it 'mixed'.
 */
async function readV8(paths: string[], files: string[], root: string, from?: CoverageFrom): Promise<Map<string, FileCoverage> | 'mixed' | undefined> {
  if (paths.length === 0) return undefined;
  const href = (f: string) => pathToFileURL(join(root, f)).href;
  const urls = new Map(files.map((f) => [href(f), f]));
  const of = from && { task: new Set(from.task.map(href)), others: new Set(from.others.map(href)), asked: new Set(urls.keys()) };
  const runs = new Map<string, ReturnType<typeof v8Regions>[]>();
  const sources = new Map<string, string>();
  for (const p of paths) {
    const scripts = parseV8Scripts(await readFile(p, 'utf8'));
    const whose = of ? attributeProcess(scripts.keys(), of) : 'task';
    if (whose === 'mixed') return 'mixed';
    if (whose !== 'task') continue;
    for (const [url, functions] of scripts) {
      const f = urls.get(url);
      if (f === undefined) continue;
      if (!sources.has(f)) sources.set(f, await readFile(join(root, f), 'utf8').catch(() => ''));
      runs.set(f, [...(runs.get(f) ?? []), v8Regions(functions, sources.get(f)!)]);
    }
  }
  return new Map([...runs].map(([f, r]) => [f, { kind: 'regions' as const, runs: r }]));
}
