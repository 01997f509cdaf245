/** The integrity rules in `tdd audit` (from blob texts, any trailers) and `integrity.allow` in the configuration. */
import { describe, expect, it } from 'vitest';
import { addIntegrity, integrityBlobsNeeded } from '../../../../src/audit/integrity.js';
import { evaluateImplIntegrity } from '../../../../src/audit/rules/integrity.js';
import { AUDIT_DEFAULTS, type AuditCommit, type LineState, type Rules } from '../../../../src/audit/types.js';
import { DEFAULTS } from '../../../../src/config/schema.js';
import { validateConfig } from '../../../../src/config/validate.js';
import type { Phase, StagedEntry } from '../../../../src/types.js';

const OLD = 'a'.repeat(40);
const NEW = 'b'.repeat(40);
const entry = (path: string, kind: StagedEntry['kind'] = 'impl'): StagedEntry => ({
  path,
  status: 'M',
  oldMode: '100644',
  newMode: '100644',
  oldBlob: OLD,
  newBlob: NEW,
  kind,
});
const commit = (kind: AuditCommit['kind'], phase: Phase | null, entries: StagedEntry[]): AuditCommit => ({
  sha: 'c'.repeat(40),
  parents: ['d'.repeat(40)],
  subject: 's',
  phase,
  task: null,
  regression: false,
  falseFail: null,
  reason: null,
  entries,
  kind,
});
const STATE: LineState = { records: new Map(), tracked: new Map(), current: null, truncated: false, open: false };

async function auditCodes(c: AuditCommit, now: string, allow: Record<string, string[]> = {}): Promise<string[]> {
  const rules: Rules = { config: { ...DEFAULTS, integrity: { allow } }, audit: AUDIT_DEFAULTS, source: '.tddrc.json' };
  await addIntegrity(
    [c],
    new Map([
      [OLD, 'export const a = 1;\n'],
      [NEW, now],
    ]),
    new Map([[c.sha, rules]]),
  );
  return evaluateImplIntegrity({ commit: c, before: STATE, tracked: new Map(), options: AUDIT_DEFAULTS, reported: new Set() }).map(
    (f) => `${f.code} ${String(f.data?.gate)}`,
  );
}

describe('tdd audit: the integrity rules on every commit that changes implementation', () => {
  const cheat = 'export const a = 1;\nObject.is = () => true;\n';
  it.each<[string, AuditCommit]>([
    ['a GREEN', commit('tdd', 'green', [entry('src/a.js')])],
    ['a REFACTOR', commit('tdd', 'refactor', [entry('src/a.js')])],
    ['a commit without trailers', commit('no-trailers', null, [entry('src/a.js')])],
    ['an off commit', commit('tdd', 'off', [entry('src/a.js')])],
  ])('%s that adds a patch of Object.is is refused', async (_name, c) => {
    expect(await auditCodes(c, cheat)).toEqual(['AUDIT_IMPL_INTEGRITY IMPL_PATCHES_RUNTIME']);
  });

  it('reads only implementation blobs, and an honest change is clean', async () => {
    const c = commit('tdd', 'green', [entry('src/a.js'), entry('test/a.test.js', 'test')]);
    expect(integrityBlobsNeeded([c])).toEqual([NEW, OLD]);
    expect(await auditCodes(c, 'export const a = 2;\n')).toEqual([]);
  });

  it('the commit’s own rules’ integrity.allow applies', async () => {
    expect(await auditCodes(commit('tdd', 'green', [entry('src/a.js')]), cheat, { IMPL_PATCHES_RUNTIME: ['src/**'] })).toEqual([]);
  });
});

describe('integrity.allow in the configuration', () => {
  it('accepts codes with path globs', () => {
    const r = validateConfig({ integrity: { allow: { IMPL_TEST_FRAMEWORK: ['packages/test-utils/**'] } } }, '.tddrc.json');
    expect(r.problems).toEqual([]);
    expect(r.config.integrity.allow).toEqual({ IMPL_TEST_FRAMEWORK: ['packages/test-utils/**'] });
  });

  it.each<[string, unknown, string]>([
    ['an unknown code, with the nearest', { IMPL_TEST_FRAMEWROK: ['x/**'] }, 'integrity.allow.IMPL_TEST_FRAMEWROK'],
    ['globs that are not strings', { IMPL_READS_TESTS: 'x/**' }, 'integrity.allow.IMPL_READS_TESTS'],
    ['not an object', ['IMPL_READS_TESTS'], 'integrity.allow'],
  ])('%s is a problem naming the key', (_name, allow, key) => {
    const r = validateConfig({ integrity: { allow } }, '.tddrc.json');
    expect(r.problems.map((p) => p.key)).toEqual([key]);
  });

  it('an unknown key under integrity is named too', () => {
    expect(validateConfig({ integrity: { allows: {} } }, '.tddrc.json').problems.map((p) => [p.key, p.suggestion])).toEqual([
      ['integrity.allows', 'integrity.allow'],
    ]);
  });
});
