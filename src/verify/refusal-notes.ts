/**
 * What a refused commit's message adds from around it (I/O; the words are report/messages.ts'):
 *   - COMMIT_ALL: git ran the hook on `commit -a`'s index (index.lock): every tracked change was
 *     staged, the unrelated ones too; commit without -a to commit only what was staged.
 *   - STAGED_VERSION: a GREEN or REFACTOR run failed while a staged file has unstaged edits: the
 *     tests ran on the staged version, not on the file as the editor shows it.
 *   - a missing runner (RUN_UNVERIFIED, runner-missing) gets doctor's fix (`npm install --save-dev vitest`).
 *   - UNTRACKED: a run failed on a module that a file of the working tree would provide, had it
 *     been staged (untracked, or edited and not staged at all): the `git add` to run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { LOCKFILES, runnerInstallFix } from '../config/package-managers.js';
import { readEditedSinceStaged, readUnstagedFiles, type RepoContext } from '../git/queries.js';
import { providersOf } from '../gates/red-untracked-import.js';
import type { RefusalNote } from '../report/messages.js';
import type { Finding } from '../types.js';

const RUN_FAILED = new Set(['GREEN_TESTS_FAIL', 'GREEN_FILE_ERROR']);

export async function readRefusalNotes(repo: RepoContext, findings: Finding[], staged: string[]): Promise<{ findings: Finding[]; notes: RefusalNote[] }> {
  const notes: RefusalNote[] = [];
  if (basename(repo.indexFile) === 'index.lock') notes.push({ code: 'COMMIT_ALL' });
  if (findings.some((f) => RUN_FAILED.has(f.code)) && staged.length > 0) {
    // The hook's index against the working tree: which staged files were edited since `git add`.
    const edited = await readEditedSinceStaged(repo, staged);
    if (edited.length > 0) notes.push({ code: 'STAGED_VERSION', paths: edited });
  }
  const untracked = await readUntrackedNote(repo, findings, staged);
  if (untracked) notes.push(untracked);
  return { findings: findings.map((f) => withRunnerFix(repo.top, f)), notes };
}

const NAMES_MISSING = new Set(['GREEN_TESTS_FAIL', 'GREEN_FILE_ERROR', 'RED_WRONG_REASON', 'RUN_UNVERIFIED']);

/** The files of the working tree the failures' messages name as modules, not staged (a staged file's later edits are STAGED_VERSION's). */
async function readUntrackedNote(repo: RepoContext, findings: Finding[], staged: string[]): Promise<RefusalNote | undefined> {
  const messages = findings.flatMap((f) => {
    if (!NAMES_MISSING.has(f.code)) return [];
    const data = f.data as { message?: unknown; reason?: unknown } | undefined;
    return [data?.message, data?.reason].filter((m): m is string => typeof m === 'string');
  });
  if (messages.length === 0) return undefined;
  const named = new Set(findings.flatMap((f) => (f.code === 'RED_UNTRACKED_IMPORT' ? [f.data.file] : [])));
  const stagedSet = new Set(staged);
  const files = (await readUnstagedFiles(repo)).filter((f) => !stagedSet.has(f.path) && !named.has(f.path));
  const found = new Map<string, 'untracked' | 'modified'>();
  for (const m of messages) for (const f of providersOf(m, files)) found.set(f.path, f.state);
  return found.size > 0 ? { code: 'UNTRACKED', files: [...found].map(([path, state]) => ({ path, state })) } : undefined;
}

function withRunnerFix(top: string, f: Finding): Finding {
  if (f.code !== 'RUN_UNVERIFIED' || f.data?.status !== 'runner-missing') return f;
  const runner = String(f.data.runner ?? '');
  const pm = LOCKFILES.find(([file]) => existsSync(join(top, file)))?.[1] ?? 'npm';
  let declared = false;
  try {
    const pkg = JSON.parse(readFileSync(join(top, 'package.json'), 'utf8')) as { dependencies?: object; devDependencies?: object };
    declared = runner in { ...pkg.dependencies, ...pkg.devDependencies };
  } catch {
    // no package.json (a Python project): not declared
  }
  const fix = runnerInstallFix(runner, pm, declared);
  return fix ? { ...f, data: { ...f.data, fix } } : f;
}
