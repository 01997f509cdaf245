/**
 * A GREEN's evidence beyond its task's run: what the run's coverage leaves unrun of the lines the
 * commit adds (green-coverage.ts), and the related tests' run (green-related.ts). Both load only
 * on a GREEN that ran its tests.
 */
import type { RunFacts } from '../gates/types.js';
import type { RedRecord } from '../state/types.js';
import type { RunResult, Snapshot } from '../types.js';
import type { CommitContext } from './context.js';

export { coverageTargets } from './green-coverage.js';

export async function readGreenFacts(
  cc: CommitContext,
  snapshot: Snapshot,
  red: RedRecord | undefined,
  run: RunResult,
): Promise<{ facts: Pick<RunFacts, 'coverage' | 'related'>; tests?: string }> {
  const [{ readCoverageFacts }, { runRelatedTests }] = await Promise.all([import('./green-coverage.js'), import('./green-related.js')]);
  const coverage = await readCoverageFacts(cc.repo, cc.loaded.config, snapshot.entries, run);
  const related = await runRelatedTests(cc, snapshot, red, run);
  return {
    facts: { ...(coverage ? { coverage } : {}), ...(related ? { related: related.related } : {}) },
    ...(related ? { tests: related.tests } : {}),
  };
}
