/**
 * The package's own files. This module sits one level below the package root both as compiled
 * (dist/paths.js) and inside the single-file bundle of the CLI (dist/tdd.cjs), so every path
 * the package needs at run time is computed here and nowhere else.
 */
import { join, sep } from 'node:path';

/** With a separator at the end, as a folder URL's path has it. Not through node:url (see bin/build.mjs). */
export const PACKAGE_ROOT = join(import.meta.dirname, '..') + sep;
export const PACKAGE_BIN = join(PACKAGE_ROOT, 'bin', 'tdd.js');
export const NODE_REPORTER = join(PACKAGE_ROOT, 'dist', 'runners', 'node-reporter.js');
/** vitest's report seal (a reporter of ours in vitest's main process: src/runners/vitest-seal.ts). */
export const VITEST_SEAL = join(PACKAGE_ROOT, 'dist', 'runners', 'vitest-seal.js');
/** Preloaded into the node processes of a test run: notes reads of the work tree (src/runners/leak-guard.cts). */
export const NODE_LEAK_GUARD = join(PACKAGE_ROOT, 'dist', 'runners', 'leak-guard.cjs');
/** Our Python files, copied beside the compiled runners by bin/build.mjs. */
export const UNITTEST_SHIM = join(PACKAGE_ROOT, 'dist', 'runners', 'python', 'unittest_shim.py');
/** Put first on PYTHONPATH for a test run: its sitecustomize.py closes every Python process to the work tree. */
export const PYTHON_SITE = join(PACKAGE_ROOT, 'dist', 'runners', 'python', 'closed-site');
/** pytest's report seal (a plugin: src/runners/seal.ts), on PYTHONPATH after the closed site for a guarded pytest run. */
export const PYTEST_SEAL_DIR = join(PACKAGE_ROOT, 'dist', 'runners', 'python', 'seal');
/** Our Ruby files (bin/build.mjs copies them): RSpec's support file, and the guard RUBYOPT loads into every Ruby process of a run. */
export const RSPEC_SUPPORT = join(PACKAGE_ROOT, 'dist', 'runners', 'ruby', 'tdd_rspec.rb');
/** minitest's runner: loads each test file, runs minitest once, writes a JSON report. */
export const MINITEST_RUNNER = join(PACKAGE_ROOT, 'dist', 'runners', 'ruby', 'tdd_minitest.rb');
export const RUBY_LEAK_GUARD = join(PACKAGE_ROOT, 'dist', 'runners', 'ruby', 'tdd_guard.rb');
/** Starts Ruby's Coverage for GREEN's changed files (RUBYOPT, first), writes their lines at exit. */
export const RUBY_COVERAGE = join(PACKAGE_ROOT, 'dist', 'runners', 'ruby', 'tdd_coverage.rb');
/** Our PHP files (bin/build.mjs copies them): the guard, and the ini folder (PHP_INI_SCAN_DIR) that prepends it to every PHP process of a run. */
export const PHP_LEAK_GUARD = join(PACKAGE_ROOT, 'dist', 'runners', 'php', 'tdd_guard.php');
export const PHP_GUARD_INI_DIR = join(PACKAGE_ROOT, 'dist', 'runners', 'php', 'conf.d');
/** The ini folder of a GREEN run that measures PHP coverage: PCOV on, the guard's file (which reads it) prepended. */
export const PHP_COVERAGE_INI_DIR = join(PACKAGE_ROOT, 'dist', 'runners', 'php', 'coverage.d');
export const HOOK_TEMPLATES = join(PACKAGE_ROOT, 'hooks');
