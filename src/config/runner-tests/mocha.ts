/**
 * mocha's test files (mocha 12, lib/cli/options.cjs and lookup-files.js): the `spec` of the test
 * script's mocha command, of the first `.mocharc.{yaml,yml,jsonc,json}` and of package.json's
 * `mocha` key, all together; `test` (a folder) when none names one. A folder spec holds its files
 * with one of `extension` (default js, cjs, mjs), and those of its subfolders with `recursive`; a
 * glob spec is taken as it is. `ignore` leaves files out. A `.mocharc.{js,cjs,mjs}`, `--config` or
 * `--package` is code or another file: unknown. Pure.
 */
import { testScriptCommands } from '../detect.js';
import { MOCHA_FILES } from './files.js';
import { parseJsonc, parseYamlTop, type Scalar } from './formats.js';
import { asRecord, cleanRelative, hasMagic, stringList, under, type RunnerFolder } from './paths.js';
import type { TestMatch } from '../schema.js';

const DEFAULT_EXTENSIONS = ['js', 'cjs', 'mjs'];

interface MochaOptions {
  spec: string[];
  extension: string[];
  ignore: string[];
  recursive?: boolean;
}

/** Options of mocha's run command that take a value (lib/cli/run-option-metadata.cjs), aliases included. */
const VALUED = new Set(
  [
    'extension',
    'file',
    'global',
    'globals',
    'ignore',
    'exclude',
    'node-option',
    'reporter-option',
    'reporter-options',
    'require',
    'spec',
    'watch-files',
    'watch-ignore',
  ]
    .concat(['retries', 'jobs', 'config', 'fgrep', 'grep', 'package', 'reporter', 'ui', 'slow', 'timeout', 'timeouts'])
    .concat(['f', 'g', 'j', 'n', 'R', 'O', 'r', 's', 't', 'u']),
);

/** A test script's `mocha …` as options; undefined when it reads another configuration file. */
export function parseMochaCommand(words: string[]): MochaOptions | undefined {
  const o: MochaOptions = { spec: [], extension: [], ignore: [] };
  const unquote = (w: string) => w.replace(/^(["'])(.*)\1$/, '$2');
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (!word.startsWith('-')) {
      o.spec.push(unquote(word));
      continue;
    }
    const eq = word.indexOf('=');
    const name = word.replace(/^--?/, '').slice(0, eq < 0 ? undefined : eq - (word.startsWith('--') ? 2 : 1));
    const valued = VALUED.has(name);
    const value = eq >= 0 ? word.slice(eq + 1) : valued ? words[++i] : undefined;
    if (name === 'config' || name === 'package' || name === 'no-config' || name === 'no-package') return undefined;
    if (value === undefined) {
      if (name === 'recursive') o.recursive = true;
      continue;
    }
    const values = unquote(value).split(',');
    if (name === 'spec') o.spec.push(...values);
    else if (name === 'extension') o.extension.push(...values);
    else if (name === 'ignore' || name === 'exclude') o.ignore.push(...values);
  }
  return o;
}

/** `spec`, `extension`, `ignore`, `recursive` of a parsed configuration; undefined when one of them has another shape. */
function optionsOf(get: (key: string) => Scalar | unknown): MochaOptions | undefined {
  const list = (key: string): string[] | undefined => {
    const v = get(key);
    return v === undefined ? [] : stringList(v);
  };
  const [spec, extension, ignore] = [list('spec'), list('extension'), list('ignore') ?? list('exclude')];
  const recursive = get('recursive');
  if (!spec || !extension || !ignore || (recursive !== undefined && typeof recursive !== 'boolean')) return undefined;
  return { spec, extension, ignore, ...(recursive === undefined ? {} : { recursive }) };
}

function readRc(folder: RunnerFolder): MochaOptions | undefined | 'code' {
  for (const name of MOCHA_FILES) {
    const text = folder.read(name);
    if (text === null) continue;
    if (/\.[cm]?js$/.test(name)) return 'code';
    if (/\.ya?ml$/.test(name)) {
      const keys = parseYamlTop(text);
      return optionsOf((k) => (keys.has(k) ? (keys.get(k) ?? null) : undefined));
    }
    const rc = asRecord(parseJsonc(text));
    return rc ? optionsOf((k) => rc[k]) : undefined;
  }
  return { spec: [], extension: [], ignore: [] };
}

/**
 * mocha's test files in `folder`, or undefined when they cannot be read as data. `fallback`: the
 * globs used when nothing names a spec (mocha's own `test` folder is added to them: a test file
 * the script passes by another name stays a test).
 */
export function readMochaTests(folder: RunnerFolder, fallback: string[]): TestMatch | undefined {
  const rc = readRc(folder);
  if (rc === undefined || rc === 'code') return undefined;
  const pkg = folder.packageJson?.mocha;
  const fromPkg = pkg === undefined ? rc : asRecord(pkg) ? optionsOf((k) => asRecord(pkg)![k]) : undefined;
  if (!fromPkg) return undefined;
  const scripts: MochaOptions[] = [];
  for (const words of testScriptCommands(folder.packageJson)) {
    if (words[0] !== 'mocha' && words[0] !== '_mocha') continue;
    const o = parseMochaCommand(words);
    if (!o) return undefined;
    scripts.push(o);
  }
  const all = [...scripts, rc, ...(pkg === undefined ? [] : [fromPkg])];
  const spec = all.flatMap((o) => o.spec);
  const extensions = [...new Set(all.flatMap((o) => o.extension).map((e) => e.replace(/^\./, '')))];
  const recursive = all.find((o) => o.recursive !== undefined)?.recursive ?? false;
  const tests = specGlobs(spec.length > 0 ? spec : ['test'], extensions.length > 0 ? extensions : DEFAULT_EXTENSIONS, recursive);
  if (!tests) return undefined;
  const ignore: string[] = [];
  for (const i of all.flatMap((o) => o.ignore)) {
    const clean = cleanRelative(i);
    if (clean === undefined) return undefined;
    ignore.push(under(folder.root, clean));
  }
  const globs = tests.map((g) => under(folder.root, g));
  return { tests: spec.length > 0 ? globs : [...new Set([...globs, ...fallback])], ...(ignore.length > 0 ? { ignore } : {}) };
}

/** Each spec as globs relative to the folder: a glob as it is; a path as a file, the file with an extension, or a folder. */
function specGlobs(spec: string[], extensions: string[], recursive: boolean): string[] | undefined {
  const ext = extensions.length === 1 ? extensions[0]! : `{${extensions.join(',')}}`;
  const globs: string[] = [];
  for (const s of spec) {
    const clean = cleanRelative(s);
    if (clean === undefined) return undefined;
    if (hasMagic(clean)) globs.push(clean);
    else if (clean === '.') globs.push(recursive ? `**/*.${ext}` : `*.${ext}`);
    else globs.push(clean, `${clean}.${ext}`, recursive ? `${clean}/**/*.${ext}` : `${clean}/*.${ext}`);
  }
  return globs;
}
