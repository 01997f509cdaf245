/**
 * `tdd audit` through the real CLI (bin/tdd.js → dist/, so `npm run build` first): exit codes,
 * one line per finding for CI logs, --json, usage errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repo } from '../../helpers/repo.js';
import { branch, bypass, makeHonestRepo, TEST } from './helpers.js';

let repo: Repo;
beforeAll(() => {
  repo = makeHonestRepo();
});
afterAll(() => repo?.cleanup());

describe('tdd audit (spawned CLI)', () => {
  it('an honest history: exit 0, a summary, the off commit listed', () => {
    branch(repo, 'cli-honest', 'honest');
    const r = repo.tdd('audit', 'HEAD');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^tdd audit HEAD: 4 commits \(red 1, green 1, refactor 1, off 1\)$/m);
    expect(r.stdout).toMatch(/^· [0-9a-f]{12} off +AUDIT_OFF - — /m);
    expect(r.stdout).toMatch(/^clean/m);
  });

  it('a bypass: exit 1, one line per finding (sha, phase, code, path), the next steps', () => {
    branch(repo, 'cli-bypass', 'honest');
    const sha = bypass(repo, { 'src/index.js': 'export const version = 2;\n' });
    bypass(repo, { 'test/math.test.js': TEST.replace('5);', '5, "sum");') }, 'TDD-Phase: refactor\nTDD-Task: T1');
    const r = repo.tdd('audit', 'honest..HEAD');
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain(`✗ ${sha.slice(0, 12)} -        AUDIT_NO_TRAILERS src/index.js — `);
    expect(r.stdout).toMatch(/^✗ [0-9a-f]{12} refactor AUDIT_FROZEN_TEST_CHANGED test\/math\.test\.js — /m);
    expect(r.stdout).toMatch(/^ {2}next: AUDIT_NO_TRAILERS: /m);
    expect(r.stdout).toMatch(/2 finding\(s\) in 2 commit\(s\) \(exit 1\)$/m);
  });

  it('--json: the same findings with codes, data and words', () => {
    const r = repo.tdd('audit', 'honest..HEAD', '--json');
    expect(r.status).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ exitCode: 1, range: ['honest..HEAD'], counts: { commits: 2, noTrailers: 1, refactor: 1 } });
    expect(json.findings.map((f: { code: string }) => f.code)).toEqual(['AUDIT_NO_TRAILERS', 'AUDIT_FROZEN_TEST_CHANGED']);
    expect(json.findings[0]).toMatchObject({ severity: 'error', phase: null, path: 'src/index.js', message: expect.any(String), next: expect.any(String) });
  });

  it('--replay: a RED commit whose tests never failed (exit 1)', () => {
    branch(repo, 'cli-never-red', 'honest');
    bypass(repo, { 'test/zero.test.js': TEST.replace('add(2, 3), 5', 'add(2, 0), 2') }, 'TDD-Phase: red\nTDD-Task: T3');
    expect(repo.tdd('audit', 'honest..HEAD').status).toBe(0);
    const r = repo.tdd('audit', 'honest..HEAD', '--replay', '--json');
    expect(r.status, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout).findings.map((f: { code: string }) => f.code)).toEqual(['AUDIT_REPLAY_RED_PASSED']);
  });

  it('usage: no range and no upstream, an unknown range, an unknown option exit 2; --help shows the usage', () => {
    const none = repo.tdd('audit');
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('`tdd audit HEAD` audits the whole history');
    expect(repo.tdd('audit', 'nope..HEAD').status).toBe(2);
    expect(repo.tdd('audit', '--nope').status).toBe(2);
    const help = repo.tdd('audit', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: tdd audit \[RANGE\|--all\] \[--replay\]/);
  });
});
