/**
 * A RED test whose relative import is one letter from an existing file (`../src/slugfy.js` next to
 * `src/slugify.js`), through real `git commit` with node --test: RED is accepted (it may be the new
 * module) and names the file that exists; GREEN, which no implementation of src/slugify.js can
 * make pass, names it again beside the failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, codesOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { slugify } from '../src/slugfy.js';\n\ntest('slugify', () => {\n  assert.equal(slugify('A B'), 'a-b');\n});\n";

describe('a typo in a RED test’s import', () => {
  let r: Repo;
  beforeAll(() => {
    r = makeRepo({ 'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n', 'src/slugify.js': 'export const lower = (s) => s.toLowerCase();\n' });
    expect(r.tdd('install').status).toBe(0);
    r.tdd('phase', 'off', '--reason', 'skeleton');
    r.git('add', '-A');
    attemptCommit(r, 0);
  });
  afterAll(() => r.cleanup());

  it('is named at RED (accepted) and at GREEN (refused), with the file that exists', () => {
    r.tdd('phase', 'red');
    r.write({ 'test/slug.test.js': TEST });
    r.git('add', 'test/slug.test.js');
    const red = r.commit('test: slugify');
    expect(red.status, red.stderr).toBe(0);
    expect(codesOf(red)).toContain('IMPORT_NEAR_MISS');

    r.write({ 'src/slugify.js': "export const lower = (s) => s.toLowerCase();\nexport const slugify = (s) => lower(s).split(' ').join('-');\n" });
    r.git('add', 'src/slugify.js');
    const out = attemptCommit(r, 1, 'GREEN_FILE_ERROR');
    expect(out).toContain('[IMPORT_NEAR_MISS]');
    r.git('add', 'src/slugify.js');
    const verify = r.tdd('verify', '--json');
    const findings = (JSON.parse(verify.stdout) as { findings: { code: string; path?: string; data?: Record<string, unknown> }[] }).findings;
    expect(findings.find((f) => f.code === 'IMPORT_NEAR_MISS')).toMatchObject({
      path: 'test/slug.test.js',
      data: { specifier: '../src/slugfy.js', nearest: 'src/slugify.js' },
    });
    r.git('reset', '-q');
  });
});
