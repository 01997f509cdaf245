/**
 * Real husky 9: `npx husky init` writes `npm test` into .husky/pre-commit. Ahead of our block it
 * runs the suite on the working tree and stops every RED commit before tdd-hooks sees it. install
 * names the line, doctor fails on it with the fix, `--replace-test-line` comments it out, and
 * uninstall gives the script back byte for byte.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, codesOf, fingerprint } from '../../helpers/cycle.js';
import { FINDING_CODES } from '../../../src/report/messages.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';

interface Check {
  id: string;
  status: string;
  code: string;
  fix?: string;
}

const TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { slugify } from '../src/slug.js';\n\ntest('slugify', () => {\n  assert.equal(slugify('A B'), 'a-b');\n});\n";

describe('husky 9 `husky init`, then tdd-hooks install', () => {
  let r: Repo;
  let initScript: string;
  beforeAll(() => {
    r = makeRepo({
      'package.json':
        JSON.stringify({ name: 'p', private: true, type: 'module', scripts: { test: 'node --test' }, devDependencies: { husky: '9.1.7' } }, null, 2) + '\n',
      '.gitignore': 'node_modules\n',
    });
    // As `npm i -D husky tdd-hooks` leaves it: the hooks run node_modules/tdd-hooks/bin/tdd.js.
    mkdirSync(join(r.dir, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(join(PROJECT_ROOT, 'node_modules', 'husky'), join(r.dir, 'node_modules', 'husky'), 'dir');
    symlinkSync('../husky/bin.js', join(r.dir, 'node_modules', '.bin', 'husky'));
    symlinkSync(PROJECT_ROOT, join(r.dir, 'node_modules', 'tdd-hooks'), 'dir');
    const init = r.run('npx', ['--no-install', 'husky', 'init']);
    expect(init.status, init.stderr).toBe(0);
    initScript = r.read('.husky/pre-commit');
    expect(initScript).toBe('npm test\n');
  });
  afterAll(() => r.cleanup());

  it('install and doctor name the test line; RED fails inside husky until it is replaced; uninstall gives it back', () => {
    const install = r.tdd('install', '--json');
    expect(install.status, install.stderr).toBe(0);
    const report = JSON.parse(install.stdout) as { mode: string; hooks: { hook: string; testLines?: { line: number; text: string; replaced: boolean }[] }[] };
    expect(report.mode).toBe('husky');
    expect(report.hooks.find((h) => h.hook === 'pre-commit')?.testLines).toEqual([{ line: 1, text: 'npm test', replaced: false }]);

    const doctor = r.tdd('doctor', '--json');
    expect(doctor.status).toBe(1);
    const check = (JSON.parse(doctor.stdout) as { checks: Check[] }).checks.find((c) => c.id === 'hook-pre-commit');
    expect(check).toMatchObject({ status: 'fail', code: 'HUSKY_TEST_LINE' });
    expect(check?.fix).toContain('--replace-test-line');

    // The setup commit passes (an empty suite passes); a RED commit fails in `npm test`, before tdd-hooks.
    r.git('add', '-A');
    attemptCommit(r, 0, 'SETUP_COMMIT');
    r.tdd('phase', 'red');
    r.write({ 'test/slug.test.js': TEST });
    r.git('add', 'test/slug.test.js');
    const before = fingerprint(r);
    const stopped = r.commit('test: slugify');
    expect(stopped.status).not.toBe(0);
    // tdd-hooks never ran: no finding of ours (node's own `[ERR_MODULE_NOT_FOUND]` aside).
    expect(codesOf(stopped).filter((c) => (FINDING_CODES as string[]).includes(c))).toEqual([]);
    expect(fingerprint(r)).toBe(before);

    const fixed = r.tdd('install', '--replace-test-line', '--json');
    expect(fixed.status, fixed.stderr).toBe(0);
    expect((JSON.parse(fixed.stdout) as typeof report).hooks.find((h) => h.hook === 'pre-commit')?.testLines).toEqual([
      { line: 1, text: 'npm test', replaced: true },
    ]);
    const healthy = (JSON.parse(r.tdd('doctor', '--json').stdout) as { checks: Check[] }).checks.find((c) => c.id === 'hook-pre-commit');
    expect(healthy).toMatchObject({ status: 'ok', code: 'HOOK_OK' });

    // Now the RED commit reaches tdd-hooks: a failing test, for the right reason.
    r.git('add', '.husky/pre-commit', 'test/slug.test.js');
    attemptCommit(r, 0);

    const un = r.tdd('uninstall');
    expect(un.status, un.stderr).toBe(0);
    expect(r.read('.husky/pre-commit')).toBe(initScript);
  });
});
