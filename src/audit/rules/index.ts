/** The audit rules, in the order their findings are shown. Each is pure: (RuleInput) → AuditFinding[]. */
import { evaluateFrozenTests } from './frozen.js';
import { evaluateGreenWithoutRed } from './green-without-red.js';
import { evaluateHistoryGaps } from './history-gaps.js';
import { evaluateImplIntegrity } from './integrity.js';
import { evaluateMergeChanges } from './merge.js';
import { evaluateNoTrailers } from './no-trailers.js';
import { evaluateRecorded } from './recorded.js';
import { evaluateRedScope } from './red-scope.js';
import { evaluateRedChangesPassingTest } from './red-changes-passing-test.js';
import { evaluateRulesWidened } from './rules-widened.js';
import { evaluateTestContent } from './test-content.js';
import type { AuditRule } from './types.js';

export const RULES: readonly AuditRule[] = [
  evaluateHistoryGaps,
  evaluateNoTrailers,
  evaluateGreenWithoutRed,
  evaluateRedScope,
  evaluateFrozenTests,
  evaluateTestContent,
  evaluateMergeChanges,
  evaluateRecorded,
  evaluateImplIntegrity,
  evaluateRedChangesPassingTest,
  evaluateRulesWidened,
];

export type { AuditRule, RuleInput } from './types.js';
