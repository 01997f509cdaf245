/**
 * The one home for what belongs to a test run rather than to a program: the test frameworks'
 * modules per language, and the environment variables the runners set in the processes they
 * start. The integrity rules (gates/integrity) refuse implementation that imports the first or
 * reads the second; runners/run.ts keeps the second out of the runs it starts.
 */
import type { LanguageId } from './profile.js';

/**
 * Module roots of test frameworks, assertion and mocking libraries: a module is one when it is a
 * root or lies under one (`vitest/config`, `_pytest.fixtures`, `org.junit.jupiter.api`). What is not
 * here on purpose: `node:assert`/`assert` (a runtime check), Python's `assert` statement, `doctest`
 * (run from a module's own `__main__`), Go's `net/http/httptest` (a real server helper).
 */
export const TEST_FRAMEWORKS: Record<LanguageId, readonly string[]> = {
  js: [
    'vitest',
    '@vitest',
    'jest',
    '@jest',
    'jest-circus',
    'jest-mock',
    'expect',
    'mocha',
    'chai',
    'node:test',
    'ava',
    'tap',
    'tape',
    'uvu',
    'sinon',
    '@playwright/test',
    'bun:test',
  ],
  python: ['pytest', '_pytest', 'unittest', 'nose', 'nose2', 'hypothesis'],
  go: ['testing', 'github.com/stretchr/testify', 'github.com/onsi/ginkgo', 'github.com/onsi/ginkgo/v2', 'github.com/onsi/gomega'],
  rust: ['rstest', 'test_case', 'pretty_assertions', 'insta', 'mockall'],
  java: ['org.junit', 'junit', 'org.testng', 'org.assertj', 'org.mockito', 'org.hamcrest'],
  kotlin: ['org.junit', 'junit', 'org.testng', 'kotlin.test', 'io.kotest', 'io.mockk', 'org.assertj', 'org.mockito'],
  csharp: ['Xunit', 'NUnit', 'Microsoft.VisualStudio.TestTools', 'MSTest', 'FluentAssertions', 'Moq', 'NSubstitute'],
  ruby: ['rspec', 'minitest', 'test/unit', 'test-unit'],
  abap: [],
  php: ['PHPUnit', 'Pest', 'Mockery', 'Prophecy', 'Codeception'],
};

/** The environment variables test runners set in the processes they start (read by no honest program). */
export const RUNNER_ENV: Readonly<Record<string, readonly string[]>> = {
  vitest: ['VITEST', 'VITEST_WORKER_ID', 'VITEST_POOL_ID', 'VITEST_MODE'],
  jest: ['JEST_WORKER_ID'],
  'node --test': ['NODE_TEST_CONTEXT'],
  pytest: ['PYTEST_CURRENT_TEST', 'PYTEST_VERSION', 'PYTEST_XDIST_WORKER', 'PYTEST_XDIST_WORKER_COUNT'],
  mocha: ['MOCHA_WORKER_ID'],
  // Maven's launcher exports these to every JVM it starts, Surefire's test JVM too.
  maven: ['MAVEN_CMD_LINE_ARGS', 'MAVEN_PROJECTBASEDIR'],
};

/** Every runner variable, flat. */
export const RUNNER_ENV_NAMES: readonly string[] = Object.values(RUNNER_ENV).flat();

/** A variable some runner sets (or another of its family: `VITEST_*`). */
export function isRunnerEnv(name: string): boolean {
  return RUNNER_ENV_NAMES.includes(name) || name.startsWith('VITEST_');
}

/** The separator of a language's module paths (`vitest/config`, `_pytest.fixtures`, `Xunit.Abstractions`). */
const SEPARATOR: Record<LanguageId, RegExp> = {
  js: /^\//,
  python: /^\./,
  go: /^\//,
  rust: /^::/,
  java: /^\./,
  kotlin: /^\./,
  csharp: /^\./,
  ruby: /^\//,
  abap: /^$/,
  php: /^\\/,
};

/**
 * Roots whose older releases named their classes PSR-0 style, `_` for the namespace separator:
 * PHPUnit 5's `PHPUnit_Framework_TestCase`, `PHPUnit_Framework_Assert` (only PHPUnit: `Pest_…` is
 * anyone's class name).
 */
const UNDERSCORED: Partial<Record<LanguageId, readonly string[]>> = { php: ['PHPUnit'] };

/** The framework root `module` is or lies under, for `language`; undefined for any other module. */
export function testFrameworkOf(language: LanguageId, module: string): string | undefined {
  return (
    TEST_FRAMEWORKS[language].find((root) => module === root || (module.startsWith(root) && SEPARATOR[language].test(module.slice(root.length)))) ??
    UNDERSCORED[language]?.find((root) => /^_[A-Za-z]/.test(module.slice(root.length)) && module.startsWith(root))
  );
}
