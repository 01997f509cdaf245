import type { Finding } from '../types.js';
import type { GateInput } from './types.js';

/**
 * A test imports a file that does not exist, one letter from one that does (runners/near-miss).
 * RED: a warning (it may be the new module the test is about). GREEN and REFACTOR: named beside
 * the failure of that test file, since no implementation can make it pass but that very file.
 */
export function evaluateImportNearMiss(input: GateInput): Finding[] {
  const run = input.run;
  if (!run || run.status !== 'completed' || input.phase === 'off') return [];
  const failing = new Set([...run.fileErrors.map((e) => e.file), ...run.tests.filter((t) => t.status === 'failed').map((t) => t.file)]);
  return (input.nearMisses ?? [])
    .filter((m) => failing.has(m.file))
    .map(
      (m) =>
        ({
          code: 'IMPORT_NEAR_MISS',
          severity: 'warn',
          path: m.file,
          data: { specifier: m.specifier, nearest: m.nearest, phase: input.phase },
        }) satisfies Finding,
    );
}
