import type { Finding, RunResult } from '../types.js';

/**
 * A run that did not complete (timeout, interrupt, missing runner, unreadable report) proves
 * nothing; nor does one that read files of the work tree instead of the commit, nor one whose
 * isolation.build could not run (exit 3). A build that failed is the commit's (refused).
 */
export function evaluateRunStatus(run: RunResult): Finding[] {
  // isolation.build failed: the staged sources do not build, which no test run can outweigh (refused, with its output).
  const build = run.build;
  if (build?.status === 'failed')
    return [{ code: 'ISOLATION_BUILD_FAILED', severity: 'error', data: { command: build.command, exitCode: build.exitCode, output: build.outputTail ?? '' } }];
  if (build?.status === 'unrun')
    return [
      {
        code: 'RUN_UNVERIFIED',
        severity: 'error',
        data: {
          status: 'unknown',
          reason: build.reason ?? 'could not run',
          runner: `isolation.build (${build.command})`,
          ...(build.timedOut ? { buildTimeout: true as const } : {}),
        },
      },
    ];
  if (run.status === 'completed') return [];
  if (run.status === 'leaked') {
    const leaks = run.leaks ?? [];
    return [{ code: 'RUN_LEAKED', severity: 'error', ...(leaks[0] ? { path: leaks[0].path } : {}), data: { runner: run.runner, leaks } }];
  }
  const related = run.status === 'timeout' && run.relatedMode ? { related: true as const } : {};
  return [{ code: 'RUN_UNVERIFIED', severity: 'error', data: { status: run.status, reason: run.reason ?? run.status, runner: run.runner, ...related } }];
}

/** Requested files that produced neither a test result nor a file error. */
export function filesWithoutResults(run: RunResult): string[] {
  const seen = new Set([...run.tests.filter((t) => t.status === 'passed' || t.status === 'failed').map((t) => t.file), ...run.fileErrors.map((e) => e.file)]);
  return run.files.filter((f) => !seen.has(f));
}
