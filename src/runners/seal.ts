/**
 * The report's seal. The implementation runs in the runner's own process and can find the
 * report's path (on the command line, in the environment) and rewrite the report after the runner
 * wrote it — in an exit handler (Ruby at_exit, Python atexit, PHP register_shutdown_function) or a
 * process it leaves behind — turning failures into passes. So the code of ours that runs beside the
 * runner takes the report's SHA-256 at the moment the runner finished it, before any exit handler
 * of the project runs, and prints it on stderr as one line:
 *
 *   tdd-hooks-seal <sha256>
 *
 * (minitest's and unittest's runners of ours right after they write it; RSpec's through our support
 * file, once RSpec's run returns (the JSON formatter has closed the file); pytest's through a plugin
 * of ours that runs after its junitxml writer; PHPUnit's through the guard's shutdown function,
 * the first one registered, so the first to run; mocha's through node's guard, in the very call
 * that writes it; vitest's and node --test's through our reporter in the runner's main process, as
 * it writes it: runners/vitest-seal.ts, runners/node-reporter.ts.) The report read after the run must hash to the
 * seal; no seal, or a seal that disagrees (a second one printed by the project), is "could not
 * verify", never a verdict. A line the project prints cannot remove ours. Pure.
 */
import { createHash } from 'node:crypto';
import { delimiter } from 'node:path';
import type { RunnerName } from './types.js';

/** The variable that asks for a seal: the report's path. */
export const SEAL_ENV = 'TDD_HOOKS_SEAL';
/** pytest's plugin of ours (src/runners/python/seal/tdd_hooks_seal.py), loaded through PYTEST_PLUGINS. */
export const PYTEST_SEAL_PLUGIN = 'tdd_hooks_seal';

/**
 * The variable that asks our reporter in a node runner's main process (vitest's, node --test's)
 * for a seal of the report it names. Not SEAL_ENV: node's guard seals each fs.writeFileSync of
 * SEAL_ENV's file in every process of the run (mocha's), and in these runners the project's
 * processes are not the one that writes the report.
 */
export const REPORTER_SEAL_ENV = 'TDD_HOOKS_SEAL_REPORT';
const BY_REPORTER: ReadonlySet<RunnerName> = new Set<RunnerName>(['vitest', 'node']);

/** The runners whose report is sealed (when the run is guarded: PHP's seal lives in the guard). */
// jest writes its report with fs.writeFileSync (through graceful-fs, a copy of fs made after the
// guard is preloaded) in its main process: node's guard seals it as it does mocha's.
const SEALED: ReadonlySet<RunnerName> = new Set<RunnerName>(['minitest', 'unittest', 'pytest', 'phpunit', 'mocha', 'rspec', 'jest', ...BY_REPORTER]);

export function isSealed(runner: RunnerName): boolean {
  return SEALED.has(runner);
}

/**
 * The environment that asks `runner` for a seal of `reportPath`; `env` is the run's environment
 * so far (pytest's plugin folder goes after the guard's PYTHONPATH, its name after the project's
 * own PYTEST_PLUGINS).
 */
export function sealEnv(runner: RunnerName, reportPath: string, env: NodeJS.ProcessEnv, pluginDir: string): Record<string, string> {
  if (!isSealed(runner)) return {};
  if (BY_REPORTER.has(runner)) return { [REPORTER_SEAL_ENV]: reportPath };
  const out: Record<string, string> = { [SEAL_ENV]: reportPath };
  if (runner === 'pytest') {
    out.PYTHONPATH = env.PYTHONPATH ? `${env.PYTHONPATH}${delimiter}${pluginDir}` : pluginDir;
    out.PYTEST_PLUGINS = env.PYTEST_PLUGINS ? `${env.PYTEST_PLUGINS},${PYTEST_SEAL_PLUGIN}` : PYTEST_SEAL_PLUGIN;
  }
  return out;
}

const LINE = /^tdd-hooks-seal ([0-9a-f]{64})\r?$/gm;

/** `text` without its seal lines. */
export function stripSeals(text: string): string {
  return text.replace(LINE, '').replace(/\n{3,}/g, '\n\n');
}

export interface SealCheck {
  /** stderr without the seal lines (what the adapter and the output tail see). */
  stderr: string;
  /** Why the report cannot be trusted, or undefined. */
  problem?: string;
}

/**
 * The report (its bytes, undefined when the runner wrote none) against the seals on `stderr`.
 * No report: nothing to check (the adapter answers for a missing report).
 */
export function checkSeal(stderr: string, report: Buffer | undefined): SealCheck {
  const seals = [...stderr.matchAll(LINE)].map((m) => m[1]!);
  const rest = stripSeals(stderr);
  if (report === undefined) return { stderr: rest };
  if (seals.length === 0)
    return { stderr: rest, problem: 'the runner did not seal its report (something else wrote it, or the run closed or flooded stderr): it cannot be trusted' };
  const actual = createHash('sha256').update(report).digest('hex');
  if (seals.some((s) => s !== actual))
    return {
      stderr: rest,
      problem:
        seals.length > 1 && seals.includes(actual)
          ? 'the run printed a second seal of the runner report: something in the run forged it'
          : 'the runner report changed after the runner wrote it (an exit handler or a process of the run rewrote it)',
    };
  return { stderr: rest };
}
