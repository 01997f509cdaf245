/**
 * IMPL_SNIFFS_RUNNER: implementation that asks whether a test runner is running it, so it can
 * answer the tests differently from everyone else. The runners' environment variables
 * (lang/frameworks RUNNER_ENV) in any form that names them — `process.env.VITEST`,
 * `process.env['VITEST']`, `const { VITEST } = process.env`, `import.meta.env.VITEST`, an alias
 * (`e.VITEST`), `os.environ["PYTEST_CURRENT_TEST"]`, `os.getenv`, `"PYTEST_VERSION" in
 * os.environ`, `os.Getenv`, `env::var`, `System.getenv` (Maven's `MAVEN_CMD_LINE_ARGS`), Surefire's
 * `System.getProperty("surefire.test.class.path")`, `ENV[…]`, a name split in two
 * (`'VIT' + 'EST'`) — the runner looked for in `sys.modules`, `require.cache`, the process's
 * arguments or its stack; a walked stack (`getStackTrace()`, `StackWalker`, `inspect.stack()`…)
 * and, anywhere in the same file, a literal naming a runner or a test (`"CalcTest"`, `"test_"`);
 * `typeof jest`; Go's `testing.Testing()` and `flag.Lookup("test.v")`; Rust's `cfg!(test)` / `cfg(not(test))` outside a `#[cfg(test)]` item. `NODE_ENV` is the app's
 * own setting, not a runner's: reading it is honest.
 */
import { isRunnerEnv, RUNNER_ENV_NAMES } from '../../lang/frameworks.js';
import type { Finding } from '../../types.js';
import { evaluateRule, type Scans } from './rule.js';
import { inRanges, rustTestRanges } from './scopes.js';
import { joinedLiterals, literalsOf, type Hit, type ImplText, type IntegrityInput, type Scan } from './source.js';

const NAME = new RegExp(`(?<![\\w$])(?:${RUNNER_ENV_NAMES.join('|')})(?![\\w$])`, 'g');
/** What a program reads to find the runner that loaded it. */
const ACCESSORS =
  /\bsys\s*\.\s*(?:modules|argv)\b|\brequire\s*\.\s*cache\b|\bprocess\s*\.\s*(?:argv|execArgv|title|mainModule)\b|\bmodule\s*\.\s*(?:children|parent)\b|\bos\s*\.\s*Args\b|\benv\s*::\s*args\b|\bARGV\b|\$PROGRAM_NAME|\$0\b|\bgetStackTrace\b|\.\s*stack\b|\bClass\s*\.\s*forName\b|\bStackTrace\b|\binspect\s*\.\s*stack\b|\bcaller\b|\bflag\s*\.\s*Lookup\b/;
/** A test framework's name, as a stack or a module list shows it. */
const FRAMEWORK_WORD = /\b(?:vitest|jest|mocha|pytest|_pytest|py\.test|node:test|unittest|org\.junit|org\.testng|xunit|nunit|rspec|minitest)\b/i;
/** A framework's name, or a test run's own argument (`--test`, Go's `x.test` binary and `test.v` flags). */
const RUNNER_WORD = new RegExp(`${FRAMEWORK_WORD.source}|--test\\b|\\.test$|^test\\.(?:v|run|timeout|count|bench|paniconexit0)$`, 'i');
/**
 * Markers a framework documents for "am I under test" (pytest's `sys._called_from_test`), and the
 * system properties Surefire and Gradle set in their test JVMs (`System.getProperty("surefire.test.class.path")`,
 * `org.gradle.test.worker`).
 */
const MARKER_LITERALS = new Set([
  '_called_from_test',
  'PHPUNIT_COMPOSER_INSTALL',
  '__PHPUNIT_PHAR__',
  'surefire.test.class.path',
  'surefire.real.class.path',
  'org.gradle.test.worker',
]);
/**
 * Where a run's report goes: the runners' report flags (pytest's `--junitxml=`, PHPUnit's
 * `--log-junit`, jest's `--outputFile=`, mocha's `--reporter-option`, node's
 * `--test-reporter-destination`), Surefire's and Gradle's report folders, tdd-hooks' own variables and seal
 * (runners/seal.ts): implementation that looks for them is after the report, to rewrite it.
 */
