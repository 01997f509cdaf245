/** The README's main job: `npm run demo` walks the cycle (and the snapshot cycle) and every step gets the verdict it expects. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the repository, plain JavaScript
import { renderReadme } from '../../bin/readme-demo.mjs';
import { BIN, isolatedEnv, PROJECT_ROOT } from '../helpers/repo.js';

describe('tdd demo', () => {
  it('accepts the honest steps, refuses each cheat with its code, and the audit catches the bypass', () => {
    const r = spawnSync(process.execPath, [BIN, 'demo', '--json'], { cwd: PROJECT_ROOT, env: isolatedEnv(), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { passed: boolean; steps: { got: string; codes: string[]; ok: boolean }[]; transcript: string };
    expect(out.passed).toBe(true);
    expect(out.steps.every((s) => s.ok)).toBe(true);
    const refusedCodes = out.steps.filter((s) => s.got === 'refused').flatMap((s) => s.codes);
    expect(refusedCodes).toEqual(
      expect.arrayContaining([
        'RED_IMPL_STAGED',
        'ASSERTION_PRINT_ONLY',
        'RED_WRONG_REASON',
        'TESTS_CHANGED',
        'GREEN_TESTS_FAIL',
        'MARKER_SKIP',
        'RED_TESTS_PASS',
        'GREEN_SNAPSHOT_MISSING',
      ]),
    );
    // The setup commit needs no phase; the snapshot cycle adds its snapshot with GREEN.
    const acceptedCodes = out.steps.filter((s) => s.got === 'accepted').flatMap((s) => s.codes);
    expect(acceptedCodes).toEqual(expect.arrayContaining(['SETUP_COMMIT', 'SNAPSHOTS_ADDED']));
    // The README's sample output is this transcript (npm run readme:demo writes it): they must not drift.
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(renderReadme(readme, out.transcript) === readme, 'README.md differs from `tdd demo`: run npm run readme:demo').toBe(true);
    // The transcript can be pasted: the setup commit needs no phase, the audit names its range.
    expect(out.transcript).toMatch(/^\$ git commit -m "chore: add tdd-hooks"$/m);
    expect(out.transcript).not.toMatch(/^\$ (npx )?tdd phase off/m);
    expect(out.transcript).toMatch(/^\$ (npx )?tdd audit HEAD$/m);
  });
});
