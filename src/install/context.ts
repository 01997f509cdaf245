/**
 * How install was started: its flags and its environment. Pure. Run by npm as a `prepare` or
 * `postinstall` script, install must never fail `npm install` (a tarball install has no .git, a
 * Docker build no git, CI no use for hooks); run by hand, it reports problems as errors.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { AgentName } from '../agent/types.js';
import { AGENTS } from '../agent/types.js';
import { usageError } from '../errors.js';
import { parseAgentNames } from './agent-entries.js';

/** npm (pnpm, yarn and bun too) names the script being run in `npm_lifecycle_event`. */
const INSTALL_SCRIPTS = new Set(['preinstall', 'install', 'postinstall', 'prepare', 'prepublish']);

export function isPackageInstallScript(env: NodeJS.ProcessEnv): boolean {
  return INSTALL_SCRIPTS.has(env.npm_lifecycle_event ?? '');
}

/** `CI=true`, `CI=1`… as CI services set it; `CI=false` or `CI=0` is no CI. */
export function isCI(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

export type SkipReason = 'disabled' | 'ci';

/** Why install should do nothing at all: `TDD_HOOKS=0`, or CI during a package install. */
export function decideSkip(env: NodeJS.ProcessEnv): SkipReason | null {
  if (env.TDD_HOOKS === '0') return 'disabled';
  if (isPackageInstallScript(env) && isCI(env)) return 'ci';
  return null;
}

/**
 * Where the project is: the cwd, which for a package's own lifecycle script is the package folder.
 * A script running inside node_modules (tdd-hooks run by a dependency's postinstall) belongs to
 * the project npm was started in, `INIT_CWD`. A project's own `prepare` keeps its cwd: in a
 * workspace that is the package folder, closer than INIT_CWD to its node_modules and package.json.
 */
export function projectDir(cwd: string, env: NodeJS.ProcessEnv): string {
  const inDependency = /[\\/]node_modules([\\/]|$)/.test(cwd);
  return isPackageInstallScript(env) && inDependency && env.INIT_CWD ? env.INIT_CWD : cwd;
}

/** The options of install and uninstall (`--json` and `--help` are main's). */
export function parseFlags(argv: string[], command: string): { dryRun: boolean; agents: AgentName[]; replaceTestLine: boolean } {
  let values: { 'dry-run': boolean; agent?: string[]; 'replace-test-line'?: boolean };
  try {
    // --replace-test-line is install's alone (husky's test-suite lines, see test-line.ts).
    const options: ParseArgsConfig['options'] = { 'dry-run': { type: 'boolean', default: false }, agent: { type: 'string', multiple: true } };
    if (command === 'install') options['replace-test-line'] = { type: 'boolean', default: false };
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }) as unknown as { values: typeof values });
  } catch (e) {
    throw usageError((e as Error).message, `see tdd-hooks ${command} --help`);
  }
  const { agents, unknown } = parseAgentNames(values.agent ?? []);
  if (unknown.length > 0 || (values.agent !== undefined && agents.length === 0)) {
    throw usageError(`--agent: unknown agent "${unknown[0] ?? values.agent?.join(',') ?? ''}"`, `name one of ${AGENTS.join(', ')} or all, e.g. tdd-hooks ${command} --agent claude`);
  }
  return { dryRun: values['dry-run'], agents, replaceTestLine: Boolean(values['replace-test-line']) };
}
