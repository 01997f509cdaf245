import { testId, type Finding, type RunResult } from '../types.js';
import type { GateInput } from './types.js';

/**
 * GREEN runs what it can break: beside the task's tests, the tests related to the implementation
 * it changes. One that fails now is GREEN_BREAKS_TEST when it passed at the parent (the parent's
 * tree, run on the failing files only); one that failed there too is not this commit's doing.
 * The related run is bounded: past the bound, or when it did not finish, that is said, not refused.
 */
export function evaluateGreenBreaksTest(input: GateInput): Finding[] {
  const related = input.related;
  if (input.phase !== 'green' || !related) return [];
  if (related.unrun)
    return [{ code: 'GREEN_RELATED_UNRUN', severity: 'warn', data: { reason: 'too-many', count: related.unrun.count, limit: related.unrun.limit } }];
  const run = related.run;
  if (!run) return [];
  if (run.status !== 'completed')
    return [{ code: 'GREEN_RELATED_UNRUN', severity: 'warn', data: { reason: 'not-completed', detail: run.reason ?? run.status } }];
  if (related.parent && related.parent.status !== 'completed') {
    return [
      {
        code: 'GREEN_RELATED_UNRUN',
        severity: 'warn',
        data: { reason: 'not-completed', detail: `the parent's run: ${related.parent.reason ?? related.parent.status}` },
      },
    ];
  }
  const red = new Set(related.red);
  const before = parentOutcomes(related.parent);
  const findings: Finding[] = [];
  for (const t of run.tests) {
    if (t.status !== 'failed' || red.has(testId(t))) continue;
    const then = before.tests.get(testId(t));
    if (then === 'passed')
      findings.push({
        code: 'GREEN_BREAKS_TEST',
        severity: 'error',
        path: t.file,
        data: { test: t.name, kind: t.failure ?? 'exception', message: t.message ?? '' },
      });
    else if (then === 'failed') findings.push({ code: 'GREEN_RELATED_FAILING_BEFORE', severity: 'info', path: t.file, data: { test: t.name } });
  }
  for (const e of run.fileErrors) {
    // A file that loaded and passed at the parent, and cannot load now (an export removed, a syntax error).
    if (before.loaded.has(e.file))
      findings.push({ code: 'GREEN_BREAKS_TEST', severity: 'error', path: e.file, data: { test: '', kind: e.kind, message: e.message } });
  }
  return findings;
}

/** The parent's outcome per test id, and the files whose tests all passed there. */
function parentOutcomes(parent: RunResult | undefined): { tests: Map<string, 'passed' | 'failed'>; loaded: Set<string> } {
  const tests = new Map<string, 'passed' | 'failed'>();
  if (!parent || parent.status !== 'completed') return { tests, loaded: new Set() };
  for (const t of parent.tests) if (t.status === 'passed' || t.status === 'failed') tests.set(testId(t), t.status);
  const broken = new Set([...parent.fileErrors.map((e) => e.file), ...parent.tests.filter((t) => t.status !== 'passed').map((t) => t.file)]);
  const loaded = new Set(parent.tests.map((t) => t.file).filter((f) => !broken.has(f)));
  return { tests, loaded };
}
