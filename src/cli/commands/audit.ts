import { appendFile } from 'node:fs/promises';
import { TddError, usageError } from '../../errors.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';

const help = `Usage: tdd audit [RANGE|--all] [--replay] [--shard I/N] [--format text|github] [--json]

Re-checks the TDD invariants over a range of commits from the history alone, where --no-verify,
TDD_HOOKS=0, rebases and cherry-picks cannot reach: each commit's diff against its first parent,
judged by the rules committed at that parent. Trailers are read as declared intent, never as proof.
  RANGE      git revisions, e.g. origin/main..HEAD (default: the upstream branch, else
             origin/HEAD, to HEAD); HEAD alone is the whole history
  --all      the whole history of HEAD (the same as RANGE HEAD)
  --replay   also run the tests again at each RED commit (they must fail for the right reason;
             its test files must assert and hold no skip or focus marker) and at each GREEN and
             REFACTOR commit (they must pass), in a private scratch checkout of that commit,
             with the dependencies installed now
  --shard I/N   this job's part of the range, for a CI matrix of N jobs: every job reads the
             whole range, and reports and replays only its own commits (a fixed partition: the
             N shards together are the whole audit)
  --format github   also print each finding as a GitHub Actions annotation (::error file=…::)
             and append a Markdown summary to $GITHUB_STEP_SUMMARY when it is set
Output: one line per finding (commit, phase, code, path), then the next steps; a range with no
commit says "0 commits: nothing audited".
Exit codes: 0 clean (off, regression and false-fail commits are listed, not failed; also an
empty range), 1 findings, 2 usage error or unknown range, 3 could not verify (a shallow clone
cuts the range, a replay could not run).`;

const OPTIONS = {
  options: { replay: { type: 'boolean' }, all: { type: 'boolean' }, shard: { type: 'string' }, format: { type: 'string' } },
  positionals: Infinity,
} as const;

const FORMATS = ['text', 'github'];

const audit: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values, positionals } = argsOf(ctx, 'audit', OPTIONS);
    const bad = positionals.find((p) => p.startsWith('-') || p.length === 0);
    if (bad !== undefined) throw usageError(`"${bad}" is not a revision range`, 'give a range: tdd audit main..HEAD');
    if (values.all && positionals.length > 0) throw usageError('give a RANGE or --all, not both', 'tdd audit --all, or tdd audit main..HEAD');
    const format = values.format ?? 'text';
    if (!FORMATS.includes(format)) throw usageError(`--format ${format}: expected text or github`, 'tdd audit --format github (in GitHub Actions)');
    if (ctx.json && format !== 'text') throw usageError('--json and --format github are two outputs: choose one');
    const [{ runAudit }, { auditJson, formatAuditText }, { parseShard }] = await Promise.all([
      import('../../audit/audit.js'),
      import('../../audit/format.js'),
      import('../../audit/shard.js'),
    ]);
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    const range = values.all ? ['HEAD'] : positionals;
    const { report, exitCode } = await runAudit({ cwd: ctx.cwd, env: ctx.env }, { range, replay: Boolean(values.replay), ...(shard ? { shard } : {}) });
    let text = formatAuditText(report, ctx.color);
    if (format === 'github') {
      const { formatGithubAnnotations, formatGithubSummary } = await import('../../audit/github.js');
      text = [...formatGithubAnnotations(report), text].join('\n');
      const summary = ctx.env.GITHUB_STEP_SUMMARY;
      if (summary) {
        await appendFile(summary, formatGithubSummary(report)).catch((e: Error) => {
          throw new TddError('SUMMARY_UNWRITABLE', `could not append the job summary to ${summary}: ${e.message}`, 3, { cause: e });
        });
      }
    }
    return { exitCode, text, json: auditJson(report) };
  },
};
export default audit;
