/**
 * State is a cache of the history plus the declared phase. When it is missing or unreadable, the
 * trailers of recent commits rebuild it: the phase after the last checked commit, the task, and
 * the task's open RED record (its commit; the failing test ids are not in the trailers, so GREEN
 * then checks that every test of the RED files passes).
 */
import { git } from '../git/exec.js';
import type { RepoContext } from '../git/queries.js';
import { nextPhase, taskKey } from './machine.js';
import { parseTrailerLog } from './trailers.js';
import { emptyState, type State } from './types.js';

const DEPTH = 1000;

export async function rebuildState(repo: RepoContext, now: Date, isTest: (path: string) => boolean = () => false): Promise<State> {
  const state = emptyState(now);
  const out = await git(['log', `-n${DEPTH}`, '--first-parent', '--format=%H%x1f%(trailers:only,unfold)%x1e', 'HEAD', '--'], {
    cwd: repo.top,
    baseEnv: repo.env,
  }).catch(() => '');
  const commits = parseTrailerLog(out).filter((c) => c.phase);
  const latest = commits[0];
  if (!latest?.phase) return state;
  state.phase = latest.phase === 'off' ? null : nextPhase(latest.phase, latest.regression);
  state.task = latest.task ?? null;
  state.reason = `rebuilt from the trailers of ${latest.commit.slice(0, 12)}`;
  const key = taskKey(state.task);
  // Every RED commit of the task since its last GREEN: their test files are the task's.
  const reds: typeof commits = [];
  for (const c of commits) {
    if ((c.task ?? null) !== state.task) continue;
    if (c.phase === 'green') break;
    if (c.phase === 'red') reds.push(c);
  }
  const last = reds[0];
  if (last) {
    const [tree, ...changed] = await Promise.all([
      git(['rev-parse', `${last.commit}^{tree}`], { cwd: repo.top, baseEnv: repo.env }),
      ...reds.map((c) => git(['diff-tree', '-r', '-z', '--name-only', '--no-commit-id', '--root', c.commit], { cwd: repo.top, baseEnv: repo.env })),
    ]);
    const files = [...new Set(changed.flatMap((out) => out.split('\0')).filter((p) => p && isTest(p)))];
    state.red[key] = { commit: last.commit, tree: tree.trim(), files, blobs: {}, failing: [], regression: reds.every((c) => c.regression) };
  }
  return state;
}
