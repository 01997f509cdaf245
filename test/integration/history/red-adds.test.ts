/**
 * RED adds; it does not take away — through real `git commit` with vitest and pytest: a RED that
 * weakens or deletes a test that passed at its parent is refused (RED_CHANGES_PASSING_TEST), the
 * tree untouched; one that only adds a test beside the old ones is accepted; `--revise "why"`
 * declares a change for one commit (TDD-Revise). The same weakening amended in past the hooks
 * (`--amend --no-verify`, the RED trailers kept) fails `tdd audit`.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, codesOf, trailersOf } from '../../helpers/cycle.js';
import { copyRepo, makeRepo, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

interface Flavour {
  name: string;
  files: Record<string, string>;
  test: string;
  /** The test file: the first test; beside it a second; the first weakened; the first deleted. */
  first: string;
  beside: string;
  weakened: string;
  deleted: string;
  impl: [string, string];
  impl2: [string, string];
  linkNodeModules?: true;
}

const VT_HEAD = "import { describe, expect, it } from 'vitest';\nimport { greet, shout } from '../src/greet.js';\n\ndescribe('greet', () => {\n";
const VT_HELLO = "  it('says hello', () => {\n    expect(greet('bob')).toBe('hello bob');\n  });\n";
const VT_SHOUT = "  it('shouts', () => {\n    expect(shout('bob')).toBe('HELLO BOB');\n  });\n";
const PY_HELLO = 'def test_says_hello():\n    assert greet("bob") == "hello bob"\n';
const PY_SHOUT = '\n\ndef test_shouts():\n    assert shout("bob") == "HELLO BOB"\n';
const PY_HEAD = 'from greet import greet, shout\n\n\n';

const FLAVOURS: Flavour[] = [
  {
    name: 'vitest',
    files: { 'package.json': '{ "name": "p", "private": true, "type": "module", "devDependencies": { "vitest": "*" } }\n', '.gitignore': 'node_modules\n' },
    test: 'test/greet.test.js',
    first: `${VT_HEAD}${VT_HELLO}});\n`,
    beside: `${VT_HEAD}${VT_HELLO}\n${VT_SHOUT}});\n`,
    weakened: `${VT_HEAD}${VT_HELLO.replace(".toBe('hello bob')", '.toBeTruthy()')}\n${VT_SHOUT}});\n`,
    deleted: `${VT_HEAD}${VT_SHOUT}});\n`,
    impl: ['src/greet.js', 'export const greet = (n) => `hello ${n}`;\nexport const shout = () => "";\n'],
    impl2: ['src/greet.js', 'export const greet = (n) => `hello ${n}`;\nexport const shout = (n) => greet(n).toUpperCase();\n'],
    linkNodeModules: true,
  },
  {
    name: 'pytest',
    files: { 'pytest.ini': '[pytest]\n', 'greet.py': '"""Greetings."""\n' },
    test: 'test_greet.py',
    first: `${PY_HEAD}${PY_HELLO}`,
    beside: `${PY_HEAD}${PY_HELLO}${PY_SHOUT}`,
    weakened: `${PY_HEAD}${PY_HELLO.replace('== "hello bob"', 'is not None')}${PY_SHOUT}`,
    deleted: `${PY_HEAD}${PY_SHOUT.trimStart()}`,
    impl: ['greet.py', 'def greet(n):\n    return "hello " + n\n\n\ndef shout(n):\n    return ""\n'],
    impl2: ['greet.py', 'def greet(n):\n    return "hello " + n\n\n\ndef shout(n):\n    return greet(n).upper()\n'],
  },
];

function setup(f: Flavour): Repo {
  const r = makeRepo(f.files);
  if (f.linkNodeModules) symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(r.dir, 'node_modules'), 'dir');
  expect(r.tdd('install').status).toBe(0);
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  attemptCommit(r, 0);
  // Task 1: says hello, RED then GREEN.
  r.tdd('phase', 'red', '--task', '1');
  r.write({ [f.test]: f.first });
  r.git('add', '-A');
  attemptCommit(r, 0);
  r.write({ [f.impl[0]]: f.impl[1] });
  r.git('add', '-A');
  attemptCommit(r, 0);
  return r;
}

