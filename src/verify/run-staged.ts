/** Run the given test files on a private copy of `tree` (never the user's working tree). */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, posix } from 'node:path';
import { compileMatch } from '../snapshot/classify.js';
import { matchTest } from '../snapshot/kinds.js';
import { cargoMember } from '../runners/cargo-targets.js';
import { runnerSpecs } from '../config/resolve.js';
import type { Config, RunnerSpec } from '../config/schema.js';
import { splitCommand } from '../process/command-line.js';
import { readObjects, type RepoContext } from '../git/queries.js';
import { runTests } from '../runners/run.js';
import { markMissingSnapshots, missingSnapshotKeys, snapshotFileOf } from '../lang/snapshots.js';
import type { BuildFacts, RunResult } from '../types.js';
import { buildInCopy, buildSpecOf } from './copy-build.js';
import { builtLinks } from '../gates/link-stale.js';
import { excludedProjects, projectFilters } from '../runners/vitest-projects.js';
import { readVitestBounds, type FolderReader } from '../runners/vitest-workspace.js';
import { scrubbedEnv } from '../process/env.js';
import { isPnpProject, pnpNodeOptions, writePnpCopy } from './pnp.js';
import { materialize, type Scratch } from './scratch.js';
import { runStaticChecks } from './static-checks.js';
import { prefixCoverage } from '../coverage/merge.js';
import type { StaticCheckResult } from '../gates/types.js';
import { readWorkspacePackageNames } from './workspace-folders.js';

/**
 * Runs `files` (repository-relative test files of `tree`) with the runners that own them: each
 * file goes to the runner whose rules match it (the deepest folder first, else the one whose folder
 * holds it), each runner runs in its own folder of the copy (a cargo workspace once per member),
 * and the results come back as one RunResult whose status is the worst of them.
 */
export async function runStaged(
  repo: RepoContext,
  config: Config,
  tree: string,
  files: string[],
  prepared?: Promise<Scratch>,
  /** REFACTOR (verify/related): per runner (specKey), the changed sources its related-tests mode starts from. */
  related?: ReadonlyMap<string, string[]>,
  /**
   * GREEN: the changed source files (repository-relative) whose coverage the run measures;
   * `coverageFrom`: the task's test files when others run beside them (verify/green-run.ts): only
   * theirs count, and a runner that runs none of them is not asked.
   */
  options: { coverage?: string[]; coverageFrom?: string[]; unitTests?: boolean } = {},
): Promise<RunResult> {
  const specs = runnerSpecs(config);
  const pending = prepared ?? prepareScratch(repo, config, tree);
  const blobs = await readOrRelease(repo, tree, files, pending);
  const scratch = await pending;
  const sources = new Map(files.map((f, i) => [f, blobs[i]?.toString('utf8') ?? '']));
  try {
    // isolation.build: what the tests need built, from these sources, in the copy; a build that did not succeed runs no test.
    const build = await buildInCopy(repo, config, scratch, tree);
    if (build && (build.status === 'failed' || build.status === 'unrun')) return unbuilt(build, files);
    const top = realpathSync(repo.top);
    const copy = realpathSync(scratch.tree);
    const guard = { top, copy, links: scratch.workTreeLinks, linked: scratch.linkedFolders.map((f) => join(top, f)) };
    // The repository's own packages by name, as the commit declares them: `import … from '@vue/shared'` is the project.
    const workspacePackages = readWorkspacePackageNames(copy);
    // Yarn Plug'n'Play: the runner starts through the copy's own .pnp.cjs (verify/pnp.ts).
    const env = scrubbedEnv(repo.env);
    if (await writePnpCopy(top, copy)) env.NODE_OPTIONS = pnpNodeOptions(copy, env.NODE_OPTIONS);
    const runs: RunResult[] = [];
    const relatedUnread: string[] = [];
    const groups = assignRunners(specs, files).flatMap(splitMembers);
    // A runner whose related-tests mode has sources to start from runs even with no file of its own.
    for (const spec of specs) if (related?.get(specKey(spec))?.length && !groups.some((g) => g.spec === spec)) groups.push({ spec, files: [] });
    for (const { spec, files: owned } of groups) {
      const prefix = spec.root === '.' ? '' : `${spec.root}/`;
      const inside = owned.filter((f) => f.startsWith(prefix));
      const outside = owned.filter((f) => !f.startsWith(prefix));
      const { unbounded, ...bounds } = relatedOf(related, spec, join(scratch.tree, spec.root), config.relatedProjects ?? []);
      const run = await runTests({
        runner: spec.runner,
        root: join(scratch.tree, spec.root),
        files: inside.map((f) => f.slice(prefix.length)),
        env: { ...env, FORCE_COLOR: '0', NO_COLOR: '1' },
        timeoutMs: config.timeoutSeconds * 1000,
        sources: new Map(inside.map((f) => [f.slice(prefix.length), sources.get(f) ?? ''])),
        cacheDir: scratch.cache,
        command: {
          full: spec.testCommand === null ? null : splitCommand(spec.testCommand),
          targeted: spec.testTargetedCommand === null ? null : splitCommand(spec.testTargetedCommand),
        },
        guard,
        assertNames: config.assertFunctionNames,
        workspacePackages,
        ...bounds,
        ...coverageOf(options, prefix, inside),
        // GREEN and REFACTOR: the tests inside the implementation (cargo's #[cfg(test)] modules) run too; RED's are its test files'.
        ...(options.unitTests ? { unitTests: true } : {}),
      });
      if (unbounded) relatedUnread.push(...unbounded.map((u) => (prefix === '' ? u : `${prefix}${u}`)));
      const placed = withRepoPaths(run, join(scratch.tree, spec.root), prefix);
      placed.fileErrors.push(
        ...outside.map((file) => ({ file, kind: 'no-tests' as const, message: `outside ${spec.root}, the folder runner ${spec.runner} runs in` })),
      );
      runs.push(placed);
    }
    const merged = mergeRuns(runs, related ? [...new Set(runs.flatMap((r) => r.files))] : files);
    if (build) merged.build = build;
    // A related-tests mode ran (vitest related): a timeout is a related set too large for timeoutSeconds.
    if (related && merged.status === 'timeout') merged.relatedMode = true;
    if (relatedUnread.length > 0) merged.relatedUnread = relatedUnread;
    if (options.coverage) merged.coverage = await coverageOfRuns(runs, options.coverage);
    return await withMissingSnapshots(repo, tree, merged);
  } finally {
    await scratch.release();
  }
}

