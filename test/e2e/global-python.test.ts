/**
 * Beyond npm projects: a Python project with no package.json, tdd-hooks installed globally
 * (`npm i -g`, here into a private prefix), `tdd-hooks install`, and RED → GREEN through real
 * commits with the real pytest. The hints are spelled for a global install (`tdd …`, no npx), the
 * config names no $schema (no path in the project reaches the package), and `tdd status` warns in
 * a clone with no hooks.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesOf, trailersOf } from '../helpers/cycle.js';
import { sharedPack } from '../helpers/pack.js';
import { isolatedEnv, makeRepo, networkEnv, type Repo } from '../helpers/repo.js';

let repo: Repo;
let prefix: string;
let env: Record<string, string>;

beforeAll(() => {
  const packed = sharedPack();
  prefix = mkdtempSync(join(tmpdir(), 'tdd-global-'));
  execFileSync('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', packed.tarball], {
    env: { ...isolatedEnv(), ...networkEnv() },
    stdio: 'pipe',
  });
  env = { PATH: `${join(prefix, 'bin')}${delimiter}${process.env.PATH}` };
  repo = makeRepo({
    'pyproject.toml': '[project]\nname = "calc"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
    'calc/__init__.py': '',
    '.gitignore': '__pycache__/\n.pytest_cache/\n',
  });
});

afterAll(() => {
  repo?.cleanup();
  rmSync(prefix, { recursive: true, force: true });
});

const run = (cmd: string, ...args: string[]) => repo.run(cmd, args, { env });

describe('npm i -g tdd-hooks in a Python project without package.json', () => {
  it('installs the hooks and a pytest config, with hints for a global install', () => {
    expect(existsSync(join(repo.dir, 'package.json'))).toBe(false);
    const r = run('tdd-hooks', 'install', '--json');
    expect(r.status, r.stderr + r.stdout).toBe(0);
    const out = JSON.parse(r.stdout) as { next: string };
    expect(out.next).toBe('tdd phase red');
    const config = JSON.parse(repo.read('.tddrc.json')) as Record<string, unknown>;
    expect(config).toEqual({ runner: 'pytest' });
    const status = JSON.parse(run('tdd', 'status', '--json').stdout) as { hooksInstalled: boolean; next: string };
    expect(status.hooksInstalled).toBe(true);
  });

  it('walks RED → GREEN through real commits and pytest', () => {
    expect(run('tdd', 'phase', 'off', '--reason', 'skeleton').status).toBe(0);
    repo.git('add', '-A');
    expect(repo.commit('chore: skeleton').status).toBe(0);
    expect(run('tdd', 'phase', 'red', '--task', 'add').status).toBe(0);
    repo.write({ 'tests/test_calc.py': 'from calc import add\n\n\ndef test_adds():\n    assert add(2, 3) == 5\n' });
    repo.git('add', '-A');
    const red = repo.commit('test: add');
    expect(red.status, red.stderr).toBe(0);
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'red', 'TDD-Task': 'add' });
    // A cheat: the test edited in GREEN.
    repo.write({ 'tests/test_calc.py': 'def test_adds():\n    assert True\n', 'calc/__init__.py': 'def add(a, b):\n    return a + b\n' });
    repo.git('add', '-A');
    const cheat = repo.commit('feat: add');
    expect(cheat.status).toBe(1);
    expect(codesOf(cheat)).toContain('TESTS_CHANGED');
    repo.git('checkout', 'HEAD', '--', 'tests/test_calc.py');
    repo.git('add', '-A');
    const green = repo.commit('feat: add');
    expect(green.status, green.stderr).toBe(0);
    expect(trailersOf(repo)['TDD-Phase']).toBe('green');
  });

  it('tdd status warns in a clone that has no hooks yet', () => {
    const clone = mkdtempSync(join(tmpdir(), 'tdd-clone-'));
    try {
      execFileSync('git', ['clone', '-q', repo.dir, clone], { env: repo.env });
      const r = repo.run('tdd', ['status', '--json'], { env });
      expect((JSON.parse(r.stdout) as { hooksInstalled: boolean }).hooksInstalled).toBe(true);
      const s = execFileSync('tdd', ['status', '--json'], { cwd: clone, env: { ...repo.env, ...env }, encoding: 'utf8' });
      expect((JSON.parse(s) as { hooksInstalled: boolean }).hooksInstalled).toBe(false);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });
});
