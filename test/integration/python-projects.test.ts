/**
 * Python projects as their developers set them up, through `tdd-hooks install` and real commits:
 * pallets/click's layout (a src/ package installed editable in a virtualenv, pytest configured in
 * pyproject.toml with addopts, tests/conftest.py, a module `__getattr__` that raises a bare
 * AttributeError), a new keyword argument as the reason for RED, and a REFACTOR beside tests the
 * project skips on this platform.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, codesOf, trailersOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

const UTILS = [
  'def make_str(value):',
  '    return str(value)',
  '',
  '',
  'def __getattr__(name):',
  "    if name == 'OLD_NAME':",
  '        return make_str',
  '    raise AttributeError(name)',
  '',
].join('\n');

/** click's shape: src/click, an editable install in .venv, pytest with addopts and tests/conftest.py, a Windows-only test. */
function clickLike(): Repo {
  const r = (repo = makeRepo({
    'pyproject.toml': [
      '[project]',
      'name = "click"',
      'version = "8.5.0.dev"',
      '',
      '[tool.pytest.ini_options]',
      'testpaths = ["tests"]',
      'filterwarnings = ["error"]',
      'markers = ["stress: slow"]',
      'addopts = "-m \'not stress\'"',
      '',
    ].join('\n'),
    'src/click/__init__.py': 'from .utils import make_str\n',
    'src/click/utils.py': UTILS,
    'tests/conftest.py': 'import pytest\n\n\n@pytest.fixture\ndef runner():\n    return object()\n',
    'tests/test_utils.py':
      'import sys\n\nimport pytest\n\nimport click.utils\n\n\n@pytest.mark.skipif(sys.platform != "win32", reason="Windows only")\ndef test_windows():\n    assert False\n\n\ndef test_make_str():\n    assert click.utils.make_str(1) == "1"\n',
    '.gitignore': '.venv/\n__pycache__/\n.pytest_cache/\n',
  }));
  execFileSync('python3', ['-m', 'venv', '--without-pip', '--system-site-packages', join(r.dir, '.venv')]);
  const site = execFileSync(join(r.dir, '.venv', 'bin', 'python3'), ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])'], {
    encoding: 'utf8',
  }).trim();
  // What an editable install of a src layout writes.
  writeFileSync(join(site, 'click.pth'), `${join(r.dir, 'src')}\n`);
  r.env.PATH = `${join(r.dir, '.venv', 'bin')}:${r.env.PATH}`;
  const install = r.tdd('install', '--json');
  expect(install.status, install.stderr).toBe(0);
  expect(JSON.parse(r.read('.tddrc.json'))).toEqual({ runner: 'pytest' });
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'adopt tdd-hooks');
  expect(r.commit('chore: tdd-hooks').status).toBe(0);
  return r;
}

const SHORTEN_TEST = [
  'import click.utils',
  '',
  '',
  'def test_shorten_keeps_short_text(runner):',
  '    assert click.utils.shorten("abc", 5) == "abc"',
  '',
  '',
  'def test_shorten_cuts_with_an_ellipsis():',
  '    assert click.utils.shorten("abcdefgh", 5) == "abcd…"',
  '',
].join('\n');
const WRONG = '\n\ndef shorten(text, width):\n    return text[:width]\n';
const RIGHT = '\n\ndef shorten(text, width):\n    if len(text) <= width:\n        return text\n    return text[: width - 1] + "…"\n';

