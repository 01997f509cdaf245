/**
 * A GREEN's evidence beyond its task's run: what the run's coverage leaves unrun of the lines the
 * commit adds (green-coverage.ts), and the related tests' run (green-run.ts, green-related.ts).
 * Both load only on a GREEN that ran its tests.
 */
import type { RunFacts } from '../gates/types.js';
import type { RunResult, Snapshot } from '../types.js';
import type { CommitContext } from './context.js';
import type { GreenRun } from './green-run.js';

export { coverageTargets } from './green-coverage.js';

export async function readGreenFacts(
  cc: CommitContext,
  snapshot: Snapshot,
  run: RunResult,
  green: Pick<GreenRun, 'related' | 'texts'>,
): Promise<{ facts: Pick<RunFacts, 'coverage' | 'related'> }> {
  const { readCoverageFacts } = await import('./green-coverage.js');
  const coverage = await readCoverageFacts(cc.repo, cc.loaded.config, snapshot.entries, run, green.texts);
  return { facts: { ...(coverage ? { coverage } : {}), ...(green.related ? { related: green.related } : {}) } };
}
