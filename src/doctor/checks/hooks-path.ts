/**
 * hooks-path: where `core.hooksPath` comes from. Set in global or system config (or by `-c`), it
 * sends every repository's hooks to one folder and bypasses this one's; an absolute value in the
 * shared repository config makes every worktree run one checkout's scripts (catalogue §5.31–32, §6.3).
 */
import { basename, dirname, isAbsolute, relative } from 'node:path';
import { shQuote } from '../../install/shim.js';
import { huskySetup, TDD_INSTALL } from '../fixes.js';
import type { CheckResult, DoctorFacts } from '../types.js';

const REPOSITORY_SCOPES = new Set(['local', 'worktree']);

export function checkHooksPath({ layout: l, hooksPath: set, project }: DoctorFacts): CheckResult {
  const id = 'hooks-path';
  if (!set) {
    // husky is in the project but has not run in this clone: git looks in .git/hooks, not .husky.
    if (l.huskyDir && l.hooksDir === l.defaultHooksDir) {
      return { id, status: 'fail', code: 'HOOKS_PATH_HUSKY_UNSET', data: { huskyDir: l.huskyDir, hooksDir: l.hooksDir }, fix: huskySetup(l, project) };
    }
    return { id, status: 'ok', code: 'HOOKS_PATH_UNSET', data: { hooksDir: l.hooksDir } };
  }
  const data = { value: set.value, origin: set.origin, scope: set.scope, hooksDir: l.hooksDir };
  if (!REPOSITORY_SCOPES.has(set.scope)) {
    const local = `git config --local core.hooksPath ${shQuote(l.defaultHooksDir)} && ${TDD_INSTALL}`;
    // A relative value in ~/.gitconfig still names a folder in each repository: shared, not bypassing.
    const status = l.hooksDirPlace === 'outside' ? 'fail' : 'warn';
    return { id, status, code: 'HOOKS_PATH_SHARED', data, fix: local };
  }
  if (isAbsolute(set.value) && l.hooksDirPlace !== 'git-dir') {
    const mainTop = basename(l.commonDir) === '.git' ? dirname(l.commonDir) : null;
    const rel = mainTop ? relative(mainTop, set.value) : '';
    const fix = rel && !rel.startsWith('..') && !isAbsolute(rel) ? `git config core.hooksPath ${shQuote(rel.split('\\').join('/'))}` : undefined;
    return { id, status: 'warn', code: 'HOOKS_PATH_ABSOLUTE', data, ...(fix ? { fix } : {}) };
  }
  return { id, status: 'ok', code: 'HOOKS_PATH_LOCAL', data };
}
