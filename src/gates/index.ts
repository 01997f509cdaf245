/** The gates, in the order their findings are shown. Each is pure: (GateInput) → Finding[]. */
import type { Finding } from '../types.js';
import { evaluateAssertions } from './assertions.js';
import { evaluateConfigChanged } from './config-changed.js';
import { evaluateTestsFrozen } from './tests-frozen.js';
import { evaluateGreenRun } from './green-run.js';
import { evaluateGreenCoverage } from './green-coverage.js';
import { evaluateGreenBreaksTest } from './green-breaks-test.js';
import { evaluateMarkers } from './markers.js';
import { evaluateImportNearMiss } from './import-near-miss.js';
import { evaluateImplIntegrity } from './integrity/index.js';
import { evaluateRedRun } from './red-run.js';
import { evaluateRedScope } from './red-scope.js';
import { evaluateRedUntrackedImport } from './red-untracked-import.js';
import { evaluateRedChangesPassingTest } from './red-changes-passing-test.js';
import { evaluateSymlinks } from './symlinks.js';
import { evaluateTaskScope } from './task-scope.js';
import { evaluateIsolationBuild } from './isolation-build.js';
import { evaluateRelatedProjectsUnread } from './related-projects-unread.js';
import type { Gate, GateInput } from './types.js';

/** Gates decided from the commit's content alone, before any test run. */
export const STATIC_GATES: Gate[] = [
  evaluateTaskScope,
  evaluateRedScope,
  evaluateConfigChanged,
  evaluateTestsFrozen,
  evaluateSymlinks,
  evaluateAssertions,
  evaluateMarkers,
  evaluateImplIntegrity,
  evaluateRedChangesPassingTest,
];
/** Gates over the test run's evidence. */
export const EVIDENCE_GATES: Gate[] = [
  evaluateRedRun,
  evaluateRedUntrackedImport,
  evaluateGreenRun,
  evaluateImportNearMiss,
  evaluateGreenCoverage,
  evaluateGreenBreaksTest,
  evaluateIsolationBuild,
  evaluateRelatedProjectsUnread,
];

export function evaluateGates(gates: Gate[], input: GateInput): Finding[] {
  return gates.flatMap((g) => g(input));
}

export { verdictOf } from './verdict.js';
