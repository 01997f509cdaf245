/**
 * What validation leaves open, settled the same way for the hook and for `tdd audit`: the runner
 * (detected from package.json when the file names none), its default test globs, and the runners
 * of a repository with several. Pure.
 */
import { detectRunner } from './detect.js';
import { DEFAULTS, RUNNER_TESTS, type Config, type RunnerName, type RunnerSpec } from './schema.js';

const testsOf = (runner: RunnerName): string[] => [...(RUNNER_TESTS[runner] ?? DEFAULTS.tests)];

/** `api` + `**\/test_*.py` → `api/**\/test_*.py`: a runner's own globs stay inside its folder. */
function under(root: string, glob: string): string {
  return root === '.' ? glob : `${root}/${glob}`;
}

/**
 * Fills `config` in place from the raw file. Returns the package.json when detection read it.
 * `runners` (when non-empty) decides: `runner` becomes the first one's, and `tests`, unless the
 * file sets it, the union of theirs.
 */
export function resolveConfig(config: Config, raw: unknown, readPackageJson: () => unknown): Record<string, unknown> | undefined {
  const has = (key: string) => typeof raw === 'object' && raw !== null && key in raw;
  let packageJson: Record<string, unknown> | undefined;
  if (config.runners.length > 0) {
    config.runners = config.runners.map((s: Partial<RunnerSpec>) => {
      const runner = s.runner!;
      const root = (s.root ?? '.').split('/').filter((p) => p !== '' && p !== '.').join('/') || '.';
      return {
        runner,
        root,
        tests: s.tests ? [...s.tests] : testsOf(runner).map((g) => under(root, g)),
        testCommand: s.testCommand ?? null,
        testTargetedCommand: s.testTargetedCommand ?? null,
      };
    });
    config.runner = config.runners[0]!.runner;
    if (!has('tests')) config.tests = [...new Set(config.runners.flatMap((s) => s.tests))];
    return undefined;
  }
  if (!has('runner')) {
    const pkg = readPackageJson();
    packageJson = pkg !== null && typeof pkg === 'object' && !Array.isArray(pkg) ? (pkg as Record<string, unknown>) : undefined;
    config.runner = detectRunner(packageJson);
  }
  if (!has('tests')) config.tests = testsOf(config.runner);
  return packageJson;
}

/** The runners of a configuration, each with the globs it owns: `runners`, or the one `runner`. */
export function runnerSpecs(config: Config): RunnerSpec[] {
  if (config.runners.length > 0) return config.runners;
  return [{ runner: config.runner, tests: config.tests, root: '.', testCommand: config.testCommand, testTargetedCommand: config.testTargetedCommand }];
}