const REPORT_LITERAL =
  /^(?:--junit-?xml|--log-junit|--outputFile|--reporter-options?|--test-reporter-destination)(?:=|$)|surefire-reports|test-results\/test\b|^TDD_HOOKS_[A-Z_]+$|^tdd-hooks-seal\b/;

/**
 * What walks the call stack, whoever is calling: the JVM's and .NET's stack traces and walkers,
 * Python's frames, Go's `runtime.Caller`, PHP's backtrace, V8's stack API (a bare `.stack` is
 * every caught error's, read honestly: only `new Error().stack` counts here), and in Ruby
 * `caller` (elsewhere a common variable's name). Under test, the runner's frames and the test's
 * own class are on it.
 */
const STACK_WALK =
  /\bget(?:All)?StackTraces?\b|\.\s*stackTrace\b|\bStackWalker\b|\bStackTrace\b|\binspect\s*\.\s*(?:stack|currentframe|getouterframes)\b|\bsys\s*\.\s*_getframe\b|\btraceback\s*\.\s*(?:extract|format)_stack\b|\bruntime\s*\.\s*Callers?\b|\bdebug_(?:print_)?backtrace\b|\bnew\s+Error\s*\([^)]*\)\s*\.\s*stack\b|\bError\s*\.\s*(?:captureStackTrace|prepareStackTrace)\b/;
const RUBY_STACK_WALK = new RegExp(`${STACK_WALK.source}|\\bcaller(?:_locations)?\\b`);
/**
 * A test's name as a stack shows it: a class, method or file named for tests (`VersionTest$Inner`,
 * `"Test"` as a suffix looked for, `TestSum`, `UserSpec`, `test_money`, `money_test.go`,
 * `sum.test.js`). Not the bare word: `"test"` is an environment's name, `".test"` a host's.
 */
const TEST_NAME = /Tests?(?![a-z])|Spec(?![a-z])|\btest_|_test\b|_spec\b|\.(?:test|spec)\./;

/** What a literal names (bits): a runner's variable, marker or report; a framework or a test; a runner's word or argument. */
const NAMES_RUN = 1;
const NAMES_TEST = 2;
const RUNNER_ARG = 4;
const said = new Map<string, number>();

/**
 * The same short literals recur in every version of a file: each asked once (a bounded memo,
 * emptied when full). A long one (a docstring) costs as much to hash as to test, and is asked
 * only what the scan needs, in its order (`walked`: whether a framework or a test name matters).
 */
function literalSays(value: string, walked: boolean): number {
  if (value.length > 64) {
    if (isRunnerEnv(value) || MARKER_LITERALS.has(value) || REPORT_LITERAL.test(value)) return NAMES_RUN;
    if (walked && (FRAMEWORK_WORD.test(value) || TEST_NAME.test(value))) return NAMES_TEST;
    return RUNNER_WORD.test(value) ? RUNNER_ARG : 0;
  }
  let bits = said.get(value);
  if (bits !== undefined) return bits;
  bits =
    (isRunnerEnv(value) || MARKER_LITERALS.has(value) || REPORT_LITERAL.test(value) ? NAMES_RUN : 0) |
    (FRAMEWORK_WORD.test(value) || TEST_NAME.test(value) ? NAMES_TEST : 0) |
    (RUNNER_WORD.test(value) ? RUNNER_ARG : 0);
  if (said.size >= 50_000) said.clear();
  said.set(value, bits);
  return bits;
}

