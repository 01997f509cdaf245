/** Reading history: a streaming `git log` over a range, a `cat-file --batch` kept open, the commits between two HEADs. */
import { execGit, git, GitError, spawnGit, type GitChild } from './exec.js';
import type { RepoContext } from './queries.js';

/**
 * `git log -z --format=<format> <extra> <range> --`, its pipes handed to `use` as they come (see
 * spawnGit). `changes`: each commit's raw changes against its first parent too (no renames, full
 * ids); without them git reads no trees, ~10× faster on a real history.
 */
export async function spawnHistoryLog<T>(
  ctx: RepoContext,
  o: { format: string; changes: boolean; extra: readonly string[]; range: readonly string[]; signal?: AbortSignal },
  use: (child: GitChild) => T,
): Promise<T> {
  const diff = o.changes ? ['--raw', '--no-renames', '--no-abbrev', '--no-ext-diff', '--no-relative', '--diff-merges=first-parent'] : [];
  return spawnGit(
    ['log', '-z', ...diff, `--format=${o.format}`, ...o.extra, ...o.range, '--'],
    { cwd: ctx.top, baseEnv: ctx.env, ...(o.signal ? { signal: o.signal } : {}) },
    use,
  );
}

/**
 * Whether any commit reachable from `revs` carries the trailer `key`, as git reads trailers (its
 * separators and `trailer.<alias>.key` settings applied, the key matched in any case): one walk,
 * newest first, that prints each commit's id and the trailer's value where there is one, and is
 * stopped at the first value (a history that uses the trailer shows one within git's first
 * buffer). No commit reads no tree.
 */
export async function anyTrailer(ctx: Pick<RepoContext, 'top' | 'env'>, key: string, revs: readonly string[]): Promise<boolean> {
  const args = ['log', '-z', `--format=%H%x1f%(trailers:key=${key},valueonly,unfold)`, ...revs, '--'];
  return spawnGit(args, { cwd: ctx.top, baseEnv: ctx.env }, (child) => {
    return new Promise<boolean>((resolve, reject) => {
      let found = false;
      let last = '';
      const err: Buffer[] = [];
      child.stdout.on('data', (b: Buffer) => {
        if (found) return;
        const text = last + b.toString('latin1');
        last = text.slice(-1);
        // A commit's record is `<id>\x1f<value>\0`: anything between the two is a value.
        if (!/\x1f[^\0]/.test(text)) return;
        found = true;
        child.kill();
        resolve(true);
      });
      child.stderr.on('data', (b: Buffer) => err.push(b));
      child.on('error', (e) => reject(e));
      child.on('close', (code) => {
        if (found) return;
        if (code === 0) resolve(false);
        else reject(new GitError(args, code ?? 128, Buffer.concat(err).toString('utf8')));
      });
    });
  });
}

/** One `git cat-file --batch` with a pipe to write names to (see spawnGit): `use` wires it and ends it. */
export async function spawnCatFileBatch<T>(ctx: Pick<RepoContext, 'top' | 'env'>, use: (child: GitChild) => T): Promise<T> {
  return spawnGit(['cat-file', '--batch'], { cwd: ctx.top, baseEnv: ctx.env, stdin: true }, use);
}

/**
 * Both sides of the move from `from` to `to` (`git log --left-right from...to`), at most `limit`
 * commits, `<side><sha>\x1f<trailers>\x1e` each (`<` left behind, `>` came; state/trailers.ts
 * parseMoveLog reads it); undefined when git cannot say (`from` is gone). Synchronous (see GitOptions.sync).
 */
export async function readMoveLog(ctx: RepoContext, from: string, to: string, limit: number): Promise<string | undefined> {
  return git(['log', '--left-right', '--topo-order', `-n${limit}`, '--format=%m%H%x1f%(trailers:only,unfold)%x1e', `${from}...${to}`, '--'], {
    cwd: ctx.top,
    baseEnv: ctx.env,
    sync: true,
  }).catch(() => undefined);
}

/** stdout of a git answer that may be no answer (exit 1 or 128, or nothing printed): null then. */
async function answer(ctx: RepoContext, args: string[]): Promise<string | null> {
  const r = await execGit(args, { cwd: ctx.top, baseEnv: ctx.env, okCodes: [1, 128] });
  return r.code === 0 && r.stdout.trim() ? r.stdout.trim() : null;
}

/**
 * Where a branch's range starts by default, as a short name: its upstream (`origin/main`), else
 * the branch origin/HEAD names, else `origin/HEAD` itself when it is a plain ref; null for none.
 */
export async function readDefaultBaseName(ctx: RepoContext): Promise<string | null> {
  return (
    (await answer(ctx, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'])) ??
    (await answer(ctx, ['symbolic-ref', '-q', '--short', 'refs/remotes/origin/HEAD'])) ??
    ((await answer(ctx, ['rev-parse', '-q', '--verify', 'refs/remotes/origin/HEAD'])) ? 'origin/HEAD' : null)
  );
}
