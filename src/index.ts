/**
 * The programmatic surface of tdd-hooks, for orchestrators that would rather call functions than
 * parse `--json`. Importing it has no side effects. The CLI (`tdd`, `tdd-hooks`) is the primary
 * interface; everything here is what the CLI itself is built from.
 */

/** Data that flows between the layers: findings, staged entries, normalised test runs. */
export type { Finding, FindingCode, FileKind, Phase, RunResult, Severity, StagedEntry, TestCaseResult, FileError } from './types.js';
export { testId } from './types.js';

/** The configuration: defaults, validation (every problem at once), and loading the rules a commit is judged by. */
export { DEFAULTS, RUNNERS, type Config, type RunnerName } from './config/schema.js';
export { validateConfig, type ConfigProblem } from './config/validate.js';
export { loadConfig, type LoadedConfig } from './config/load.js';

/** The gates: pure functions from a GateInput to findings, and the verdict they make. */
export { evaluateGates, EVIDENCE_GATES, STATIC_GATES, verdictOf } from './gates/index.js';
export type { GateInput, TestFileFacts } from './gates/types.js';
/** The integrity rules on what a commit (or an agent's edit) adds to implementation: pure, the hook's and the audit's. */
export { buildImplSources, evaluateIntegrity, INTEGRITY_CODES, type ImplSource, type IntegrityCode, type IntegrityInput } from './gates/integrity/index.js';

/** Classification of paths (test | support | manifest | impl | ignored). */
export { makeClassifier, type Classifier } from './snapshot/classify.js';

/** Static analysis of test files: assertions, print-only, skip/focus markers. */
export { analyzeTestFile, declaredTestTitles, knownLanguages, languageOf, type TestFileAnalysis } from './lang/index.js';

/** The wave planner and the plan parser. */
export { planWaves, type PlanTask, type WavePlan, type PlanError } from './plan/waves.js';
export { parsePlan, parsePlanText } from './plan/parse.js';

/** The repository and the pre-commit pipeline (what `tdd verify` runs). */
export { readRepoContext, type RepoContext } from './git/queries.js';
export { runPreCommit, readHookInputs, type PreCommitResult } from './verify/pre-commit.js';

/** Running a test runner on exact files, normalised. */
export { runTests } from './runners/run.js';

/** The history, as tdd audit and tdd report read it. */
export { readHistory, parseHistory, type HistoryCommit } from './audit/history.js';
