/**
 * What a refused commit's message adds from around it (I/O; the words are report/messages.ts'):
 *   - COMMIT_ALL: git ran the hook on `commit -a`'s index (index.lock): every tracked change was
 *     staged, the unrelated ones too; commit without -a to commit only what was staged.
 *   - STAGED_VERSION: a GREEN or REFACTOR run failed while a staged file has unstaged edits: the
 *     tests ran on the staged version, not on the file as the editor shows it.
 *   - a missing runner (RUN_UNVERIFIED, runner-missing) gets doctor's fix (`npm install --save-dev vitest`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { LOCKFILES, runnerInstallFix } from '../config/package-managers.js';
import { execGit } from '../git/exec.js';
import { parseNulList } from '../git/parse.js';
import type { RepoContext } from '../git/queries.js';
import type { RefusalNote } from '../report/messages.js';
import type { Finding } from '../types.js';

const RUN_FAILED = new Set(['GREEN_TESTS_FAIL', 'GREEN_FILE_ERROR']);

export async function readRefusalNotes(repo: RepoContext, findings: Finding[], staged: string[]): Promise<{ findings: Finding[]; notes: RefusalNote[] }> {
  const notes: RefusalNote[] = [];
  if (basename(repo.indexFile) === 'index.lock') notes.push({ code: 'COMMIT_ALL' });
  if (findings.some((f) => RUN_FAILED.has(f.code)) && staged.length > 0) {
    // The hook's index against the working tree: which staged files were edited since `git add`.
    const r = await execGit(['diff-files', '--name-only', '-z', '--no-renames', '--', ...staged.map((p) => `:(literal)${p}`)], {
      cwd: repo.top,
      baseEnv: repo.env,
      okCodes: [1, 128],
    });
    const edited = r.code === 0 ? parseNulList(r.stdout) : [];
    if (edited.length > 0) notes.push({ code: 'STAGED_VERSION', paths: edited });
  }
  return { findings: findings.map((f) => withRunnerFix(repo.top, f)), notes };
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
