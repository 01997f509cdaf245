/**
 * The GitHub Actions workflow the README shows (docs/tdd-audit.yml, the same text): valid YAML in
 * the shape a runner reads, and its `run:` steps, run as the runner runs them (`bash -eo pipefail`, with
 * GITHUB_BASE_REF and GITHUB_STEP_SUMMARY set), in a full clone checked out as actions/checkout checks out a
 * pull request (a merge of the branch into its base, detached), with no hooks installed there: an
 * honest branch passes, a branch with a commit made past the hooks fails with its annotation, and
 * the JSON report the artifact step uploads is written either way.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isolatedEnv, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';
import { branch, bypass, makeHonestRepo, WEAKENED } from './helpers.js';

const FILE = join(PROJECT_ROOT, 'docs', 'tdd-audit.yml');
const text = readFileSync(FILE, 'utf8');

interface Step {
  uses?: string;
  run?: string;
  name?: string;
  if?: string;
  with?: Record<string, unknown>;
}
const workflow = parse(text) as { on: unknown; jobs: Record<string, { 'runs-on': string; steps: Step[] }> };
const steps = workflow.jobs.audit!.steps;

let origin: Repo;
let scratch: string;
beforeAll(() => {
  origin = makeHonestRepo();
  origin.git('branch', 'base', 'skeleton');
  branch(origin, 'weak', 'honest');
  bypass(origin, { 'test/math.test.js': WEAKENED }, '', 'fix: flaky test');
  scratch = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-workflow-')));
});
afterAll(() => {
  origin?.cleanup();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A fresh full clone at the merge of `head` into `base`, as actions/checkout leaves a pull request; tdd-hooks where npm ci puts it. */
function checkout(head: string, as = head): string {
  const dir = join(scratch, as);
  const env = isolatedEnv();
  const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
  expect(spawnSync('git', ['clone', '-q', origin.dir, dir], { env, encoding: 'utf8' }).status).toBe(0);
  expect(git('checkout', '-q', '--detach', 'origin/base').status).toBe(0);
  expect(git('merge', '-q', '--no-ff', '--no-edit', `origin/${head}`).status).toBe(0);
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(PROJECT_ROOT, join(dir, 'node_modules', 'tdd-hooks'), 'dir');
  symlinkSync('../tdd-hooks/bin/tdd.js', join(dir, 'node_modules', '.bin', 'tdd'));
  return dir;
}

/** Each `run:` step after `npm ci` (done by checkout()), as the runner runs it; stops at the first failure unless the step runs `always()`. */
function runSteps(dir: string): { name: string; status: number | null; stdout: string; stderr: string }[] {
  const summary = join(dir, '..', `${dir.split('/').at(-1)}.summary.md`);
  const env = isolatedEnv({ CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_BASE_REF: 'base', GITHUB_STEP_SUMMARY: summary });
  const out: ReturnType<typeof runSteps> = [];
  let failed = false;
  for (const step of steps) {
    if (!step.run || step.run === 'npm ci') continue;
    if (failed && step.if !== 'always()') continue;
    // The runner puts ${{ … }} expressions into the script; this workflow has none (GITHUB_BASE_REF comes from the environment).
    const script = step.run;
    expect(script).not.toContain('${{');
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd: dir, env, encoding: 'utf8' });
    out.push({ name: step.name ?? step.run, status: r.status, stdout: r.stdout, stderr: r.stderr });
    if (r.status !== 0) failed = true;
  }
  return out;
}

