/**
 * The rules at a commit, from the contents of its configuration files — the pure twin of
 * config/load: the first of .tddrc.json, .tddrc, package.json#tdd; the defaults when none; the
 * runner detected from package.json when the file does not name one. The `audit` key (options of
 * this command) is read here, so a configuration that has it is valid whether or not
 * config/schema knows it yet.
 */
import { resolveConfig, type ReadTreeFile } from '../config/resolve.js';
import { readRunnerTests } from '../config/runner-tests/index.js';
import { readRunnerHarness } from '../config/runner-tests/harness.js';
import { CONFIG_FILES } from '../config/schema.js';
import { validateConfig, type ConfigProblem } from '../config/validate.js';
import { AUDIT_DEFAULTS, type AuditOptions, type Rules } from './types.js';

/** Contents of the files the rules come from (null: absent). */
export interface ConfigBlobs {
  /** `.tddrc.json`, `.tddrc`, `package.json`, in CONFIG_FILES order then package.json. */
  files: (string | null)[];
  /** The package.json runner detection reads (the commit's own, as the hook reads the staged one). */
  detectFrom: string | null;
  /** The runners' own files (.mocharc.yml, pyproject.toml…) of the commit's tree, as the hook reads the staged ones; default globs without. */
  readFile?: ReadTreeFile;
}

export const CONFIG_PATHS: readonly string[] = [...CONFIG_FILES, 'package.json'];

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

function parse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

function asObject(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** The raw configuration and the file it came from. */
function pick(files: (string | null)[]): { raw: unknown; file: string } | { problems: ConfigProblem[] } {
  for (const [i, file] of CONFIG_FILES.entries()) {
    const text = files[i];
    if (text === null || text === undefined) continue;
    const p = parse(text);
    return p.ok ? { raw: p.value, file } : { problems: [{ file, key: '(file)', expected: 'valid JSON', found: p.message }] };
  }
  const pkg = files[CONFIG_FILES.length];
  // An unparsable package.json only matters when it is where the configuration would come from.
  const object = pkg ? asObject((parse(pkg) as { value?: unknown }).value) : undefined;
  if (object && 'tdd' in object) return { raw: object.tdd, file: 'package.json#tdd' };
  return { raw: {}, file: 'defaults' };
}

const AUDIT_KEYS = Object.keys(AUDIT_DEFAULTS) as (keyof AuditOptions)[];

function readAuditOptions(value: unknown, file: string, problems: ConfigProblem[]): AuditOptions {
  const options = { ...AUDIT_DEFAULTS };
  const object = asObject(value);
  if (!object) {
    problems.push({ file, key: 'audit', expected: 'an object', found: JSON.stringify(value) ?? 'nothing' });
    return options;
  }
  for (const [key, v] of Object.entries(object)) {
    if (!(AUDIT_KEYS as string[]).includes(key)) {
      problems.push({ file, key: `audit.${key}`, expected: `a known key (${AUDIT_KEYS.map((k) => `audit.${k}`).join(', ')})`, found: 'unknown key' });
    } else if (key === 'allowOff') {
      if (typeof v === 'boolean' || (Number.isInteger(v) && (v as number) >= 0)) options.allowOff = v as number | boolean;
      else problems.push({ file, key: 'audit.allowOff', expected: 'true, false or a count of off commits (0, 1, 2…)', found: JSON.stringify(v) });
    } else if (typeof v !== 'boolean') problems.push({ file, key: `audit.${key}`, expected: 'true or false', found: JSON.stringify(v) });
    else options[key as Exclude<keyof AuditOptions, 'allowOff'>] = v;
  }
  return options;
}

/** Pure: configuration file contents → the rules, or every problem at once. */
/** How many off commits a policy allows (`audit.allowOff`; none with `audit.failOnOff`, or with no policy). */
export function allowedOffs(audit: Partial<AuditOptions> | undefined): number {
  if (!audit || audit.failOnOff) return 0;
  return audit.allowOff === true ? Infinity : typeof audit.allowOff === 'number' ? audit.allowOff : 0;
}

export function parseRules(blobs: ConfigBlobs): { rules: Rules } | { problems: ConfigProblem[] } {
  const picked = pick(blobs.files);
  if ('problems' in picked) return picked;
  const { file } = picked;
  const object = asObject(picked.raw);
  const problems: ConfigProblem[] = [];
  let audit = { ...AUDIT_DEFAULTS };
  let raw = picked.raw;
  if (object && 'audit' in object) {
    const { audit: value, ...rest } = object;
    audit = readAuditOptions(value, file, problems);
    raw = rest;
  }
  const { config, problems: more } = validateConfig(raw, file);
  problems.push(...more);
  if (problems.length > 0) return { problems };
  resolveConfig(
    config,
    raw,
    () => {
      const pkg = blobs.detectFrom === null ? undefined : parse(blobs.detectFrom);
      return pkg?.ok ? pkg.value : undefined;
    },
    blobs.readFile ? { readFile: blobs.readFile, readTests: readRunnerTests, readHarness: readRunnerHarness } : undefined,
  );
  return { rules: { config, audit, source: file } };
}
