/** Exit codes, the one-line-per-finding output, and words for every code. */
import { describe, expect, it } from 'vitest';
import { emptyCounts } from '../../../src/audit/evaluate.js';
import { auditExitCode, auditJson, formatAuditText, formatFindingLine } from '../../../src/audit/format.js';
import { AUDIT_CODES, formatAuditFinding } from '../../../src/audit/messages.js';
import type { AuditCode, AuditFinding } from '../../../src/audit/types.js';

const C = '3f2c1a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';
const f = (code: AuditCode, severity: AuditFinding['severity'] = 'error', extra: Partial<AuditFinding> = {}): AuditFinding => ({
  code,
  severity,
  commit: C,
  phase: 'green',
  ...extra,
});

describe('auditExitCode', () => {
  it.each<[AuditFinding[], number]>([
    [[], 0],
    [[f('AUDIT_OFF', 'info'), f('AUDIT_MERGE_CHANGES', 'warn')], 0],
    [[f('AUDIT_FROZEN_TEST_CHANGED')], 1],
    [[f('AUDIT_SHALLOW')], 3],
    [[f('AUDIT_REPLAY_UNVERIFIED'), f('AUDIT_SHALLOW')], 3],
    [[f('AUDIT_REPLAY_UNVERIFIED'), f('AUDIT_NO_TRAILERS')], 1],
  ])('%j → %i', (findings, code) => expect(auditExitCode(findings)).toBe(code));
});

describe('output', () => {
  it('one line per finding: mark, sha, phase, code, path, words', () => {
    const line = formatFindingLine(f('AUDIT_FROZEN_TEST_CHANGED', 'error', { path: 'test/a.test.js', data: { change: 'edited', kind: 'test' } }), false);
    expect(line).toMatch(/^✗ 3f2c1a9b0c1d green +AUDIT_FROZEN_TEST_CHANGED test\/a\.test\.js — /);
    expect(formatFindingLine(f('AUDIT_NO_TRAILERS', 'error', { phase: null, path: 'src/a.js', data: { files: 1 } }), false)).toMatch(
      /^✗ 3f2c1a9b0c1d - +AUDIT_NO_TRAILERS src\/a\.js — /,
    );
  });

  it('text: a summary, errors before what is listed, next steps once per code', () => {
    const findings = [
      f('AUDIT_OFF', 'info', { phase: 'off' }),
      f('AUDIT_NO_TRAILERS', 'error', { phase: null, path: 'a' }),
      f('AUDIT_NO_TRAILERS', 'error', { phase: null, path: 'b' }),
    ];
    const text = formatAuditText({ range: ['main..HEAD'], counts: { ...emptyCounts(), commits: 3, off: 1, noTrailers: 2 }, findings }, false);
    const lines = text.split('\n');
    expect(lines[0]).toBe('tdd audit main..HEAD: 3 commits (off 1, without trailers 2)');
    expect(lines.slice(1, 4).map((l) => l.split(/ +/)[3])).toEqual(['AUDIT_NO_TRAILERS', 'AUDIT_NO_TRAILERS', 'AUDIT_OFF']);
    expect(lines.filter((l) => l.includes('next:'))).toHaveLength(2); // one per code, and what to do with commits in the history
    expect(lines.at(-1)).toContain('(exit 1)');
  });

  it('JSON carries the data, the words and the next step', () => {
    const json = auditJson({ range: ['x'], counts: emptyCounts(), findings: [f('AUDIT_GREEN_WITHOUT_RED', 'error', { data: { task: '12' } })] });
    expect(json.findings).toMatchObject([
      {
        code: 'AUDIT_GREEN_WITHOUT_RED',
        commit: C,
        phase: 'green',
        data: { task: '12' },
        message: expect.stringContaining('task 12'),
        next: expect.any(String),
      },
    ]);
  });

  it.each(AUDIT_CODES)('%s has words', (code) => {
    const words = formatAuditFinding(f(code, 'error', { path: 'p', data: {} }));
    expect(words.what.length).toBeGreaterThan(10);
  });
});
