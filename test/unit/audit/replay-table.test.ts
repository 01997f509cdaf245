import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPLAY_GATES } from '../../../src/audit/replay.js';
import { restateGates } from '../../../src/audit/rules/types.js';
import { evaluateGreenRun } from '../../../src/gates/green-run.js';
import type { RunResult } from '../../../src/types.js';

const run: RunResult = {
  runner: 'jest',
  status: 'completed',
  command: ['jest'],
  exitCode: 1,
  durationMs: 5,
  files: ['t/a.test.js'],
  tests: [{ file: 't/a.test.js', name: 'renders', status: 'failed', failure: 'snapshot-missing', message: 'New snapshot was not written' }],
  fileErrors: [],
};

describe("the replay's gate table", () => {
  it('restates a GREEN that fails only on a missing snapshot', () => {
    const gates = evaluateGreenRun({ phase: 'green', regression: false, entries: [], run });
    expect(gates.map((f) => f.code)).toEqual(['GREEN_SNAPSHOT_MISSING']);
    const restated = restateGates(REPLAY_GATES, { sha: 'c'.repeat(40), phase: 'green' }, gates);
    expect(restated.map((f) => [f.code, f.data?.gate])).toEqual([['AUDIT_REPLAY_GREEN_FAILED', 'GREEN_SNAPSHOT_MISSING']]);
  });

  it('names every error code the RED and GREEN evidence gates give', () => {
    const src = ['green-run.ts', 'red-run.ts', 'run-status.ts'].map((f) => readFileSync(join(__dirname, '../../../src/gates', f), 'utf8')).join('\n');
    const errors = [...src.matchAll(/code: '([A-Z_]+)',\s*severity: 'error'/g)].map((m) => m[1]!);
    expect(errors.length).toBeGreaterThan(5);
    expect(errors.filter((c) => !(c in REPLAY_GATES))).toEqual([]);
  });
});
