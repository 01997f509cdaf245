import type { Finding } from '../types.js';
import type { GateInput } from './types.js';

/** isolation.build ran (or its last build was reused) before the tests: said, with what it left in the copy. A failure is run-status's. */
export function evaluateIsolationBuild(input: GateInput): Finding[] {
  const build = input.run?.build;
  if (!build || (build.status !== 'built' && build.status !== 'cached')) return [];
  return [{ code: 'ISOLATION_BUILD', severity: 'info', data: { command: build.command, cached: build.status === 'cached', outputs: build.outputs } }];
}
