/** The checks, in the order they are shown. Each is pure: (DoctorFacts) → results, or null when it does not apply. */
import type { Check, CheckResult, DoctorFacts } from '../types.js';
import { checkAgents } from './agents.js';
import { checkCli } from './cli.js';
import { checkConfig } from './config.js';
import { checkEnv } from './env.js';
import { checkGitLock } from './git-lock.js';
import { checkHooks } from './hooks.js';
import { checkHooksDir } from './hooks-dir.js';
import { checkHooksPath } from './hooks-path.js';
import { checkNode } from './node.js';
import { checkPending } from './pending.js';
import { checkRunner } from './runner.js';
import { checkState } from './state.js';
import { checkStateHistory } from './state-history.js';

export const CHECKS: readonly Check[] = [
  checkHooksPath,
  checkHooksDir,
  checkHooks,
  checkCli,
  checkNode,
  checkConfig,
  checkRunner,
  checkState,
  checkStateHistory,
  checkPending,
  checkEnv,
  checkGitLock,
  checkAgents,
];

export function evaluateChecks(facts: DoctorFacts): CheckResult[] {
  return CHECKS.flatMap((check) => check(facts) ?? []);
}

/** 0 healthy (warnings allowed), 1 a problem found. */
export function exitCodeOf(results: readonly CheckResult[]): 0 | 1 {
  return results.some((r) => r.status === 'fail') ? 1 : 0;
}
