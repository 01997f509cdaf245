/**
 * hooks-dir: `git rev-parse --git-path hooks` is a folder. When it is not — husky's generated
 * `.husky/_` in a new worktree, an untracked hooks folder — git runs no hook at all and says
 * nothing (catalogue §5.31).
 */
import { huskySetup, installFix } from '../fixes.js';
import type { CheckResult, DoctorFacts } from '../types.js';

export function checkHooksDir({ layout: l, project }: DoctorFacts): CheckResult {
  const id = 'hooks-dir';
  if (l.hooksDirKind === 'dir') return { id, status: 'ok', code: 'HOOKS_DIR_OK', data: { hooksDir: l.hooksDir } };
  return {
    id,
    status: 'fail',
    code: 'HOOKS_DIR_MISSING',
    data: { hooksDir: l.hooksDir, kind: l.hooksDirKind, husky: l.huskyDir !== null, linkedWorktree: l.linkedWorktree },
    fix: l.huskyDir ? huskySetup(l, project) : installFix(l),
  };
}
