/**
 * The configuration: its type, its defaults and the keys we know. The single source of truth;
 * `schema/tddrc.schema.json` and `.tddrc.example.json` mirror it (a unit test keeps them in step).
 */
import { JS_LOCKFILES } from './package-managers.js';

export type RunnerName =
  'vitest' | 'node' | 'jest' | 'mocha' | 'pytest' | 'unittest' | 'go' | 'cargo' | 'command' | 'rspec' | 'minitest' | 'maven' | 'phpunit' | 'gradle';
export const RUNNERS: readonly RunnerName[] = [
  'vitest',
  'node',
  'jest',
  'mocha',
  'pytest',
  'unittest',
  'go',
  'cargo',
  'command',
  'rspec',
  'minitest',
  'maven',
  'phpunit',
  'gradle',
];

/**
 * One runner of a repository with several (a JS front end and a Python service): it owns the test
 * files its globs match and runs in `root`, the folder of its project (package.json, pyproject.toml,
 * go.mod, Cargo.toml). Globs are repository-relative, like every other glob of the configuration.
 */
export interface RunnerSpec extends TestPatterns {
  runner: RunnerName;
  tests: string[];
  /** Repository-relative folder the runner runs in ('.' for the top). */
  root: string;
  /** runner "command": the command that runs every test, and the one for a list of files (`{files}`). */
  testCommand: string | null;
  testTargetedCommand: string | null;
  /**
   * Resolved from a cargo workspace's `members` (never written in a file): repository-relative globs
   * of the member folders; a test file of a member runs from the workspace root, for that member.
   */
  members?: string[];
}

/**
 * What a runner counts as a test file beyond its globs, read from its own configuration where that
 * is data (config/runner-tests). A test file matches one of the globs (or `regex`), is inside one of
 * `within` when that is given, and matches none of `ignore` / `ignoreRegex`. Regular expressions
 * are jest's: jest tests them on the absolute path, we on "/" + the repository-relative path.
 */
export interface TestPatterns {
  /** Repository-relative folders a test file must be inside (jest's `roots`). */
  within?: string[];
  /** Globs of files the runner never runs, whatever the globs say (mocha's `ignore`, vitest's `exclude`). */
  ignore?: string[];
  /** jest's `testRegex`. */
  regex?: string[];
  /** jest's `testPathIgnorePatterns`. */
  ignoreRegex?: string[];
}

/** One runner's test files: its globs and the patterns around them (and a cargo workspace's members, which run each from the top). */
export type TestMatch = TestPatterns & { tests: string[]; members?: string[] };

