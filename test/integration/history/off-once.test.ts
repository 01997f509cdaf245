/**
 * `off` is one commit: through real `git commit` (node --test), a declared off lets one commit in,
 * then the phase it interrupted is back; `--until <task>` keeps it while that task is active; and
 * `tdd audit` fails off commits beyond the `audit.allowOff` of the configuration at its base.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../../helpers/cycle.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n";
const IMPL = 'export const add = (a, b) => a + b;\n';

function phaseOf(r: Repo): { phase: string | null; task: string | null; until: string | null; resumes: string | null } {
  return JSON.parse(r.tdd('phase', '--json').stdout);
}

function auditOf(r: Repo, range = 'HEAD'): { status: number | null; findings: { code: string; severity: string }[] } {
  const a = r.tdd('audit', range, '--json');
  return { status: a.status, findings: (JSON.parse(a.stdout) as { findings: { code: string; severity: string }[] }).findings };
}

function setup(tddrc: object): Repo {
  const r = makeRepo({
    'package.json': '{ "name": "p", "private": true, "type": "module" }\n',
    'src/index.js': 'export const v = 1;\n',
  });
  expect(r.tdd('install').status).toBe(0);
  r.write({ '.tddrc.json': JSON.stringify({ runner: 'node', ...tddrc }) + '\n' });
  r.git('add', '-A');
  expect(r.tdd('phase', 'off', '--reason', 'skeleton').status).toBe(0);
  attemptCommit(r, 0);
  return r;
}

describe('tdd phase off', () => {
  it('applies to the next commit only: the interrupted GREEN comes back, and refuses a test edit again', () => {
    const r = (repo = setup({ audit: { allowOff: 1 } }));
    expect(phaseOf(r).phase).toBe(null);
    r.tdd('phase', 'red', '--task', '1');
    r.write({ 'test/math.test.js': TEST });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(phaseOf(r).phase).toBe('green');
    // An interruption: CI configuration, declared off.
    expect(r.tdd('phase', 'off', '--reason', 'flaky CI').status).toBe(0);
    expect(phaseOf(r)).toMatchObject({ phase: 'off', resumes: 'green', until: null });
    r.write({ 'ci.sh': 'echo ci\n' });
    r.git('add', 'ci.sh');
    const out = attemptCommit(r, 0);
    expect(out).toContain('PHASE_OFF');
    expect(trailersOf(r)).toMatchObject({ 'TDD-Phase': 'off', 'TDD-Reason': 'flaky CI' });
    expect(phaseOf(r)).toMatchObject({ phase: 'green', task: '1' });
    // The next commit is judged as GREEN again: a test edit is refused, the tree untouched.
    r.write({ 'test/math.test.js': TEST.replace('5);', '5, "x");'), 'src/math.js': IMPL });
    r.git('add', '-A');
    attemptCommit(r, 1, 'TESTS_CHANGED');
    r.git('checkout', '--', 'test/math.test.js');
    r.write({ 'src/math.js': IMPL });
    r.git('add', 'src/math.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
    // Two off commits, the policy at the base allows one: the audit fails the second.
    const audit = auditOf(r);
    expect(audit.status).toBe(1);
    expect(audit.findings.map((f) => `${f.code} ${f.severity}`)).toEqual(['AUDIT_OFF info', 'AUDIT_OFF error']);
  });

  it('--until <task> keeps it while that task is active; a one-commit off in a range with allowOff 0 fails the audit, also after --amend --no-verify', () => {
    const r = (repo = setup({}));
    r.tdd('phase', 'red', '--task', '2');
    expect(r.tdd('phase', 'off', '--reason', 'spike', '--until', '3').status).toBe(2);
    expect(r.tdd('phase', 'off', '--reason', 'spike', '--until', '2').status).toBe(0);
    for (const n of [1, 2]) {
      r.write({ [`spike${n}.js`]: `export const s = ${n};\n` });
      r.git('add', '-A');
      attemptCommit(r, 0);
      expect(trailersOf(r)).toMatchObject({ 'TDD-Phase': 'off', 'TDD-Off-Until': 'task:2' });
    }
    expect(phaseOf(r).phase).toBe('off');
    // Declaring a phase ends it.
    r.tdd('phase', 'red', '--task', '2');
    expect(phaseOf(r).phase).toBe('red');
    // The configuration at the base (the skeleton's) allows no off commit: the audit fails both.
    const audit = auditOf(r, 'HEAD~2..HEAD');
    expect(audit.status).toBe(1);
    expect(audit.findings.map((f) => `${f.code} ${f.severity}`)).toEqual(['AUDIT_OFF error', 'AUDIT_OFF error']);
    // Amended past the hooks, the trailers stay and so does the verdict.
    r.write({ 'spike2.js': 'export const s = 22;\n' });
    r.git('add', '-A');
    r.git('commit', '-q', '--amend', '--no-verify', '--no-edit');
    expect(trailersOf(r)['TDD-Phase']).toBe('off');
    const amended = auditOf(r, 'HEAD~2..HEAD');
    expect([amended.status, amended.findings.map((f) => f.code)]).toEqual([1, ['AUDIT_OFF', 'AUDIT_OFF']]);
  });

  it('an off commit the policy allows passes the audit (allowOff true)', () => {
    const r = (repo = setup({ audit: { allowOff: true } }));
    r.tdd('phase', 'off', '--reason', 'docs tooling');
    r.write({ 'tools/gen.js': 'export {};\n' });
    r.git('add', '-A');
    attemptCommit(r, 0);
    const audit = auditOf(r);
    expect(audit.status).toBe(0);
    expect(audit.findings.map((f) => `${f.code} ${f.severity}`)).toEqual(['AUDIT_OFF info', 'AUDIT_OFF info']);
  });

  it('bad input: --until a past time, a task that is not active, --reason without off, --revise without red: exit 2', () => {
    const r = (repo = setup({}));
    expect(r.tdd('phase', 'off', '--reason', 'x', '--until', '2020-01-01T00:00Z').status).toBe(2);
    expect(r.tdd('phase', 'off', '--reason', 'x', '--until', 'nope!').status).toBe(2);
    expect(r.tdd('phase', 'green', '--until', '2099-01-01').status).toBe(2);
    expect(r.tdd('phase', 'green', '--revise', 'x').status).toBe(2);
    expect(r.tdd('phase', 'red', '--revise', '  ').status).toBe(2);
  });
});