/** The test files' staged texts; a failed read releases the copy being prepared. */
async function readOrRelease(repo: RepoContext, tree: string, files: string[], pending: Promise<Scratch>): Promise<(Buffer | null)[]> {
  try {
    return await readObjects(
      repo,
      files.map((f) => `${tree}:${f}`),
    );
  } catch (e) {
    await pending.then(
      (s) => s.release(),
      () => {},
    );
    throw e;
  }
}

/** The run when isolation.build failed or could not run: no test ran; the gates read `build` (gates/run-status.ts). */
function unbuilt(build: BuildFacts, files: string[]): RunResult {
  return {
    runner: 'isolation.build',
    status: 'unknown',
    command: [build.command],
    exitCode: build.exitCode,
    durationMs: 0,
    files,
    tests: [],
    fileErrors: [],
    reason: build.reason ?? `isolation.build exited ${build.exitCode}`,
    ...(build.outputTail ? { outputTail: build.outputTail } : {}),
    build,
  };
}

/** One runner's part of GREEN's coverage ask (runStaged's options), relative to its folder. */
function coverageOf(
  options: { coverage?: string[]; coverageFrom?: string[] },
  prefix: string,
  inside: string[],
): { coverage?: string[]; coverageFrom?: string[] } {
  if (!options.coverage) return {};
  const from = options.coverageFrom && inside.filter((f) => options.coverageFrom!.includes(f));
  if (from?.length === 0) return {};
  const rel = (fs: string[]) => fs.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
  return { coverage: rel(options.coverage), ...(from ? { coverageFrom: rel(from) } : {}) };
}

/** The runs' coverage as one; a file no run measured nor explained is "not measured", said. */
async function coverageOfRuns(runs: RunResult[], files: string[]): Promise<NonNullable<RunResult['coverage']>> {
  const { mergeCoverage } = await import('../coverage/merge.js');
  const merged = mergeCoverage(runs.flatMap((r) => (r.coverage ? [r.coverage] : [])));
  const told = new Set([...merged.measured, ...merged.unmeasured.flatMap((u) => u.files)]);
  const untold = files.filter((f) => !told.has(f));
  if (untold.length > 0)
    merged.unmeasured.push({
      runner: [...new Set(runs.map((r) => r.runner))].join('+'),
      reason: "no runner of the task's tests runs in their folder",
      files: untold,
    });
  return merged;
}

/** A vitest snapshot "mismatched" that the tree's snapshot file does not hold is missing (see markMissingSnapshots). */
async function withMissingSnapshots(repo: RepoContext, tree: string, run: RunResult): Promise<RunResult> {
  const paths = [...new Set(missingSnapshotKeys(run.tests).map((k) => snapshotFileOf(k.file)))];
  if (paths.length === 0) return run;
  const blobs = await readObjects(
    repo,
    paths.map((p) => `${tree}:${p}`),
  );
  const texts = new Map(paths.map((p, i) => [p, blobs[i]?.toString('utf8') ?? null]));
  return { ...run, tests: markMissingSnapshots(run.tests, texts) };
}

