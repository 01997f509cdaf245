import { DEFAULTS, RUNNERS, type Config, type RunnerSpec } from './schema.js';
import { ASSERT_NAME_PATTERN } from '../lang/scan/assert-names.js';
import { nearest } from '../nearest.js';
import { INTEGRITY_CODES } from '../gates/integrity/rule.js';

/** One problem with a configuration file: where (file and key path), what was found, what is expected. */
export interface ConfigProblem {
  file: string;
  key: string;
  expected: string;
  found: string;
  /** For an unknown key: the known key nearest to it (`timeoutSecs` → `timeoutSeconds`). */
  suggestion?: string;
}

export interface ValidateResult {
  config: Config;
  problems: ConfigProblem[];
}

type Check = (value: unknown) => string | undefined;

const stringArray: Check = (v) =>
  Array.isArray(v) && v.every((s) => typeof s === 'string' && s.length > 0) ? undefined : 'an array of non-empty strings (globs)';
const boolean: Check = (v) => (typeof v === 'boolean' ? undefined : 'true or false');
const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? undefined : `one of ${values.map((s) => `"${s}"`).join(', ')}`;
const positiveNumber: Check = (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? undefined : 'a number greater than 0');
/** Node's timers hold at most 2³¹−1 ms (about 24.8 days); a longer one fires at once. */
const MAX_SECONDS = Math.floor((2 ** 31 - 1) / 1000);
const seconds: Check = (v) => positiveNumber(v) ?? ((v as number) <= MAX_SECONDS ? undefined : `a number of seconds up to ${MAX_SECONDS} (about 24 days)`);

const positiveInteger: Check = (v) => (Number.isInteger(v) && (v as number) > 0 ? undefined : 'a whole number greater than 0');
const stringOrNull: Check = (v) => (v === null || (typeof v === 'string' && v.length > 0) ? undefined : 'a non-empty string, or null');
const commands: Check = (v) =>
  Array.isArray(v) && v.every((s) => typeof s === 'string' && s.trim().length > 0) ? undefined : 'an array of commands (non-empty strings)';
const regexes: Check = (v) => {
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string' && s.length > 0)) return 'an array of regular expressions (strings)';
  for (const s of v as string[]) {
    try {
      new RegExp(s);
    } catch {
      return `valid regular expressions ("${s}" is not one)`;
    }
  }
  return undefined;
};

const callPatterns: Check = (v) =>
  Array.isArray(v) && v.every((s) => typeof s === 'string' && ASSERT_NAME_PATTERN.test(s))
    ? undefined
    : 'an array of call names such as "ruleTester.run", "request.**.expect" or "eqnice!"';

const command: Check = (v) => (v === null || (typeof v === 'string' && v.trim().length > 0) ? undefined : 'a command (a non-empty string), or null');

/** `isolation.build`: a command, `{"command": …, "inputs": [globs]}`, or null. */
const isolationBuild: Check = (v) => {
  const expected = 'a build command ("npm run build:test"), {"command": "npm run build:test", "inputs": ["packages/*/src/**"]}, or null';
  if (v === null || (typeof v === 'string' && v.trim().length > 0)) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) return expected;
  const { command: c, inputs, ...rest } = v as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `${expected} (unknown key "${Object.keys(rest)[0]}")`;
  if (typeof c !== 'string' || c.trim().length === 0) return `${expected} ("command" missing)`;
  return inputs === undefined || !stringArray(inputs) ? undefined : `${expected} ("inputs" must be an array of non-empty globs)`;
};

/** A repository-relative folder: no absolute path, no `..`, no backslash. */
const folder: Check = (v) =>
  typeof v === 'string' && v.length > 0 && !v.startsWith('/') && !/^[A-Za-z]:/.test(v) && !v.includes('\\') && !v.split('/').includes('..')
    ? undefined
    : 'a folder of the repository, relative to its top ("." or "services/api"), without ".."';

const SPEC_CHECKS: Record<string, Check> = { runner: oneOf(RUNNERS), tests: stringArray, root: folder, testCommand: command, testTargetedCommand: command };

