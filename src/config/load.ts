/** The configuration: .tddrc.json, .tddrc, or package.json#tdd, validated (see loadConfig). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TddError } from '../errors.js';
import { readObjects, type RepoContext } from '../git/queries.js';
import type { Finding } from '../types.js';
import { resolveConfig, wantsRunnerRules, type ReadTreeFile, type RunnerRules } from './resolve.js';
import { ALL_RUNNER_FILES } from './runner-tests/files.js';
import { configObjectNames } from './object-names.js';
import { CONFIG_FILES, type Config } from './schema.js';
import { validateConfig, type ConfigProblem } from './validate.js';

export interface LoadedConfig {
  config: Config;
  /** Which file it came from ('defaults' when none). */
  source: string;
  /** The staged package.json, parsed when runner detection needed it. */
  packageJson: Record<string, unknown> | undefined;
  warnings: Finding[];
  /**
   * The paths read from the index (`:<path>`) that the rules depend on, when more than
   * configObjectNames' (a runner in a folder): what a cache of the rules must see unchanged.
   */
  indexPaths?: string[];
}

// Synchronous: the first asynchronous read starts libuv's thread pool (0.8–6 ms) on a hook's hot path.
function readWorktree(top: string, file: string): Buffer | null {
  try {
    return readFileSync(join(top, file));
  } catch {
    return null;
  }
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw configError([{ file, key: '(file)', expected: 'valid JSON', found: (e as Error).message }]);
  }
}

export function configError(problems: ConfigProblem[]): TddError {
  const lines = problems.map((p) => `${p.file}: ${p.key}: expected ${p.expected}, found ${p.found}`);
  return new TddError('CONFIG_INVALID', `invalid configuration:\n  ${lines.join('\n  ')}`, 2, {
    hint: `fix ${problems[0]?.file ?? 'the configuration'} (every key is in the tdd-hooks README's Configuration, and in its schema), stage it, and commit again`,
    data: { problems },
  });
}

export { configObjectNames } from './object-names.js';

/**
 * The rules a commit is judged by are the ones already in the history: HEAD's configuration (the
 * staged one on an unborn branch). A staged change to them is reported, and applies from the next
 * commit — so no commit can rewrite the rules it is judged by (a GREEN commit that reclassifies a
 * test file as ignored, a RED commit that ignores its implementation), and an unstaged or
 * untracked edit never changes a verdict. The runners' own files (.mocharc.yml, jest's testMatch)
 * are read from the index, as the run reads them: they are test support, frozen in GREEN and
 * REFACTOR, so only a RED commit (which may change tests) can change them.
 */
export async function loadConfig(ctx: RepoContext, prefetched?: (Buffer | null)[]): Promise<LoadedConfig> {
  const names = [...CONFIG_FILES, 'package.json'];
  const blobs = prefetched ?? (await readObjects(ctx, configObjectNames(ctx.head)));
  const ruling = blobs.slice(0, names.length);
  const staged = blobs.slice(names.length, 2 * names.length);
  // The readers (~25 KB) load only for a runner that has one: node --test, go and the others never need them.
  const first = loadFrom(ctx, ruling, staged, undefined);
  if (!wantsRunnerRules(first.config)) return first;
  // The runners' own files in the index, by path; a runner in a folder asks for more (read below).
  const files = new Map<string, Buffer | null>([
    ['package.json', staged[names.length - 1] ?? null],
    ...ALL_RUNNER_FILES.map((n, i) => [n, blobs[2 * names.length + i] ?? null] as const),
  ]);
  const missing = new Set<string>();
  const readFile: ReadTreeFile = (path) => {
    if (!files.has(path)) missing.add(path);
    return files.get(path)?.toString('utf8') ?? null;
  };
  const [{ readRunnerTests }, { readRunnerHarness }] = await Promise.all([import('./runner-tests/index.js'), import('./runner-tests/harness.js')]);
  const rules: RunnerRules = { readFile, readTests: readRunnerTests, readHarness: readRunnerHarness };
  const loaded = loadFrom(ctx, ruling, staged, rules);
  if (missing.size === 0) return withHarnessNotes(loaded);
  const paths = [...missing];
  const more = await readObjects(
    ctx,
    paths.map((p) => `:${p}`),
    { sync: true },
  );
  paths.forEach((p, i) => files.set(p, more[i] ?? null));
  return { ...withHarnessNotes(loadFrom(ctx, ruling, staged, rules)), indexPaths: paths };
}

/** A harness key built by code cannot be read: said, so a setup file it names is known to be unguarded. */
function withHarnessNotes(loaded: LoadedConfig): LoadedConfig {
  const unread = loaded.config.harness?.unread ?? [];
  if (unread.length === 0) return loaded;
  const notes = unread.map((u): Finding => ({ code: 'HARNESS_UNREAD', severity: 'warn', path: u.file, data: { key: u.key } }));
  return { ...loaded, warnings: [...loaded.warnings, ...notes] };
}

