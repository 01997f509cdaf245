import { describe, expect, it } from 'vitest';
import { detectPythonRunner } from '../../../src/config/detect.js';
import { jsCommandRunner, makeTargetCommands, noxCommands, pythonCommandRunner, toxCommands } from '../../../src/config/runner-commands.js';

describe('jsCommandRunner', () => {
  it.each([
    [['node', '--experimental-vm-modules', 'node_modules/jest/bin/jest.js'], 'jest'],
    [['node', '--import', 'tsx', '--test'], 'node'],
    [['node', '--test', '--import', './vitest-shim.js'], 'node'],
    [['node', 'build.js'], undefined],
    [['tsc', '--noEmit'], undefined],
    [['vitest.config.ts'], undefined],
  ])('%j → %s', (words, runner) => {
    expect(jsCommandRunner(words)).toBe(runner);
  });
});

describe('pythonCommandRunner', () => {
  it.each([
    ['pytest -q tests', 'pytest'],
    ['python -m pytest', 'pytest'],
    ['python3.12 -m pytest -x', 'pytest'],
    ['coverage run -m pytest {posargs}', 'pytest'],
    ['uv run --group test py.test', 'pytest'],
    ['{envpython} -m unittest discover -s tests', 'unittest'],
    ['ruff check .', undefined],
    ['python -m pytest_benchmark_compare', undefined],
  ])('%s → %s', (command, runner) => {
    expect(pythonCommandRunner(command)).toBe(runner);
  });
});

describe('the commands of tox, nox and make', () => {
  it('tox: every testenv’s commands, continuation lines included; not other sections’', () => {
    const ini =
      '[tox]\nenvlist = py3\n\n[testenv]\ndeps = coverage\ncommands =\n    coverage run -m unittest\n    coverage report\n\n[flake8]\ncommands = pytest\n';
    expect(toxCommands(ini)).toEqual(['coverage run -m unittest', 'coverage report']);
    expect(detectPythonRunner({ pytestIni: false, conftest: false, project: true, pytestRuns: true, commands: toxCommands(ini) })).toBe('unittest');
  });

  it('nox: the words of session.run', () => {
    const nox = 'import nox\n\n@nox.session\ndef tests(session):\n    session.install(".")\n    session.run("python", "-m", "pytest", *session.posargs)\n';
    expect(noxCommands(nox)).toEqual(['python -m pytest']);
  });

  it('make: a target’s recipe, its prerequisites’ first; no recipe for an unknown target', () => {
    const mk = 'VAR := x\n.PHONY: test\ntest: lint\n\t@python -m pytest \\\n\t\t-q\nlint:\n\t-ruff check .\n';
    expect(makeTargetCommands(mk, 'test')).toEqual(['ruff check .', 'python -m pytest -q']);
    expect(makeTargetCommands(mk, 'deploy')).toEqual([]);
  });

  it('pytest configured wins over what tox runs', () => {
    expect(detectPythonRunner({ pytestIni: true, conftest: false, commands: ['python -m unittest'] })).toBe('pytest');
  });
});