export interface Config {
  runner: RunnerName;
  /** runner "command": the command that runs every test ({report}: where it may write JUnit XML). */
  testCommand: string | null;
  /** runner "command": the command for exact test files; `{files}` → one argument per file. */
  testTargetedCommand: string | null;
  /** Several runners, each owning its test globs (replaces `runner` when non-empty). */
  runners: RunnerSpec[];
  /** Globs of test files (the files whose tests the gates run and whose content is checked). */
  tests: string[];
  /**
   * Resolved, never written in a file: what the classifier calls a test when the file sets no
   * `tests` — each runner's own rules (config/runner-tests), any of which makes a test.
   */
  testMatch?: TestMatch[];
  /** Globs of test support: fixtures, snapshots, helpers, the runner's config. Frozen like tests. */
  testSupport: string[];
  /** Resolved, not configured: the harness files the runners' configurations name (added to testSupport), and keys that could not be read. */
  harness?: { files: string[]; unread: { file: string; key: string }[] };
  /** Globs a commit may always touch without a test run when it touches nothing else. */
  ignore: string[];
  /** Paths allowed in every phase (they never make a RED commit "implementation"). */
  alwaysAllowed: string[];
  autoAdvance: boolean;
  /**
   * REFACTOR runs the task's tests and every test the change can affect (related: the runner's
   * related-tests mode, else the static import graph, else every test file), the task's tests only
   * (targeted), or every test file (full).
   */
  refactorRuns: 'related' | 'targeted' | 'full';
  /** Seconds before a test run is killed and the verdict is "could not verify". */
  timeoutSeconds: number;
  isolation: {
    /** Folders, files and globs of files (a compiled extension: `src/pkg/_speedups.*.so`) of the working tree linked into the scratch copy (never copied). */
    link: string[];
    /**
     * Build products the tests need (a workspace package's `dist/`), built in the private copy from
     * the staged sources before the tests run: a command (no shell), or `{command, inputs}` with
     * `inputs` the globs of files whose content the build reads (the cache key: an unchanged set
     * reuses the last build in the copy; without them, the whole tree). null: nothing is built.
     */
    build?: IsolationBuild;
  };
  /** Path of the task plan (tasks {id, title, files, tests, deps}); null for none. */
  plan: string | null;
  /** Commands run on the staged content after the tests pass in GREEN and REFACTOR; `{files}` → the changed files. */
  staticChecks: string[];
  /** Regular expressions of failures a machine's environment causes (a missing tool): GREEN-impossible, recorded. */
  falseFailPatterns: string[];
  /**
   * Calls that count as assertions in a RED test file besides the built-in ones and the project's
   * own helpers (eslint-plugin-jest's expect-expect convention): "ruleTester.run", "request.**.expect"
   * (`*` one segment or part of one, `**` any number), "eqnice!" (a Rust macro).
   */
  assertFunctionNames: string[];
  /** Attempt ceilings per task and phase (`tdd attempt`). */
  attempts: { red: number; green: number };
  budgets: { perTaskMinutes: number };
  /** A commit message template for tasks, e.g. "feat(tdd): task-{id} {title}": filled in, or enforced. */
  commitMessage: { template: string | null; mode: 'fill' | 'enforce' };
  /** What `tdd audit` fails on besides the invariants (by default these are listed, not failed). */
  audit: { failOnOff: boolean; failOnRegression: boolean; failOnFalseFail: boolean; failOnMergeChanges: boolean; allowOff?: number | boolean };
  /** The integrity rules (gates/integrity): `allow` maps a code to the path globs it does not apply to (a test-utilities package). */
  integrity: { allow: Record<string, string[]> };
  /**
   * The lines and branches a GREEN adds to implementation, unrun by the task's tests (the runner's
   * own coverage): named and recorded (warn), refused (refuse, GREEN_UNCOVERED_CODE), or not measured (off).
   */
  greenCoverage: 'warn' | 'refuse' | 'off';
  /** GREEN runs the task's tests and the tests related to the change (related: GREEN_BREAKS_TEST), or the task's tests only (targeted). */
  greenRuns: 'related' | 'targeted';
  /** vitest projects a related run includes although they run in a browser or are named e2e (left out by default: runners/vitest-projects.ts). */
  relatedProjects?: string[];
  /**
   * The related set's file budget: more test files chosen by name than this are not run — GREEN
   * says so (GREEN_RELATED_UNRUN; the import graph or every test file), REFACTOR could not verify
   * (RELATED_OVER_BUDGET, exit 3; the import graph's choice: every test file is the suite `full` runs).
   */
  relatedFileLimit?: number;
}

/** `isolation.build`: a command, or a command and the globs of its inputs. */
export type IsolationBuild = string | { command: string; inputs?: string[] } | null;

export const JS_EXT = '{js,mjs,cjs,jsx,ts,mts,cts,tsx}';

