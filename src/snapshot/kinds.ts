import { CONFIG_FILES, MANIFESTS, type Config, type TestMatch } from '../config/schema.js';
import type { FileKind } from '../types.js';
import { globNeeds, meets } from './glob-needs.js';

export type Classifier = (path: string) => FileKind;
export type PathTest = (path: string) => boolean;

/**
 * A TestMatch with its globs compiled to regular expression sources (picomatch.makeRe); `regex`
 * and `ignoreRegex` are sources already, `within` stays folders.
 */
export interface CompiledMatch {
  tests: string[];
  within?: string[];
  ignore?: string[];
  regex?: string[];
  ignoreRegex?: string[];
}

/**
 * The lists of a configuration, in the order the classifier needs them: what makes a test (one
 * entry for the `tests` globs, or one per runner whose own rules say more than globs), support,
 * ignored. The plan file is the tool's own, like `alwaysAllowed`: never implementation.
 */
export function globListsOf(config: Config): { tests: TestMatch[]; support: string[]; ignored: string[] } {
  const tests = config.testMatch ?? [{ tests: config.tests }];
  const plan = config.plan ? [literalGlob(config.plan)] : [];
  return { tests: tests.map(({ members: _m, ...m }) => m), support: config.testSupport, ignored: [...config.ignore, ...config.alwaysAllowed, ...plan] };
}

/** A path as a glob that matches only itself: `plans/[draft].json` → `plans/\[draft\].json`. */
export function literalGlob(path: string): string {
  return path.replace(/[\\*?[\]{}()!+@|^$]/g, '\\$&');
}

/**
 * Pure: matchers → a function that says what a path is. Order matters: a test file inside
 * `test/` is a test, not support; an ignored path that is a test file is still a test.
 * `alwaysAllowed` paths are treated like ignored ones (never implementation).
 */
export function classifierOf(m: { tests: PathTest; support: PathTest; ignored: PathTest }): Classifier {
  const manifests = new Set(MANIFESTS);
  const configFiles = new Set<string>(CONFIG_FILES);
  return (path) => {
    // The rules themselves are test support whatever they say: frozen in GREEN and REFACTOR.
    if (configFiles.has(path)) return 'support';
    if (m.tests(path)) return 'test';
    if (m.support(path)) return 'support';
    const base = path.slice(path.lastIndexOf('/') + 1);
    if (manifests.has(base)) return 'manifest';
    if (m.ignored(path)) return 'ignored';
    if (isProjectConfig(base)) return 'config';
    return 'impl';
  };
}

/**
 * The project's build, editor, lint and formatter configuration, by file name: it implements
 * nothing, and may change in any phase. A runner's own test configuration (vitest.config.*,
 * jest.config.*, pytest.ini, tox.ini…) is matched before, as test support (`testSupport`).
 *
 *   tsconfig.json, tsconfig.build.json, jsconfig.json, .editorconfig, .eslintrc.cjs,
 *   eslint.config.mjs, .prettierrc, prettier.config.js, biome.json, ruff.toml, .flake8,
 *   rustfmt.toml, .golangci.yml, .stylelintrc, .clang-format, .php-cs-fixer.dist.php, ecs.php,
 *   rector.php, phpstan.neon, psalm.xml
 */
