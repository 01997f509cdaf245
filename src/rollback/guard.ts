/** Refusals shared by rollback and undo: never write during a merge, rebase or conflict. */
import { TddError } from '../errors.js';
import type { RepoContext } from '../git/queries.js';
import { readOperation } from '../git/queries.js';

const FINISH: Record<string, string> = {
  merge: 'git merge --continue (or --abort)',
  'cherry-pick': 'git cherry-pick --continue (or --abort)',
  revert: 'git revert --continue (or --abort)',
  rebase: 'git rebase --continue (or --abort)',
};

export function assertNoOperation(repo: RepoContext, command: string): void {
  const op = readOperation(repo.gitDir);
  if (op) {
    throw new TddError('OPERATION_IN_PROGRESS', `a ${op} is in progress: ${command} would mix its files with the ${op}'s`, 2, {
      hint: `finish or abort it first: ${FINISH[op] ?? `git ${op} --abort`}; then run ${command} again`,
      data: { operation: op },
    });
  }
}

export function assertNoUnmerged(unmerged: string[], command: string): void {
  if (unmerged.length === 0) return;
  const shown = unmerged.slice(0, 10).join(', ') + (unmerged.length > 10 ? `, … (${unmerged.length} in all)` : '');
  throw new TddError('UNMERGED_PATHS', `the index has unmerged paths: ${shown}`, 2, {
    hint: `resolve the conflicts and \`git add\` the results (or \`git merge --abort\`); then run ${command} again`,
    data: { paths: unmerged },
  });
}
