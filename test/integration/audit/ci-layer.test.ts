/**
 * The CI layer on a real history: GitHub annotations and the job summary, a replay split across
 * a matrix (--shard i/n: the shards' union is the whole audit), --all, and an empty range.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, type Repo } from '../../helpers/repo.js';
import { branch, bypass, findings, makeHonestRepo, runAudit, TEST, WEAKENED } from './helpers.js';

let repo: Repo;
let out: string;
beforeAll(() => {
  repo = makeHonestRepo();
  out = mkdtempSync(join(tmpdir(), 'tdd-ci-layer-'));
});
afterAll(() => {
  repo?.cleanup();
  rmSync(out, { recursive: true, force: true });
});

describe('tdd audit --format github', () => {
  it('annotates each finding and appends a Markdown job summary', () => {
    branch(repo, 'weakened', 'honest');
    bypass(repo, { 'test/math.test.js': WEAKENED }, '', 'fix: flaky test');
    const summary = join(out, 'summary.md');
    const r = repo.run(process.execPath, [BIN, 'audit', 'honest..HEAD', '--format', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(r.status, r.stderr).toBe(1);
    const commands = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.every((l) => /^::(error|warning|notice) /.test(l))).toBe(true);
    expect(commands.some((l) => l.startsWith('::error ') && l.includes('title=AUDIT_NO_TRAILERS'))).toBe(true);
    const md = readFileSync(summary, 'utf8');
    expect(md).toMatch(/^### tdd audit `honest\.\.HEAD`/);
    expect(md).toMatch(/^\| ❌ \| `[0-9a-f]{12}` \|.*`AUDIT_NO_TRAILERS`/m);
  });
});

describe('tdd audit --replay --shard i/n', () => {
  it('splits the replay: each job its own commits, the shards together the whole audit', async () => {
    branch(repo, 'never-red', 'honest');
    // A forged RED whose test passes: only a replay finds it.
    const passing = TEST.replace("test('adds two numbers'", "test('adds zero'").replace('add(2, 3), 5', 'add(2, 0), 2');
    bypass(repo, { 'test/zero.test.js': passing }, 'TDD-Phase: red\nTDD-Task: T3\nTDD-Evidence: node: 0 passed, 1 failed (assertion 1)');
    const whole = await runAudit(repo, '--all', '--replay');
    expect(whole.json.replayed).toBe(4);
    const key = (f: { code: string; commit: string; path?: string }) => `${f.commit} ${f.code} ${f.path ?? ''}`;
    const shards = await Promise.all([1, 2, 3].map((i) => runAudit(repo, '--all', '--replay', '--shard', `${i}/3`)));
    expect(shards.map((s) => s.json.replayed as number).reduce((a, b) => a + b)).toBe(4);
    expect(shards.map((s) => (s.json.shard as { commits: number }).commits).reduce((a, b) => a + b)).toBe((whole.json.counts as { commits: number }).commits);
    expect(shards.flatMap((s) => findings(s).map(key)).sort()).toEqual(findings(whole).map(key).sort());
    expect(findings(whole, 'error').map((f) => f.code)).toEqual(['AUDIT_REPLAY_RED_PASSED']);
    // The job that owns the forged commit fails; the others pass.
    expect(shards.map((s) => s.exitCode).sort()).toEqual([0, 0, 1]);
  });
});

describe('ranges', () => {
  it('--all is the whole history; an empty range is "nothing audited", never clean', async () => {
    branch(repo, 'ranges', 'honest');
    const all = await runAudit(repo, '--all');
    expect(all.json.counts).toEqual((await runAudit(repo, 'HEAD')).json.counts);
    expect(all.json.audited).toBe(true);
    const empty = await runAudit(repo, 'HEAD..HEAD');
    expect([empty.exitCode, empty.json.audited, (empty.json.counts as { commits: number }).commits]).toEqual([0, false, 0]);
    expect(empty.text).toContain('0 commits: nothing audited');
    await expect(runAudit(repo, '--all', 'HEAD')).rejects.toMatchObject({ code: 'USAGE', exitCode: 2 });
  });
});
