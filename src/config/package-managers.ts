/**
 * The JavaScript package managers, one table: which lock file names each, and how each installs a
 * project's dependencies or adds a development dependency. Pure. Doctor's fixes, the hook's
 * runner-missing note, install's command spelling and the setup commit's manifests read it.
 */

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** The lock file that names a project's package manager (npm, whose lock file is package-lock.json, when none). */
export const LOCKFILES: [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lockb', 'bun'],
  ['bun.lock', 'bun'],
];

/** Every JavaScript lock file, npm's own first. */
export const JS_LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', ...LOCKFILES.map(([file]) => file)];

/** The package manager whose lock file the project has (`has` answers for a file at its top), npm when none. */
export function packageManagerOf(has: (file: string) => boolean): PackageManager {
  return LOCKFILES.find(([file]) => has(file))?.[1] ?? 'npm';
}

const INSTALL: Record<PackageManager, string> = { npm: 'npm install', pnpm: 'pnpm install', yarn: 'yarn install', bun: 'bun install' };
const ADD_DEV: Record<PackageManager, string> = { npm: 'npm install --save-dev', pnpm: 'pnpm add -D', yarn: 'yarn add -D', bun: 'bun add -d' };

export const installDependencies = (pm: PackageManager): string => INSTALL[pm];
export const addDevDependency = (pm: PackageManager, name: string): string => `${ADD_DEV[pm]} ${name}`;

/** How to get each toolchain the hooks run from PATH. */
export const TOOL_FIX: Record<string, string> = {
  pytest: 'python3 -m pip install pytest   (or: apt install python3-pytest)',
  unittest: 'install Python 3 (apt install python3)',
  go: 'install Go: apt install golang-go, or https://go.dev/dl',
  cargo: 'install Rust: https://rustup.rs',
};

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
