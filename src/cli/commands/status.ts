import { readRepoContext } from '../../git/queries.js';
import { readHooksInstalled } from '../../install/installed.js';
import { paint } from '../../report/format.js';
import { formatFinding } from '../../report/messages.js';
import { readStagedEntries } from '../../snapshot/read.js';
import { taskKey } from '../../state/machine.js';
import type { Finding, Phase } from '../../types.js';
import { readCommitContext } from '../../verify/context.js';
import type { CommandModule } from '../types.js';
import { NEXT_STEP } from '../../report/next-steps.js';

const help = `Usage: tdd status [--json]

Answers, at any moment: which task and behaviour; which tests express it; which phase and why;
what evidence the last verdict had (command, exit code, failing tests and reasons); which files
are staged and how they count; what the next commit may change. Warns when no hook of this clone
runs tdd-hooks (a fresh clone before install): its commits would not be checked.`;

const MAY_CHANGE: Record<Phase, string> = {
  red: 'test files and test support only (fixtures, helpers, snapshots, runner config)',
  green: 'implementation only; test files and test support are frozen',
  refactor: 'implementation only; test files and test support are frozen',
  off: 'anything (recorded as off)',
};

const status: CommandModule = {
  help,
  options: { options: {} },
  async run(ctx) {
    const repo = await readRepoContext(ctx.cwd, ctx.env);
    const cc = await readCommitContext(repo);
    const { state } = cc;
    const red = state.red[taskKey(state.task)];
    const [staged, hooksInstalled] = await Promise.all([readStagedEntries(repo, cc.head, cc.classify), readHooksInstalled(repo)]);
    const v = state.lastVerdict;
    const c = ctx.color;
    const lines = [
      ...(hooksInstalled
        ? []
        : [
            `${paint(c, 'yellow', 'warning')}   no tdd-hooks hook in this clone: commits are not checked; run \`tdd-hooks install\` (or have package.json's "prepare" run it)`,
          ]),
      `phase     ${state.phase ? paint(c, 'bold', state.phase) : 'none'}${state.regression ? ' (regression)' : ''}${state.reason ? ` — ${state.reason}` : ''}`,
      ...(state.revise ? [`revise    ${state.revise} — the next RED may change tests that passed at its parent (recorded in TDD-Revise)`] : []),
      ...(state.phase === 'off' ? [`off       ${offSpan(state)}`] : []),
      `task      ${state.task ?? '(none)'}`,
      `config    ${cc.loaded.source} (runner ${cc.loaded.config.runner})`,
      ...rulesChanged(cc.warnings).map((w) => `rules     ${w}`),
    ];
    if (red) {
      const open = red.greenCommit
        ? ` → green ${red.greenCommit.slice(0, 12)}`
        : red.regression
          ? ' (regression tests: nothing to make green)'
          : ' (open: waiting for GREEN)';
      lines.push(`red       ${red.commit.slice(0, 12)}${open}`);
      lines.push(`tests     ${red.files.join(', ') || '(none recorded)'}`);
      for (const id of red.failing.slice(0, 10)) lines.push(`          behaviour: ${id}`);
    }
    if (v) {
      lines.push(
        `last      ${v.phase} verdict ${v.exitCode === 0 ? 'accepted' : v.exitCode === 1 ? 'refused' : 'could not verify'} at ${v.at}${v.codes.length ? ` [${v.codes.join(', ')}]` : ''}`,
      );
      if (v.evidence) {
        const e = v.evidence;
        lines.push(`evidence  ${e.command.join(' ')} → exit ${e.exitCode}: ${e.passed} passed, ${e.failed} failed, ${e.skipped} skipped`);
        for (const f of e.failures.slice(0, 10)) lines.push(`          ✗ ${f.id} (${f.failure ?? 'exception'}) ${f.message ?? ''}`);
        for (const f of e.fileErrors.slice(0, 10)) lines.push(`          ✗ ${f.file} (${f.kind}) ${f.message}`);
      }
    }
    // What the record rests on: the HEAD it was checked against, and what the last move outside the hooks changed.
    if (state.head) lines.push(`history   checked at ${state.head.slice(0, 12)}${red ? `; the RED record rests on ${red.commit.slice(0, 12)}` : ''}`);
    if (state.followed) lines.push(`          ${formatFinding({ code: 'STATE_FOLLOWED', severity: 'info', data: state.followed }).what}`);
    lines.push(`staged    ${staged.length ? '' : '(nothing)'}`);
    for (const e of staged) lines.push(`          ${e.status} ${e.path} (${e.kind})`);
    if (state.phase) {
      lines.push(`may       ${MAY_CHANGE[state.phase]}`);
      lines.push(`next      ${NEXT_STEP[state.phase]}`);
    } else lines.push('next      `tdd phase red` to start with a failing test');
    return {
      exitCode: 0,
      text: lines.join('\n'),
      json: {
        hooksInstalled,
        phase: state.phase,
        task: state.task,
        regression: state.regression,
        reason: state.reason,
        since: state.since,
        revise: state.revise ?? null,
        until: state.until ?? null,
        resumes: state.phase === 'off' ? (state.resume?.phase ?? null) : null,
        config: { source: cc.loaded.source, runner: cc.loaded.config.runner },
        rulesChanged: cc.warnings.flatMap((w) => (w.code === 'CONFIG_PENDING' && w.data?.rules ? [{ path: w.path ?? null, keys: w.data.rules }] : [])),
        red: red ?? null,
        tests: red?.files ?? [],
        behaviour: red?.failing ?? [],
        lastVerdict: v,
        head: state.head ?? null,
        followed: state.followed ?? null,
        staged: staged.map((e) => ({ path: e.path, status: e.status, kind: e.kind })),
        mayChange: state.phase ? MAY_CHANGE[state.phase] : null,
        next: state.phase ? NEXT_STEP[state.phase] : '`tdd phase red`',
        warnings: cc.warnings,
      },
    };
  },
};
export default status;

/** How long a declared off lasts, and what comes back after it. */
function offSpan(state: { until?: string | null; resume?: { phase: Phase | null } | null }): string {
  const back = state.resume?.phase ?? 'no phase';
  if (!state.until) return `for the next commit only, then ${back}`;
  return state.until.startsWith('task:') ? `while task ${state.until.slice(5)} is active, then ${back}` : `until ${state.until}, then ${back}`;
}

/** A staged configuration that changes what is a test, support or ignored: said before the commit, as its output says it. */
function rulesChanged(warnings: readonly Finding[]): string[] {
  return warnings.flatMap((w) =>
    w.code === 'CONFIG_PENDING' && w.data?.rules
      ? [
          `${w.path ?? 'the configuration'} is staged with a new ${w.data.rules.join(', ')}: from the next commit on here; tdd audit keeps the base's rules unless this is an allowed off commit (audit.allowOff)`,
        ]
      : [],
  );
}