function scanCommon(src: ImplText, walks: RegExp = STACK_WALK): Hit[] {
  const hits: Hit[] = [];
  for (const m of src.blanked.matchAll(NAME)) hits.push({ offset: m.index, text: m[0] });
  const literals = literalsOf(src);
  // A stack walked anywhere in the file, and a literal that names a runner or a test anywhere in it: the lines may be apart.
  const walk = walks.exec(src.blanked)?.[0].replace(/\s+/g, '');
  for (const lit of [...literals, ...joinedLiterals(src, literals)]) {
    const says = literalSays(lit.value, walk !== undefined);
    if (says & NAMES_RUN) hits.push({ offset: lit.open, text: lit.value });
    else if (walk !== undefined && says & NAMES_TEST) hits.push({ offset: lit.open, text: `${walk} ${lit.value}` });
    else if (says & RUNNER_ARG) {
      const start = src.blanked.lastIndexOf('\n', lit.open) + 1;
      const end = src.blanked.indexOf('\n', lit.close);
      const line = src.blanked.slice(start, end === -1 ? undefined : end);
      const accessor = ACCESSORS.exec(line);
      if (accessor) hits.push({ offset: lit.open, text: `${accessor[0].replace(/\s+/g, '')} ${lit.value}` });
    }
  }
  return hits;
}

const common: Scan = (src) => scanCommon(src);

const withPatterns =
  (re: RegExp, skip?: (blanked: string) => [number, number][], walks?: RegExp): Scan =>
  (src) => {
    const ranges = skip ? skip(src.blanked) : [];
    const own = [...src.blanked.matchAll(re)].filter((m) => !inRanges(ranges, m.index)).map((m) => ({ offset: m.index, text: m[0].replace(/\s+/g, '') }));
    return [...scanCommon(src, walks), ...own];
  };

const SCANS: Scans = {
  js: withPatterns(/\btypeof\s+(?:jest|vi|describe|it|expect|beforeEach|afterEach)\b(?!\s*\.)/g),
  python: common,
  go: withPatterns(/\btesting\s*\.\s*Testing\s*\(/g),
  rust: withPatterns(/\bcfg!\s*\(\s*test\s*\)|\bcfg\s*\(\s*not\s*\(\s*test\s*\)\s*\)/g, rustTestRanges),
  java: common,
  kotlin: common,
  csharp: common,
  ruby: withPatterns(/\bdefined\?\s*(?:\(\s*(?:RSpec|Minitest)\b[\w:]*\s*\)|(?:RSpec|Minitest)\b)/g, undefined, RUBY_STACK_WALK),
  // PHPUnit defines these constants in the process it runs: `defined('PHPUNIT_COMPOSER_INSTALL')`, or read bare;
  // its classes are loaded there: `class_exists(\PHPUnit\Framework\TestCase::class)` (the string form: phpClassProbes).
  php: (src, path) => [
    ...withPatterns(/\b(?:PHPUNIT_COMPOSER_INSTALL|__PHPUNIT_PHAR__)\b|\b(?:class|interface|trait)_exists\s*\(\s*\\?(?:PHPUnit[\\_]|Pest\\)/g)(src, path),
    ...phpClassProbes(src),
  ],
  abap: null,
};

/** `class_exists('PHPUnit\\Framework\\TestCase')`: a test framework's class asked for by name, Ruby's `defined?(RSpec)`. */
function phpClassProbes(src: ImplText): Hit[] {
  return (
    literalsOf(src)
      // PHPUnit 5's and older names are PSR-0: 'PHPUnit_Framework_TestCase', 'PHPUnit_Runner_Version'.
      .filter((lit) => /^\\*(?:PHPUnit[\\_]|Pest\\)/.test(lit.value))
      .filter((lit) => /\b(?:class|interface|trait)_exists\s*\(\s*$/.test(src.blanked.slice(Math.max(0, lit.open - 40), lit.open)))
      .map((lit) => ({ offset: lit.open, text: `class_exists ${lit.value}` }))
  );
}

export function evaluateImplSniffsRunner(input: IntegrityInput): Finding<'IMPL_SNIFFS_RUNNER'>[] {
  return evaluateRule('IMPL_SNIFFS_RUNNER', input, SCANS);
}
