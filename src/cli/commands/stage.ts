import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readTaskPlan } from '../../config/plan.js';
import { CONFIG_FILES } from '../../config/schema.js';
import { TddError, usageError } from '../../errors.js';
import type { StatusEntry } from '../../git/parse.js';
import { isEmptyBlob } from '../../git/ids.js';
import { readListedPaths, readObjects, readRepoContext, readWorkStatus, stagePaths, type RepoContext } from '../../git/queries.js';
import { inTask } from '../../gates/task-scope.js';
import { planStage, type HoldReason, type StagePath } from '../../plan/stage.js';
import { diffSnapshotEntries, onlyAdds, testFileOfSnapshot } from '../../lang/snapshots.js';
import type { Classifier } from '../../snapshot/kinds.js';
import type { Phase } from '../../types.js';
import { readCommitContext } from '../../verify/context.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';
import { readTextOr } from '../../fs-read.js';

const help = `Usage: tdd stage [ID] [--dry-run] [--json]

Stages the files and tests the plan declares for task ID (default: the active task) that changed
on disk, and unstages whatever else is staged (ignored files such as docs aside) — the safe
replacement for \`git add -A\` when several tasks' files are on disk at once. Only the index
changes: your files stay exactly as they are.
It builds no index the phase refuses: in RED the task's implementation files are held back, in
GREEN and REFACTOR its tests (a snapshot file of the task's tests that only gains entries aside).
It loses no staged version: a task file you staged by hand (git add -p) and edited since is kept
as you staged it; a staged version only the index holds that would have to be unstaged is named,
and nothing is changed.
  --dry-run   print what would be staged and unstaged, change nothing`;

const OPTIONS = { options: { 'dry-run': { type: 'boolean' } }, positionals: 1 } as const;

const HELD: Record<HoldReason, string> = {
  'red-impl': 'implementation: a RED commit holds only tests',
  frozen: 'test: frozen in GREEN and REFACTOR',
};

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
    if (!plan)
      throw usageError(
        `no plan file (${cc.loaded.config.plan ?? 'none configured'})`,
        'write the plan (tasks {id, title, files, tests, deps}) or set "plan" in .tddrc.json',
      );
    const task = plan.tasks.find((t) => t.id === id);
    if (!task) throw usageError(`task ${id} is not in ${plan.file}`, `one of: ${plan.tasks.map((t) => t.id).join(', ')}`);
    const declared = [...task.files, ...task.tests];
    // The phase the next commit is judged by: that of the task being staged when it is the active one.
    const phase = id === cc.state.task ? cc.state.phase : null;
    const paths = await readStagePaths(repo, cc.classify, declared, task.tests, phase);
    const result = planStage({ phase, declared, always: new Set<string>([plan.file, ...CONFIG_FILES]), paths });
    if (result.refused.length > 0) {
      throw new TddError(
        'STAGE_WOULD_DROP',
        `nothing changed: the staged version of ${result.refused.map((r) => r.path).join(', ')} is only in the index, and tdd stage would have to unstage it`,
        2,
        {
          hint: 'commit it first, or set it aside with `git stash push --staged` (git stash pop brings it back), then tdd stage again',
          data: { refused: result.refused },
        },
      );
    }
    if (!values['dry-run']) {
      await stagePaths(repo, 'unstage', result.unstage);
      await stagePaths(repo, 'add', result.add);
    }
    const known = paths.map((p) => p.path);
    const missing = declared.filter((d) => !known.some((p) => p === d || p.startsWith(`${d}/`)));
    const verb = values['dry-run'] ? 'would ' : '';
    const s = (n: number) => (n === 1 ? '' : 's');
    const staged = [...result.add, ...result.already].sort();
    const lines = [
      `task ${task.id}${task.title ? ` — ${task.title}` : ''}: ${verb}stage ${staged.length} path${s(staged.length)}`,
      ...staged.map((p) => `  + ${p}`),
      ...(result.kept.length ? [`kept as you staged them (their later edits stay unstaged on disk):`, ...result.kept.map((p) => `  = ${p}`)] : []),
      ...(result.unstage.length
        ? [`${verb}unstage ${result.unstage.length} path${s(result.unstage.length)} (left as they are on disk):`, ...result.unstage.map((p) => `  - ${p}`)]
        : []),
      ...(result.held.length ? [`held back (${phase} phase):`, ...result.held.map((h) => `  ! ${h.path} (${HELD[h.reason]})`)] : []),
      ...(missing.length ? [`not on disk (declared, nothing to stage): ${missing.join(', ')}`] : []),
    ];
    return {
      exitCode: 0,
      text: lines.join('\n'),
      json: { task: task.id, phase, staged, unstaged: result.unstage, kept: result.kept, held: result.held, missing, dryRun: Boolean(values['dry-run']) },
    };
  },
};
export default stage;

/**
 * The facts planStage needs, for every path of the task (tracked or not, on disk or deleted) and
 * every staged path: `git status` (refreshed), and the files below the declared folders.
 */
async function readStagePaths(
  repo: RepoContext,
  classify: Classifier,
  declared: readonly string[],
  tests: readonly string[],
  phase: Phase | null,
): Promise<StagePath[]> {
  const [status, listed] = await Promise.all([readWorkStatus(repo), readListedPaths(repo, declared)]);
  const byPath = new Map<string, StatusEntry>(status.map((e) => [e.path, e]));
  const all = new Set([...status.map((e) => e.path), ...listed]);
  const snapshots = phase === 'green' || phase === 'refactor' ? [...all].filter((p) => inTask(tests, testFileOfSnapshot(p) ?? '\0')) : [];
  const heads = await readObjects(
    repo,
    snapshots.map((p) => `HEAD:${p}`),
  );
  const adds = new Set(
    snapshots.filter((p, i) => {
      const disk = readTextOr(join(repo.top, p));
      const change = disk === undefined ? undefined : diffSnapshotEntries(p, heads[i]?.toString('utf8') ?? null, disk);
      return change !== undefined && onlyAdds(change);
    }),
  );
  return [...all].map((path) => {
    const e = byPath.get(path);
    const kind = classify(path);
    const staged = e !== undefined && e.x !== '.' && e.x !== '?';
    const dirty = e !== undefined && e.y !== '.';
    const indexOnly = staged && dirty && e.x !== 'D' && !isEmptyBlob(e.indexBlob);
    const fresh = e !== undefined && (e.x === '?' || e.x === 'A' || e.y === 'A');
    return {
      path,
      kind,
      staged,
      dirty,
      indexOnly,
      ...(fresh && kind === 'impl' ? { newEmpty: isEmptyFile(join(repo.top, path)) } : {}),
      ...(adds.has(path) ? { snapshotAdds: true } : {}),
    };
  });
}

function isEmptyFile(path: string): boolean {
  try {
    const st = statSync(path);
    return st.isFile() && st.size === 0;
  } catch {
    return false;
  }
}
