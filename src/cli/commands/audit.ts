import { usageError } from '../../errors.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';

const help = `Usage: tdd audit [RANGE] [--replay] [--json]

Re-checks the TDD invariants over a range of commits from the history alone, where --no-verify,
TDD_HOOKS=0, rebases and cherry-picks cannot reach: each commit's diff against its first parent,
judged by the rules committed at that parent. Trailers are read as declared intent, never as proof.
  RANGE      git revisions, e.g. origin/main..HEAD (default: the upstream branch, else
             origin/HEAD, to HEAD)
  --replay   also run the tests again at each RED commit (they must fail for the right reason;
             its test files must assert and hold no skip or focus marker) and at each GREEN and
             REFACTOR commit (they must pass), in a private scratch checkout of that commit,
             with the dependencies installed now
Output: one line per finding (commit, phase, code, path), then the next steps.
Exit codes: 0 clean (off, regression and false-fail commits are listed, not failed), 1 findings,
2 usage error or unknown range, 3 could not verify (a shallow clone cuts the range, a replay
could not run).`;

const OPTIONS = { options: { replay: { type: 'boolean' } }, positionals: Infinity } as const;

const audit: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values, positionals } = argsOf(ctx, 'audit', OPTIONS);
    const bad = positionals.find((p) => p.startsWith('-') || p.length === 0);
    if (bad !== undefined) throw usageError(`"${bad}" is not a revision range`, 'give a range: tdd audit main..HEAD');
    const [{ runAudit }, { auditJson, formatAuditText }] = await Promise.all([import('../../audit/audit.js'), import('../../audit/format.js')]);
    const { report, exitCode } = await runAudit({ cwd: ctx.cwd, env: ctx.env }, { range: positionals, replay: Boolean(values.replay) });
    return { exitCode, text: formatAuditText(report, ctx.color), json: auditJson(report) };
  },
};
export default audit;
