import type { Finding } from '../types.js';
import type { GateInput } from './types.js';

/** Every staged test file verifies something: ≥1 real assertion outside comments and strings, and not print-only. */
export function evaluateAssertions(input: GateInput): Finding[] {
  if (input.phase !== 'red') return [];
  const findings: Finding[] = [];
  for (const [path, { now }] of input.testFiles ?? []) {
    if (!now) {
      findings.push({ code: 'ASSERTION_UNCHECKED', severity: 'warn', path });
      continue;
    }
    if (now.assertions > 0) continue;
    findings.push({
      code: now.printOnly ? 'ASSERTION_PRINT_ONLY' : 'ASSERTION_MISSING',
      severity: 'error',
      path,
      ...(now.language ? { data: { language: now.language } } : {}),
    });
  }
  return findings;
}
