/**
 * As a new user, with the packed package: `npm pack` this checkout, install the tarball and vitest
 * into a fresh project, and try the GREEN cheats of issue 19 through real `git commit` — each
 * refused with its integrity code and nothing in the tree changed — then the honest Fake It, and
 * the cheat amended in past the hooks, which `tdd audit` refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { sharedPack } from '../helpers/pack.js';
import { makeRepo, networkEnv, type Repo } from '../helpers/repo.js';

const TEST = "import { expect, it } from 'vitest';\nimport { sum } from '../src/sum.js';\n\nit('adds', () => {\n  expect(sum(1, 2)).toBe(3);\n});\n";
const sum = (body: string, head = '') => `${head}export function sum(a, b) {\n${body}\n}\n`;

let repo: Repo;

beforeAll(() => {
  const packed = sharedPack();
  repo = makeRepo({
    'package.json': JSON.stringify({ name: 'app', type: 'module', private: true, scripts: { test: 'vitest run' } }, null, 2) + '\n',
    '.gitignore': 'node_modules/\n',
  });
  const install = repo.run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '-D', packed.tarball, 'vitest@4.1.12', 'vite@8.3.8'], {
    env: networkEnv(),
  });
  expect(install.status, install.stderr).toBe(0);
});

afterAll(() => {
  repo?.cleanup();
});

describe('the packed package refuses what GREEN hides in implementation', () => {
  it('each cheat refused with its code, Fake It accepted, the amended cheat refused by tdd audit', () => {
    const tdd = (...a: string[]) => repo.run('npx', ['--no-install', 'tdd', ...a]);
    expect(tdd('install').status).toBe(0);
    // The skeleton is the one off commit this project's audit policy allows (audit.allowOff, at the base).
    repo.write({ '.tddrc.json': JSON.stringify({ ...JSON.parse(repo.read('.tddrc.json')), audit: { allowOff: 1 } }, null, 2) + '\n' });
    repo.git('add', '-A');
    tdd('phase', 'off', '--reason', 'skeleton');
    expect(repo.commit('chore: skeleton').status).toBe(0);
    tdd('phase', 'red');
    repo.write({ 'test/sum.test.js': TEST });
    repo.git('add', '-A');
    attemptCommit(repo, 0);
    const cheats: [string, string][] = [
      ['IMPL_SNIFFS_RUNNER', sum('  if (process.env.VITEST) return 3;\n  return a - b;')],
      [
        'IMPL_TEST_FRAMEWORK',
        sum('  return a - b;', "import { expect } from 'vitest';\nexpect.extend({ toBe: () => ({ pass: true, message: () => '' }) });\n"),
      ],
      ['IMPL_PATCHES_RUNTIME', sum('  return a - b;', 'Object.is = () => true;\n')],
      [
        'IMPL_READS_TESTS',
        sum(
          "  return Number(/toBe\\((\\d+)\\)/.exec(readFileSync(new URL('../test/sum.test.js', import.meta.url), 'utf8'))[1]);",
          "import { readFileSync } from 'node:fs';\n",
        ),
      ],
    ];
    for (const [code, text] of cheats) {
      repo.write({ 'src/sum.js': text });
      repo.git('add', '-A');
      attemptCommit(repo, 1, code);
    }
    repo.write({ 'src/sum.js': sum('  return 3;') });
    repo.git('add', '-A');
    attemptCommit(repo, 0);
    expect(trailersOf(repo)['TDD-Phase']).toBe('green');
    expect(tdd('audit', 'HEAD').status).toBe(0);
    repo.write({ 'src/sum.js': cheats[0]![1] });
    repo.git('add', '-A');
    repo.git('commit', '-q', '--amend', '--no-verify', '--no-edit');
    const a = tdd('audit', 'HEAD', '--json');
    expect(a.status, a.stdout).toBe(1);
    const findings = (JSON.parse(a.stdout) as { findings: { code: string; data?: { gate?: string } }[] }).findings;
    expect(findings.filter((f) => f.code === 'AUDIT_IMPL_INTEGRITY').map((f) => f.data?.gate)).toEqual(['IMPL_SNIFFS_RUNNER']);
  });
});
