/**
 * `tdd audit` in-process over a history built through the real hooks: the honest cycle audits
 * clean; each way past the hooks is reported with its code and exit 1; the policies for merges,
 * rebases, cherry-picks, amends and shallow clones hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { branch, bypass, errors, findings, IMPL, makeHonestRepo, runAudit, TEST, WEAKENED } from './helpers.js';

let repo: Repo;
beforeAll(() => {
  repo = makeHonestRepo();
});
afterAll(() => repo.cleanup());

describe('tdd audit', () => {
  it('an honest history audits clean; the off commit is listed', async () => {
    branch(repo, 'honest-case', 'honest');
    const r = await runAudit(repo, 'HEAD');
    expect(errors(r)).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(findings(r).map((f) => f.code)).toEqual(['AUDIT_OFF']);
    expect(r.json.counts).toMatchObject({ commits: 4, off: 1, red: 1, green: 1, refactor: 1 });
  });

  it('a --no-verify commit that edits a frozen test', async () => {
    branch(repo, 'no-verify-frozen', 'red');
    const sha = bypass(repo, { 'test/math.test.js': WEAKENED, 'src/math.js': IMPL });
    // The range starts after the RED commit: the audit looks back for the task's record.
    const r = await runAudit(repo, 'red..HEAD');
    expect(errors(r)).toEqual(['AUDIT_NO_TRAILERS src/math.js', 'AUDIT_FROZEN_TEST_CHANGED test/math.test.js']);
    expect(findings(r, 'error').every((f) => f.commit === sha)).toBe(true);
    expect(r.exitCode).toBe(1);
  });

  it('a forged TDD-Phase: refactor on a commit that edits a frozen test', async () => {
    branch(repo, 'forged-refactor', 'honest');
    bypass(repo, { 'test/math.test.js': WEAKENED }, 'TDD-Phase: refactor\nTDD-Task: T1');
    const r = await runAudit(repo, 'honest..HEAD');
    expect(errors(r)).toEqual(['AUDIT_FROZEN_TEST_CHANGED test/math.test.js']);
    expect(findings(r, 'error')[0]).toMatchObject({ phase: 'refactor' });
    expect(r.exitCode).toBe(1);
  });

  it('a RED commit with implementation', async () => {
    branch(repo, 'red-impl', 'honest');
    bypass(
      repo,
      { 'test/sub.test.js': TEST.replace(/add/g, 'sub').replace('5', '-1'), 'src/sub.js': 'export const sub = (a, b) => a - b;\n' },
      'TDD-Phase: red\nTDD-Task: T2',
    );
    const r = await runAudit(repo, 'honest..HEAD');
    expect(errors(r)).toEqual(['AUDIT_RED_TOUCHES_IMPL src/sub.js']);
    expect(r.exitCode).toBe(1);
  });

  it('a commit with no trailers; a docs-only one needs none', async () => {
    branch(repo, 'no-trailers', 'honest');
    bypass(repo, { 'README.md': '# p\n\nmore\n' });
    expect((await runAudit(repo, 'honest..HEAD')).exitCode).toBe(0);
    bypass(repo, { 'src/index.js': 'export const version = 2;\n' });
    const r = await runAudit(repo, 'honest..HEAD');
    expect(errors(r)).toEqual(['AUDIT_NO_TRAILERS src/index.js']);
    expect(r.json.counts).toMatchObject({ commits: 2, ignored: 1, noTrailers: 1 });
    expect(r.exitCode).toBe(1);
  });

  it('--replay catches a RED commit whose tests never failed; an honest history replays clean', async () => {
    branch(repo, 'never-red', 'honest');
    const passing = TEST.replace("test('adds two numbers'", "test('adds zero'").replace('add(2, 3), 5', 'add(2, 0), 2');
    bypass(repo, { 'test/zero.test.js': passing }, 'TDD-Phase: red\nTDD-Task: T3\nTDD-Evidence: node: 0 passed, 1 failed (assertion 1)');
    const plain = await runAudit(repo, 'honest..HEAD');
    expect(plain.exitCode).toBe(0);
    const replayed = await runAudit(repo, 'honest..HEAD', '--replay');
    expect(errors(replayed)).toEqual(['AUDIT_REPLAY_RED_PASSED']);
    expect(replayed.json.replayed).toBe(1);
    expect(replayed.exitCode).toBe(1);

    branch(repo, 'honest-replay', 'honest');
    const honest = await runAudit(repo, 'HEAD', '--replay');
    expect(errors(honest)).toEqual([]);
    expect(honest.json.replayed).toBe(3);
    expect(honest.exitCode).toBe(0);
  });

  it('--replay also reads what a RED commit’s tests say: a print-only test', async () => {
    branch(repo, 'print-only', 'honest');
    bypass(
      repo,
      { 'test/print.test.js': "import { test } from 'node:test';\n\ntest('prints', () => {\n  console.log('looks fine');\n});\n" },
      'TDD-Phase: red\nTDD-Task: T6',
    );
    expect((await runAudit(repo, 'honest..HEAD')).exitCode).toBe(0);
    const r = await runAudit(repo, 'honest..HEAD', '--replay');
    expect(errors(r)).toEqual(['AUDIT_ASSERTION_MISSING test/print.test.js', 'AUDIT_REPLAY_RED_PASSED']);
  });

  it('--replay reads a RED commit’s helpers as that commit has them', async () => {
    const helped =
      "import { test } from 'node:test';\nimport { expectSum } from './helpers/sum.js';\nimport { add } from '../src/math.js';\n\ntest('adds zero', () => {\n  expectSum(add(2, 0), 3);\n});\n";
    branch(repo, 'helper-asserts', 'honest');
    bypass(
      repo,
      {
        'test/helped.test.js': helped,
        'test/helpers/sum.js': "import assert from 'node:assert/strict';\nexport function expectSum(got, want) {\n  assert.equal(got, want);\n}\n",
      },
      'TDD-Phase: red\nTDD-Task: T7',
    );
    expect(errors(await runAudit(repo, 'honest..HEAD', '--replay'))).toEqual([]);
    branch(repo, 'helper-silent', 'honest');
    bypass(
      repo,
      { 'test/helped.test.js': helped, 'test/helpers/sum.js': 'export function expectSum(got, want) {\n  return got === want;\n}\n' },
      'TDD-Phase: red\nTDD-Task: T7',
    );
    expect(errors(await runAudit(repo, 'honest..HEAD', '--replay'))).toEqual(['AUDIT_ASSERTION_MISSING test/helped.test.js', 'AUDIT_REPLAY_RED_PASSED']);
  });

  it('--replay that cannot run the tests is "could not verify" (exit 3)', async () => {
    branch(repo, 'no-runner', 'honest');
    // A vitest project with no vitest installed: the run proves nothing.
    bypass(repo, { '.tddrc.json': '{ "runner": "vitest" }\n' }, 'TDD-Phase: off\nTDD-Reason: switch runner');
    bypass(repo, { 'test/zero.test.js': TEST.replace('add(2, 3), 5', 'add(2, 0), 3') }, 'TDD-Phase: red\nTDD-Task: T4');
    const r = await runAudit(repo, 'honest..HEAD', '--replay');
    expect(errors(r)).toEqual(['AUDIT_REPLAY_UNVERIFIED']);
    expect(r.exitCode).toBe(3);
  });
});

describe('policies', () => {
  it('merges: the side branch is judged commit by commit; the merge itself needs no trailers, its own edits are listed', async () => {
    branch(repo, 'side', 'honest');
    bypass(
      repo,
      { 'test/mul.test.js': TEST.replace(/add/g, 'mul').replace('../src/math.js', '../src/mul.js').replace('5', '6') },
      'TDD-Phase: red\nTDD-Task: T5',
    );
    bypass(repo, { 'src/mul.js': 'export const mul = (a, b) => a * b;\n' }, 'TDD-Phase: green\nTDD-Task: T5');
    branch(repo, 'trunk', 'honest');
    bypass(repo, { 'README.md': '# p\n\ntrunk\n' });
    repo.git('-c', 'core.hooksPath=/dev/null', 'merge', '-q', '--no-ff', '--no-edit', 'side');
    const clean = await runAudit(repo, 'honest..HEAD');
    expect(findings(clean).map((f) => f.code)).toEqual([]);
    expect(clean.json.counts).toMatchObject({ commits: 4, merge: 1, red: 1, green: 1 });

    // An edit made in the merge itself (no hook checked it) is listed, not failed.
    branch(repo, 'trunk-evil', 'trunk~1');
    repo.git('-c', 'core.hooksPath=/dev/null', 'merge', '-q', '--no-ff', '--no-commit', 'side');
    repo.write({ 'src/mul.js': 'export const mul = (a, b) => a * b + 0;\n' });
    repo.git('add', 'src/mul.js');
    repo.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '--no-edit');
    const evil = await runAudit(repo, 'honest..HEAD');
    expect(findings(evil).map((f) => [f.code, f.severity, f.path])).toEqual([['AUDIT_MERGE_CHANGES', 'warn', 'src/mul.js']]);
    expect(evil.exitCode).toBe(0);
  });

  it('rebased commits are judged by the diff they have now: an honest cycle rebased stays clean', async () => {
    branch(repo, 'new-base', 'skeleton');
    bypass(repo, { 'docs/notes.md': 'notes\n' });
    branch(repo, 'rebased', 'honest');
    repo.git('-c', 'core.hooksPath=/dev/null', 'rebase', '-q', 'new-base');
    const r = await runAudit(repo, 'HEAD');
    expect(errors(r)).toEqual([]);
    expect(r.json.counts).toMatchObject({ commits: 5, red: 1, green: 1, refactor: 1, ignored: 1 });
  });

  it('a GREEN cherry-picked without its RED is a GREEN without RED', async () => {
    branch(repo, 'picked', 'skeleton');
    repo.git('-c', 'core.hooksPath=/dev/null', 'cherry-pick', 'green');
    const r = await runAudit(repo, 'skeleton..HEAD');
    expect(errors(r)).toEqual(['AUDIT_GREEN_WITHOUT_RED']);
    expect(r.exitCode).toBe(1);
  });

  it('a commit amended after the hooks ran keeps trailers that no longer fit its diff: the diff wins', async () => {
    branch(repo, 'amended', 'green');
    repo.write({ 'test/math.test.js': WEAKENED });
    repo.git('add', 'test/math.test.js');
    repo.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '--amend', '--no-edit', '--no-verify');
    const r = await runAudit(repo, 'red..HEAD');
    expect(findings(r, 'error').map((f) => [f.code, f.phase, f.path])).toEqual([['AUDIT_FROZEN_TEST_CHANGED', 'green', 'test/math.test.js']]);
  });

  it('a shallow clone that cuts the range says how to fetch deeper (exit 3); one that holds it audits', async () => {
    const clone = makeRepo();
    try {
      clone.git('-c', 'protocol.file.allow=always', 'clone', '-q', '--depth', '2', '--branch', 'main', `file://${repo.dir}`, 'c');
      const dir = `${clone.dir}/c`;
      const cut = await runAuditAt(dir, clone.env, 'HEAD');
      expect(findings(cut, 'error').map((f) => [f.code, f.data?.reason])).toEqual([['AUDIT_SHALLOW', 'cut']]);
      expect(String((cut.json.findings as { next: string }[])[0]!.next)).toMatch(/git fetch --deepen=\d+.*fetch-depth: 0/);
      expect(cut.exitCode).toBe(3);
      const held = await runAuditAt(dir, clone.env, 'HEAD~1..HEAD');
      expect(errors(held)).toEqual([]);
      await expect(runAuditAt(dir, clone.env, 'origin/nope..HEAD')).rejects.toMatchObject({ exitCode: 2, hint: expect.stringContaining('fetch-depth: 0') });
    } finally {
      clone.cleanup();
    }
  });

  it('without a range: the upstream branch to HEAD; with neither upstream nor origin/HEAD, exit 2 and how to give one', async () => {
    branch(repo, 'main-case', 'honest');
    await expect(runAudit(repo)).rejects.toMatchObject({ code: 'NO_RANGE', exitCode: 2, hint: expect.stringContaining('tdd audit main..HEAD') });
    const clone = makeRepo();
    try {
      clone.git('-c', 'protocol.file.allow=always', 'clone', '-q', '--branch', 'honest-case', `file://${repo.dir}`, 'c');
      const dir = `${clone.dir}/c`;
      clone.run('git', ['-C', dir, 'commit', '-q', '--allow-empty', '--no-verify', '-m', 'local']);
      const r = await runAuditAt(dir, clone.env);
      expect(r.json.range).toEqual(['origin/honest-case..HEAD']);
      expect(r.json.counts).toMatchObject({ commits: 1, empty: 1 });
      expect(r.exitCode).toBe(0);
    } finally {
      clone.cleanup();
    }
  });

  it('usage errors exit 2', async () => {
    await expect(runAudit(repo, '--nope')).rejects.toMatchObject({ code: 'USAGE', exitCode: 2, data: { option: '--nope' } });
    await expect(runAudit(repo, 'no-such-ref..HEAD')).rejects.toMatchObject({ code: 'BAD_RANGE', exitCode: 2 });
  });
});

async function runAuditAt(dir: string, env: NodeJS.ProcessEnv, ...argv: string[]) {
  const { default: audit } = await import('../../../src/cli/commands/audit.js');
  return audit.run({ argv, cwd: dir, env, json: true, color: false });
}
