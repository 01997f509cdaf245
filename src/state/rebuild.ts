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
  const last = commits[0];
  if (!last?.phase) return state;
  state.phase = last.phase === 'off' ? null : nextPhase(last.phase, last.regression);
  state.task = last.task ?? null;
  state.reason = `rebuilt from the trailers of ${last.commit.slice(0, 12)}`;
  const key = taskKey(state.task);
  for (const c of commits) {
    if ((c.task ?? null) !== state.task) continue;
    if (c.phase === 'green') break;
    if (c.phase !== 'red') continue;
    const [tree, files] = await Promise.all([
      git(['rev-parse', `${c.commit}^{tree}`], { cwd: repo.top, baseEnv: repo.env }),
      git(['diff-tree', '-r', '-z', '--name-only', '--no-commit-id', '--root', c.commit], { cwd: repo.top, baseEnv: repo.env }),
    ]);
    state.red[key] = {
      commit: c.commit,
      tree: tree.trim(),
      files: files.split('\0').filter((p) => p && isTest(p)),
      blobs: {},
      failing: [],
      regression: c.regression,
    };
    break;
  }
  return state;
}
