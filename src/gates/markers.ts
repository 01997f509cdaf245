import type { Finding } from '../types.js';
import type { GateInput, TestFileFacts } from './types.js';

function count(facts: TestFileFacts | undefined, kind: 'skip' | 'todo' | 'xfail'): number {
  return facts?.markers.filter((m) => m.kind === kind).length ?? 0;
}

/**
 * No focus marker in a staged test file (it silently disables every other test), and no skip,
 * todo or expected-failure marker added by this commit (one the file already had is not this
 * commit's doing).
 */
export function evaluateMarkers(input: GateInput): Finding<'MARKER_FOCUS' | 'MARKER_SKIP'>[] {
  const findings: Finding<'MARKER_FOCUS' | 'MARKER_SKIP'>[] = [];
  for (const [path, { now, before }] of input.testFiles ?? []) {
    if (!now) continue;
    // A focus chosen at run time (`(ci ? it.only : it)(…)`) may focus nothing: a warning.
    for (const m of now.markers.filter((x) => x.kind === 'focus')) {
      const data = { marker: m.text, kind: 'focus' as const, ...(m.conditional ? { conditional: true as const } : {}) };
      findings.push({ code: 'MARKER_FOCUS', severity: m.conditional ? 'warn' : 'error', path, line: m.line, data });
    }
    for (const kind of ['skip', 'todo', 'xfail'] as const) {
      if (count(now, kind) <= count(before, kind)) continue;
      const seen = new Set(before?.markers.filter((m) => m.kind === kind).map((m) => m.text));
      const added = now.markers.filter((m) => m.kind === kind && !seen.has(m.text));
      const first = added[0] ?? now.markers.find((m) => m.kind === kind)!;
      findings.push({ code: 'MARKER_SKIP', severity: 'error', path, line: first.line, data: { marker: first.text, kind } });
    }
  }
  return findings;
}
