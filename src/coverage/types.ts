/**
 * What a test run's own coverage says about the source files a GREEN commit changes, normalised
 * from each runner's format (V8's raw JSON, istanbul's coverage-final.json, go's -coverprofile,
 * our Python tracer's lines) so one pure rule (uncovered.ts) reads them all.
 */

/** A measured range: 1-based lines, 0-based columns (UTF-16 units), end exclusive; `count` times executed. */
export interface CoverageRegion {
  sl: number;
  sc: number;
  el: number;
  ec: number;
  count: number;
}

/**
 * One file's coverage: ranges with counts (V8, istanbul, go; the innermost range holding a
 * character decides it), one list per process that loaded the file (V8 leaves out a block whose
 * count equals its parent's, so processes are judged apart: a character is uncovered when every
 * process left it unrun); or the lines that hold code and the lines that ran (Python).
 */
export type FileCoverage = { kind: 'regions'; runs: CoverageRegion[][] } | { kind: 'lines'; code: number[]; run: number[] };

/** A runner that could not measure coverage, and why (with the command that would let it). */
export interface Unmeasured {
  runner: string;
  reason: string;
  install?: string;
  /** The changed source files (repository-relative) this runner would have measured. */
  files: string[];
}

/** The coverage of a run, for the files it was asked about (repository-relative). */
export interface RunCoverage {
  /** Files a runner measured: one that is absent from `files` was never loaded by the run. */
  measured: string[];
  files: Record<string, FileCoverage>;
  unmeasured: Unmeasured[];
  /**
   * A run of the task's tests beside others (GREEN's one run, verify/green-run.ts) whose coverage
   * cannot be told apart by test file: a process that loaded a task's test file and another's, or
   * one that loaded none and ran an asked file (spawned by whom?). The caller runs the task's
   * files alone for their coverage.
   */
  mixed?: true;
}
