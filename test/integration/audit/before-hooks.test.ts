/**
 * The audit's start: commits before the setup commit (the first that brought the tdd-hooks
 * configuration) are "before tdd-hooks": counted, never findings, however many precede it. A
 * configuration deleted later brings nothing back to "before".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { bypass, errors, IMPL, runAudit, TEST } from './helpers.js';

let repo: Repo;
afterEach(() => repo.cleanup());

/** `n` commits of code and tests made before anyone installed tdd-hooks (git fast-import: quick for thousands). */
function history(n: number): void {
  const lines: string[] = [];
  for (let i = 1; i <= n; i++) {
    const body = `export const v = ${i};\n`;
    const message = `work ${i}`;
    lines.push('commit refs/heads/main', `mark :${i}`, `committer T <t@example.com> ${1700000000 + i} +0000`, `data ${message.length}`, message);
    if (i > 1) lines.push(`from :${i - 1}`);
    lines.push(`M 100644 inline src/v${i % 7}.js`, `data ${Buffer.byteLength(body)}`, body);
    if (i === 1) lines.push('M 100644 inline test/old.test.js', `data ${Buffer.byteLength(TEST)}`, TEST);
  }
  const r = repo.run('git', ['fast-import', '--quiet'], { input: lines.join('\n') + '\n' });
  expect(r.status, r.stderr).toBe(0);
  repo.git('reset', '-q', '--hard', 'main');
}

/** install, the setup commit, and an honest RED → GREEN of task T1. */
function adopt(): void {
  repo.write({ 'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n' });
  expect(repo.tdd('install').status).toBe(0);
  repo.git('add', '-A');
  const setup = repo.commit('chore: tdd-hooks');
  expect(setup.status, setup.stdout + setup.stderr).toBe(0);
  repo.git('tag', 'setup');
  expect(repo.tdd('phase', 'red', '--task', 'T1').status).toBe(0);
  repo.write({ 'test/math.test.js': TEST });
  repo.git('add', '-A');
  expect(repo.commit('test: add').status).toBe(0);
  repo.write({ 'src/math.js': IMPL });
  repo.git('add', '-A');
  expect(repo.commit('feat: add').status).toBe(0);
}

describe('tdd audit: before tdd-hooks', () => {
  it('`tdd audit HEAD` on a project that adopted tdd-hooks: the commits before the setup commit, and it, are counted, not findings', async () => {
    repo = makeRepo();
    history(5);
    adopt();
    const r = await runAudit(repo, 'HEAD');
    expect(errors(r)).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(r.json.counts).toMatchObject({ commits: 8, beforeHooks: 6, red: 1, green: 1, noTrailers: 0 });
    // Past the hooks after the setup: a finding, as ever.
    bypass(repo, { 'src/math.js': 'export const add = () => 0;\n' });
    expect(errors(await runAudit(repo, 'HEAD'))).toEqual(['AUDIT_NO_TRAILERS src/math.js']);
  });

  it('a configuration deleted past the hooks brings nothing back to "before tdd-hooks"', async () => {
    repo = makeRepo();
    history(3);
    adopt();
    repo.git('rm', '-q', '.tddrc.json');
    bypass(repo, {}, '', 'drop the configuration');
    bypass(repo, { 'src/math.js': 'export const add = () => 0;\n' });
    const r = await runAudit(repo, 'HEAD');
    expect(errors(r)).toEqual(['AUDIT_NO_TRAILERS .tddrc.json', 'AUDIT_NO_TRAILERS src/math.js']);
    // The same from a range that starts after the setup: the look-back finds it.
    const since = await runAudit(repo, 'setup..HEAD');
    expect(errors(since)).toEqual(['AUDIT_NO_TRAILERS .tddrc.json', 'AUDIT_NO_TRAILERS src/math.js']);
    // A range after the deletion holds no configuration and no TDD step, nor does its base: the
    // steps further back still say the hooks were in use (asked of A for `A..B`, of the base otherwise).
    for (const range of [['HEAD~1..HEAD'], ['^HEAD~1', 'HEAD']]) {
      const after = await runAudit(repo, ...range);
      expect(errors(after), range.join(' ')).toEqual(['AUDIT_NO_TRAILERS src/math.js']);
      expect(after.json.counts).toMatchObject({ commits: 1, beforeHooks: 0 });
    }
  });

  it('TDD steps only on a side branch merged before the range, one of them with a lower-case key: the range is still judged', async () => {
    repo = makeRepo();
    history(3);
    repo.git('checkout', '-q', '-b', 'side');
    adopt();
    // A step git reads as a TDD-Phase trailer whatever its case (the hook writes it as `TDD-Phase`).
    repo.write({ 'src/more.js': 'export const more = 1;\n' });
    bypass(repo, {}, 'tdd-phase: refactor\ntdd-task: T1', 'refactor: more');
    repo.git('rm', '-q', '.tddrc.json');
    bypass(repo, {}, '', 'drop the configuration');
    repo.git('checkout', '-q', 'main');
    repo.git('-c', 'core.hooksPath=/dev/null', 'merge', '-q', '--no-ff', '-m', 'merge side', 'side');
    bypass(repo, { 'src/math.js': 'export const add = () => 0;\n' });
    const r = await runAudit(repo, 'HEAD~1..HEAD');
    expect(errors(r)).toEqual(['AUDIT_NO_TRAILERS src/math.js']);
  });

  it("a project that installs tdd-hooks and then only commits past the hooks: every such commit is a finding (the setup commit's configuration is adopted before any TDD step)", async () => {
    repo = makeRepo();
    history(2);
    repo.write({ 'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n' });
    expect(repo.tdd('install').status).toBe(0);
    // The setup commit itself past the hooks too: what it brings is still where the project's rules start.
    bypass(repo, {}, '', 'chore: tdd-hooks');
    bypass(repo, { 'src/math.js': IMPL });
    bypass(repo, { 'src/math.js': 'export const add = () => 0;\n' });
    const r = await runAudit(repo, 'HEAD');
    expect(errors(r)).toEqual(['AUDIT_NO_TRAILERS src/math.js', 'AUDIT_NO_TRAILERS src/math.js']);
    expect(r.json.counts).toMatchObject({ commits: 5, beforeHooks: 3, noTrailers: 2 });
    expect(r.exitCode).toBe(1);
  });

  it('a setup commit with 1,200 commits before it is no commit made past the hooks (the look-back reads to the start)', async () => {
    repo = makeRepo();
    history(1200);
    adopt();
    const r = await runAudit(repo, 'setup~1..HEAD');
    expect(errors(r)).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(r.json.counts).toMatchObject({ commits: 3, beforeHooks: 1, red: 1, green: 1 });
  });
});
