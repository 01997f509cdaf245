/**
 * The harness is frozen wherever it is configured: every file a runner's configuration names to
 * run around the tests — vitest `setupFiles`, `globalSetup`, a custom `environment`, `reporters`;
 * jest `setupFiles`, `setupFilesAfterEnv`, `globalSetup`, `globalTeardown`, `testEnvironment`,
 * `reporters`, `snapshotResolver`, `testSequencer`, `testRunner`; mocha `require` and `file`
 * (.mocharc*, package.json's `mocha`, the test script's `--require`/`--file`); pytest `-p` plugins
 * in `addopts` (conftest.py is test support by default) — is test support. Read from the
 * configuration as data; a JS configuration is code, read with the tokenizer: string literals in
 * those keys, anywhere in the file. A key whose value is built by code is named in `unread` (the
 * hook says so), never guessed. Package names (`jsdom`, `@testing-library/jest-dom`) are not files of
 * the project. Pure.
 */
import { testScriptCommands } from '../detect.js';
import { JEST_CODE_FILES, MOCHA_FILES, PYTEST_FILES, VITEST_FILES } from './files.js';
import { iniWords, parseIni, parseJsonc, parseToml, parseYamlTop } from './formats.js';
import { asRecord, resolveIn, type RunnerFolder } from './paths.js';
import { stringValue, tokenize } from './vitest.js';
import type { RunnerName } from '../schema.js';

export interface Harness {
  /** Globs (exact paths, escaped) of the harness files, repository-relative. */
  files: string[];
  /** Configuration keys whose value is not a literal: `file: key`. */
  unread: { file: string; key: string }[];
}

const VITEST_KEYS = new Set(['setupFiles', 'globalSetup', 'environment', 'reporters']);
const JEST_KEYS = new Set([
  'setupFiles',
  'setupFilesAfterEnv',
  'globalSetup',
  'globalTeardown',
  'testEnvironment',
  'reporters',
  'snapshotResolver',
  'testSequencer',
  'testRunner',
]);
const MOCHA_KEYS = ['require', 'file'];

/**
 * A value that names a file of the project (not a package): relative, `<rootDir>/…`; for vitest
 * (which resolves setupFiles from its root) also a bare path with a code file's extension.
 */
function isProjectPath(s: string, bare: boolean): boolean {
  return /^(\.\.?\/|<rootDir>\/)/.test(s) || (bare && /\.(c|m)?[jt]sx?$/.test(s) && !s.startsWith('@') && !s.includes('node_modules'));
}

const escapeGlob = (p: string): string => p.replace(/[*?[\]{}()!+@\\]/g, '\\$&');

/** The harness file (a glob) a configuration value names, from the runner's folder; undefined for a package or a path outside. */
function harnessGlob(root: string, value: string, bare: boolean): string[] {
  if (!isProjectPath(value, bare)) return [];
  const path = resolveIn(root, value.replace(/^<rootDir>\//, ''));
  if (path === undefined) return [];
  const exact = escapeGlob(path);
  // `./setup` is resolved with an extension (or as a folder's index) by the runner.
  return /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1)) ? [exact] : [exact, `${exact}.*`, `${exact}/index.*`];
}

/** String literals of `keys` anywhere in a JS/TS configuration (a string or an array of them, tuples too); the keys built by code. */
export function scanHarnessKeys(code: string, keys: ReadonlySet<string>): { values: string[]; unread: string[] } {
  const tokens = tokenize(code);
  const values: string[] = [];
  const unread: string[] = [];
  for (let i = 2; i < tokens.length; i++) {
    const keyToken = tokens[i - 2]!;
    if (tokens[i - 1]!.text !== ':' || (keyToken.kind !== 'name' && keyToken.kind !== 'string')) continue;
    const key = stringValue(keyToken) ?? keyToken.text;
    if (!keys.has(key)) continue;
    const t = tokens[i]!;
    const s = stringValue(t);
    if (s !== undefined) {
      values.push(s);
      continue;
    }
    if (t.text !== '[') {
      unread.push(key);
      continue;
    }
    let depth = 0;
    let braces = 0;
    let literal = true;
    for (let j = i; j < tokens.length; j++) {
      const u = tokens[j]!;
      // A reporter's options (`['./rep.js', { summary: false }]`) are not files: an object is skipped whole.
      if (u.text === '{') braces++;
      else if (u.text === '}') braces--;
      else if (braces > 0) continue;
      else if (u.text === '[') depth++;
      else if (u.text === ']') depth--;
      else if (stringValue(u) !== undefined) values.push(stringValue(u)!);
      else if (u.text !== ',') literal = false;
      if (depth === 0 && braces === 0) {
        i = j;
        break;
      }
    }
    if (!literal) unread.push(key);
  }
  return { values, unread };
}

