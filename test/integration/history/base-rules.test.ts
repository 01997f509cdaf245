/**
 * The rules are the base's, not the commit's — through real `git commit` (node --test): an off
 * commit that widens `ignore` to src/** lets every later src/ commit in as ignored-only at commit
 * time (the committed rules), says so when it is made (CONFIG_PENDING names the keys) and in
 * `tdd status`; `tdd audit` judges by the configuration at the range's base plus the off commits
 * its policy allows: beyond audit.allowOff, the later commit is untested implementation
 * (AUDIT_NO_TRAILERS) and AUDIT_RULES_WIDENED names the file; allowed, the history is clean.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, codesOf } from '../../helpers/cycle.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

function audit(r: Repo, range = 'HEAD'): { status: number | null; codes: string[] } {
  const a = r.tdd('audit', range, '--json');
  const findings = (JSON.parse(a.stdout) as { findings: { code: string; path?: string; severity: string }[] }).findings;
  return { status: a.status, codes: findings.filter((f) => f.severity === 'error').map((f) => `${f.code}${f.path ? ` ${f.path}` : ''}`) };
}

function history(allowOff: number): Repo {
  const r = makeRepo({ 'package.json': '{ "name": "p", "private": true, "type": "module" }\n', 'src/index.js': 'export const v = 1;\n' });
  expect(r.tdd('install').status).toBe(0);
  r.write({ '.tddrc.json': JSON.stringify({ runner: 'node', audit: { allowOff } }) + '\n' });
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  attemptCommit(r, 0);
  // The widening, declared off: accepted, and its output names what it changes.
  r.tdd('phase', 'off', '--reason', 'src is generated');
  r.write({ '.tddrc.json': JSON.stringify({ runner: 'node', audit: { allowOff }, ignore: ['src/**'] }) + '\n' });
  r.git('add', '.tddrc.json');
  const status = JSON.parse(r.tdd('status', '--json').stdout) as { rulesChanged: { keys: string[] }[] };
  expect(status.rulesChanged.map((c) => c.keys)).toEqual([['ignore']]);
  const c = r.commit('chore: src is generated');
  expect(c.status, c.stdout + c.stderr).toBe(0);
  expect(codesOf(c)).toEqual(expect.arrayContaining(['CONFIG_PENDING', 'PHASE_OFF']));
  // At commit time the committed rules apply: src/ is ignored now, no phase, no test.
  r.write({ 'src/b.js': 'export const b = () => 42;\n' });
  r.git('add', 'src/b.js');
  const later = r.commit('feat: b, untested');
  expect(later.status, later.stdout + later.stderr).toBe(0);
  expect(codesOf(later)).toContain('IGNORED_ONLY');
  return r;
}

describe('tdd audit judges by the rules at the range’s base', () => {
  it('beyond allowOff, the widened ignore is not the judge: AUDIT_RULES_WIDENED and the untested commit; also after --amend --no-verify', () => {
    const r = (repo = history(1));
    expect(audit(r)).toEqual({ status: 1, codes: ['AUDIT_OFF', 'AUDIT_NO_TRAILERS src/b.js', 'AUDIT_RULES_WIDENED src/b.js'] });
    // Only the last commit, its base the widening commit: that base's rules ignore src/**.
    expect(audit(r, 'HEAD~1..HEAD')).toEqual({ status: 0, codes: [] });
    r.write({ 'src/b.js': 'export const b = () => 43;\n' });
    r.git('add', 'src/b.js');
    r.git('commit', '-q', '--amend', '--no-verify', '--no-edit');
    expect(audit(r).codes).toEqual(['AUDIT_OFF', 'AUDIT_NO_TRAILERS src/b.js', 'AUDIT_RULES_WIDENED src/b.js']);
    // From the skeleton on, the widening is the range's first off commit: allowOff 1 allows it.
    expect(audit(r, 'HEAD~2..HEAD')).toEqual({ status: 0, codes: [] });
  });

  it('an off commit the policy allows may change the rules: the history is clean', () => {
    const r = (repo = history(2));
    expect(audit(r)).toEqual({ status: 0, codes: [] });
  });
});
