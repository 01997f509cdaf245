/**
 * How each runner measures coverage, as data: which source files it can measure, the flags or
 * environment that switch its own coverage on, and what a line that declares (not runs) looks like
 * in each language. Pure; the shell (runners/coverage-read.ts) reads what the run wrote.
 */
import type { RunnerName } from '../config/schema.js';

/** What the run is asked to measure: `files` relative to the runner's folder; the runner writes into `dir`. */
export interface CoverageAsk {
  dir: string;
  files: string[];
}

type Measured = { argv: string[]; env: Record<string, string> };

/** Why a runner cannot measure, and the command that would let it. */
export interface CannotMeasure {
  reason: string;
  install?: string;
}

const JS_SOURCE = /\.[cm]?[jt]sx?$/;
const PLAIN_JS = /\.[cm]?js$/;
const PYTHON = /\.py$/;
const GO = /\.go$/;
const RUBY = /\.rb$/;
const PHP = /\.php$/;

/** Source code of a programming language: what a GREEN's coverage is asked about (data, styles and manifests are not). */
export const SOURCE_CODE =
  /\.(?:[cm]?[jt]sx?|py|go|rs|java|kts?|scala|cs|fs|rb|php|swift|c|cc|cpp|cxx|h|hpp|m|mm|ex|exs|erl|hs|clj|dart|lua|pl|r|jl|zig|vue|svelte)$/i;

/** The source files `runner`'s coverage can see (node's raw V8 coverage is of the JavaScript node runs: no transform, no source map). */
export const MEASURABLE: Record<RunnerName, RegExp | undefined> = {
  node: PLAIN_JS,
  mocha: PLAIN_JS,
  vitest: JS_SOURCE,
  jest: JS_SOURCE,
  pytest: PYTHON,
  unittest: PYTHON,
  go: GO,
  cargo: undefined,
  command: undefined,
  rspec: RUBY,
  minitest: RUBY,
  maven: undefined,
  phpunit: PHP,
  gradle: undefined,
};

/** A runner that measures nothing, and why. */
export const NOT_MEASURED: Partial<Record<RunnerName, CannotMeasure>> = {
  cargo: { reason: 'cargo has no coverage of its own (cargo-llvm-cov and llvm-tools are not used)' },
  command: { reason: "a custom test command's coverage is not known" },
  maven: { reason: 'JVM coverage (a JaCoCo agent) is not read yet' },
  gradle: { reason: 'JVM coverage (a JaCoCo agent) is not read yet' },
};

/** An import or a type declaration: code that declares, which no test runs. */
const DECLARATION: Record<'js' | 'python' | 'go', RegExp> = {
  js: /^\s*(?:import[\s{*]|export\s+(?:\*|\{[^}]*\}\s*from\b|(?:declare\s+)?(?:type|interface|enum)\b)|(?:declare\s+)?(?:type\s+[\w$]+\s*[=<]|interface\s)|declare\s)/,
  python: /^\s*(?:import\s|from\s+\S+\s+import\b)/,
  go: /^\s*(?:import\b|package\b|type\b)/,
};

/** The declaration test for a file, by its extension. */
export function declarationTest(path: string): ((line: string) => boolean) | undefined {
  const re = JS_SOURCE.test(path) ? DECLARATION.js : PYTHON.test(path) ? DECLARATION.python : GO.test(path) ? DECLARATION.go : undefined;
  return re ? (line) => re.test(line) : undefined;
}

/**
 * The runner's command with its coverage switched on for `ask.files` (relative to `root`), given
 * the command built without it. vitest's v8 provider is a package of its own: `vitestProvider`
 * says whether the project has it.
 */
