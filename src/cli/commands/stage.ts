import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readTaskPlan } from '../../config/plan.js';
import { CONFIG_FILES } from '../../config/schema.js';
import { usageError } from '../../errors.js';
import { execGit } from '../../git/exec.js';
import { readRepoContext, readStagedChanges } from '../../git/queries.js';
import { covers } from '../../gates/task-scope.js';
import { readCommitContext } from '../../verify/context.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';

const help = `Usage: tdd stage [ID] [--dry-run] [--json]

Stages exactly the files and tests the plan declares for task ID (default: the active task) that
exist on disk, and unstages whatever else is staged (ignored files such as docs aside) — the safe
replacement for \`git add -A\` when several tasks' files are on disk at once. Only the index
changes: your files stay exactly as they are.
  --dry-run   print what would be staged and unstaged, change nothing`;

const OPTIONS = { options: { 'dry-run': { type: 'boolean' } }, positionals: 1 } as const;

const stage: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values, positionals } = argsOf(ctx, 'stage', OPTIONS);
    const repo = await readRepoContext(ctx.cwd, ctx.env);
    const cc = await readCommitContext(repo);
    const id = positionals[0] ?? cc.state.task;
    if (!id) throw usageError('no task given and none is active', 'tdd stage ID, or `tdd phase red --task ID` first');
    const plan = await readTaskPlan(repo.top, cc.loaded.config);
    if (!plan) throw usageError(`no plan file (${cc.loaded.config.plan ?? 'none configured'})`, 'write the plan (tasks {id, title, files, tests, deps}) or set "plan" in .tddrc.json');
    const task = plan.tasks.find((t) => t.id === id);
    if (!task) throw usageError(`task ${id} is not in ${plan.file}`, `one of: ${plan.tasks.map((t) => t.id).join(', ')}`);
    const declared = [...task.files, ...task.tests];
    const add = declared.filter((p) => existsSync(join(repo.top, p)));
    const staged = await readStagedChanges(repo, repo.head);
    const always = new Set<string>([plan.file, ...CONFIG_FILES]);
    const unstage = staged
      .map((e) => e.path)
      .filter((p) => !declared.some((d) => covers(d, p)) && !always.has(p) && cc.classify(p) !== 'ignored');
    if (!values['dry-run']) {
      // Literal, NUL-separated pathspecs from stdin: no name is a glob, an option or an argv entry.
      const env = { ...repo.env, GIT_LITERAL_PATHSPECS: '1' };
      const input = (paths: string[]) => paths.join('\0');
      if (unstage.length > 0) {
        const args = repo.head ? ['reset', '-q'] : ['rm', '-q', '--cached', '-r'];
        await execGit([...args, '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd: repo.top, baseEnv: env, input: input(unstage) });
      }
      if (add.length > 0) await execGit(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd: repo.top, baseEnv: env, input: input(add) });
    }
    const missing = declared.filter((p) => !add.includes(p));
    const verb = values['dry-run'] ? 'would ' : '';
    const lines = [
      `task ${task.id}${task.title ? ` — ${task.title}` : ''}: ${verb}stage ${add.length} path${add.length === 1 ? '' : 's'}`,
      ...add.map((p) => `  + ${p}`),
      ...(unstage.length ? [`${verb}unstage ${unstage.length} path${unstage.length === 1 ? '' : 's'} outside the task (left as they are on disk):`, ...unstage.map((p) => `  - ${p}`)] : []),
      ...(missing.length ? [`not on disk (declared, nothing to stage): ${missing.join(', ')}`] : []),
    ];
    return { exitCode: 0, text: lines.join('\n'), json: { task: task.id, staged: add, unstaged: unstage, missing, dryRun: Boolean(values['dry-run']) } };
  },
};
export default stage;
