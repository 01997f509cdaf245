/**
 * The commands doctor proposes, made from the facts. Pure. Paths are shown relative to where
 * doctor ran when they lie in the checkout, absolute otherwise, and quoted for sh.
 */
import { isAbsolute, relative, sep } from 'node:path';
import { shQuote } from '../install/shim.js';
import { installDependencies } from '../config/package-managers.js';
import type { LayoutFacts, ProjectFacts } from './types.js';

export { addDevDependency, installDependencies, LOCKFILES, runnerInstallFix, TOOL_FIX } from '../config/package-managers.js';

export const TDD_INSTALL = 'npx tdd-hooks install';

type Where = Pick<LayoutFacts, 'cwd' | 'top'>;

const inside = (child: string, parent: string): boolean => {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
};

/** `.git/hooks/pre-commit` from the top level, `../.git/hooks/pre-commit` from `src/`, absolute outside the checkout. */
export function shown(where: Where, path: string): string {
  if (!inside(path, where.top)) return path;
  return relative(where.cwd, path).split(sep).join('/') || '.';
}

/** A path as a word of a command. */
export const arg = (where: Where, path: string): string => shQuote(shown(where, path));

/** Commands that must run at the top level (husky writes `.husky/_` relative to its cwd). */
export function atTop(where: Where, command: string): string {
  return where.cwd === where.top ? command : `cd ${shQuote(where.top)} && ${command}`;
}

/** husky writes `.husky/_` and sets core.hooksPath when it runs (its `prepare` script does it on install). */
export function huskySetup(where: Where, project: ProjectFacts): string {
  return atTop(where, project.huskyInstalled ? 'npx --no-install husky' : installDependencies(project.packageManager));
}

/**
 * `tdd-hooks install`, or first a hooks directory of this repository's own when core.hooksPath
 * points outside it (install refuses to write into a shared one).
 */
export function installFix(l: LayoutFacts): string {
  if (l.huskyDir || l.hooksDirPlace !== 'outside') return TDD_INSTALL;
  // Absolute: git resolves a relative core.hooksPath from the top level of each worktree.
  return `git config --local core.hooksPath ${shQuote(l.defaultHooksDir)} && ${TDD_INSTALL}`;
}
