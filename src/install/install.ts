/**
 * `tdd-hooks install`: read the repository → plan every hook and the config → write. Idempotent:
 * a second run plans no operation. Errors are TddErrors (exit 2) and leave every file as it was.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { JS_LOCKFILES } from '../config/package-managers.js';
import { toPosix } from './paths.js';
import { TddError } from '../errors.js';
import { applyOps, readFileState } from './apply.js';
import { planConfigFile, writeConfigFile, type ConfigReport } from './config-file.js';
import { readHooksPathOrigin } from '../git/config.js';
import { readRepoLayout, type RepoLayout } from './layout.js';
import { locateCli, PACKAGE_BIN, readTemplates } from './package-files.js';
import { planBlockInstall, planShimInstall, type HookInstall, type Planned } from './plan.js';
import { collectPlans } from './problems.js';
import { CHAIN_SUFFIX, HOOK_NAMES, renderHuskyBlock, renderShim, shQuote, type Templates } from './shim.js';
import { planSgh, readSghSource, type SghPlan } from './simple-git-hooks.js';

export interface InstallOptions {
  /** A directory inside the repository: the project. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Plan and report; write nothing. */
  dryRun?: boolean;
  /** husky: comment out the lines ahead of the block that run the test suite on the working tree. */
  replaceTestLine?: boolean;
  /** The CLI the hooks run; default: this package's bin/tdd.js. */
  packageBin?: string;
  /** node for hooks started with a PATH that has none; default: the node running install. */
  nodePath?: string;
  templates?: Templates;
}

export interface InstallReport {
  /** 'husky': blocks in husky's scripts; 'git': shims in the directory git runs hooks from. */
  mode: 'husky' | 'git';
  top: string;
  /** The folder the hooks went into. */
  dir: string;
  /** How the hooks reach the CLI, relative to the top level. */
  cli: string;
  hooks: HookInstall[];
  config: ConfigReport;
  /** simple-git-hooks' configuration, given our line for each hook (its next run writes hooks that run tdd-hooks). */
  simpleGitHooks?: Omit<SghPlan, 'text'>;
  /** What the setup commit holds (relative to the top level): it needs no phase (see verify/pre-commit isSetupCommit). */
  setup: string[];
  dryRun: boolean;
}

async function refuseOutside(layout: RepoLayout, env: NodeJS.ProcessEnv): Promise<never> {
  const set = await readHooksPathOrigin(layout.top, env);
  throw new TddError(
    'HOOKS_PATH_OUTSIDE',
    `will not write hooks into ${layout.hooksDir}: core.hooksPath${set ? ` (${set.value}, from ${set.origin})` : ''} ` +
      "points outside this repository, and a shared hooks directory is not one repository's to change",
    2,
    {
      hint: `give this repository its own hooks: git config --local core.hooksPath ${shQuote(join(layout.commonDir, 'hooks'))} ; then npx tdd-hooks install again`,
      data: { hooksDir: layout.hooksDir, hooksPath: set?.value, origin: set?.origin },
    },
  );
}

/** Shims for a plain hooks directory (refused outside the repository). */
async function planShims(layout: RepoLayout, templates: Templates, cli: { rel: string; abs: string }, nodePath: string) {
  // Hooks inside the worktree may be committed: no machine-specific fallbacks in them.
  const local = layout.hooksDirPlace === 'git-dir';
  return Promise.all(
    HOOK_NAMES.map(async (hook) => {
      const path = join(layout.hooksDir, hook);
      const shim = renderShim(templates.shim, { hook, cli: cli.rel, cliFallback: local ? cli.abs : '', nodeFallback: local ? nodePath : '' });
      return planShimInstall(hook, path, await readFileState(path), await readFileState(path + CHAIN_SUFFIX), shim);
    }),
  );
}

/** Blocks in husky's tracked scripts: relative paths only. */
async function planBlocks(huskyDir: string, templates: Templates, cli: string, replaceTestLine: boolean) {
  return Promise.all(
    HOOK_NAMES.map(async (hook) => {
      const path = join(huskyDir, hook);
      return planBlockInstall(hook, path, await readFileState(path), renderHuskyBlock(templates.huskyBlock, { hook, cli }), { replaceTestLine });
    }),
  );
}

const fileMode = (path: string): number => statSync(path).mode & 0o777;

/** The manifests `npm i -D tdd-hooks` changes, committed with the setup. */
const SETUP_MANIFESTS = ['package.json', ...JS_LOCKFILES];

export async function install(opts: InstallOptions): Promise<InstallReport> {
  const layout = await readRepoLayout(opts.cwd, opts.env);
  const templates = opts.templates ?? readTemplates();
  const cli = locateCli(layout.top, opts.cwd, opts.packageBin ?? PACKAGE_BIN);
  if (!layout.huskyDir && layout.hooksDirPlace === 'outside') await refuseOutside(layout, opts.env);
  const dir = layout.huskyDir ?? layout.hooksDir;
  const planned: Planned<HookInstall>[] = layout.huskyDir
    ? await planBlocks(layout.huskyDir, templates, cli.rel, opts.replaceTestLine ?? false)
    : await planShims(layout, templates, cli, opts.nodePath ?? process.execPath);
  const { reports, ops } = collectPlans(planned, layout.top);
  const configPlan = planConfigFile(layout.top, opts.cwd, cli.schemaRef);
  const dryRun = opts.dryRun ?? false;
  let config: ConfigReport = {
    path: configPlan.path,
    action: configPlan.action,
    ...(configPlan.runner ? { runner: configPlan.runner } : {}),
    ...(configPlan.runners ? { runners: configPlan.runners } : {}),
  };
  // husky's scripts are where the hooks live when husky runs them; simple-git-hooks' otherwise.
  const sghSource = layout.huskyDir ? null : readSghSource(layout.top);
  const sgh = sghSource ? planSgh(sghSource, cli.rel) : undefined;
  if (!dryRun) {
    if (ops.length) mkdirSync(dir, { recursive: true });
    await applyOps(ops);
    if (sgh?.text !== undefined)
      await applyOps([{ op: 'write', path: join(layout.top, sgh.file), content: sgh.text, mode: fileMode(join(layout.top, sgh.file)) }]);
    config = await writeConfigFile(configPlan);
  }
  const setup = [
    ...(config.action === 'created' ? [toPosix(relative(layout.top, config.path))] : []),
    ...(layout.huskyDir && reports.some((h) => h.action !== 'unchanged') ? [toPosix(relative(layout.top, layout.huskyDir))] : []),
    ...SETUP_MANIFESTS.filter((f) => existsSync(join(layout.top, f))),
    ...(sgh?.action === 'updated' && !SETUP_MANIFESTS.includes(sgh.file) ? [sgh.file] : []),
  ];
  const simpleGitHooks = sgh ? { simpleGitHooks: { file: sgh.file, action: sgh.action, hooks: sgh.hooks, lines: sgh.lines } } : {};
  return { mode: layout.huskyDir ? 'husky' : 'git', top: layout.top, dir, cli: cli.rel, hooks: reports, config, ...simpleGitHooks, setup, dryRun };
}
