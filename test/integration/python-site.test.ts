/**
 * Python runs in the hook exactly as it runs without it: the closed-site module (first on
 * PYTHONPATH) prints nothing and leaves `sys.modules` as site.py expects, on an interpreter with no
 * sitecustomize of its own (pyenv, python.org, conda) and on Debian's, which has one — each in a
 * virtualenv and outside. A test that checks a child Python's stderr passes under plain pytest, and
 * its honest RED → GREEN is accepted through real commits; a cheat is still refused.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

/** The interpreters of these machines: pyenv's default (no sitecustomize) and Debian's (its own). */
const PYTHONS: [label: string, path: string][] = [
  ['pyenv 3.11', '/root/.pyenv/versions/3.11.7/bin/python3'],
  ["Debian's /usr/bin/python3", '/usr/bin/python3'],
];

const hasPytest = (python: string) => existsSync(python) && spawnSync(python, ['-m', 'pytest', '--version']).status === 0;

const TEST = [
  'import subprocess',
  'import sys',
  '',
  'from calc import greeting',
  '',
  '',
  'def test_a_child_python_says_only_what_it_was_asked():',
  "    child = subprocess.run([sys.executable, '-c', 'import calc; print(calc.greeting())'], capture_output=True, text=True)",
  "    assert child.stderr == ''",
  "    assert child.stdout == 'hello\\n'",
  '',
  '',
  'def test_the_interpreter_knows_its_site():',
  "    assert greeting() == 'hello'",
  '',
].join('\n');

/** `python3` on PATH is `python` (in a fresh virtualenv seeing its packages, when `venv`). */
function usePython(r: Repo, python: string, venv: boolean): void {
  const bin = join(r.dir, '.bin');
  if (venv) {
    execFileSync(python, ['-m', 'venv', '--without-pip', '--system-site-packages', join(r.dir, '.venv')]);
    r.env.PATH = `${join(r.dir, '.venv', 'bin')}:${r.env.PATH}`;
  } else {
    mkdirSync(bin);
    symlinkSync(python, join(bin, 'python3'));
    r.env.PATH = `${bin}:${r.env.PATH}`;
  }
}

describe.each(PYTHONS)('%s', (_, python) => {
  it.runIf(hasPytest(python)).each([false, true])('in a virtualenv: %s — RED, cheat refused, GREEN accepted, as plain pytest sees it', (venv) => {
    const r = (repo = makeRepo({
      'pyproject.toml': '[project]\nname = "calc"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'calc/__init__.py': '',
      '.gitignore': '.venv/\n.bin/\n__pycache__/\n.pytest_cache/\n',
    }));
    usePython(r, python, venv);
    expect(r.tdd('install').status).toBe(0);
    expect(JSON.parse(r.read('.tddrc.json'))).toEqual({ runner: 'pytest' });
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red', '--task', 'greeting');

    r.write({ 'tests/test_calc.py': TEST });
    r.git('add', 'tests/test_calc.py');
    const red = attemptCommit(r, 0);
    expect(red).not.toContain('sitecustomize');
    expect(trailersOf(r)['TDD-Phase']).toBe('red');

    // A cheat: the test loosened in GREEN.
    r.write({ 'calc/__init__.py': "def greeting():\n    return 'hello'\n", 'tests/test_calc.py': TEST.replace("child.stderr == ''", 'True') });
    r.git('add', '-A');
    attemptCommit(r, 1, 'TESTS_CHANGED');

    r.write({ 'tests/test_calc.py': TEST });
    const plain = r.run('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider']);
    expect(plain.status, plain.stdout + plain.stderr).toBe(0);
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
  });
});

describe.each(PYTHONS)('the closed-site module alone, %s', (_, python) => {
  it.runIf(existsSync(python))('prints nothing and leaves site.py a sitecustomize in sys.modules', () => {
    // The guard's configuration is absent here: the module only steps aside for the one it shadows.
    const site = join(import.meta.dirname, '..', '..', 'src', 'runners', 'python', 'closed-site');
    const r = spawnSync(python, ['-c', "import sys; print(type(sys.modules['sitecustomize']).__name__)"], {
      env: { PATH: process.env.PATH, PYTHONPATH: site },
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('module\n');
    expect(r.status).toBe(0);
  });
});
