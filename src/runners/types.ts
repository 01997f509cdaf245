import type { RunResult } from '../types.js';

export type { RunnerName } from '../config/schema.js';
import type { RunnerName } from '../config/schema.js';

/**
 * Answers "is `name`, as used in `file`, imported from a module of this project?" — true, false,
 * or undefined when the caller does not know (the adapters then read the test source themselves).
 * `file` is repository-relative. For vitest messages `name` is the *exported* name
 * (`__vite_ssr_import_1__.add`), elsewhere the local one.
 */
export type IsProjectImport = (file: string, name: string) => boolean | undefined;

export interface BuildArgvInput {
  /** Absolute, symlink-free path of the tree to test in (the scratch tree). */
  root: string;
  /** Repository-relative test files, forward slashes. */
  files: string[];
  /** Where the machine-readable report must be written (inside a fresh private temp dir). */
  reportPath: string;
  /** The node binary to run the runner with (process.execPath). */
  nodePath: string;
  /** vitest: the `vitest.mjs` entry; node: the compiled node-reporter.js. Located by the shell. */
  runnerPath: string;
  /** vitest: the installed version (from its package.json), which decides a few flags. */
  runnerVersion?: string;
  /**
   * A private folder that outlives this run (one per repository's scratch): build caches such as
   * cargo's target dir live here, never in the tree (which is cleaned between runs).
   */
  cacheDir: string;
  /** runner "command": the user's commands, each already split into argv (see process/command-line). */
  command?: { full: string[] | null; targeted: string[] | null };
  /** Test file (as in `files`) → its staged text: go limits `-run` to the tests they declare. */
  sources?: ReadonlyMap<string, string>;
  /** unittest's shim, a Python file of ours (dist/runners/python/unittest_shim.py). */
  unittestShim: string;
  /** rspec: our support file (dist/runners/ruby/tdd_rspec.rb), `--require`d. */
  rspecSupport?: string;
  /** minitest: our runner script (dist/runners/ruby/tdd_minitest.rb), run by ruby. */
  minitestRunner?: string;
  /** vitest: our sealing reporter (dist/runners/vitest-seal.js), passed after the JSON one. */
  vitestSeal?: string;
  /**
   * REFACTOR, a runner with `relatedMode`: source files (relative to `root`) the commit changes.
   * The runner then runs `files` and every test file that imports one of these, by its own graph.
   */
  related?: string[];
  /** With `related`: vitest projects to leave out (browser and e2e ones: runners/vitest-projects.ts). */
  excludeProjects?: string[];
  /** With `related`: vitest's `--project` filters, in place of excludeProjects' (runners/vitest-projects.ts projectFilters). */
  projectFilters?: string[];
  /**
   * GREEN and REFACTOR: also run the tests that live in the implementation (cargo: the library's and
   * binaries' `#[cfg(test)]` unit tests); `lib`: the package has a library target (`--lib` fails without one).
   */
  unitTests?: { lib: boolean };
}

export type BuiltCommand = { argv: string[]; env: Record<string, string> } | { error: string };

export interface ParseInput {
  /** The report file's text, or undefined when the runner wrote none. */
  report: string | undefined;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Repository-relative test files that were asked for. */
  files: string[];
  root: string;
  /** Test file path (repository-relative) → its text, for import lookups. */
  sources: Map<string, string>;
  isProjectImport?: IsProjectImport;
  /** runner "command": the configured commands (whether a JUnit report was asked for). */
  command?: { full: string[] | null; targeted: string[] | null };
  /** The configuration's assertFunctionNames: a Rust test that panics inside one (`eqnice!`) failed an assertion. */
  assertNames?: readonly string[];
  /** The run was the runner's related-tests mode: every file of the report ran, not only `files`. */
  related?: boolean;
  /** The names of the repository's own workspace packages (their package.json `name`): imports of them are the project's. */
  workspacePackages?: ReadonlySet<string>;
}

export type ParsedRun = Omit<RunResult, 'command' | 'durationMs' | 'runner'> & {
  /** Asked files the runner never ran because of the others (cargo stops at the first target that does not build): run.ts runs them again. */
  rerun?: string[];
};

export interface RunnerAdapter {
  name: RunnerName;
  /**
   * An executable found on PATH ('python3', 'go', 'cargo'), passed as runnerPath. Absent for the
   * JS runners, which are the project's own entry in node_modules (never npx), and for `command`,
   * whose argv is the user's.
   */
  program?: string;
  /** Python runners: project modules are told from packages by the files in the tree (see run.ts). */
  python?: boolean;
  /** The report is the runner's stdout (go -json, cargo): kept whole, not only its tail. */
  stdoutReport?: boolean;
  /**
   * The report is files the runner writes into the tree (Surefire's target/surefire-reports), not
   * reportPath: run.ts reads those of `dir` (relative to root) whose names match, as one
   * `<testsuites>` document. Pure.
   */
  reportFiles?(o: { root: string; reportPath: string }): { dir: string; pattern: RegExp };
  /** How the runner finds the tests a source change affects (`vitest related`), when it can: buildArgv honours `related`. */
  relatedMode?: string;
  /** argv (and extra environment) to run exactly `files` inside `root`, reporting to reportPath. Pure. */
  buildArgv(o: BuildArgvInput): BuiltCommand;
  /** Normalise the report (+ output and exit code) into a RunResult. Pure. */
  parse(o: ParseInput): ParsedRun;
}