describe('docs/tdd-audit.yml', () => {
  it('is the workflow the README shows, valid YAML in the shape Actions reads', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('```yaml\n' + text.trimEnd() + '\n```');
    expect(workflow.on).toBe('pull_request');
    expect(workflow.jobs.audit!['runs-on']).toBe('ubuntu-latest');
    expect(steps[0]).toMatchObject({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
    expect(steps.filter((s) => s.run?.includes('npx tdd audit')).map((s) => s.run)).toEqual([
      expect.stringContaining('--format github'),
      expect.stringContaining('--json > tdd-audit.json'),
    ]);
    expect(steps.at(-1)).toMatchObject({ uses: 'actions/upload-artifact@v4', if: 'always()', with: { path: 'tdd-audit.json' } });
  });

  it('an honest branch: the audit passes, and the report is written', () => {
    const dir = checkout('main');
    const ran = runSteps(dir);
    expect(ran.map((r) => [r.name, r.status])).toEqual([
      ['tdd audit', 0],
      ['tdd audit --json', 0],
    ]);
    expect(ran[0]!.stdout).not.toContain('::error');
    const report = JSON.parse(readFileSync(join(dir, 'tdd-audit.json'), 'utf8'));
    expect(report).toMatchObject({ range: ['origin/base..HEAD'], audited: true, findings: [] });
    expect(report.counts).toMatchObject({ red: 1, green: 1, refactor: 1 });
  });

  it('a commit made past the hooks: the audit step fails with its annotation, the report step still writes it', () => {
    const dir = checkout('weak');
    const ran = runSteps(dir);
    expect(ran.map((r) => [r.name, r.status])).toEqual([
      ['tdd audit', 1],
      ['tdd audit --json', 0],
    ]);
    expect(ran[0]!.stdout).toMatch(/^::error .*title=AUDIT_NO_TRAILERS/m);
    const report = JSON.parse(readFileSync(join(dir, 'tdd-audit.json'), 'utf8'));
    expect(report.findings.map((f: { code: string }) => f.code)).toContain('AUDIT_NO_TRAILERS');
    expect(existsSync(join(dir, '..', 'weak.summary.md'))).toBe(true);
  });
});

/**
 * The composite action (hooks/github-action/action.yml, shipped in the package): its steps run as
 * the runner runs a composite action's bash steps — `${{ inputs.* }}` put into each step's `env:`
 * (never into a script), RUNNER_TEMP and GITHUB_OUTPUT files, `always()` steps after a failure.
 */
interface ActionStep {
  name: string;
  id?: string;
  if?: string;
  shell: string;
  env?: Record<string, string>;
  run: string;
}
const ACTION_FILE = join(PROJECT_ROOT, 'hooks', 'github-action', 'action.yml');
const action = parse(readFileSync(ACTION_FILE, 'utf8')) as {
  inputs: Record<string, { default: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
};

function runAction(dir: string, inputs: Record<string, string> = {}): { steps: [string, number | null][]; stdout: string; outputs: string } {
  const temp = mkdtempSync(join(scratch, 'runner-temp-'));
  const output = join(temp, 'output');
  const base = { CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_BASE_REF: 'base', GITHUB_STEP_SUMMARY: join(temp, 'summary.md') };
  const steps: [string, number | null][] = [];
  let stdout = '';
  let failed = false;
  for (const step of action.runs.steps) {
    if (failed && step.if !== 'always()') continue;
    expect(step.run).not.toContain('${{');
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(step.env ?? {})) {
      env[k] = v
        .replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => inputs[name] ?? action.inputs[name]!.default)
        .replace(/\$\{\{[^}]*\}\}/g, '');
    }
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
      cwd: dir,
      env: isolatedEnv({ ...base, ...env, RUNNER_TEMP: temp, GITHUB_OUTPUT: output }),
      encoding: 'utf8',
    });
    steps.push([step.name, r.status]);
    stdout += r.stdout + r.stderr;
    if (r.status !== 0) failed = true;
  }
  return { steps, stdout, outputs: existsSync(output) ? readFileSync(output, 'utf8') : '' };
}

const codes = (dir: string, file = 'tdd-audit.json'): string[] =>
  (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { findings: { code: string; commit?: string }[] }).findings.map((f) => `${f.code} ${f.commit ?? ''}`);

describe('hooks/github-action/action.yml', () => {
  it('is a composite action whose inputs reach its scripts only through the environment', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(['range', 'shard', 'replay', 'report']);
    expect(action.outputs.findings!.value).toBe('${{ steps.json.outputs.findings }}');
    for (const s of action.runs.steps) expect(s.shell).toBe('bash');
  });

  it('an honest pull request: clean, the report written, the findings output 0', () => {
    const dir = checkout('main', 'action-main');
    const r = runAction(dir);
    expect(r.steps).toEqual([
      ['tdd audit', 0],
      ['tdd audit --json', 0],
    ]);
    expect(r.outputs).toBe('findings=0\n');
    expect(codes(dir)).toEqual([]);
  });

  it('a commit past the hooks: the audit step fails with its annotation, the report and output still say it; two shards together are the whole audit', () => {
    const dir = checkout('weak', 'action-weak');
    const r = runAction(dir);
    expect(r.steps).toEqual([
      ['tdd audit', 1],
      ['tdd audit --json', 0],
    ]);
    expect(r.stdout).toMatch(/^::error .*title=AUDIT_NO_TRAILERS/m);
    const whole = codes(dir);
    expect(whole.some((c) => c.startsWith('AUDIT_NO_TRAILERS'))).toBe(true);
    expect(r.outputs).toBe(`findings=${whole.length}\n`);
    const shards = ['1/2', '2/2'].flatMap((shard, i) => {
      runAction(dir, { shard, report: `shard-${i}.json` });
      return codes(dir, `shard-${i}.json`);
    });
    expect(shards.sort()).toEqual([...whole].sort());
  });

  it('without tdd-hooks installed in the project: exit 2, one error annotation about the project, and no audit', () => {
    const dir = checkout('main', 'action-bare');
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    const r = runAction(dir);
    expect(r.steps[0]).toEqual(['tdd audit', 2]);
    // An error on no file (the project's setup, not a commit), and the only annotation: no audit ran.
    const annotations = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatch(/^::error title=[^:,]+::\S/);
    expect(annotations[0]).not.toMatch(/\bfile=/);
    expect(existsSync(join(dir, 'tdd-audit.json'))).toBe(false);
  });
});
