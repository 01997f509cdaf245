/**
 * The runner decides what a test file is: each runner's own rules, read from its configuration
 * files where they are data (never by running them). One reader per runner; undefined from a
 * reader means "cannot tell", and the runner keeps the default globs. Pure; loaded on the hook's
 * path only for a runner that has a reader (the names they read are in ./files).
 */
import type { RunnerName, RunnerSpec, TestMatch } from '../schema.js';
import { readCargoTests } from './cargo.js';
import { readJestTests } from './jest.js';
import { readMochaTests } from './mocha.js';
import type { RunnerFolder } from './paths.js';
import { readPytestTests } from './pytest.js';
import { readRakeTests } from './rake.js';
import { readVitestTests } from './vitest.js';

export type { ReadRunnerFile, RunnerFolder } from './paths.js';

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
    case 'minitest':
      return readRakeTests(folder);
    default:
      return undefined;
  }
}
