import { readTaskPlan } from '../../config/plan.js';
import { usageError } from '../../errors.js';
import { readRepoContext } from '../../git/queries.js';
import { formatList, formatRollback, formatUndo, listJson, rollbackJson, undoJson } from '../../rollback/format.js';
import { readBackups } from '../../rollback/list.js';
import { runRollback } from '../../rollback/rollback.js';
import { runUndo } from '../../rollback/undo.js';
import { readCommitContext } from '../../verify/context.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';

const help = `Usage: tdd rollback [--to <commit>] [--dry-run] [--json]
       tdd rollback --undo [--force] [--dry-run] [--json]
       tdd rollback --list [--json]

Put the tracked implementation files back as they are at the last green commit (a refactor that
went wrong). Tracked implementation only, and only the active task's when the plan declares its
files: tests, test support, manifests, configured-ignored paths, the plan, untracked files (the
next task's new module, a scratch file) and other tasks' files are left as they are, and listed.
Each file it does touch that differs — modified, added since (removed), deleted since (recreated),
staged or not — gets the target's content, mode and index entry, so the result can simply be
committed.

Before it writes anything it saves the files and index entries it overwrites, exactly (bytes,
modes, symlinks, untracked files), in a commit at refs/tdd/rollback/<n>. Several rollbacks stack.
Options:
  --to <commit>   roll back to this commit instead of the last green one
  --undo          put back what the newest rollback saved, then drop its ref; refused if a
                  saved path changed since the rollback
  --force         with --undo: overwrite those changes anyway (saved first in refs/tdd/overwritten/<n>)
  --dry-run       print what would be done; change nothing
  --list          the backups, newest first
By hand: \`git checkout refs/tdd/rollback/<n> -- :/\` writes the saved files back over those paths (staged);
the index entries are in refs/tdd/rollback/<n>^.
Refused (exit 2) during a merge, rebase, cherry-pick or revert, with unmerged paths, or when there
is no green commit to go back to.`;

const OPTIONS = {
  options: { to: { type: 'string' }, undo: { type: 'boolean' }, force: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, list: { type: 'boolean' } },
} as const;

const rollback: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values } = argsOf(ctx, 'rollback', OPTIONS);
    const dryRun = Boolean(values['dry-run']);
    const now = ctx.env.TDD_NOW ? new Date(ctx.env.TDD_NOW) : new Date();
    if (values.force && !values.undo) throw usageError('--force goes with --undo', 'tdd rollback --undo --force');
    if (values.undo && values.to !== undefined)
      throw usageError('--to does not go with --undo', 'tdd rollback --undo puts back what the newest rollback saved');
    if (values.list && (values.undo || values.to !== undefined || dryRun)) throw usageError('--list goes alone', 'tdd rollback --list');
    const repo = await readRepoContext(ctx.cwd, ctx.env);

    if (values.list) {
      const backups = await readBackups(repo);
      return { exitCode: 0, text: formatList(backups), json: listJson(backups) };
    }
    if (values.undo) {
      const outcome = await runUndo(repo, { force: Boolean(values.force), dryRun, now });
      return { exitCode: 0, text: formatUndo(outcome, ctx.color), json: undoJson(outcome) };
    }
    const { state, classify, loaded } = await readCommitContext(repo);
    const task = state.task ? (await readTaskPlan(repo.top, loaded.config))?.tasks.find((t) => t.id === state.task) : undefined;
    const outcome = await runRollback(repo, state, classify, { to: values.to, dryRun, now, ...(task ? { task: [...task.files, ...task.tests] } : {}) });
    return { exitCode: 0, text: formatRollback(outcome, ctx.color), json: rollbackJson(outcome) };
  },
};
export default rollback;
