/**
 * `tdd-hooks uninstall`: remove exactly what install added, wherever it may be — husky's scripts,
 * the directory git runs hooks from, and the common `hooks/` folder — and restore chained hooks
 * byte for byte. Anything not ours stays. The config (.tddrc.json) is the user's and stays too.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILES } from '../config/schema.js';
import { applyOps, readFileState } from './apply.js';
import { readRepoLayout } from './layout.js';
import { planBlockUninstall, planShimUninstall, type HookUninstall, type Planned } from './plan.js';
import { collectPlans } from './problems.js';
import { parseShimVars } from './shim.js';
import { readTemplates } from './package-files.js';
import { CHAIN_SUFFIX, HOOK_NAMES, renderShim, type HookName, type Templates } from './shim.js';
import { planSghRemoval, readSghSource } from './simple-git-hooks.js';

export interface UninstallOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  dryRun?: boolean;
  templates?: Templates;
}

export interface UninstallReport {
  top: string;
  /** Every hook file looked at, with what was done ('absent' and 'foreign': nothing). */
  hooks: HookUninstall[];
  /** simple-git-hooks' configuration, our lines taken out of these hooks. */
  simpleGitHooks?: { file: string; hooks: string[] };
  /** The tdd-hooks config left in place, if any. */
  config: string | null;
  dryRun: boolean;
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

export async function uninstall(opts: UninstallOptions): Promise<UninstallReport> {
  const layout = await readRepoLayout(opts.cwd, opts.env);
  const huskyDirs = new Set<string>();
  if (layout.huskyDir) huskyDirs.add(layout.huskyDir);
  if (isDir(join(layout.top, '.husky'))) huskyDirs.add(join(layout.top, '.husky'));
  // Install never writes outside the repository, so uninstall never looks there.
  const shimDirs = new Set<string>([join(layout.commonDir, 'hooks')]);
  if (!layout.huskyDir && layout.hooksDirPlace !== 'outside') shimDirs.add(layout.hooksDir);

  // A shim is ours to delete only as install wrote it: rendered again from the paths it names.
  const templates = opts.templates ?? readTemplates();
  const isPristine = (content: string) => {
    const vars = parseShimVars(content);
    const hook = /^hook=(\S+)$/m.exec(content)?.[1];
    if (!vars || !HOOK_NAMES.includes(hook as HookName)) return false;
    return renderShim(templates.shim, { hook: hook as HookName, cli: vars.cli, cliFallback: vars.cliFallback, nodeFallback: vars.nodeFallback }) === content;
  };
  const planned: Planned<HookUninstall>[] = [];
  for (const dir of huskyDirs) {
    for (const hook of HOOK_NAMES) planned.push(planBlockUninstall(hook, join(dir, hook), await readFileState(join(dir, hook))));
  }
  for (const dir of shimDirs) {
    for (const hook of HOOK_NAMES) {
      const path = join(dir, hook);
      planned.push(planShimUninstall(hook, path, await readFileState(path), await readFileState(path + CHAIN_SUFFIX), isPristine));
    }
  }
  const { reports, ops } = collectPlans(planned, layout.top);
  const dryRun = opts.dryRun ?? false;
  const sghSource = readSghSource(layout.top);
  const sgh = sghSource ? planSghRemoval(sghSource) : undefined;
  if (!dryRun) await applyOps(ops);
  if (!dryRun && sgh) {
    const path = join(layout.top, sgh.file);
    await applyOps([{ op: 'write', path, content: sgh.text, mode: statSync(path).mode & 0o777 }]);
  }
  const config = CONFIG_FILES.find((f) => existsSync(join(layout.top, f)));
  const simpleGitHooks = sgh ? { simpleGitHooks: { file: sgh.file, hooks: sgh.hooks } } : {};
  return { top: layout.top, hooks: reports, ...simpleGitHooks, config: config ? join(layout.top, config) : null, dryRun };
}
