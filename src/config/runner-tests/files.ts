/**
 * The files each runner's reader may ask for in its folder, in the runner's own order of
 * precedence. Apart from the readers: the hook's first read (and hooks/shim.sh) needs the names,
 * and only a runner with a reader loads them (see config/load).
 */
import type { RunnerName } from '../schema.js';

/** mocha 12, lib/cli/config.cjs: the first one there is the one read. */
export const MOCHA_FILES = ['.mocharc.cjs', '.mocharc.js', '.mocharc.mjs', '.mocharc.yaml', '.mocharc.yml', '.mocharc.jsonc', '.mocharc.json'];
/** jest 30: the code ones first (any of them: the rules are code). */
export const JEST_CODE_FILES = ['jest.config.js', 'jest.config.ts', 'jest.config.mjs', 'jest.config.cjs', 'jest.config.cts'];
export const JEST_FILES = [...JEST_CODE_FILES, 'jest.config.json'];
/** pytest 9, _pytest/config/findpaths.py. */
export const PYTEST_FILES = ['pytest.toml', '.pytest.toml', 'pytest.ini', '.pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg'];
/** vitest 4: vitest.config before vite.config, each in this order of extensions. */
export const VITEST_FILES = ['vitest.config', 'vite.config'].flatMap((n) => ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'].map((e) => `${n}.${e}`));
export const CARGO_FILES = ['Cargo.toml'];
/** rake 13, lib/rake/application.rb DEFAULT_RAKEFILES: minitest's tasks (Rake::TestTask). */
export const RAKE_FILES = ['rakefile', 'Rakefile', 'rakefile.rb', 'Rakefile.rb'];

export const RUNNER_FILES: Partial<Record<RunnerName, readonly string[]>> = {
  mocha: MOCHA_FILES,
  jest: JEST_FILES,
  pytest: PYTEST_FILES,
  vitest: VITEST_FILES,
  cargo: CARGO_FILES,
  minitest: RAKE_FILES,
};

/** Runners whose rules include their folder's package.json. */
export const READS_PACKAGE_JSON: ReadonlySet<RunnerName> = new Set(['mocha', 'jest']);

/** Every file name a runner at the top may ask for: what the hook asks git for ahead (hooks/shim.sh). */
export const ALL_RUNNER_FILES: readonly string[] = [...new Set(Object.values(RUNNER_FILES).flat())];
