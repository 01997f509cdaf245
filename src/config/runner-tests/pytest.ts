/**
 * pytest's test files (pytest 9, _pytest/config/findpaths.py and python.py): the configuration is
 * the first of pytest.toml, .pytest.toml, pytest.ini, .pytest.ini (each always, even empty),
 * pyproject.toml's [tool.pytest] or [tool.pytest.ini_options], tox.ini's [pytest], setup.cfg's
 * [tool:pytest]. A test file is in one of `testpaths` (folders or globs; anywhere when none) and
 * its name matches one of `python_files` (default `test_*.py *_test.py`). A `python_files` pattern
 * with a `/` is matched on the whole path by fnmatch: unknown. Pure.
 */
import { RUNNER_TESTS, type TestMatch } from '../schema.js';
import { PYTEST_FILES } from './files.js';
import { iniWords, parseIni, parseToml, type Scalar } from './formats.js';
import { cleanRelative, under, type RunnerFolder } from './paths.js';

// pytest's default python_files, as names: the same list as its default globs (schema.ts RUNNER_TESTS).
const DEFAULT_PYTHON_FILES = RUNNER_TESTS.pytest!.map((g) => g.replace(/^\*\*\//, ''));

type Get = (key: string) => Scalar;

/** The configuration pytest would use in this folder; undefined when there is none. */
function readConfig(folder: RunnerFolder): Get | undefined {
  for (const name of PYTEST_FILES) {
    const text = folder.read(name);
    if (text === null) continue;
    if (name.endsWith('.toml')) {
      const tables = parseToml(text);
      if (name !== 'pyproject.toml') return (k) => tables.get('pytest')?.get(k);
      const native = tables.get('tool.pytest');
      const ini = tables.get('tool.pytest.ini_options');
      if (native && native.size > 0) return (k) => native.get(k);
      if (ini) return (k) => ini.get(k);
      continue;
    }
    const sections = parseIni(text);
    const section = sections.get(name === 'setup.cfg' ? 'tool:pytest' : 'pytest');
    if (section) return (k) => section.get(k);
    if (name === 'pytest.ini' || name === '.pytest.ini') return () => undefined;
  }
  return undefined;
}

/** An ini value is words; a TOML one a list (or a string of words). */
function words(v: Scalar): string[] | undefined {
  if (v === undefined) return [];
  if (typeof v === 'string') return iniWords(v);
  return Array.isArray(v) ? v : undefined;
}

/** pytest's test files in `folder`, or undefined when they cannot be read as data (or nothing configures them). */
export function readPytestTests(folder: RunnerFolder): TestMatch | undefined {
  const get = readConfig(folder);
  if (!get) return undefined;
  const testpaths = words(get('testpaths'));
  const configured = words(get('python_files'));
  if (!testpaths || !configured) return undefined;
  const pythonFiles = configured.length > 0 ? configured : DEFAULT_PYTHON_FILES;
  if (pythonFiles.some((p) => p.includes('/'))) return undefined;
  const places: string[] = [];
  for (const p of testpaths) {
    const clean = cleanRelative(p);
    if (clean === undefined) return undefined;
    places.push(clean);
  }
  // pytest's fnmatch: `*` of a file name never meets a `/` there.
  const tests = (places.length > 0 ? places : ['.']).flatMap((place) => {
    const inside = pythonFiles.map((f) => under(folder.root, under(place, `**/${f}`)));
    return place.endsWith('.py') ? [under(folder.root, place), ...inside] : inside;
  });
  return { tests };
}
