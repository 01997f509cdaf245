/**
 * The configuration of the commit being made: read from the index (the staged blob), so an
 * unstaged edit can never change the verdict. Precedence: .tddrc.json, .tddrc, package.json#tdd.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TddError } from '../errors.js';
import { readObjects, type RepoContext } from '../git/queries.js';
import type { Finding } from '../types.js';
import { detectRunner } from './detect.js';
import { CONFIG_FILES, type Config } from './schema.js';
import { validateConfig, type ConfigProblem } from './validate.js';

export interface LoadedConfig {
  config: Config;
  /** Which file it came from ('defaults' when none). */
  source: string;
  /** The staged package.json, parsed (runner detection and GREEN's frozen test settings use it). */
  packageJson: Record<string, unknown> | undefined;
  warnings: Finding[];
}

async function readWorktree(top: string, file: string): Promise<Buffer | null> {
  try {
    return await readFile(join(top, file));
  } catch {
    return null;
  }
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw configError([{ file, key: '(file)', expected: 'valid JSON', found: (e as Error).message }]);
  }
}

export function configError(problems: ConfigProblem[]): TddError {
  const lines = problems.map((p) => `${p.file}: ${p.key}: expected ${p.expected}, found ${p.found}`);
  return new TddError('CONFIG_INVALID', `invalid configuration:\n  ${lines.join('\n  ')}`, 2, {
    hint: `fix ${problems[0]?.file ?? 'the configuration'} (see .tddrc.example.json in the tdd-hooks package), stage it, and commit again`,
    data: { problems },
  });
}

export async function loadConfig(ctx: RepoContext): Promise<LoadedConfig> {
  const names = [...CONFIG_FILES, 'package.json'];
  const staged = await readObjects(ctx, names.map((n) => `:${n}`));
  const warnings: Finding[] = [];
  const pkgBlob = staged[names.length - 1];
  let packageJson: Record<string, unknown> | undefined;
  if (pkgBlob) {
    const v = parseJson(pkgBlob.toString('utf8'), 'package.json');
    if (v && typeof v === 'object' && !Array.isArray(v)) packageJson = v as Record<string, unknown>;
  }

  for (const [i, file] of CONFIG_FILES.entries()) {
    let blob = staged[i] ?? null;
    const work = await readWorktree(ctx.top, file);
    if (!blob && !work) continue;
    if (!blob) {
      warnings.push({ code: 'CONFIG_UNSTAGED', severity: 'warn', path: file, data: { state: 'untracked' } });
      blob = work;
    } else if (work && !work.equals(blob)) {
      warnings.push({ code: 'CONFIG_UNSTAGED', severity: 'warn', path: file, data: { state: 'modified' } });
    }
    const raw = parseJson(blob!.toString('utf8'), file);
    return finish(raw, file, packageJson, warnings);
  }
  if (packageJson && 'tdd' in packageJson) return finish(packageJson.tdd, 'package.json#tdd', packageJson, warnings);
  return finish({}, 'defaults', packageJson, warnings);
}

function finish(raw: unknown, file: string, packageJson: Record<string, unknown> | undefined, warnings: Finding[]): LoadedConfig {
  const { config, problems } = validateConfig(raw, file);
  if (problems.length > 0) throw configError(problems);
  const explicitRunner = typeof raw === 'object' && raw !== null && 'runner' in raw;
  if (!explicitRunner) config.runner = detectRunner(packageJson);
  return { config, source: file, packageJson, warnings };
}
