/** A commit message file, as git edits it. */
import { execGit } from './exec.js';
import type { RepoContext } from './queries.js';

/**
 * Sets trailers in the message file `file`, in place (`git interpret-trailers`): each `Key: value`
 * replaces the trailers of that key, and a bare `Key:` removes them (`--trim-empty`).
 * `--no-divider`: a `---` line in the body must not hide the trailers from `%(trailers)`.
 */
export async function writeMessageTrailers(ctx: RepoContext, file: string, trailers: readonly string[]): Promise<void> {
  await execGit(
    ['interpret-trailers', '--in-place', '--no-divider', '--if-exists', 'replace', '--trim-empty', ...trailers.flatMap((t) => ['--trailer', t]), file],
    {
      cwd: ctx.top,
      baseEnv: ctx.env,
    },
  );
}