const PROJECT_CONFIG = new RegExp(
  '^(?:' +
    [
      'tsconfig(?:\\.[\\w-]+)*\\.json',
      'jsconfig(?:\\.[\\w-]+)*\\.json',
      '\\.editorconfig',
      '\\.(?:eslint|prettier|stylelint|markdownlint|jshint)rc(?:\\.\\w+)?',
      '\\.(?:eslint|prettier|stylelint)ignore',
      '(?:eslint|prettier|stylelint)\\.config\\.\\w+',
      'biome\\.jsonc?',
      'dprint\\.jsonc?',
      '\\.?ruff\\.toml',
      '\\.flake8',
      '\\.pylintrc|pylintrc',
      '\\.isort\\.cfg',
      'mypy\\.ini|\\.mypy\\.ini',
      '\\.?rustfmt\\.toml',
      '\\.?clippy\\.toml',
      '\\.golangci\\.ya?ml|\\.golangci\\.toml|\\.golangci\\.json',
      '\\.rubocop\\.yml',
      '\\.clang-(?:format|tidy)',
      '\\.swiftlint\\.yml',
      'detekt\\.yml',
      '\\.scalafmt\\.conf',
      '\\.browserslistrc',
      // PHP's linters, formatters and analysers, configured in PHP: they name tests/ for the tool, they run in no test.
      '\\.php[-_]cs(?:[-_]fixer)?(?:\\.dist)?(?:\\.php)?',
      'ecs\\.php',
      'rector\\.php',
      '\\.?phpcs\\.xml(?:\\.dist)?',
      'phpstan\\.neon(?:\\.dist)?',
      'psalm\\.xml(?:\\.dist)?',
    ].join('|') +
    ')$',
);

export function isProjectConfig(base: string): boolean {
  return PROJECT_CONFIG.test(base);
}

/**
 * A matcher from regular expression sources (as compiled by picomatch.makeRe). With the `s` flag:
 * picomatch writes "any character" as `.`, and a file name may hold a newline (`test/\nx.test.js`
 * is a test file, never implementation). Given the globs they were compiled from, a path is tested
 * only by the expressions whose literal pieces it holds (glob-needs): the rest are never compiled.
 */
export function regexTest(sources: string[], globs?: readonly string[]): PathTest {
  const res = sources.map((s) => new RegExp(s, 's'));
  const from = globs?.length === sources.length ? globs : undefined;
  const needs = sources.map((_, i) => (from ? globNeeds(from[i]!) : null));
  return (path) => res.some((r, i) => meets(needs[i]!, path) && r.test(path));
}

/**
 * A test file of any of the runners' compiled rules: inside one of `within` (when given), matched
 * by a glob or by one of jest's regular expressions, and by none of those that leave files out.
 * jest tests its expressions on the absolute path; here they see "/" + the repository-relative one.
 * `globs`, the rules before compiling (same order), let regexTest skip what cannot match.
 */
export function matchTest(matches: CompiledMatch[], globs?: readonly TestMatch[]): PathTest {
  const none: PathTest = () => false;
  const some = (sources: string[] | undefined, slash: boolean, from?: readonly string[]): PathTest => {
    if (!sources || sources.length === 0) return none;
    const test = regexTest(sources, from);
    return slash ? (path) => test(`/${path}`) : test;
  };
  const compiled = matches.map((m, i) => {
    const g = globs?.length === matches.length ? globs[i] : undefined;
    return {
      tests: regexTest(m.tests, g?.tests),
      within: m.within?.map((w) => (w === '.' ? '' : `${w}/`)),
      regex: some(m.regex, true),
      ignore: some(m.ignore, false, g?.ignore),
      ignoreRegex: some(m.ignoreRegex, true),
    };
  });
  return (path) =>
    compiled.some((m) => {
      if (m.within && !m.within.some((w) => path.startsWith(w))) return false;
      if (!m.tests(path) && !m.regex(path)) return false;
      return !m.ignore(path) && !m.ignoreRegex(path);
    });
}

/** The classifier of compiled lists, given the lists they were compiled from (globListsOf). */
export function compiledClassifier(
  compiled: { tests: CompiledMatch[]; support: string[]; ignored: string[] },
  lists: ReturnType<typeof globListsOf>,
): Classifier {
  return classifierOf({
    tests: matchTest(compiled.tests, lists.tests),
    support: regexTest(compiled.support, lists.support),
    ignored: regexTest(compiled.ignored, lists.ignored),
  });
}

/** What a setup commit may hold (see verify/pre-commit isSetupCommit): the configuration, manifests, ignored files. */
export function isSetupPath(e: { path: string; kind: FileKind }): boolean {
  return e.kind === 'manifest' || e.kind === 'ignored' || e.kind === 'config' || (CONFIG_FILES as readonly string[]).includes(e.path);
}
