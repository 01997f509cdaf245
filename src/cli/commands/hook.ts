import { usageError } from '../../errors.js';
import { readRepoContext } from '../../git/queries.js';
import { findingJson, formatFindings, paint } from '../../report/format.js';
import { formatRefusalNote, type RefusalNote } from '../../report/messages.js';
import { NEXT_AFTER_COMMIT } from '../../report/next-steps.js';
import { recordVerdict } from '../../verify/record-verdict.js';
import type { RunResult } from '../../types.js';
import { argsOf } from '../options.js';
import type { CommandContext, CommandModule, CommandResult } from '../types.js';

const help = `Usage: tdd hook <pre-commit|commit-msg|post-commit> [args]

Run by the git hooks that \`tdd-hooks install\` puts in place; you do not call it yourself.
  pre-commit    checks the staged content against the declared phase (tests run on a private copy)
  commit-msg    adds the TDD-* trailers if the staged content is what pre-commit verified
  post-commit   records the commit (RED record, last green) and advances the phase
TDD_HOOKS=0 skips all three (tdd audit still sees the commit).`;

/**
 * The pre-commit gates on the staged content; shared by the hook and `tdd verify`. `inHook`: git
 * started us, and its environment says where the repository is; `prefetched`: the shim asked git
 * the first questions while node started (see readHookInputs).
 */
export async function preCommit(ctx: CommandContext, how: { inHook?: boolean; prefetched?: boolean } = {}): Promise<CommandResult> {
  const { runPreCommit, readHookInputs } = await import('../../verify/pre-commit.js');
  const inputs = await readHookInputs(ctx.cwd, ctx.env, how);
  const { repo } = inputs;
  const r = await runPreCommit(inputs);
  // A refusal says what around it matters: `commit -a`, edits the run did not see, doctor's fix.
  let notes: RefusalNote[] = [];
  if (r.exitCode !== 0) {
    const { readRefusalNotes } = await import('../../verify/refusal-notes.js');
    ({ findings: r.findings, notes } = await readRefusalNotes(
      repo,
      r.findings,
      inputs.raw.filter((e) => e.status !== 'D').map((e) => e.path),
    ));
  }
  await recordVerdict(repo, r, how);
  const c = ctx.color;
  const phase = (r.phase ?? 'no phase').toUpperCase();
  const lines: string[] = [];
  if (r.exitCode === 0) {
    const what = r.pending?.summary && r.pending.phase !== 'off' ? `: ${r.pending.summary}${r.pending.tests ? ` (tests ${r.pending.tests})` : ''}` : '';
    lines.push(`tdd: ${paint(c, 'green', '✓')} ${phase}${what}`);
    lines.push(...formatFindings(r.findings, c));
  } else {
    const head = r.exitCode === 3 ? 'could not verify this commit' : `${phase} commit refused`;
    lines.push(`tdd: ${paint(c, 'red', '✗')} ${head}${r.run ? ` (${r.pending?.summary ?? summarize(r.run)})` : ''}`);
    lines.push(...formatFindings(r.findings, c));
    for (const n of notes) lines.push(`  ${paint(c, 'yellow', 'note:')} ${formatRefusalNote(n)} ${paint(c, 'dim', `[${n.code}]`)}`);
  }
  return {
    exitCode: r.exitCode,
    text: lines.join('\n'),
    json: {
      hook: 'pre-commit',
      phase: r.phase,
      task: r.task,
      tree: r.tree,
      findings: r.findings.map(findingJson),
      summary: r.pending?.summary,
      notes: notes.map((n) => ({ ...n, message: formatRefusalNote(n) })),
    },
    findings: r.findings,
  };
}

/**
 * The first commit after an install pays for compiling the hook's chunks (on Node 20 bin/tdd.js
 * keeps V8's code cache of what a run compiled). After a plain `tdd install`, bin/tdd.js calls this
 * through the same chunks: the start of a commit that runs no tests (the reads, the configuration,
 * the classifier, the answer and its wording). Writes nothing but the glob cache; best effort.
 */
export async function warmHookPath(cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    const { readFirstAnswer, readHookInputs } = await import('../../verify/pre-commit.js');
    const findings = (await readFirstAnswer(await readHookInputs(cwd, env))) ?? [{ code: 'IGNORED_ONLY', severity: 'info' }];
    formatFindings(findings, false);
  } catch {
    // not a repository we can read yet, a configuration to fix: the first commit says so
  }
}

function summarize(run: RunResult): string {
  // A run refused before it started (a manifest that leaves the copy) has no exit code.
  return run.exitCode === null && run.command.length === 0 ? `${run.runner}: not run` : `${run.runner} exit ${run.exitCode ?? run.status}`;
}

async function commitMsg(ctx: CommandContext, file: string | undefined): Promise<CommandResult> {
  if (!file) throw usageError('tdd hook commit-msg needs the message file (git passes it as $1)');
  const repo = await readRepoContext(ctx.cwd, ctx.env);
  const { runCommitMsg } = await import('../../verify/commit-msg.js');
  const r = await runCommitMsg(repo, file);
  const text = r.exitCode === 0 ? '' : ['tdd: ✗ commit refused', ...formatFindings(r.findings, ctx.color)].join('\n');
  return { exitCode: r.exitCode, text, json: { hook: 'commit-msg', trailers: r.trailers, findings: r.findings.map(findingJson) } };
}

async function postCommit(ctx: CommandContext): Promise<CommandResult> {
  const repo = await readRepoContext(ctx.cwd, ctx.env);
  const { runPostCommit } = await import('../../verify/post-commit.js');
  const r = await runPostCommit(repo);
  if (r.amended !== undefined) {
    const text = `tdd: ! this commit amended ${r.amended?.slice(0, 12) ?? 'the root commit'}: the hooks checked it as a new commit on top of it, so it is not recorded (phase stays ${r.before ?? 'unset'}); tdd audit re-checks it from the history. To change a recorded TDD commit, make a new one.`;
    return { exitCode: 0, text, json: { hook: 'post-commit', ...r } };
  }
  const text =
    r.recorded && r.after !== r.before && r.after
      ? `tdd: phase ${r.before} → ${paint(ctx.color, 'bold', r.after)}${NEXT_AFTER_COMMIT[r.after] ? ` (next: ${NEXT_AFTER_COMMIT[r.after]})` : ''}`
      : '';
  return { exitCode: 0, text, json: { hook: 'post-commit', ...r } };
}

// git passes commit-msg the message file; --prefetched comes from our shim (hooks/shim.sh).
const OPTIONS = {
  options: { prefetched: { type: 'boolean' } },
  positionals: 2,
  words: { name: 'hook', values: ['pre-commit', 'commit-msg', 'post-commit'] },
} as const;

const hook: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values, positionals } = argsOf(ctx, 'hook', OPTIONS);
    const [name, ...args] = positionals;
    if (name === 'pre-commit') return preCommit(ctx, { inHook: true, prefetched: Boolean(values.prefetched) });
    if (name === 'commit-msg') return commitMsg(ctx, args[0]);
    if (name === 'post-commit') return postCommit(ctx);
    throw usageError(`unknown hook "${name ?? ''}"`, 'expected pre-commit, commit-msg or post-commit');
  },
};
export default hook;
