/** Facts about the repository around a commit, read once per hook run. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { configObjectNames, loadConfig, type LoadedConfig } from '../config/load.js';
import { readObjects, readRepoContext, readStagedChanges, type RepoContext } from '../git/queries.js';
import type { RawEntry } from '../git/parse.js';
import { readStateFile, writeState } from '../state/store.js';
import { emptyState, type State } from '../state/types.js';
import { rebuildState } from '../state/rebuild.js';
import type { Finding } from '../types.js';
import type { Classifier } from '../snapshot/kinds.js';
import { readClassifier } from '../state/glob-cache.js';

/** A merge, cherry-pick, revert or rebase that is being concluded (its commit is not a TDD step). */
export function readOperation(gitDir: string): string | null {
  const markers: [string, string][] = [
    ['MERGE_HEAD', 'merge'],
    ['CHERRY_PICK_HEAD', 'cherry-pick'],
    ['REVERT_HEAD', 'revert'],
    ['rebase-merge', 'rebase'],
    ['rebase-apply', 'rebase'],
  ];
  for (const [file, name] of markers) if (existsSync(join(gitDir, file))) return name;
  return null;
}

export interface CommitContext {
  repo: RepoContext;
  head: string | null;
  loaded: LoadedConfig;
  classify: Classifier;
  state: State;
  /** The active task's title in the plan, once read. */
  taskTitle?: string;
  warnings: Finding[];
}

/** The state, rebuilt from the history's trailers when missing or unreadable. */
export async function readState(repo: RepoContext, head: string | null, isTest?: (path: string) => boolean): Promise<State> {
  const stored = await readStateFile(repo.stateDir);
  if (stored) return stored;
  const rebuilt = head ? await rebuildState(repo, new Date(), isTest) : emptyState(new Date());
  await writeState(repo.stateDir, rebuilt).catch(() => {});
  return rebuilt;
}

export async function readCommitContext(repo: RepoContext, configBlobs?: (Buffer | null)[]): Promise<CommitContext> {
  const head = repo.head;
  const loaded = await loadConfig(repo, configBlobs);
  const classify = await readClassifier(repo.stateDir, loaded.config);
  const state = await readState(repo, head, (p) => classify(p) === 'test');
  return { repo, head, loaded, classify, state, warnings: [...loaded.warnings] };
}

/**
 * What pre-commit reads from git, in three processes at once instead of one after the other: a
 * hook runs at the top level, so the staged changes and the configuration can be asked for
 * against `HEAD` while rev-parse says where we are. On an unborn branch they are asked again.
 */
export async function readHookInputs(cwd: string, env: NodeJS.ProcessEnv): Promise<{ repo: RepoContext; raw: RawEntry[]; configBlobs: (Buffer | null)[] }> {
  const guess: RepoContext = { top: cwd, gitDir: '', stateDir: '', indexFile: '', head: 'HEAD', env };
  const [repo, raw, configBlobs] = await Promise.all([
    readRepoContext(cwd, env),
    readStagedChanges(guess, 'HEAD').catch(() => undefined),
    readObjects(guess, configObjectNames('HEAD')).catch(() => undefined),
  ]);
  if (repo.head && repo.top === cwd && raw && configBlobs) return { repo, raw, configBlobs };
  const [again, blobs] = await Promise.all([readStagedChanges(repo, repo.head), readObjects(repo, configObjectNames(repo.head))]);
  return { repo, raw: again, configBlobs: blobs };
}