/** The values of `keys` in a parsed JSON configuration (strings, arrays of strings or of `[name, options]`). */
function jsonValues(config: Record<string, unknown>, keys: Iterable<string>): string[] {
  const out: string[] = [];
  const add = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) {
      for (const item of v) {
        const name: unknown = Array.isArray(item) ? item[0] : item;
        if (typeof name === 'string') out.push(name);
      }
    }
  };
  for (const k of keys) add(config[k]);
  return out;
}

/** The runner's harness files in `folder`, from its configuration there. */
export function readRunnerHarness(runner: RunnerName, folder: RunnerFolder): Harness {
  const harness: Harness = { files: [], unread: [] };
  const take = (file: string, found: { values: string[]; unread: string[] }) => {
    for (const v of found.values) harness.files.push(...harnessGlob(folder.root, v, runner === 'vitest'));
    for (const key of found.unread) harness.unread.push({ file: resolveIn(folder.root, file) ?? file, key });
  };
  switch (runner) {
    case 'vitest': {
      const name = VITEST_FILES.find((n) => folder.read(n) !== null);
      if (name) take(name, scanHarnessKeys(folder.read(name)!, VITEST_KEYS));
      break;
    }
    case 'jest': {
      const code = JEST_CODE_FILES.find((n) => folder.read(n) !== null);
      if (code) take(code, scanHarnessKeys(folder.read(code)!, JEST_KEYS));
      const json = folder.read('jest.config.json');
      const parsed = json === null ? undefined : asRecord(parseJsonc(json));
      if (parsed) take('jest.config.json', { values: jsonValues(parsed, JEST_KEYS), unread: [] });
      const pkg = asRecord(folder.packageJson?.jest);
      if (pkg) take('package.json', { values: jsonValues(pkg, JEST_KEYS), unread: [] });
      break;
    }
    case 'mocha':
      readMochaHarness(folder, take);
      break;
    case 'pytest':
      readPytestHarness(folder, take);
      break;
    default:
      break;
  }
  harness.files = [...new Set(harness.files)];
  return harness;
}

type Take = (file: string, found: { values: string[]; unread: string[] }) => void;

function readMochaHarness(folder: RunnerFolder, take: Take): void {
  const rc = MOCHA_FILES.find((n) => folder.read(n) !== null);
  if (rc) {
    const text = folder.read(rc)!;
    if (/\.[cm]?js$/.test(rc)) take(rc, scanHarnessKeys(text, new Set(MOCHA_KEYS)));
    else if (/\.ya?ml$/.test(rc)) {
      const top = parseYamlTop(text);
      take(rc, { values: MOCHA_KEYS.flatMap((k) => [top.get(k) ?? []].flat().filter((v): v is string => typeof v === 'string')), unread: [] });
    } else {
      const parsed = asRecord(parseJsonc(text));
      if (parsed) take(rc, { values: jsonValues(parsed, MOCHA_KEYS), unread: [] });
    }
  }
  const pkg = asRecord(folder.packageJson?.mocha);
  if (pkg) take('package.json', { values: jsonValues(pkg, MOCHA_KEYS), unread: [] });
  // The test script's `mocha --require x --file y` (and -r x, --require=x).
  const values: string[] = [];
  for (const words of testScriptCommands(folder.packageJson)) {
    for (let i = 0; i < words.length; i++) {
      const m = /^(--require|-r|--file)(?:=(.*))?$/.exec(words[i]!);
      if (!m) continue;
      const v = m[2] ?? words[++i];
      if (v) values.push(...v.replace(/^(["'])(.*)\1$/, '$2').split(','));
    }
  }
  take('package.json', { values, unread: [] });
}

/** pytest's `-p name` plugins in addopts: the project's own modules (`-p tests.plugin` → tests/plugin.py), never `no:x`. */
function readPytestHarness(folder: RunnerFolder, take: Take): void {
  for (const name of PYTEST_FILES) {
    const text = folder.read(name);
    if (text === null) continue;
    let addopts: string | string[] | undefined;
    if (name.endsWith('.toml')) {
      const tables = parseToml(text);
      const table = name === 'pyproject.toml' ? (tables.get('tool.pytest') ?? tables.get('tool.pytest.ini_options')) : tables.get('pytest');
      const v = table?.get('addopts');
      addopts = typeof v === 'string' || Array.isArray(v) ? v : undefined;
      if (name === 'pyproject.toml' && !table) continue;
    } else {
      const section = parseIni(text).get(name === 'setup.cfg' ? 'tool:pytest' : 'pytest');
      if (!section && (name === 'tox.ini' || name === 'setup.cfg')) continue;
      addopts = section?.get('addopts');
    }
    const words = typeof addopts === 'string' ? iniWords(addopts) : (addopts ?? []);
    const modules: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const m = /^-p(.*)$/.exec(words[i]!);
      if (!m) continue;
      const mod = m[1] || words[++i] || '';
      if (mod && !mod.startsWith('no:') && /^[\w.]+$/.test(mod)) modules.push(`./${mod.replace(/\./g, '/')}.py`, `./${mod.replace(/\./g, '/')}/__init__.py`);
    }
    take(name, { values: modules, unread: [] });
    return;
  }
}
