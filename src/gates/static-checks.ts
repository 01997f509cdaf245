import type { Finding } from '../types.js';
import type { GateInput } from './types.js';

/** GREEN and REFACTOR: every configured static check passes on the staged content. */
export function evaluateStaticChecks(input: GateInput): Finding[] {
  return (input.staticChecks ?? [])
    .filter((c) => c.status !== 'passed')
    .map((c) =>
      c.status === 'failed'
        ? { code: 'STATIC_CHECK_FAILED', severity: 'error', data: { command: c.command, exitCode: c.exitCode, output: c.output } }
        : { code: 'RUN_UNVERIFIED', severity: 'error', data: { runner: c.command, status: c.status, reason: c.status === 'missing' ? c.output : c.output } },
    );
}
