/**
 * The commands doctor proposes, made from the facts. Pure. Paths are shown relative to where
 * doctor ran when they lie in the checkout, absolute otherwise, and quoted for sh.
 */
import { isAbsolute, relative, sep } from 'node:path';
import { shQuote } from '../install/shim.js';
import type { LayoutFacts, PackageManager, ProjectFacts } from './types.js';

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

const INSTALL: Record<PackageManager, string> = { npm: 'npm install', pnpm: 'pnpm install', yarn: 'yarn install', bun: 'bun install' };
const ADD_DEV: Record<PackageManager, string> = { npm: 'npm install --save-dev', pnpm: 'pnpm add -D', yarn: 'yarn add -D', bun: 'bun add -d' };

export const installDependencies = (pm: PackageManager): string => INSTALL[pm];

/** How to get each toolchain the hooks run from PATH. */
export const TOOL_FIX: Record<string, string> = {
  pytest: 'python3 -m pip install pytest   (or: apt install python3-pytest)',
  unittest: 'install Python 3 (apt install python3)',
  go: 'install Go: apt install golang-go, or https://go.dev/dl',
  cargo: 'install Rust: https://rustup.rs',
};

/** The lock file that names a project's package manager (npm when none). */
export const LOCKFILES: [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lockb', 'bun'],
  ['bun.lock', 'bun'],
];

/**
 * What makes a missing runner there, as doctor says it (RUNNER_MISSING, RUNNER_TOOL_MISSING): the
 * hooks' runner-missing refusal gives the same command. Undefined for a runner that is ours (node)
 * or the user's own command.
 */
export function runnerInstallFix(runner: string, pm: PackageManager, declared: boolean): string | undefined {
  if (TOOL_FIX[runner]) return TOOL_FIX[runner];
  if (runner === 'node' || runner === 'command') return undefined;
  return declared ? installDependencies(pm) : addDevDependency(pm, runner);
}
export const addDevDependency = (pm: PackageManager, name: string): string => `${ADD_DEV[pm]} ${name}`;

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
