/** Facts about the repository around a commit, read once per hook run. */
import { readFileSync, unlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { configObjectNames, loadConfig, type LoadedConfig } from '../config/load.js';
import { readHeadAndObjects, readObjects, readRepoContext, readStagedChanges, repoContextOfHook, type RepoContext } from '../git/queries.js';
import { parseHookInputs, type RawEntry } from '../git/parse.js';
import { readStateFile, writeState } from '../state/store.js';
import { emptyState, type Followed, type State } from '../state/types.js';
import { rebuildState } from '../state/rebuild.js';
import type { Finding } from '../types.js';
import type { Classifier } from '../snapshot/kinds.js';
import { readClassifier } from '../state/glob-cache.js';
// Not a chunk of its own: every commit after one whose hook left no verdict (a docs-only commit) follows HEAD, and
// a chunk of its own held ~10 KB of this one's modules a second time.
import { readFollowedState } from '../state/follow-read.js';
import { expireOff } from '../state/machine.js';

export interface CommitContext {
  repo: RepoContext;
  head: string | null;
  loaded: LoadedConfig;
  classify: Classifier;
  state: State;
  warnings: Finding[];
}

/**
 * The state at `head`: rebuilt from the history's trailers when missing or unreadable, and checked
 * against the history when HEAD moved since it was written (state/follow-read.ts). `headObject`:
 * HEAD's commit object, when the hook has it already (it saves a git call on a docs commit).
 */
export async function readState(
  repo: RepoContext,
  head: string | null,
  isTest: (path: string) => boolean = () => false,
  headObject?: Buffer | null,
): Promise<State> {
  return (await readStateAtHead(repo, head, isTest, headObject)).state;
}

/** readState, and what following HEAD dropped or changed in this read (the hook says it). */
async function readStateAtHead(
  repo: RepoContext,
  head: string | null,
  isTest: (path: string) => boolean,
  headObject?: Buffer | null,
): Promise<{ state: State; followed?: Followed }> {
  const stored = await readStateFile(repo.stateDir);
  if (stored && !head) return { state: stored };
  if (stored && head) {
    const { state, changed } = await readFollowedState({ ...repo, head }, stored, head, isTest, headObject);
    if (!changed) return { state };
    await writeState(repo.stateDir, state).catch(() => {});
    return state.followed && state.followed.at !== stored.followed?.at ? { state, followed: state.followed } : { state };
  }
  const rebuilt = head ? await rebuildState({ ...repo, head }, new Date(), isTest) : emptyState(new Date());
  await writeState(repo.stateDir, rebuilt).catch(() => {});
  return { state: rebuilt };
}

export async function readCommitContext(repo: RepoContext, configBlobs?: (Buffer | null)[], headObject?: Buffer | null): Promise<CommitContext> {
  const head = repo.head;
  const loaded = await loadConfig(repo, configBlobs);
  const classify = await readClassifier(repo.stateDir, loaded.config);
  const { state, followed } = await readStateAtHead(repo, head, (p) => classify(p) === 'test', headObject);
  // `tdd phase off --until <time>` past its time: the interrupted phase is back before this commit is judged.
  if (expireOff(state, new Date())) await writeState(repo.stateDir, state);
  // HEAD moved outside the hooks and the state followed it in this read: say what it dropped.
  const notes: Finding[] = followed ? [{ code: 'STATE_FOLLOWED', severity: 'info', data: followed }] : [];
  return { repo, head, loaded, classify, state, warnings: [...loaded.warnings, ...notes] };
}

/**
 * What pre-commit reads from git: where we are, the staged changes, the configuration blobs.
 * - From git through the shim (`prefetched`): hooks/shim.sh asks git in the background while node
 *   starts, so on a commit that runs no tests node spawns nothing (see takePrefetched).
 * - In the hook otherwise: git's environment says where we are (repoContextOfHook) and cat-file
 *   answers HEAD with the configuration: two processes.
 * - Elsewhere (`tdd verify`, from any folder): rev-parse first, three processes.
 * One after the other with spawnSync: on a 2-vCPU machine that is faster than concurrent spawns
 * (pipes wrapped in streams, event-loop turns; bench/git-calls.mjs).
 */
export async function readHookInputs(
  cwd: string,
  env: NodeJS.ProcessEnv,
  how: { inHook?: boolean; prefetched?: boolean } = {},
): Promise<{ repo: RepoContext; raw: RawEntry[]; configBlobs: (Buffer | null)[]; headObject?: Buffer | null }> {
  const known = how.inHook ? repoContextOfHook(cwd, env) : undefined;
  const prefetched = how.prefetched ? takePrefetched(cwd, env) : undefined;
  if (known && prefetched && dirname(prefetched.file) === known.stateDir) {
    const got = parseHookInputs(prefetched.data, configObjectNames('HEAD'));
    if (got) return { repo: { ...known, head: got.head }, raw: got.raw, configBlobs: got.objects, headObject: got.headObject };
  }
  if (known) {
    const { head, headObject, objects } = await readHeadAndObjects(known, configObjectNames('HEAD'));
    const repo: RepoContext = { ...known, head };
    // On an unborn branch the `HEAD:` names were all missing: the rules come from the index.
    const configBlobs = head ? objects : await readObjects(repo, configObjectNames(null), { sync: true });
    return { repo, raw: await readStagedChanges(repo, head), configBlobs, headObject };
  }
  const repo = await readRepoContext(cwd, env);
  const raw = await readStagedChanges(repo, repo.head);
  const configBlobs = await readObjects(repo, configObjectNames(repo.head), { sync: true });
  return { repo, raw, configBlobs };
}

/**
 * The file hooks/shim.sh fills for this process (`$$` is our pid: the shim execs node), read and
 * removed. Its background job may still be writing: parseHookInputs then finds no end mark.
 */
function takePrefetched(cwd: string, env: NodeJS.ProcessEnv): { file: string; data: Buffer } | undefined {
  const file = resolve(cwd, env.GIT_DIR || '.git', 'tdd', `hook-inputs.${process.pid}`);
  try {
    return { file, data: readFileSync(file) };
  } catch {
    return undefined;
  } finally {
    try {
      unlinkSync(file);
    } catch {
      // not there: nothing to remove
    }
  }
}
