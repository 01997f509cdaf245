/**
 * A private copy of a tree, with its own index file and work tree (verify/scratch.ts keeps it):
 * `env` names them (GIT_DIR the repository's, GIT_INDEX_FILE and GIT_WORK_TREE the copy's), so
 * none of these touches the user's work tree or index; git only reads objects from the repository.
 */
import { git } from './exec.js';

export interface CopyIndex {
  /** The copy's work tree (the cwd of every call). */
  work: string;
  env: NodeJS.ProcessEnv;
}

/**
 * The copy holds the whole tree: the user's sparse-checkout patterns (read from the shared git
 * dir) must not leave files out of the copy the tests run in.
 */
const WHOLE = ['-c', 'core.sparseCheckout=false', '-c', 'index.sparse=false'];

const at = (copy: CopyIndex) => ({ cwd: copy.work, baseEnv: copy.env });

/** The first fill: the index and work tree become exactly `tree` (`read-tree -u --reset`). */
export async function fillCopy(copy: CopyIndex, tree: string): Promise<void> {
  await git([...WHOLE, 'read-tree', '-u', '--reset', tree], at(copy));
}

/** From `from` to `to`, rewriting only what changed (`read-tree -m -u`: 0.1 s vs 1.1 s for 50,000 files); false when git refuses. */
export async function moveCopy(copy: CopyIndex, from: string, to: string): Promise<boolean> {
  return git([...WHOLE, 'read-tree', '-m', '-u', from, to], at(copy)).then(
    () => true,
    () => false,
  );
}

/**
 * Back to what the copy's index holds: untracked files removed (ignored ones too, the folders in
 * `keep` aside), tracked files edited since restored. False when git cannot (then fill it anew).
 */
export async function cleanCopy(copy: CopyIndex, keep: readonly string[]): Promise<boolean> {
  try {
    const [, modified] = await Promise.all([
      // An entry is a path, not a pattern: a glob's characters (a kept build output's name) escaped.
      git([...WHOLE, 'clean', '-ffdqx', ...keep.flatMap((l) => ['-e', `/${l.replace(/[*?[\\!#]/g, '\\$&')}`])], at(copy)),
      git([...WHOLE, 'diff-files', '--name-only', '-z', '--no-renames'], at(copy)),
    ]);
    if (modified) await git([...WHOLE, 'checkout-index', '-f', '-z', '--stdin'], { ...at(copy), input: modified });
    return true;
  } catch {
    return false;
  }
}

/** What a command run in the copy left: its untracked paths (folders as one `dir/`) and the tracked files it edited, NUL-separated. */
export async function readCopyChanges(copy: CopyIndex): Promise<{ untracked: string; edited: string }> {
  const [untracked, edited] = await Promise.all([
    git([...WHOLE, 'ls-files', '--others', '--directory', '-z'], at(copy)),
    git([...WHOLE, 'diff-files', '--name-only', '-z', '--no-renames'], at(copy)),
  ]);
  return { untracked, edited };
}
