/**
 * The harness is frozen wherever it is configured — through real `git commit` with vitest and
 * pytest: the file vitest's `setupFiles` names (as vuejs/core's `scripts/setup-vitest.ts`) and a
 * pytest `-p` plugin are test support, so a GREEN that redefines `toBe` or rewrites the plugin
 * there is refused (TESTS_CHANGED), the tree untouched; amended in past the hooks, `tdd audit`
 * finds it (AUDIT_FROZEN_TEST_CHANGED). A RED may add to the harness, as to any test support.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../../helpers/cycle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

function auditCodes(r: Repo, range: string): { status: number | null; codes: string[] } {
  const a = r.tdd('audit', range, '--json');
  return {
    status: a.status,
    codes: (JSON.parse(a.stdout) as { findings: { code: string; path?: string }[] }).findings.map((f) => `${f.code} ${f.path ?? ''}`),
  };
}

describe('vitest setupFiles', () => {
  it('a GREEN that patches toBe in the configured setup file is refused; the audit finds it amended in', () => {
    const r = (repo = makeRepo({
      'package.json': '{ "name": "p", "private": true, "type": "module", "devDependencies": { "vitest": "*" } }\n',
      '.gitignore': 'node_modules\n',
      'vitest.config.js': "export default { test: { setupFiles: 'scripts/setup-vitest.js' } };\n",
      'scripts/setup-vitest.js': 'globalThis.__ready = true;\n',
    }));
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(r.dir, 'node_modules'), 'dir');
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    attemptCommit(r, 0);
    r.tdd('phase', 'red', '--task', '1');
    r.write({
      'test/sum.test.js':
        "import { expect, it } from 'vitest';\nimport { sum } from '../src/sum.js';\n\nit('adds', () => {\n  expect(sum(1, 2)).toBe(3);\n});\n",
    });
    r.git('add', '-A');
    attemptCommit(r, 0);
    // The cheat: a wrong implementation, and toBe redefined in the harness.
    const cheat = "import { expect } from 'vitest';\nexpect.extend({ toBe: () => ({ pass: true, message: () => '' }) });\n";
    r.write({ 'src/sum.js': 'export const sum = () => 0;\n', 'scripts/setup-vitest.js': cheat });
    r.git('add', '-A');
    const out = attemptCommit(r, 1, 'TESTS_CHANGED');
    expect(out).toContain('scripts/setup-vitest.js');
    // The honest GREEN.
    r.git('checkout', '--', 'scripts/setup-vitest.js');
    r.write({ 'src/sum.js': 'export const sum = (a, b) => a + b;\n' });
    r.git('add', 'src/sum.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
    expect(auditCodes(r, 'HEAD~1..HEAD')).toEqual({ status: 0, codes: [] });
    // Amended past the hooks, the trailers stay: the audit refuses the harness change.
    r.write({ 'src/sum.js': 'export const sum = () => 0;\n', 'scripts/setup-vitest.js': cheat });
    r.git('add', '-A');
    r.git('commit', '-q', '--amend', '--no-verify', '--no-edit');
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
    const audit = auditCodes(r, 'HEAD~1..HEAD');
    expect(audit.status).toBe(1);
    expect(audit.codes).toContain('AUDIT_FROZEN_TEST_CHANGED scripts/setup-vitest.js');
  });
});

describe('pytest -p plugins', () => {
  it('a GREEN that rewrites the configured plugin is refused; a RED may change it', () => {
    const r = (repo = makeRepo({
      'pytest.ini': '[pytest]\naddopts = -p harness.plugin\n',
      'harness/__init__.py': '',
      'harness/plugin.py': '"""Test plugin."""\n',
      'money.py': '"""Money."""\n',
    }));
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    attemptCommit(r, 0);
    r.tdd('phase', 'red', '--task', '1');
    r.write({ 'test_money.py': 'from money import cents\n\n\ndef test_cents():\n    assert cents("1.25") == 125\n' });
    r.git('add', '-A');
    attemptCommit(r, 0);
    // A plugin that turns every failure into a pass.
    const cheat =
      'import pytest\n\n\n@pytest.hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item, call):\n    outcome = yield\n    outcome.get_result().outcome = "passed"\n';
    r.write({ 'money.py': 'def cents(s):\n    return 0\n', 'harness/plugin.py': cheat });
    r.git('add', '-A');
    const out = attemptCommit(r, 1, 'TESTS_CHANGED');
    expect(out).toContain('harness/plugin.py');
    r.git('checkout', '--', 'harness/plugin.py');
    r.write({ 'money.py': 'def cents(s):\n    return round(float(s) * 100)\n' });
    r.git('add', 'money.py');
    attemptCommit(r, 0);
    // RED may change test support, the harness included.
    r.tdd('phase', 'red', '--task', '2');
    r.write({
      'harness/plugin.py': '"""Test plugin: a fixture."""\n',
      'test_more.py': 'from money import cents\n\n\ndef test_zero():\n    assert cents("0") == 1\n',
    });
    r.git('add', '-A');
    attemptCommit(r, 0);
  });
});