describe("pallets/click's set-up", () => {
  it('RED (a function the module’s __getattr__ does not have), trap refused, cheat refused, GREEN, REFACTOR beside a platform skip', () => {
    const r = clickLike();
    r.tdd('phase', 'red', '--task', 'shorten');
    r.write({ 'tests/test_shorten.py': SHORTEN_TEST });
    r.git('add', 'tests/test_shorten.py');
    attemptCommit(r, 0);
    expect(trailersOf(r)).toMatchObject({ 'TDD-Phase': 'red', 'TDD-Evidence': 'pytest: 0 passed, 2 failed (missing-symbol 2)' });

    // The trap: the wrong code staged, the right one only in the work tree.
    r.write({ 'src/click/utils.py': UTILS + WRONG });
    r.git('add', 'src/click/utils.py');
    r.write({ 'src/click/utils.py': UTILS + RIGHT });
    attemptCommit(r, 1, 'GREEN_TESTS_FAIL');
    // The cheat: GREEN edits the test.
    r.write({ 'tests/test_shorten.py': SHORTEN_TEST.replace('== "abcd…"', '!= ""') });
    r.git('add', '-A');
    attemptCommit(r, 1, 'TESTS_CHANGED');
    r.git('checkout', 'HEAD', '--', 'tests/test_shorten.py');
    r.git('add', 'src/click/utils.py');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');

    // REFACTOR: every test file runs, the Windows-only skip among them — a skip this commit did not add.
    r.write({ 'src/click/utils.py': UTILS + RIGHT.replace('    return text[: width - 1] + "…"', '    cut = width - 1\n    return text[:cut] + "…"') });
    r.git('add', 'src/click/utils.py');
    const out = attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('refactor');
    expect(out).toContain('[SKIPS_NOT_ADDED]');

    // A skip the commit adds is still refused in REFACTOR (the test file is frozen since RED).
    r.write({ 'tests/test_utils.py': r.read('tests/test_utils.py').replace('def test_make_str', '@pytest.mark.skip(reason="later")\ndef test_make_str') });
    r.git('add', 'tests/test_utils.py');
    const skipped = r.commit('refactor: skip');
    expect(skipped.status).toBe(1);
    expect(codesOf(skipped)).toContain('TESTS_CHANGED');
  });

  it('RED for a new keyword argument of the project’s function (TypeError: unexpected keyword argument)', () => {
    const r = clickLike();
    r.tdd('phase', 'red', '--task', 'make-str-encoding');
    r.write({
      'tests/test_make_str.py':
        'from click.utils import make_str\n\n\ndef test_bytes_by_encoding():\n    assert make_str(b"\\xc3\\xa9", encoding="utf-8") == "é"\n',
    });
    r.git('add', 'tests/test_make_str.py');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toBe('pytest: 0 passed, 1 failed (missing-symbol 1)');
    r.write({
      'src/click/utils.py': UTILS.replace(
        'def make_str(value):\n    return str(value)',
        'def make_str(value, encoding=None):\n    if encoding is not None:\n        return value.decode(encoding)\n    return str(value)',
      ),
    });
    r.git('add', 'src/click/utils.py');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
  });

  it('a TypeError from the standard library is still the wrong reason', () => {
    const r = clickLike();
    r.tdd('phase', 'red', '--task', 'oops');
    r.write({ 'tests/test_oops.py': 'import json\n\n\ndef test_dumps():\n    assert json.dumps({}, colour=True) == "{}"\n' });
    r.git('add', 'tests/test_oops.py');
    attemptCommit(r, 1, 'RED_WRONG_REASON');
  });
});

describe("pallets/markupsafe's in-place extension (gitignored, beside its sources)", () => {
  it('isolation.link takes a glob of files: the copy has the build product, and the tests that need it run instead of skipping', () => {
    const r = (repo = makeRepo({
      'pyproject.toml': '[project]\nname = "calc"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'calc/__init__.py': '',
      'calc/_native.py': 'def double(x):\n    return 0\n',
      // What markupsafe's conftest does: every test twice, the compiled module's variant skipped when it is not built.
      'tests/conftest.py': [
        'import pytest',
        '',
        'from calc import _native',
        '',
        'try:',
        '    from calc import _speedups',
        'except ImportError:',
        '    _speedups = None',
        '',
        '',
        '@pytest.fixture(params=(_native, pytest.param(_speedups, marks=pytest.mark.skipif(_speedups is None, reason="speedups unavailable"))))',
        'def mod(request):',
        '    return request.param',
        '',
      ].join('\n'),
      '.gitignore': '_speedups*.py\n__pycache__/\n.pytest_cache/\n',
      '.tddrc.json': JSON.stringify({ runner: 'pytest', isolation: { link: ['node_modules', 'calc/_speedups*.py'] } }) + '\n',
    }));
    // The build product (a .py here: a compiled .so names itself the same way to Python): in the work tree only, ignored by git.
    r.write({ 'calc/_speedups.py': 'def double(x):\n    return 0\n' });
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red', '--task', 'double');
    r.write({ 'tests/test_double.py': 'def test_double(mod):\n    assert mod.double(2) == 4\n' });
    r.git('add', 'tests/test_double.py');
    attemptCommit(r, 0);
    r.write({ 'calc/_native.py': 'def double(x):\n    return x + x\n' });
    // The extension rebuilt in place from the (committed) C sources, as `pip install -e .` does.
    r.write({ 'calc/_speedups.py': 'def double(x):\n    return 2 * x\n' });
    r.git('add', 'calc/_native.py');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toBe('pytest: 2 passed, 0 failed');
  });
});
