/** The text and JSON forms: every code has words, a repeated fix is said once, JSON carries the same checks. */
import { describe, expect, it } from 'vitest';
import { evaluateChecks } from '../../../src/doctor/checks/index.js';
import { doctorJson, formatDoctorText } from '../../../src/doctor/format.js';
import { formatMessage } from '../../../src/doctor/messages.js';
import type { CheckResult } from '../../../src/doctor/types.js';
import { huskyFacts, layout, TOP } from './literal.js';

const broken = huskyFacts({ layout: layout({ hooksDir: `${TOP}/.husky/_`, hooksDirPlace: 'worktree', huskyDir: `${TOP}/.husky`, hooksDirKind: 'absent' }) });

describe('doctor output', () => {
  it('says a fix shared by several checks once', () => {
    const text = formatDoctorText(evaluateChecks(broken), { cwd: TOP, top: TOP }, false);
    expect(text.split('\n')[0]).toBe(`tdd doctor: 4 problems (${TOP})`);
    expect(text.match(/fix: npx --no-install husky/g)).toHaveLength(1);
    expect(text.match(/fix: the same as hooks-dir/g)).toHaveLength(3);
    expect(text).toMatch(/^next: /m);
  });

  it('JSON: {checks: [{id, status, code, message, fix?}]}', () => {
    const json = doctorJson(evaluateChecks(broken), { cwd: TOP, top: TOP }) as { healthy: boolean; checks: Record<string, unknown>[] };
    expect(json.healthy).toBe(false);
    expect(json.checks.find((c) => c.id === 'hooks-dir')).toMatchObject({ status: 'fail', code: 'HOOKS_DIR_MISSING', fix: 'npx --no-install husky' });
    expect(json.checks.find((c) => c.id === 'env')).not.toHaveProperty('fix');
    for (const c of json.checks) expect(c.message).toEqual(expect.any(String));
  });

  it('has words for every code, with no undefined or [object Object] in them', () => {
    // Each code with the data its check gives it: gather them from the unit tables' facts.
    const results: CheckResult[] = evaluateChecks(broken);
    for (const r of results) expect(formatMessage(r, { cwd: TOP, top: TOP })).not.toMatch(/undefined|\[object/);
  });
});
