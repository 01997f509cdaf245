/** The CI layer, pure: the shard partition, GitHub's workflow commands and the job summary. */
import { describe, expect, it } from 'vitest';
import type { AuditReport } from '../../../src/audit/format.js';
import { escapeData, escapeProperty, formatGithubAnnotations, formatGithubSummary } from '../../../src/audit/github.js';
import { assignShards, parseShard } from '../../../src/audit/shard.js';
import { emptyCounts } from '../../../src/audit/evaluate.js';
import { sha } from './literal.js';

describe('assignShards', () => {
  const commits = Array.from({ length: 23 }, (_, i) => sha(`c${i}`));
  const replayed = new Set(commits.filter((_, i) => i % 3 !== 0));

  it.each([1, 2, 3, 4, 7, 23, 30])('deals %i shards: each commit in exactly one, the union is the whole range', (n) => {
    const owner = assignShards(commits, replayed, n);
    expect([...owner.keys()]).toEqual(commits);
    const shards = Array.from({ length: n }, (_, k) => commits.filter((c) => owner.get(c) === k + 1));
    expect(shards.flat().sort()).toEqual([...commits].sort());
    for (const s of shards) for (const c of s) expect(shards.filter((t) => t.includes(c))).toHaveLength(1);
    // The replays are balanced: no job runs two more than another.
    const counts = shards.map((s) => s.filter((c) => replayed.has(c)).length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('is deterministic: every job of the matrix computes the same partition', () => {
    expect([...assignShards(commits, replayed, 4)]).toEqual([...assignShards([...commits], new Set(replayed), 4)]);
  });

  it.each([
    ['2/4', { index: 2, total: 4 }],
    ['1/1', { index: 1, total: 1 }],
  ])('parses %s', (text, shard) => expect(parseShard(text)).toEqual(shard));
  it.each(['0/4', '5/4', '1/0', '2', 'a/b', '1/4/2', '-1/4', '1/999'])('refuses %s (usage, exit 2)', (text) => {
    expect(() => parseShard(text)).toThrow(expect.objectContaining({ code: 'USAGE', exitCode: 2 }));
  });
});

const report: AuditReport = {
  range: ['origin/main..HEAD'],
  counts: { ...emptyCounts(), commits: 3, red: 1, green: 1, noTrailers: 1 },
  findings: [
    { code: 'AUDIT_OFF', severity: 'info', commit: sha('a'), phase: 'off', data: { reason: 'docs, 100%' } },
    { code: 'AUDIT_NO_TRAILERS', severity: 'error', commit: sha('b'), phase: null },
    {
      code: 'AUDIT_FROZEN_TEST_CHANGED',
      severity: 'error',
      commit: sha('c'),
      phase: 'green',
      path: 'test/a,b:c.test.js',
      line: 3,
      data: { redCommit: sha('r') },
    },
  ],
};

describe('--format github', () => {
  it('escapes data and properties as the runner parses them', () => {
    expect(escapeData('50%\r\nnext')).toBe('50%25%0D%0Anext');
    expect(escapeProperty('a: b, c%')).toBe('a%3A b%2C c%25');
  });

  it('writes one workflow command per finding, errors first, with file and line where there are', () => {
    const lines = formatGithubAnnotations(report);
    expect(lines.map((l) => l.slice(0, l.indexOf(' ')))).toEqual(['::error', '::error', '::notice']);
    expect(lines[1]).toMatch(/^::error file=test\/a%2Cb%3Ac\.test\.js,line=3,title=AUDIT_FROZEN_TEST_CHANGED \([0-9a-f]{12} green\)::/);
    expect(lines[0]).toMatch(/^::error title=AUDIT_NO_TRAILERS \([0-9a-f]{12}\)::/);
    // One line each: the message's own line breaks are escaped.
    for (const l of lines) expect(l).not.toContain('\n');
  });

  it('summarises the job in Markdown: the verdict, a row per finding, the next steps', () => {
    const md = formatGithubSummary(report);
    const rows = md.split('\n').filter((l) => l.startsWith('| ') && /`AUDIT_/.test(l));
    expect(rows.map((r) => /`(AUDIT_[A-Z_]+)`/.exec(r)![1])).toEqual(['AUDIT_NO_TRAILERS', 'AUDIT_FROZEN_TEST_CHANGED', 'AUDIT_OFF']);
    // A path with a pipe cannot break the table.
    expect(formatGithubSummary({ ...report, findings: [{ ...report.findings[2]!, path: 'a|b.test.js' }] })).toContain('a\\|b.test.js');
    expect(md).toContain('(exit 1)');
  });

  it('an empty range is "nothing audited", never clean', () => {
    const md = formatGithubSummary({ range: ['HEAD..HEAD'], counts: emptyCounts(), findings: [] });
    expect(md).toContain('0 commits: nothing audited');
    expect(md).not.toContain('clean');
  });
});