/** `runners`: an array of {runner, tests?, root?, testCommand?, testTargetedCommand?}; problems name `runners[i].key`. */
function checkRunners(value: unknown, file: string, problems: ConfigProblem[]): Partial<RunnerSpec>[] | undefined {
  if (!Array.isArray(value)) {
    problems.push({
      file,
      key: 'runners',
      expected: 'an array of runners ({"runner": "pytest", "tests": ["api/**/test_*.py"], "root": "api"})',
      found: describe(value),
    });
    return undefined;
  }
  const before = problems.length;
  const specs = value.map((item, i) => {
    const at = `runners[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push({ file, key: at, expected: 'an object with a "runner" key', found: describe(item) });
      return {};
    }
    const spec: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(item as Record<string, unknown>)) {
      const check = Object.hasOwn(SPEC_CHECKS, key) ? SPEC_CHECKS[key] : undefined;
      const expected = check ? check(v) : knownKey(key, Object.keys(SPEC_CHECKS));
      if (expected)
        problems.push({ file, key: `${at}.${key}`, found: check ? describe(v) : 'unknown key', ...(typeof expected === 'string' ? { expected } : expected) });
      else spec[key] = v;
    }
    if (!('runner' in item)) problems.push({ file, key: `${at}.runner`, expected: `one of ${RUNNERS.map((r) => `"${r}"`).join(', ')}`, found: 'nothing' });
    else if (spec.runner === 'command' && !spec.testCommand && !spec.testTargetedCommand)
      problems.push({ file, key: `${at}.testTargetedCommand`, expected: 'a command for runner "command" (or testCommand)', found: 'nothing' });
    return spec as Partial<RunnerSpec>;
  });
  return problems.length === before ? specs : undefined;
}

const CHECKS: Record<string, Check> = {
  runner: oneOf(RUNNERS),
  testCommand: command,
  testTargetedCommand: command,
  tests: stringArray,
  testSupport: stringArray,
  ignore: stringArray,
  alwaysAllowed: stringArray,
  autoAdvance: boolean,
  refactorRuns: oneOf(['related', 'targeted', 'full']),
  timeoutSeconds: seconds,
  'isolation.link': stringArray,
  'isolation.build': isolationBuild,
  plan: (v) => (v === null ? undefined : folder(v) ? 'a file of the repository, relative to its top (e.g. "tdd-plan.json"), or null' : undefined),
  staticChecks: commands,
  falseFailPatterns: regexes,
  assertFunctionNames: callPatterns,
  'attempts.red': positiveInteger,
  'attempts.green': positiveInteger,
  'budgets.perTaskMinutes': positiveNumber,
  'commitMessage.template': stringOrNull,
  'commitMessage.mode': oneOf(['fill', 'enforce']),
  'audit.failOnOff': boolean,
  'audit.failOnRegression': boolean,
  'audit.failOnFalseFail': boolean,
  'audit.failOnMergeChanges': boolean,
  // Checked key by key in checkAllow (a problem names `integrity.allow.<CODE>`).
  'integrity.allow': () => undefined,
  'audit.allowOff': (v) =>
    typeof v === 'boolean' || (Number.isInteger(v) && (v as number) >= 0) ? undefined : 'true, false or a count of off commits (0, 1, 2…)',
  greenCoverage: oneOf(['warn', 'refuse', 'off']),
  greenRuns: oneOf(['related', 'targeted']),
  relatedProjects: stringArray,
  relatedFileLimit: (v) => (Number.isInteger(v) && (v as number) >= 0 ? undefined : 'a whole number of test files (0, 1, 2…)'),
};

/** `integrity.allow`: an object from integrity codes to path globs; problems name `integrity.allow.<key>`. */
function checkAllow(value: unknown, file: string, problems: ConfigProblem[]): Record<string, string[]> | undefined {
  const key = 'integrity.allow';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push({ file, key, expected: 'an object from codes to path globs ({"IMPL_TEST_FRAMEWORK": ["packages/test-utils/**"]})', found: describe(value) });
    return undefined;
  }
  const before = problems.length;
  const codes: readonly string[] = INTEGRITY_CODES;
  for (const [code, globs] of Object.entries(value as Record<string, unknown>)) {
    if (!codes.includes(code)) {
      const guess = nearest(code, [...codes]);
      problems.push({
        file,
        key: `${key}.${code}`,
        found: 'unknown code',
        expected: guess ? `an integrity code: did you mean "${guess}"?` : `an integrity code (${codes.join(', ')})`,
        ...(guess ? { suggestion: `${key}.${guess}` } : {}),
      });
    } else if (stringArray(globs))
      problems.push({ file, key: `${key}.${code}`, expected: 'an array of non-empty strings (path globs)', found: describe(globs) });
  }
  return problems.length === before ? (value as Record<string, string[]>) : undefined;
}

/** What an unknown key should have been: the nearest known one, else the list of them. */
function knownKey(key: string, known: string[], prefix = ''): { expected: string; suggestion?: string } {
  const guess = nearest(key, known);
  if (guess === undefined) return { expected: `a known key (${known.join(', ')})` };
  const suggestion = prefix ? `${prefix}.${guess}` : guess;
  return { expected: `a known key: did you mean "${suggestion}"?`, suggestion };
}

/** Keys that document the file for editors and are otherwise ignored. */
const IGNORED_KEYS = new Set(['$schema', '$comment']);

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  let s: string;
  try {
    s = JSON.stringify(v);
  } catch {
    // Nested past the stack (thousands of levels): described by its type alone.
    return Array.isArray(v) ? 'a deeply nested array' : 'a deeply nested object';
  }
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/**
 * Pure: a parsed JSON value → the effective config and every problem at once (unknown keys and
 * wrong types), each naming the file and the key path. Defaults fill what is absent.
 */
export function validateConfig(raw: unknown, file: string): ValidateResult {
  const problems: ConfigProblem[] = [];
  const config: Config = structuredClone(DEFAULTS);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push({ file, key: '(root)', expected: 'a JSON object', found: describe(raw) });
    return { config, problems };
  }
  const walk = (obj: Record<string, unknown>, prefix: string, target: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(obj)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (!prefix && IGNORED_KEYS.has(key)) continue;
      // Own keys only: `__proto__` or `constructor` in a file is an unknown key, never Object.prototype's.
      const check = Object.hasOwn(CHECKS, path) ? CHECKS[path] : undefined;
      const nested = Object.hasOwn(target, key) ? target[key] : undefined;
      if (path === 'runners') {
        const specs = checkRunners(value, file, problems);
        if (specs) target[key] = specs;
      } else if (path === 'integrity.allow') {
        const allow = checkAllow(value, file, problems);
        if (allow) target[key] = allow;
      } else if (check) {
        const expected = check(value);
        if (expected) problems.push({ file, key: path, expected, found: describe(value) });
        else target[key] = value;
      } else if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
          walk(value as Record<string, unknown>, path, nested as Record<string, unknown>);
        } else problems.push({ file, key: path, expected: 'an object', found: describe(value) });
      } else {
        // The keys at this level: `attempts` and `timeoutSeconds` at the top, `red` and `green` in attempts.
        const here = [...Object.keys(CHECKS), ...(prefix ? [] : ['runners'])].filter((k) => !prefix || k.startsWith(`${prefix}.`));
        const known = [...new Set(here.map((k) => (prefix ? k.slice(prefix.length + 1) : k).split('.')[0]!))];
        problems.push({ file, key: path, found: 'unknown key', ...knownKey(key, known, prefix) });
      }
    }
  };
  walk(raw as Record<string, unknown>, '', config as unknown as Record<string, unknown>);
  if (config.runner === 'command' && config.runners.length === 0 && !config.testCommand && !config.testTargetedCommand)
    problems.push({
      file,
      key: 'testTargetedCommand',
      expected: 'a command for runner "command", e.g. "bundle exec rspec --format RspecJunitFormatter --out {report} {files}" (or testCommand)',
      found: 'nothing',
    });
  return { config, problems };
}
