/**
 * What validation leaves open, settled the same way for the hook and for `tdd audit`: the runner
 * (detected from package.json when the file names none), its test files (the runner's own rules
 * where its configuration says them as data, else its default globs), and the runners of a
 * repository with several. Pure.
 */
import { detectRunner } from './detect.js';
import { READS_PACKAGE_JSON, RUNNER_FILES } from './runner-tests/files.js';
import type { readRunnerTests } from './runner-tests/index.js';
import type { readRunnerHarness } from './runner-tests/harness.js';
import { under } from './runner-tests/paths.js';
import { DEFAULTS, RUNNER_TESTS, type Config, type RunnerName, type RunnerSpec, type TestMatch } from './schema.js';

const testsOf = (runner: RunnerName): string[] => [...(RUNNER_TESTS[runner] ?? DEFAULTS.tests)];

/**
 * A file of the tree being judged by its repository-relative path: its text, null when absent.
 * The hook reads the staged blobs; `tdd audit` the commit's.
 */
export type ReadTreeFile = (path: string) => string | null;

/** The runners' own files, and their readers (config/runner-tests: loaded lazily on the hook's path). */
export interface RunnerRules {
  readFile: ReadTreeFile;
  readTests: typeof readRunnerTests;
  /** The files the runner's configuration names to run around the tests (config/runner-tests/harness): test support. */
  readHarness?: typeof readRunnerHarness;
}

function parseObject(text: string | null): Record<string, unknown> | undefined {
  if (text === null) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a runner's rules say more than globs (the classifier then needs them one by one). */
const hasPatterns = (m: TestMatch): boolean => !!(m.within || m.ignore || m.regex || m.ignoreRegex || m.members);

/** The runner's test files in `root`: its own rules when they can be read, else its default globs there. */
function testMatchOf(runner: RunnerName, root: string, rules: RunnerRules | undefined): TestMatch {
  const fallback = testsOf(runner).map((g) => under(root, g));
  if (!rules || !RUNNER_FILES[runner]) return { tests: fallback };
  const { readFile } = rules;
  const packageJson = READS_PACKAGE_JSON.has(runner) ? parseObject(readFile(under(root, 'package.json'))) : undefined;
  return rules.readTests(runner, { root, read: (name) => readFile(under(root, name)), packageJson }, fallback) ?? { tests: fallback };
}

/** Whether a configuration has a runner whose own rules could say more than its default globs. */
export function wantsRunnerRules(config: Config): boolean {
  return runnerSpecs(config).some((s) => RUNNER_FILES[s.runner] !== undefined);
}

/**
 * Fills `config` in place from the raw file. Returns the package.json when detection read it.
 * `runners` (when non-empty) decides: `runner` becomes the first one's, and `tests`, unless the
 * file sets it, the union of theirs. `rules` reads the runners' own configuration files; without
 * it every runner has its default globs.
 */
export function resolveConfig(config: Config, raw: unknown, readPackageJson: () => unknown, rules?: RunnerRules): Record<string, unknown> | undefined {
  const has = (key: string) => typeof raw === 'object' && raw !== null && key in raw;
  let packageJson: Record<string, unknown> | undefined;
  if (config.runners.length > 0) {
    config.runners = config.runners.map((s: Partial<RunnerSpec>) => {
      const runner = s.runner!;
      const root =
        (s.root ?? '.')
          .split('/')
          .filter((p) => p !== '' && p !== '.')
          .join('/') || '.';
      const match: TestMatch = s.tests ? { tests: [...s.tests] } : testMatchOf(runner, root, rules);
      return { runner, root, ...match, testCommand: s.testCommand ?? null, testTargetedCommand: s.testTargetedCommand ?? null };
    });
    config.runner = config.runners[0]!.runner;
    if (!has('tests')) {
      config.tests = [...new Set(config.runners.flatMap((s) => s.tests))];
      if (config.runners.some(hasPatterns)) config.testMatch = config.runners.map(matchOf);
    }
    applyHarness(config, rules);
    return undefined;
  }
  if (!has('runner')) {
    const pkg = readPackageJson();
    packageJson = pkg !== null && typeof pkg === 'object' && !Array.isArray(pkg) ? (pkg as Record<string, unknown>) : undefined;
    config.runner = detectRunner(packageJson);
  }
  if (!has('tests')) {
    const match = testMatchOf(config.runner, '.', rules);
    config.tests = match.tests;
    if (hasPatterns(match)) config.testMatch = [match];
  }
  applyHarness(config, rules);
  return packageJson;
}

/** The harness files of every runner's configuration join testSupport (frozen in GREEN and REFACTOR like the tests). */
function applyHarness(config: Config, rules: RunnerRules | undefined): void {
  if (!rules?.readHarness) return;
  const files: string[] = [];
  const unread: { file: string; key: string }[] = [];
  for (const s of runnerSpecs(config)) {
    if (!RUNNER_FILES[s.runner]) continue;
    const packageJson = parseObject(rules.readFile(under(s.root, 'package.json')));
    const h = rules.readHarness(s.runner, { root: s.root, read: (name) => rules.readFile(under(s.root, name)), packageJson });
    files.push(...h.files);
    unread.push(...h.unread);
  }
  if (files.length === 0 && unread.length === 0) return;
  config.testSupport = [...new Set([...config.testSupport, ...files])];
  config.harness = { files, unread };
}

/** A runner's test files alone, without its run settings. */
function matchOf(s: RunnerSpec): TestMatch {
  const { runner: _r, root: _root, testCommand: _c, testTargetedCommand: _t, ...match } = s;
  return match;
}

/** The runners of a configuration, each with the globs it owns: `runners`, or the one `runner`. */
export function runnerSpecs(config: Config): RunnerSpec[] {
  if (config.runners.length > 0) return config.runners;
  const match = config.testMatch?.[0] ?? { tests: config.tests };
  return [
    { runner: config.runner, ...match, tests: config.tests, root: '.', testCommand: config.testCommand, testTargetedCommand: config.testTargetedCommand },
  ];
}
