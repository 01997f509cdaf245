/** The README's main job: `npm run demo` walks the cycle (and the snapshot cycle) and every step gets the verdict it expects. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, PROJECT_ROOT } from '../helpers/repo.js';

describe('tdd demo', () => {
  it('accepts the honest steps, refuses each cheat with its code, and the audit catches the bypass', () => {
    const r = spawnSync(process.execPath, [BIN, 'demo', '--json'], { cwd: PROJECT_ROOT, env: isolatedEnv(), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { passed: boolean; steps: { got: string; codes: string[]; ok: boolean }[] };
    expect(out.passed).toBe(true);
    expect(out.steps.every((s) => s.ok)).toBe(true);
    const refusedCodes = out.steps.filter((s) => s.got === 'refused').flatMap((s) => s.codes);
    expect(refusedCodes).toEqual(expect.arrayContaining(['RED_IMPL_STAGED', 'ASSERTION_PRINT_ONLY', 'RED_WRONG_REASON', 'TESTS_CHANGED', 'GREEN_TESTS_FAIL', 'MARKER_SKIP', 'RED_TESTS_PASS', 'GREEN_SNAPSHOT_MISSING']));
    // The setup commit needs no phase; the snapshot cycle adds its snapshot with GREEN.
    const acceptedCodes = out.steps.filter((s) => s.got === 'accepted').flatMap((s) => s.codes);
    expect(acceptedCodes).toEqual(expect.arrayContaining(['SETUP_COMMIT', 'SNAPSHOTS_ADDED']));
  });
});
