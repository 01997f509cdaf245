/**
 * What a pre-commit verdict leaves behind, in one step: the pending record (written when accepted,
 * removed otherwise), the state's lastVerdict after a run, and the event log's line (a run, or a
 * refusal: `tdd report` counts the hook's refusals, with each finding's code, file and words).
 */
import { formatFinding } from '../report/messages.js';
import { appendEvent, readStateFile, removePending, writePending, writeState } from '../state/store.js';
import type { RepoContext } from '../git/queries.js';
import type { PreCommitResult } from './pre-commit.js';

export async function recordVerdict(repo: RepoContext, r: PreCommitResult, how: { inHook?: boolean }): Promise<void> {
  if (r.pending) await writePending(repo.stateDir, r.pending);
  else await removePending(repo.stateDir);
  const codes = r.findings.map((f) => f.code);
  if (r.run) {
    const { toEvidence } = await import('./evidence.js');
    const state = await readStateFile(repo.stateDir);
    if (state) {
      state.lastVerdict = {
        at: new Date().toISOString(),
        phase: r.phase ?? 'none',
        task: r.task,
        tree: r.tree ?? null,
        exitCode: r.exitCode,
        codes,
        evidence: toEvidence(r.run),
      };
      await writeState(repo.stateDir, state);
    }
  }
  // A reused verdict (VERDICT_CACHED) is recorded too: its warnings are this commit's.
  if (r.run || r.exitCode !== 0 || codes.includes('VERDICT_CACHED')) {
    // `tdd verify` is a check, not an attempt to commit: the report counts only the hook's refusals.
    // A refusal keeps its findings' words and files: the report shows them (report/events.ts).
    const findings =
      r.exitCode === 0
        ? undefined
        : r.findings
            .filter((f) => f.severity !== 'info')
            .map((f) => ({ code: f.code, severity: f.severity, ...(f.path ? { path: f.path } : {}), what: formatFinding(f).what.slice(0, 300) }));
    await appendEvent(repo.stateDir, {
      event: how.inHook ? 'pre-commit' : 'verify',
      phase: r.phase,
      task: r.task,
      tree: r.tree,
      exitCode: r.exitCode,
      codes,
      testMs: r.testMs,
      ...(findings ? { findings } : {}),
    });
  }
}
