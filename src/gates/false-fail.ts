import type { Finding } from '../types.js';
import type { GateInput } from './types.js';

/** Failures a missing tool of this machine can cause; a RUN_UNVERIFIED of a check whose command is missing too. */
const QUALIFYING = new Set(['GREEN_TESTS_FAIL', 'GREEN_FILE_ERROR', 'STATIC_CHECK_FAILED', 'RUN_UNVERIFIED']);

/**
 * GREEN-impossible, from practice: the task's tests (those that failed at RED) pass, and every
 * remaining failure matches a `falseFailPatterns` entry (a tool this machine lacks). The commit is
 * accepted and recorded as a false-fail — never silently. A failure in a file the commit changed
 * never qualifies, nor does any failure in the task's own test files.
 */
export function applyFalseFail(findings: Finding[], input: GateInput): Finding[] {
  const patterns = (input.falseFailPatterns ?? []).map((p) => new RegExp(p));
  if ((input.phase !== 'green' && input.phase !== 'refactor') || patterns.length === 0) return findings;
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length === 0 || input.run?.status !== 'completed') return findings;
  const changed = new Set(input.entries.map((e) => e.path));
  const taskTests = new Set(input.red?.files ?? []);
  const matched = new Set<string>();
  for (const f of errors) {
    if (!QUALIFYING.has(f.code)) return findings;
    if (f.path && changed.has(f.path)) return findings;
    if (f.path && taskTests.has(f.path)) return findings;
    // Whatever each qualifying code says of the failure: its message, a static check's output, a run's reason.
    const { message, output, reason } = (f.data ?? {}) as { message?: unknown; output?: unknown; reason?: unknown };
    const text = [message, output, reason].filter((x) => typeof x === 'string').join('\n');
    const pattern = patterns.find((p) => p.test(text));
    if (!pattern) return findings;
    matched.add(pattern.source);
  }
  return [
    ...findings.filter((f) => f.severity !== 'error'),
    { code: 'FALSE_FAIL_ACCEPTED', severity: 'info', data: { patterns: [...matched], failures: errors.map((f) => f.code) } },
  ];
}
