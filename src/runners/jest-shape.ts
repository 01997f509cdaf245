/**
 * The JSON report jest writes (`--json`) and vitest mimics: `{ testResults: [{ name, status,
 * message, assertionResults }] }`, one entry per test file. Read the same way for both; what each
 * runner's file-level message means is the adapter's. Pure.
 */
import type { FileError, TestCaseResult } from '../types.js';
import type { ImportContext } from './classify.js';
import { toRepoPath } from './paths.js';
import { unknownRun } from './result.js';
import type { ParseInput, ParsedRun } from './types.js';

export interface ShapedAssertion {
  ancestorTitles?: string[];
  title: string;
  status: string;
  failureMessages?: string[];
}

export interface ShapedFile<A extends ShapedAssertion> {
  name: string;
  status: string;
  message?: string;
  assertionResults?: A[];
}

export interface ShapeRules<A extends ShapedAssertion> {
  runner: 'jest' | 'vitest';
  /** Why a report that parsed cannot be trusted (jest's wasInterrupted), or undefined. */
  distrust?: (data: Record<string, unknown>) => string | undefined;
  /** The no-tests message for an asked file the report leaves out (the runner's include rules). */
  absent: string;
  toTest: (file: string, a: A, ctx: ImportContext) => TestCaseResult;
  /** A file error from the entry's own message, when it has one. */
  fileError: (message: string, ctx: ImportContext) => Omit<FileError, 'file'> | undefined;
  /** The load-error message for a file that failed with no failing test (a suite hook threw). */
  hookFailed: (message: string) => string;
}

const unknown = (o: ParseInput, reason: string): ParsedRun =>
  unknownRun(
    o,
    o.files.map((f) => toRepoPath(o.root, f)),
    reason,
  );

export function parseJestShaped<A extends ShapedAssertion>(o: ParseInput, rules: ShapeRules<A>): ParsedRun {
  const { runner } = rules;
  if (o.report === undefined) return unknown(o, `${runner} wrote no report`);
  // 130/143: stopped on SIGINT/SIGTERM; a report written then is partial, one found is stale.
  if (o.exitCode === 130 || o.exitCode === 143) return unknown(o, `${runner} was stopped (exit ${o.exitCode})`);
  let results: ShapedFile<A>[];
  try {
    const data = JSON.parse(o.report) as Record<string, unknown>;
    if (!Array.isArray(data.testResults)) return unknown(o, `${runner} report has no testResults`);
    const distrust = rules.distrust?.(data);
    if (distrust) return unknown(o, distrust);
    results = data.testResults as ShapedFile<A>[];
  } catch {
    return unknown(o, `${runner} report is not JSON`);
  }
  const byPath = new Map(results.map((r) => [toRepoPath(o.root, r.name), r]));
  // Related mode: the runner chose the files; those asked for must be among them.
  const files = [...new Set([...o.files.map((f) => toRepoPath(o.root, f)), ...(o.related ? byPath.keys() : [])])];
  const tests: TestCaseResult[] = [];
  const fileErrors: FileError[] = [];
  for (const file of files) {
    const ctx: ImportContext = { file, root: o.root, sources: o.sources, isProjectImport: o.isProjectImport, workspacePackages: o.workspacePackages };
    const entry = byPath.get(file);
    if (!entry) {
      fileErrors.push({ file, kind: 'no-tests', message: rules.absent });
      continue;
    }
    const own = (entry.assertionResults ?? []).map((a) => rules.toTest(file, a, ctx));
    tests.push(...own);
    const message = entry.message ?? '';
    const error = rules.fileError(message, ctx);
    // Also after tests ran (an afterAll that threw): its tests stay as reported.
    if (error) fileErrors.push({ file, ...error });
    else if (own.length === 0) fileErrors.push({ file, kind: 'no-tests', message: 'no tests in file' });
    else if (entry.status === 'failed' && !own.some((t) => t.status === 'failed')) {
      fileErrors.push({ file, kind: 'load-error', message: rules.hookFailed(message) });
    }
  }
  return { status: 'completed', exitCode: o.exitCode, files, tests, fileErrors };
}