describe.each(FLAVOURS)('$name: RED adds; it does not take away', (f) => {
  // The skeleton and task 1 (RED, GREEN) once per flavour; each case starts from a copy.
  let template: Repo;
  beforeAll(() => {
    template = setup(f);
  });
  afterAll(() => template.cleanup());

  it('refuses a RED that weakens or deletes the passing test; accepts one that adds beside it; the audit refuses the weakening amended in', () => {
    const r = (repo = copyRepo(template));
    r.tdd('phase', 'red', '--task', '2');
    // The old test weakened beside the new one: refused, the test named, nothing touched.
    r.write({ [f.test]: f.weakened });
    r.git('add', '-A');
    const out = attemptCommit(r, 1, 'RED_CHANGES_PASSING_TEST');
    expect(out).toMatch(/says[ _]hello/);
    // Deleted: refused too.
    r.write({ [f.test]: f.deleted });
    r.git('add', '-A');
    attemptCommit(r, 1, 'RED_CHANGES_PASSING_TEST');
    // The honest RED: the new test beside the old one.
    r.write({ [f.test]: f.beside });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('red');
    expect(r.tdd('audit', 'HEAD~1..HEAD').status).toBe(0);
    // The weakening amended in past the hooks keeps the RED trailers: the audit refuses it.
    r.write({ [f.test]: f.weakened });
    r.git('add', '-A');
    r.git('commit', '-q', '--amend', '--no-verify', '--no-edit');
    expect(trailersOf(r)['TDD-Phase']).toBe('red');
    const audit = r.tdd('audit', 'HEAD~1..HEAD', '--json');
    expect(audit.status, audit.stdout + audit.stderr).toBe(1);
    const findings = (JSON.parse(audit.stdout) as { findings: { code: string; path?: string; data?: { test?: string } }[] }).findings;
    expect(findings.map((x) => [x.code, x.path])).toEqual([['AUDIT_RED_CHANGES_PASSING_TEST', f.test]]);
    expect(findings[0]!.data?.test).toMatch(/says[ _]hello/);
  });

  it('a declared --revise lets one RED change the old test, recorded and shown; the next RED is guarded again', () => {
    const r = (repo = copyRepo(template));
    expect(r.tdd('phase', 'red', '--task', '2', '--revise', 'the greeting is checked by shout now').status).toBe(0);
    const status = JSON.parse(r.tdd('status', '--json').stdout) as { revise: string | null };
    expect(status.revise).toBe('the greeting is checked by shout now');
    r.write({ [f.test]: f.weakened });
    r.git('add', '-A');
    const c = r.commit('test: revise');
    expect(c.status, c.stdout + c.stderr).toBe(0);
    expect(codesOf(c)).toContain('RED_REVISED');
    expect(trailersOf(r)).toMatchObject({ 'TDD-Phase': 'red', 'TDD-Revise': 'the greeting is checked by shout now' });
    const audit = r.tdd('audit', 'HEAD~1..HEAD', '--json');
    expect(audit.status).toBe(0);
    expect((JSON.parse(audit.stdout) as { findings: { code: string }[] }).findings.map((x) => x.code)).toEqual(['AUDIT_RED_REVISED']);
    // GREEN, then a RED without --revise may not change the old tests.
    r.write({ [f.impl2[0]]: f.impl2[1] });
    r.git('add', '-A');
    attemptCommit(r, 0);
    r.tdd('phase', 'red', '--task', '3');
    expect((JSON.parse(r.tdd('status', '--json').stdout) as { revise: string | null }).revise).toBe(null);
    r.write({ [f.test]: f.deleted });
    r.git('add', '-A');
    attemptCommit(r, 1, 'RED_CHANGES_PASSING_TEST');
  });
});
