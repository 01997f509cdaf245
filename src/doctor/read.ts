/**
 * Everything doctor looks at, read once: the checks (checks/) then never spawn or read. Reading
 * changes nothing — not the state (rebuilt here in memory only), not the glob cache.
 */
import { lstat, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readHooksPathOrigin, readHooksPathScoped } from '../git/config.js';
import { GitError } from '../git/exec.js';
import { readRepoContext } from '../git/queries.js';
import { readRepoLayout } from '../install/layout.js';
import { realpathLoose } from '../install/paths.js';
import { parseHooksPathSetting } from './parse.js';
import { readAgentFacts } from './read-agents.js';
import { readCliFacts, readHookFacts } from './read-hooks.js';
import { DEFAULT_GUI_PATH, readNodeFacts } from './read-node.js';
import { readConfigFacts, readHistoryFacts, readPendingFacts, readProjectFacts, readRunnerFacts, readStateFacts } from './read-repo.js';
import type { DoctorFacts, HooksPathSetting, LayoutFacts } from './types.js';

export { DEFAULT_GUI_PATH };

export interface DoctorOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The PATH a GUI git client gives hooks (default /usr/bin:/bin). */
  guiPath?: string;
}

async function readHooksPathSetting(top: string, env: NodeJS.ProcessEnv): Promise<HooksPathSetting | null> {
  try {
    const out = await readHooksPathScoped(top, env);
    return out === null ? null : parseHooksPathSetting(out);
  } catch (e) {
    if (!(e instanceof GitError)) throw e;
    // git < 2.26 has no --show-scope: tell the repository's own config files by their names.
    const set = await readHooksPathOrigin(top, env);
    if (!set) return null;
    const scope = set.origin.startsWith('command line')
      ? 'command'
      : /(^|[\\/])config(\.worktree)?$/.test(set.origin) && set.origin.includes('.git')
        ? 'local'
        : 'global';
    return { ...set, scope };
  }
}

/** `<gitDir>/index.lock`, when it exists. */
async function readIndexLock(gitDir: string): Promise<DoctorFacts['indexLock']> {
  const path = join(gitDir, 'index.lock');
  const st = await lstat(path).catch(() => null);
  if (!st) return null;
  return { path, size: st.size, ageSeconds: Math.max(0, Math.floor((Date.now() - st.mtimeMs) / 1000)) };
}

async function kindOf(path: string): Promise<LayoutFacts['hooksDirKind']> {
  return stat(path).then(
    (s) => (s.isDirectory() ? 'dir' : 'other'),
    () => 'absent',
  );
}

/** Throws the TddError of readRepoLayout (exit 2, with its fix) outside a work tree. */
export async function readDoctorFacts(o: DoctorOptions): Promise<DoctorFacts> {
  const rl = await readRepoLayout(o.cwd, o.env);
  const base = {
    cwd: realpathLoose(o.cwd),
    top: rl.top,
    gitDir: rl.gitDir,
    commonDir: rl.commonDir,
    hooksDir: rl.hooksDir,
    defaultHooksDir: join(rl.commonDir, 'hooks'),
    hooksDirPlace: rl.hooksDirPlace,
    huskyDir: rl.huskyDir,
    linkedWorktree: rl.gitDir !== rl.commonDir,
  };
  const [hooksDirKind, hooksPath, hooks, project, repo] = await Promise.all([
    kindOf(rl.hooksDir),
    readHooksPathSetting(rl.top, o.env),
    readHookFacts(base),
    readProjectFacts(rl.top),
    readRepoContext(rl.top, o.env),
  ]);
  const layout: LayoutFacts = { ...base, hooksDirKind };
  const { cli, nodeFallbacks } = await readCliFacts(layout, hooks);
  const [node, configRead, state, pending, indexLock, agents] = await Promise.all([
    readNodeFacts({ env: o.env, top: rl.top, guiPath: o.guiPath ?? DEFAULT_GUI_PATH, husky: rl.huskyDir !== null, nodeFallbacks }),
    readConfigFacts(repo),
    readStateFacts(repo.stateDir),
    readPendingFacts(repo.stateDir),
    readIndexLock(rl.gitDir),
    readAgentFacts(base, o.env),
  ]);
  const { runnerSpecs } = await import('../config/resolve.js');
  const runners = configRead.config ? await Promise.all(runnerSpecs(configRead.config).map((spec) => readRunnerFacts(rl.top, spec, o.env))) : [];
  let isTest: ((path: string) => boolean) | undefined;
  if (configRead.config) {
    const { makeClassifier } = await import('../snapshot/classify.js');
    const classify = makeClassifier(configRead.config);
    isTest = (p) => classify(p) === 'test';
  }
  // The state as the next hook will read it: followed to HEAD (state/follow-read.ts), not written (doctor changes nothing).
  if (state.kind === 'ok' && repo.head) {
    const { readFollowedState } = await import('../state/follow-read.js');
    state.state = (await readFollowedState(repo, state.state, repo.head, isTest ?? (() => false))).state;
  }
  const history = await readHistoryFacts(repo, state.kind === 'ok' ? state.state : null, isTest);
  return {
    layout,
    hooksPath,
    hooks,
    project,
    cli,
    node,
    config: configRead.facts,
    runners,
    state,
    pending,
    history,
    indexLock,
    agents,
    env: { ...(o.env.TDD_HOOKS === undefined ? {} : { TDD_HOOKS: o.env.TDD_HOOKS }), ...(o.env.HUSKY === undefined ? {} : { HUSKY: o.env.HUSKY }) },
  };
}