export function withCoverage(
  runner: RunnerName,
  built: Measured,
  ask: CoverageAsk,
  o: {
    root: string;
    vitestProvider?: boolean;
    vitestVersion?: string;
    rubyCoverage?: string;
    /** PHP's: the ini folder that switches PCOV on, the file it prepends, and PHP_INI_SCAN_DIR's separator. */
    phpCoverage?: { iniDir: string; prepend: string; delimiter: string };
  },
): Measured | CannotMeasure {
  const env = { ...built.env };
  switch (runner) {
    case 'node':
    case 'mocha':
      // One JSON file per process, every process the run starts.
      return { argv: built.argv, env: { ...env, NODE_V8_COVERAGE: ask.dir } };
    case 'pytest':
    case 'unittest':
      return {
        argv: built.argv,
        env: { ...env, TDD_HOOKS_COVERAGE: JSON.stringify({ out: ask.dir, root: o.root, files: ask.files.map((f) => `${o.root}/${f}`) }) },
      };
    case 'jest': {
      const flags = ['--coverage', '--coverageProvider=v8', '--coverageReporters=json', `--coverageDirectory=${ask.dir}`, '--coverageThreshold={}'];
      // Named ones are reported even when no test loads them (then every line is unrun).
      const from = ask.files.map((f) => `--collectCoverageFrom=${f}`);
      return { argv: built.argv.flatMap((a) => (a === '--coverage=false' ? [...flags, ...from] : [a])), env };
    }
    case 'vitest': {
      if (!o.vitestProvider) {
        const version = o.vitestVersion ? `@${o.vitestVersion}` : '';
        return { reason: "vitest's v8 coverage needs the package @vitest/coverage-v8", install: `npm install --save-dev @vitest/coverage-v8${version}` };
      }
      const thresholds = ['lines', 'functions', 'branches', 'statements'].map((k) => `--coverage.thresholds.${k}=0`);
      const include = ask.files.map((f) => `--coverage.include=${f}`);
      const flags = [
        '--coverage.enabled',
        '--coverage.provider=v8',
        '--coverage.reporter=json',
        `--coverage.reportsDirectory=${ask.dir}`,
        ...thresholds,
        ...include,
      ];
      return { argv: [...built.argv, ...flags], env };
    }
    case 'go': {
      const pkgs = [...new Set(ask.files.map((f) => (f.includes('/') ? `./${f.slice(0, f.lastIndexOf('/'))}` : '.')))];
      const i = built.argv.indexOf('test');
      const flags = [`-coverprofile=${ask.dir}/go.out`, '-covermode=set', `-coverpkg=${pkgs.join(',')}`];
      return { argv: [...built.argv.slice(0, i + 1), ...flags, ...built.argv.slice(i + 1)], env };
    }
    case 'rspec':
    case 'minitest':
      return rubyCoverage(built, ask, o.root, o.rubyCoverage);
    case 'phpunit':
      return phpCoverage(built, ask, o.root, o.phpCoverage);
    default:
      return NOT_MEASURED[runner] ?? { reason: `${runner} has no coverage tdd-hooks reads` };
  }
}

/** Our Coverage starter (runners/ruby/tdd_coverage.rb), first on RUBYOPT: before any of the project's code loads. */
function rubyCoverage(built: Measured, ask: CoverageAsk, root: string, starter: string | undefined): Measured | CannotMeasure {
  if (!starter || /\s/.test(starter))
    return { reason: `Ruby coverage's starter cannot be loaded through RUBYOPT (${starter ?? 'not built'}: missing, or a path with a space)` };
  const spec = { out: ask.dir, root, files: ask.files.map((f) => `${root}/${f}`) };
  return { argv: built.argv, env: { ...built.env, TDD_HOOKS_COVERAGE: JSON.stringify(spec), RUBYOPT: `-r${starter}` } };
}

/** PCOV on for this run alone (an ini folder after PHP's own), read by our prepended file (runners/php/tdd_guard.php). */
function phpCoverage(
  built: Measured,
  ask: CoverageAsk,
  root: string,
  php: { iniDir: string; prepend: string; delimiter: string } | undefined,
): Measured | CannotMeasure {
  if (!php || php.iniDir.includes(php.delimiter))
    return { reason: `PHP coverage's ini folder cannot be passed through PHP_INI_SCAN_DIR (${php?.iniDir ?? 'not built'})` };
  const spec = { out: ask.dir, root, files: ask.files.map((f) => `${root}/${f}`) };
  // --no-coverage: a phpunit.xml <coverage> report would clear PCOV's lines after every test.
  const argv = [built.argv[0]!, '--no-coverage', ...built.argv.slice(1)];
  const env = {
    ...built.env,
    TDD_HOOKS_COVERAGE: JSON.stringify(spec),
    TDD_HOOKS_PCOV_DIR: root,
    TDD_HOOKS_PHP_GUARD: php.prepend,
    // After the default folder (the empty first entry) and the user's: run.ts joins them.
    PHP_INI_SCAN_DIR: `${php.delimiter}${php.iniDir}`,
  };
  return { argv, env };
}