function loadFrom(ctx: RepoContext, ruling: (Buffer | null)[], staged: (Buffer | null)[], rules: RunnerRules | undefined): LoadedConfig {
  const names = [...CONFIG_FILES, 'package.json'];
  const warnings: Finding[] = [];
  let changed = false;
  for (const [i, file] of CONFIG_FILES.entries()) {
    const [r, st] = [ruling[i] ?? null, staged[i] ?? null];
    if (ctx.head && !sameBlob(r, st)) {
      changed = true;
      warnings.push({ code: 'CONFIG_PENDING', severity: 'warn', path: file });
    }
    const work = readWorktree(ctx.top, file);
    if (work && !st) warnings.push({ code: 'CONFIG_UNSTAGED', severity: 'warn', path: file, data: { state: 'untracked' } });
    else if (work && st && !work.equals(st)) warnings.push({ code: 'CONFIG_UNSTAGED', severity: 'warn', path: file, data: { state: 'modified' } });
  }
  const stagedPkg = staged[names.length - 1] ?? null;
  const pkgChanged = !sameBlob(ruling[names.length - 1] ?? null, stagedPkg);
  if (ctx.head && pkgChanged && tddKeyOf(ruling[names.length - 1] ?? null) !== tddKeyOf(stagedPkg)) {
    warnings.push({ code: 'CONFIG_PENDING', severity: 'warn', path: 'package.json', data: { key: 'tdd' } });
  }
  const next = changed || pkgChanged ? attempt(() => pick(staged, stagedPkg, rules)) : undefined;
  // A staged configuration (a file, or package.json's "tdd" key) must be valid before it enters the history.
  if (next && 'error' in next && (changed || pkgChanged)) throw next.error;
  const current = attempt(() => pick(ruling, stagedPkg, rules));
  if (next && 'loaded' in next && 'loaded' in current) markRulesChanged(warnings, current.loaded.config, next.loaded.config);
  if ('error' in current) {
    // The committed rules are broken (a commit that bypassed the hooks): the staged fix may land.
    if (next && 'loaded' in next) return { ...next.loaded, warnings: [...warnings, { code: 'CONFIG_PENDING', severity: 'warn', data: { broken: true } }] };
    throw current.error;
  }
  return { ...current.loaded, warnings };
}

/** package.json's "tdd" key as JSON text ('' when absent or unreadable): what a configuration change compares. */
function tddKeyOf(blob: Buffer | null): string {
  try {
    const pkg: unknown = blob ? JSON.parse(blob.toString('utf8')) : undefined;
    return pkg !== null && typeof pkg === 'object' && 'tdd' in pkg ? JSON.stringify((pkg as { tdd: unknown }).tdd) : '';
  } catch {
    return '';
  }
}

function attempt(load: () => Omit<LoadedConfig, 'warnings'>): { loaded: Omit<LoadedConfig, 'warnings'> } | { error: unknown } {
  try {
    return { loaded: load() };
  } catch (error) {
    return { error };
  }
}

/** The first of .tddrc.json, .tddrc, package.json#tdd in a set of blobs; the defaults when none. */
function pick(blobs: (Buffer | null | undefined)[], stagedPkg: Buffer | null, rules: RunnerRules | undefined): Omit<LoadedConfig, 'warnings'> {
  const readPkg = (blob: Buffer | null | undefined) => () => (blob ? parseJson(blob.toString('utf8'), 'package.json') : undefined);
  for (const [i, file] of CONFIG_FILES.entries()) {
    const blob = blobs[i];
    if (blob) return finish(parseJson(blob.toString('utf8'), file), file, readPkg(stagedPkg), rules);
  }
  const pkg = blobs[CONFIG_FILES.length];
  if (pkg) {
    // Unparsable package.json only matters when it is where the configuration would come from.
    const object = asObject(safeParse(pkg));
    if (object && 'tdd' in object) return finish(object.tdd, 'package.json#tdd', readPkg(stagedPkg), rules);
  }
  return finish({}, 'defaults', readPkg(stagedPkg), rules);
}

function safeParse(blob: Buffer): unknown {
  try {
    return JSON.parse(blob.toString('utf8'));
  } catch {
    return undefined;
  }
}

function sameBlob(a: Buffer | null, b: Buffer | null): boolean {
  return a === null ? b === null : b !== null && a.equals(b);
}

function asObject(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function finish(raw: unknown, file: string, readPackageJson: () => unknown, rules: RunnerRules | undefined): Omit<LoadedConfig, 'warnings'> {
  const { config, problems } = validateConfig(raw, file);
  if (problems.length > 0) throw configError(problems);
  const packageJson = resolveConfig(config, raw, readPackageJson, rules);
  return { config, source: file, packageJson };
}

/** The keys that decide what is a test, test support or ignored, where the staged configuration changes them (shown on CONFIG_PENDING, and by `tdd status`). */
function markRulesChanged(warnings: Finding[], now: Config, next: Config): void {
  const keys = (['ignore', 'tests', 'testSupport'] as const).filter((k) => JSON.stringify(now[k]) !== JSON.stringify(next[k]));
  if (keys.length === 0) return;
  for (const w of warnings) if (w.code === 'CONFIG_PENDING' && !w.data?.broken) w.data = { ...w.data, rules: [...keys] };
}
