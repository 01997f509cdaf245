/** The `.tddrc.json` install writes when the repository has no tdd-hooks config yet. */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CONFIG_FILES, type RunnerName } from '../config/schema.js';
import { detectPythonRunner, detectRunner, formatConfigFile, runnerSignal, type PythonSigns } from '../config/detect.js';
import { isInside, realpathLoose } from './paths.js';

export interface ConfigReport {
  path: string;
  action: 'created' | 'kept';
  /** The detected runner written into a created config. */
  runner?: RunnerName;
}

export type ConfigPlan = ConfigReport & { content?: string };

/** A JSON object from a file; undefined when missing, unreadable or not an object. */
export function readJsonObject(path: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** package.json nearest to `start` (a monorepo package), no higher than `top`. */
function readNearestPackageJson(top: string, start: string): Record<string, unknown> | undefined {
  for (let d = realpathLoose(start); isInside(d, top); d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return readJsonObject(join(d, 'package.json'));
    if (d === top) break;
  }
  return undefined;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function readPythonSigns(top: string): PythonSigns {
  return {
    pyprojectToml: readText(join(top, 'pyproject.toml')),
    setupCfg: readText(join(top, 'setup.cfg')),
    toxIni: readText(join(top, 'tox.ini')),
    pytestIni: ['pytest.ini', '.pytest.ini', 'pytest.toml', '.pytest.toml'].some((f) => existsSync(join(top, f))),
    conftest: existsSync(join(top, 'conftest.py')),
  };
}

/** A config of any kind already there (.tddrc.json, .tddrc, package.json#tdd) is kept as it is. */
export function planConfigFile(top: string, start: string, schemaRef: string): ConfigPlan {
  const existing = CONFIG_FILES.find((f) => existsSync(join(top, f)));
  if (existing) return { path: join(top, existing), action: 'kept' };
  if ('tdd' in (readJsonObject(join(top, 'package.json')) ?? {})) return { path: join(top, 'package.json'), action: 'kept' };
  // package.json's runner first (a JS front end beside a Python service keeps its JS runner), then pytest's signs.
  const runner = runnerSignal(readNearestPackageJson(top, start)) ?? detectPythonRunner(readPythonSigns(top)) ?? detectRunner(undefined);
  return { path: join(top, CONFIG_FILES[0]), action: 'created', runner, content: formatConfigFile({ runner }, schemaRef) };
}

/** Exclusive create: a config that appeared meanwhile is the user's. Returns what happened. */
export async function writeConfigFile(plan: ConfigPlan): Promise<ConfigReport> {
  const { content, ...report } = plan;
  if (content === undefined) return report;
  try {
    await writeFile(plan.path, content, { flag: 'wx' });
    return report;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return { path: plan.path, action: 'kept' };
  }
}
