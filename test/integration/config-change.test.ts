/**
 * The rules do not change beside the tests they judge: a RED commit that widens `ignore` (so that
 * every later implementation commit would pass as "ignored only", untested) is refused, the
 * change goes in as a declared `off` commit, and `tdd audit` finds it in a history made past the hooks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, codesOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n";
const WIDENED = '{ "runner": "node", "ignore": ["src/**"] }\n';

describe('a configuration change in RED', () => {
  it('is refused (CONFIG_CHANGED), in .tddrc.json and in package.json#tdd; declared off, it goes in and is listed', () => {
    const r = (repo = makeRepo({
      'package.json': '{ "name": "p", "private": true, "type": "module" }\n',
      '.tddrc.json': '{ "runner": "node" }\n',
      'src/math.js': 'export const x = 1;\n',
    }));
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('chore: skeleton').status).toBe(0);
    r.tdd('phase', 'red');
    r.write({ 'test/math.test.js': TEST, '.tddrc.json': WIDENED });
    r.git('add', '-A');
    expect(codesOf(r.commit('test: adds'))).toContain('CONFIG_CHANGED');
    r.git('reset', '-q');
    r.git('checkout', '--', '.tddrc.json');
    r.write({ 'package.json': '{ "name": "p", "private": true, "type": "module", "tdd": { "ignore": ["src/**"] } }\n' });
    r.git('add', '-A');
    attemptCommit(r, 1, 'CONFIG_CHANGED');
    r.git('checkout', '--', 'package.json');
    // The honest way: the tests alone, then the configuration declared.
    r.git('add', 'test/math.test.js');
    attemptCommit(r, 0);
    r.write({ '.tddrc.json': WIDENED });
    r.git('add', '.tddrc.json');
    r.tdd('phase', 'off', '--reason', 'src is generated');
    attemptCommit(r, 0);
    // Made past the hooks, the audit still finds it.
    r.tdd('phase', 'red');
    r.write({ 'test/more.test.js': TEST.replace("'adds'", "'adds again'"), '.tddrc.json': '{ "runner": "node" }\n' });
    r.git('add', '-A');
    expect(r.run('git', ['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'test: more', '--trailer', 'TDD-Phase: red']).status).toBe(0);
    const audit = r.tdd('audit', 'HEAD~1..HEAD', '--json');
    expect((JSON.parse(audit.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code)).toContain('AUDIT_RED_CHANGES_CONFIG');
  });
});
