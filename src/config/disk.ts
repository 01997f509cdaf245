/**
 * The configuration, sources and test files as they are on disk, for `tdd red-check` (which reads
 * files before they are staged, with no git and no test run). The hook reads the staged configuration instead
 * (load.ts); both validate with the one validator.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { readJsonOr } from '../fs-read.js';
import { analyzeTestFileWithHelpers, knownLanguages, languageOf, type SourceReader, type TestFileAnalysis } from '../lang/index.js';
import type { Finding } from '../types.js';
import { CONFIG_NAMES } from './object-names.js';
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
  for (const file of CONFIG_NAMES) {
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

/** One file `tdd red-check` was given: its analysis, or why there is none (the finding). */
export type DiskTestFile = { path: string; analysis: TestFileAnalysis } | { path: string; problem: Finding<'FILE_MISSING' | 'LANGUAGE_UNKNOWN'> };

/** Where red-check reads from: paths from `cwd`, helpers by repository path under `root` (through `reader`). */
export interface DiskChecking {
  cwd: string;
  root: string;
  reader: SourceReader;
  assertFunctionNames: string[];
}

/** A test file on disk, read and analysed as the RED gate's static check reads a staged one (helpers followed). */
export async function readTestFileOnDisk(how: DiskChecking, path: string): Promise<DiskTestFile> {
  const missing = (reason: 'missing' | 'directory' | 'unreadable', detail?: string): DiskTestFile => ({
    path,
    problem: { code: 'FILE_MISSING', severity: 'error', path, data: { reason, ...(detail ? { detail } : {}) } },
  });
  const full = resolve(how.cwd, path);
  try {
    if ((await stat(full)).isDirectory()) return missing('directory');
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? missing('missing') : missing('unreadable', (e as Error).message);
  }
  // The language is known from the name alone: no need to read a file we cannot check.
  if (languageOf(path) === undefined) {
    const known = knownLanguages().flatMap((l) => l.extensions);
    return { path, problem: { code: 'LANGUAGE_UNKNOWN', severity: 'error', path, data: { known } } };
  }
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (e) {
    return missing('unreadable', (e as Error).message);
  }
  // Helpers are looked up by repository path; a file outside the repository is its own root.
  const inRepo = relative(how.root, full);
  const outside = inRepo.startsWith('..') || resolve(inRepo) === inRepo;
  const repoPath = outside ? full.slice(dirname(full).length + 1) : inRepo.split(sep).join('/');
  const reader = outside ? diskSourceReader(dirname(full)) : how.reader;
  const analysis = await analyzeTestFileWithHelpers(repoPath, text, reader, { assertFunctionNames: how.assertFunctionNames });
  return { path, analysis: analysis! };
}