/**
 * The private copy of `tree`, brought up to date and locked. pre-commit starts it while its own
 * reads and gates run (a GREEN or REFACTOR commit runs its tests unless they refuse it): the copy's
 * update (3–4 git processes) then costs the commit nothing. Whoever takes it releases it.
 */
export function prepareScratch(repo: RepoContext, config: Config, tree: string): Promise<Scratch> {
  return materialize(repo, tree, withPnp(repo, linkedFolders(config, runnerSpecs(config))), { build: buildSpecOf(config) !== null });
}

/** A PnP project's packages live in .yarn/ (its cache, unplugged packages): linked like node_modules. */
function withPnp(repo: RepoContext, link: string[]): string[] {
  return isPnpProject(repo.top) && !link.includes('.yarn') ? [...link, '.yarn'] : link;
}

/**
 * `isolation.link`, without the builds among them when isolation.build makes them in the copy (a
 * linked `dist/` would take the build's writes into the working tree).
 */
function linksOf(config: Config): string[] {
  const link = config.isolation.link;
  if (buildSpecOf(config) === null) return link;
  const built = new Set(builtLinks(link));
  return link.filter((l) => !built.has(l));
}

/** `isolation.link` at the top and, for a bare name (node_modules), in each runner's folder too. */
function linkedFolders(config: Config, specs: RunnerSpec[]): string[] {
  const link = linksOf(config);
  const nested = specs.filter((s) => s.root !== '.').flatMap((s) => link.filter((l) => !l.includes('/')).map((l) => `${s.root}/${l}`));
  return [...new Set([...link, ...nested])];
}

/**
 * The changed sources relative to the runner's folder (`../packages/lib/a.js`: a workspace package
 * it may import), when there are any; for vitest, the projects its related run leaves out (browser
 * and e2e ones, runners/vitest-projects.ts), read from the copy's configuration file.
 */
function relatedOf(
  related: ReadonlyMap<string, string[]> | undefined,
  spec: RunnerSpec,
  root: string,
  include: readonly string[],
): { related?: string[]; excludeProjects?: string[]; projectFilters?: string[]; unbounded?: string[] } {
  const sources = (related?.get(specKey(spec)) ?? []).map((f) => (spec.root === '.' ? f : posix.relative(spec.root, f)));
  if (sources.length === 0) return {};
  if (spec.runner !== 'vitest') return { related: sources };
  const list = readVitestBounds(folderReader(root));
  const excluded = excludedProjects(list.projects, include);
  const unread = list.unread.length > 0 ? { unbounded: list.unread } : {};
  return excluded.length > 0
    ? { related: sources, excludeProjects: excluded, projectFilters: projectFilters(list, excluded), ...unread }
    : { related: sources, ...unread };
}

/** The copy's folder `root` as the vitest projects' reader sees it (runners/vitest-workspace.ts). */
function folderReader(root: string): FolderReader {
  return {
    read: (path) => {
      try {
        return readFileSync(join(root, path), 'utf8');
      } catch {
        return null;
      }
    },
    list: (dir) => {
      try {
        return readdirSync(join(root, dir), { withFileTypes: true }).map((e) => ({ name: e.name, dir: e.isDirectory() }));
      } catch {
        return null;
      }
    },
  };
}

/** A runner of the configuration, by what it is and where it runs. */
export const specKey = (spec: Pick<RunnerSpec, 'runner' | 'root'>): string => `${spec.runner}\0${spec.root}`;

/**
 * Pure: which runner runs which file (see runStaged). A file several runners' rules match goes to
 * the one in the deepest folder (a Go module inside another, a package with its own runner below
 * the top's), then to the first in the configuration.
 */
export function assignRunners(specs: RunnerSpec[], files: string[]): { spec: RunnerSpec; files: string[] }[] {
  const matchers = specs.map((s) => matchTest([compileMatch(s)], [s]));
  const depth = (s: RunnerSpec) => (s.root === '.' ? 0 : s.root.split('/').length);
  const deepest = (candidates: number[]) => candidates.sort((a, b) => depth(specs[b]!) - depth(specs[a]!) || a - b)[0];
  const groups = new Map<RunnerSpec, string[]>();
  for (const f of files) {
    const holds = (j: number) => specs[j]!.root === '.' || f.startsWith(`${specs[j]!.root}/`);
    const owners = specs.flatMap((_, j) => (matchers[j]!(f) ? [j] : []));
    // Not one of any runner's own files (the top-level `tests` adds it): the runner of the deepest folder holding it.
    const i = deepest(owners.filter(holds)) ?? deepest(owners) ?? deepest(specs.flatMap((_, j) => (holds(j) ? [j] : []))) ?? 0;
    const spec = specs[i]!;
    groups.set(spec, [...(groups.get(spec) ?? []), f]);
  }
  // In the configuration's order, whatever the order of the files.
  return specs.filter((s) => groups.has(s)).map((spec) => ({ spec, files: groups.get(spec)! }));
}