export const DEFAULTS: Config = {
  runner: 'node',
  testCommand: null,
  testTargetedCommand: null,
  runners: [],
  tests: [`**/*.{test,spec}.${JS_EXT}`, `**/*{_,-}test.${JS_EXT}`, `**/test-*.${JS_EXT}`, `**/__tests__/**/*.${JS_EXT}`],
  testSupport: [
    '**/__snapshots__/**',
    '**/__fixtures__/**',
    '**/__mocks__/**',
    '**/fixtures/**',
    '**/testdata/**',
    // A package's own test folder too (packages/app/test/setup.js), not only the top's.
    '**/test/**',
    '**/tests/**',
    '**/{vitest,jest}.config.*',
    '**/vitest.{workspace,setup}.*',
    '**/{setupTests,test-setup}.*',
    '**/.mocharc*',
    '**/conftest.py',
    '**/spec/{spec,rails}_helper.rb',
    '.rspec',
    '**/phpunit.{xml,xml.dist,dist.xml}',
    '**/{pytest,.pytest}.{ini,toml}',
    '**/tox.ini',
    '.tddrc.json',
    '.tddrc',
    // Maven's own flags for every run (`-DskipTests`, `-Dtest=…` there reach every build).
    '**/.mvn/{maven,jvm}.config',
    // Gradle's build is code that configures its test task (ignoreFailures, filters, a rewritten
    // report): its scripts, properties, wrapper and the build's own plugins, frozen whole.
    '**/{build,settings}.gradle',
    '**/{build,settings}.gradle.kts',
    '**/gradle.properties',
    '**/gradlew',
    'gradle/**',
    '**/gradle/wrapper/**',
    '**/buildSrc/**',
  ],
  // A changelog or notice without an extension (CHANGES, NEWS: common in Python projects), and
  // reStructuredText (Sphinx, PyPI readmes) beside Markdown.
  ignore: [
    '**/*.md',
    '**/*.rst',
    '**/*.txt',
    'docs/**',
    'LICENSE*',
    '{CHANGES,CHANGELOG,HISTORY,NEWS,AUTHORS,CONTRIBUTORS}',
    '.github/**',
    '.husky/**',
    '.gitignore',
    '.gitattributes',
    '.editorconfig',
    '.vscode/**',
  ],
  alwaysAllowed: [],
  autoAdvance: true,
  refactorRuns: 'related',
  timeoutSeconds: 300,
  isolation: { link: ['node_modules'], build: null },
  plan: 'tdd-plan.json',
  staticChecks: [],
  falseFailPatterns: [],
  assertFunctionNames: [],
  attempts: { red: 2, green: 3 },
  budgets: { perTaskMinutes: 30 },
  commitMessage: { template: null, mode: 'enforce' },
  audit: { failOnOff: false, failOnRegression: false, failOnFalseFail: false, failOnMergeChanges: false, allowOff: 0 },
  integrity: { allow: {} },
  greenCoverage: 'warn',
  greenRuns: 'related',
  relatedProjects: [],
  relatedFileLimit: 200,
};

/**
 * Test globs for a runner whose own discovery is narrower than the defaults, used when the
 * configuration sets no `tests`: jest's testMatch never collects `x_test.js` or `test-x.js`, so
 * counting them as tests would refuse every commit that touches one ("no tests").
 */
export const RUNNER_TESTS: Partial<Record<RunnerName, string[]>> = {
  jest: [`**/__tests__/**/*.${JS_EXT}`, `**/*.{test,spec}.${JS_EXT}`],
  pytest: ['**/test_*.py', '**/*_test.py'],
  unittest: ['**/test_*.py', '**/*_test.py'],
  go: ['**/*_test.go'],
  // Integration tests (each file its own crate). Unit tests inside src/ share their file with the
  // implementation, so no phase rule can tell them apart: they are implementation here.
  cargo: ['tests/*.rs', 'tests/*/main.rs'],
  // RSpec's default pattern.
  rspec: ['spec/**/*_spec.rb'],
  // Rake::TestTask's default pattern (test/**/*_test.rb) and minitest's other usual name.
  minitest: ['test/**/*_test.rb', 'test/**/test_*.rb'],
  // Surefire's default includes, under Maven's test root (a class beside them is test support).
  maven: ['**/src/test/java/**/{Test*,*Test,*Tests,*TestCase}.java'],
  // PHPUnit's default suffix (a file per test class, named after it).
  phpunit: ['**/*Test.php'],
  // Gradle's test task runs every class of the test source set; the same names as Surefire's, under the same root.
  gradle: ['**/src/test/java/**/{Test*,*Test,*Tests,*TestCase}.java'],
};

/** Files whose test-related settings are frozen like test support, the rest of them free. */
export const MANIFESTS = [
  'package.json',
  ...JS_LOCKFILES,
  'pyproject.toml',
  'setup.cfg',
  'setup.py',
  'requirements.txt',
  'requirements-dev.txt',
  'poetry.lock',
  'uv.lock',
  'Pipfile',
  'Pipfile.lock',
  'Gemfile',
  'Gemfile.lock',
  'go.mod',
  'go.sum',
  'Cargo.toml',
  'Cargo.lock',
  'pom.xml',
  'composer.json',
  'composer.lock',
];

/** Keys of package.json that configure how tests run. */
export const PACKAGE_TEST_KEYS = ['vitest', 'jest', 'mocha', 'ava', 'c8', 'nyc', 'tdd'];
export const PACKAGE_TEST_SCRIPT = /^(pre|post)?test(:|$)/;

export const CONFIG_FILES = ['.tddrc.json', '.tddrc'] as const;
