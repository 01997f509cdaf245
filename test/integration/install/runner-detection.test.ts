/**
 * install reads the project the way its runner does: a conftest.py or a tests/ folder is not a
 * project root (pytest finds its rootdir by its config files); a second runner of the same kind
 * only where a project marker of its own says so; the documented ways of starting each runner
 * (jest's ESM line through node, a Makefile's test target, tox calling unittest).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

const pkg = (o: Record<string, unknown>) => JSON.stringify(o) + '\n';

function installed(files: Record<string, string>): unknown {
  const r = (repo = makeRepo(files));
  const out = r.tdd('install', '--json');
  expect(out.status, out.stderr).toBe(0);
  return JSON.parse(r.read('.tddrc.json'));
}

describe('Python: where pytest finds its rootdir', () => {
  it("pallets/click's layout: pytest configured in pyproject.toml, tests/conftest.py → one pytest runner", () => {
    expect(
      installed({
        'pyproject.toml': '[project]\nname = "click"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\naddopts = "-m \'not stress\'"\n',
        'src/click/__init__.py': '',
        'tests/conftest.py': 'import pytest\n',
        'tests/test_basic.py': 'def test_x():\n    assert True\n',
        'docs/conftest.py': '',
      }),
    ).toEqual({ runner: 'pytest' });
  });

  it('a folder below with its own pyproject.toml is a second project; test/ with a pytest.ini is not', () => {
    expect(
      installed({
        'pyproject.toml': '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
        'tests/conftest.py': '',
        'test/pytest.ini': '[pytest]\n',
        'plugin/pyproject.toml': '[project]\nname = "plugin"\n\n[tool.pytest.ini_options]\n',
        'plugin/conftest.py': '',
      }),
    ).toEqual({ runners: [{ runner: 'pytest' }, { runner: 'pytest', root: 'plugin' }] });
  });

  it('tox running unittest, no pytest configuration: unittest, whether or not pytest runs on this machine', () => {
    expect(
      installed({
        'setup.py': 'from setuptools import setup\nsetup(name="calc")\n',
        'tox.ini': '[tox]\nenvlist = py3\n\n[testenv]\ncommands =\n    python -m unittest discover -s tests\n',
      }),
    ).toEqual({ runner: 'unittest' });
  });

  it('a Makefile whose test target runs python -m pytest, and no other sign of Python', () => {
    expect(installed({ Makefile: '.PHONY: test\ntest:\n\t@python3 -m pytest -q\n', 'app.py': '' })).toEqual({ runner: 'pytest' });
  });
});

describe('JS: the runner named in the command wins over node', () => {
  it.each([
    ["jest's ESM line", { test: 'node --experimental-vm-modules node_modules/jest/bin/jest.js' }, 'jest'],
    ['npx jest', { test: 'npx jest --ci' }, 'jest'],
    ['vitest run', { test: 'vitest run' }, 'vitest'],
    ['c8 mocha', { test: 'c8 --reporter lcov mocha' }, 'mocha'],
  ])('%s (no dependency to say it)', (_, scripts, runner) => {
    expect(installed({ 'package.json': pkg({ name: 'p', type: 'module', scripts }) })).toEqual({ runner });
  });

  it('make test, and the Makefile calls jest', () => {
    expect(
      installed({
        'package.json': pkg({ name: 'p', scripts: { test: 'make test' } }),
        Makefile: 'test: build\n\tNODE_OPTIONS=--experimental-vm-modules npx jest\nbuild:\n\ttsc\n',
      }),
    ).toEqual({ runner: 'jest' });
  });
});