/**
 * Pure: a cargo workspace runs each member's test files apart (`cargo test --manifest-path
 * <member>/Cargo.toml`, one package at a time: two members may both have a tests/it.rs).
 */
export function splitMembers(group: { spec: RunnerSpec; files: string[] }): { spec: RunnerSpec; files: string[] }[] {
  if (group.spec.runner !== 'cargo' || !group.spec.members) return [group];
  const prefix = group.spec.root === '.' ? '' : `${group.spec.root}/`;
  const byMember = new Map<string, string[]>();
  for (const f of group.files) {
    const member = f.startsWith(prefix) ? (cargoMember(f.slice(prefix.length)) ?? '') : '';
    byMember.set(member, [...(byMember.get(member) ?? []), f]);
  }
  return [...byMember.values()].map((files) => ({ spec: group.spec, files }));
}

const STATUS_RANK: Record<RunResult['status'], number> = { completed: 0, unknown: 1, 'runner-missing': 2, timeout: 3, leaked: 4, interrupted: 5 };

/** Pure: several runners' results as one; the worst status (and its reason) wins. */
export function mergeRuns(runs: RunResult[], files: string[]): RunResult {
  if (runs.length === 1) return runs[0]!;
  const worst = runs.reduce((a, b) => (STATUS_RANK[b.status] > STATUS_RANK[a.status] ? b : a), runs[0]!);
  const tails = runs.filter((r) => r.outputTail).map((r) => `[${r.runner}]\n${r.outputTail}`);
  return {
    runner: [...new Set(runs.map((r) => r.runner))].join('+'),
    status: worst.status,
    command: runs.flatMap((r, i) => (i === 0 ? r.command : ['&&', ...r.command])),
    exitCode: runs.find((r) => r.exitCode !== 0)?.exitCode ?? worst.exitCode,
    durationMs: runs.reduce((t, r) => t + r.durationMs, 0),
    files,
    tests: runs.flatMap((r) => r.tests),
    fileErrors: runs.flatMap((r) => r.fileErrors),
    ...(worst.reason === undefined ? {} : { reason: `${worst.runner}: ${worst.reason}` }),
    ...(runs.some((r) => r.leaks) ? { leaks: runs.flatMap((r) => r.leaks ?? []) } : {}),
    ...(tails.length > 0 ? { outputTail: tails.join('\n') } : {}),
  };
}
/** Run the configured static checks on a private copy of `tree`, `{files}` being the commit's changed files. */
export async function checkStaged(repo: RepoContext, config: Config, tree: string, changed: string[]): Promise<StaticCheckResult[]> {
  const scratch = await materialize(repo, tree, withPnp(repo, linksOf(config)), { build: buildSpecOf(config) !== null });
  try {
    // What the checks read built as the tests had it (the same key: the tests' build, reused).
    await buildInCopy(repo, config, scratch, tree);
    const env = { ...scrubbedEnv(repo.env), FORCE_COLOR: '0', NO_COLOR: '1' };
    return await runStaticChecks(config.staticChecks, scratch.tree, changed, env, config.timeoutSeconds * 1000);
  } finally {
    await scratch.release();
  }
}

/**
 * Messages name files as the user knows them, not by their place in the scratch copy; a runner
 * in a folder (`prefix`) named its files from there.
 */
function withRepoPaths(run: RunResult, root: string, prefix: string): RunResult {
  const strip = (m: string | undefined) => m?.split(`${root}/`).join(prefix);
  const place = (f: string) => prefix + f;
  return {
    ...run,
    files: run.files.map(place),
    tests: run.tests.map((t) => ({ ...t, file: place(t.file), ...(t.message ? { message: strip(t.message)! } : {}) })),
    fileErrors: run.fileErrors.map((e) => ({ ...e, file: place(e.file), message: strip(e.message)! })),
    ...(run.outputTail ? { outputTail: strip(run.outputTail)! } : {}),
    ...(run.coverage ? { coverage: prefixCoverage(run.coverage, prefix) } : {}),
  };
}
