/**
 * The configuration and sources as they are on disk, for `tdd red-check` (which reads files before
 * they are staged, with no git and no test run). The hook reads the staged configuration instead
 * (load.ts); both validate with the one validator.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { readJsonOr } from '../fs-read.js';
import type { SourceReader } from '../lang/index.js';
import { CONFIG_FILES } from './schema.js';
import { validateConfig, type ConfigProblem } from './validate.js';

/** The nearest folder at or above `cwd` holding `.git` (a folder or a worktree's file), else `cwd`. */
export function findWorkTreeTop(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return resolve(cwd);
  }
}

/**
 * assertFunctionNames from the first configuration file on disk under `root` that holds a
 * configuration (.tddrc.json, .tddrc, package.json's "tdd"), checked by the one validator.
 */
export function readDiskAssertNames(root: string): { names: string[]; problem?: ConfigProblem } {
  for (const file of [...CONFIG_FILES, 'package.json']) {
    const raw = readJsonOr(join(root, file));
    const config = file === 'package.json' ? (raw as { tdd?: unknown } | null | undefined)?.tdd : raw;
    if (typeof config !== 'object' || config === null) continue;
    const names = (config as { assertFunctionNames?: unknown }).assertFunctionNames;
    if (names === undefined) return { names: [] };
    const { config: valid, problems } = validateConfig({ assertFunctionNames: names }, file);
    const problem = problems.find((p) => p.key === 'assertFunctionNames');
    return problem ? { names: [], problem } : { names: valid.assertFunctionNames };
  }
  return { names: [] };
}

/** Sources by repository path under `root`, for the helper search (lang/helpers). */
export function diskSourceReader(root: string): SourceReader {
  return {
    async read(paths) {
      const texts = new Map<string, string>();
      await Promise.all(
        paths.map(async (p) => {
          try {
            texts.set(p, await readFile(join(root, p), 'utf8'));
          } catch {
            // Not there (or a folder): a candidate that does not exist.
          }
        }),
      );
      return texts;
    },
    async list(dir) {
      try {
        const entries = await readdir(join(root, dir), { withFileTypes: true });
        return entries.filter((e) => e.isFile()).map((e) => (dir === '' ? e.name : `${dir}/${e.name}`));
      } catch {
        return [];
      }
    },
  };
}
