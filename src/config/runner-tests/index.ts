/**
 * The runner decides what a test file is: each runner's own rules, read from its configuration
 * files where they are data (never by running them). One reader per runner; undefined from a
 * reader means "cannot tell", and the runner keeps the default globs. Pure.
 */
import type { RunnerName, RunnerSpec, TestMatch } from '../schema.js';
import { CARGO_FILES, readCargoTests } from './cargo.js';
import { JEST_FILES, readJestTests } from './jest.js';
import { MOCHA_FILES, readMochaTests } from './mocha.js';
import type { RunnerFolder } from './paths.js';
import { PYTEST_FILES, readPytestTests } from './pytest.js';
import { readVitestTests, VITEST_FILES } from './vitest.js';

export type { ReadRunnerFile, RunnerFolder } from './paths.js';

/** The files of a runner's folder its reader may ask for (package.json aside: the folder brings it). */
export const RUNNER_FILES: Partial<Record<RunnerName, readonly string[]>> = {
  mocha: MOCHA_FILES,
  jest: JEST_FILES,
  pytest: PYTEST_FILES,
  vitest: VITEST_FILES,
  cargo: CARGO_FILES,
};

/** Runners whose rules include their folder's package.json. */
export const READS_PACKAGE_JSON: ReadonlySet<RunnerName> = new Set(['mocha', 'jest']);

/** Every file name a runner at the top may ask for: what the hook asks git for ahead (hooks/shim.sh). */
export const ALL_RUNNER_FILES: readonly string[] = [...new Set(Object.values(RUNNER_FILES).flat())];

/**
 * A runner's test files as its configuration in `folder` says, repository-relative; undefined
 * when it cannot be read as data. `fallback`: the globs the runner has otherwise (mocha's default
 * spec adds to them).
 */
export function readRunnerTests(runner: RunnerName, folder: RunnerFolder, fallback: string[]): (TestMatch & Pick<RunnerSpec, 'members'>) | undefined {
  switch (runner) {
    case 'mocha':
      return readMochaTests(folder, fallback);
    case 'jest':
      return readJestTests(folder);
    case 'pytest':
      return readPytestTests(folder);
    case 'vitest':
      return readVitestTests(folder);
    case 'cargo':
      return readCargoTests(folder);
    default:
      return undefined;
  }
}
