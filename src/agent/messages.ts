/**
 * The guard's words, in one place (as report/messages.ts is for commit findings): each deny says
 * the path or command, the phase, the rule, and the next legal step. Tests assert codes, never
 * these sentences. Pure.
 */
import type { Decision, GuardFinding } from './types.js';

/** `cli`: the CLI as this install runs it (`npx tdd` for a local install, `tdd` on PATH). */
type Words = (f: GuardFinding, phase: string, cli: string) => { what: string; next: string };

const d = (f: GuardFinding, key: string): string => f.data?.[key] ?? '';
const COMMIT_LAYER = 'the commit hooks and `tdd audit` check the same rules';

const WORDS: Record<GuardFinding['code'], Words> = {
  PHASE_UNSET: (f, _phase, cli) => ({
    what: `${f.path} would be changed, and no TDD phase is declared`,
    next: `declare one: \`${cli} phase red\` to write a failing test first (work outside TDD is a person’s call: they run \`tdd phase off\`)`,
  }),
  RED_IMPL_WRITE: (f) => ({
    what: `${f.path} is implementation, and RED allows only tests and test support (fixtures, helpers, snapshots)`,
    next: 'write the failing test and commit it (`git add <test> && git commit`); the phase then advances to GREEN, where implementation may change',
  }),
  RED_TEST_REMOVED: (f) => ({
    what: `${f.path} is a failing test the task's RED commit froze until GREEN`,
    next: 'keep it, and make it pass in GREEN',
  }),
  TESTS_FROZEN: (f, phase, cli) => ({
    what: `${f.path} is ${d(f, 'kind') === 'support' ? 'test support' : 'a test file'}, and tests are frozen in ${phase}`,
    next: `change the implementation only; a new test is a new cycle: commit this step first, then \`${cli} phase red\``,
  }),
  GREEN_WITHOUT_RED: (f, _phase, cli) => ({
    what: `${f.path} would be implementation in GREEN, but this task has no failing tests committed (no RED commit)`,
    next: `\`${cli} phase red\`, then write and commit the failing test first`,
  }),
  TASK_SCOPE: (f, _phase, cli) => ({
    what: `${f.path} is outside task ${d(f, 'task')}'s files and tests${d(f, 'owner') ? ` (task ${d(f, 'owner')} declares it)` : ''}`,
    next: `stay within task ${d(f, 'task')}'s files, or \`${cli} phase ... --task <id>\` for the task that owns it`,
  }),
  GIT_DIR_WRITE: (f) => ({
    what: `${f.path} is inside the git dir (hooks, configuration, tdd-hooks' state)`,
    next: 'leave the git dir to git; a human changes hooks there',
  }),
  HOOKS_EDIT: (f) => ({
    what: `${f.path} runs the tdd-hooks checks (a git hook script or an agent's hook configuration)`,
    next: 'leave it as it is; a human changes it (`npx tdd-hooks uninstall` removes it)',
  }),
  NO_VERIFY: (f) => ({
    what: `\`${d(f, 'command')}\` makes a commit without the commit hooks`,
    next: 'commit with plain `git commit`: the hooks check it, and a refusal names the next step',
  }),
  HOOKS_DISABLED: (f) => ({
    what: `\`${d(f, 'command')}\` turns the commit hooks off`,
    next: 'leave the hooks on and commit with plain `git commit`; if they are wrong here, a person decides',
  }),
  HOOKS_PATH: (f) => ({
    what: `\`${d(f, 'command')}\` points git's hooks elsewhere`,
    next: 'leave core.hooksPath as it is and commit with plain `git commit`',
  }),
  SHELL_UNREADABLE: (f) => ({
    what: `the command cannot be read: ${d(f, 'reason')} (the shell could not run it either)`,
    next: 'fix the quoting and run it again',
  }),
  INPUT_UNREADABLE: (f) => ({
    what: `the hook's input is not what this agent sends: ${d(f, 'reason')}`,
    next: 'if the agent was updated, update tdd-hooks (`npm i -D tdd-hooks@latest`); the guard denies what it cannot read',
  }),
  GUARD_ERROR: (f, _phase, cli) => ({
    what: `the guard could not decide: ${d(f, 'reason')}`,
    next: `\`${cli} doctor\` shows what is wrong; a human can fix it (the guard denies while it cannot decide, and ${COMMIT_LAYER})`,
  }),
  PHASE_SELF_CHANGE: (f) => ({
    what: `\`${d(f, 'command')}\` would change the rules the agent is judged by (turn TDD off, or revise a frozen test)`,
    next: 'that is a person’s or the orchestrator’s call, not the agent’s: stop and say why',
  }),
  CONFIG_EDIT: (f) => ({
    what: `${f.path} is tdd-hooks’ configuration (which files are tests, which runner decides)`,
    next: 'leave it as it is; a person changes the configuration',
  }),
  TOOLS_IN_SCRIPT: (f) => ({
    what: `the script calls tools inside itself, where no hook sees them (${d(f, 'reason')})`,
    next: 'call the edit or terminal tool itself, one call at a time: each call is checked',
  }),
};

/** Every code the guard can deny with (the README documents each). */
export const GUARD_CODES = Object.keys(WORDS) as GuardFinding['code'][];

/** What every deny and the session's context end with: the honest way out of a test the agent believes is wrong. */
export const ESCALATE =
  'if you believe a test is wrong, stop and say so, with the test and why: a person or the orchestrator may revise it (`tdd phase red --revise "why"` is theirs to run, not yours)';

/** The text the agent reads for a deny: one line per finding, then the next steps. */
export function formatDenial(decision: Decision, tool: string, cli = 'tdd'): string {
  const phase = decision.phase ? decision.phase.toUpperCase() : 'no phase';
  const where = `${phase}${decision.task ? `, task ${decision.task}` : ''}`;
  const lines = [`tdd-hooks denied this ${tool} call (${where}):`];
  const next: string[] = [];
  for (const f of decision.findings) {
    const w = WORDS[f.code](f, phase, cli);
    lines.push(`  - ${w.what} [${f.code}]`);
    if (!next.includes(w.next)) next.push(w.next);
  }
  for (const n of next) lines.push(`next: ${n}`);
  for (const n of decision.notes ?? []) lines.push(`note: ${n} (the commit hooks and \`${cli} audit\` still check what it does)`);
  lines.push(ESCALATE);
  lines.push(`(\`${cli} status\` shows the phase, the task and what the next commit may change)`);
  return lines.join('\n');
}

/** SessionStart: what the agent is told before it writes anything. */
export function formatSessionContext(status: string, cli = 'tdd'): string {
  return [
    'This repository enforces test-driven development with tdd-hooks: every commit is checked against the declared phase',
    '(RED: only failing tests; GREEN: implementation that makes them pass, tests frozen; REFACTOR: implementation, tests frozen and passing).',
    'Edits outside the phase are denied before they happen; `git commit --no-verify`, turning the hooks off, `tdd phase off`, revising a test and editing the tdd-hooks configuration are denied too.',
    `The legal next step is in \`${cli} status\` (below); a new test starts with \`${cli} phase red\`.`,
    `${ESCALATE[0]!.toUpperCase()}${ESCALATE.slice(1)}.`,
    `Current state (\`${cli} status\`):`,
    status.trimEnd(),
  ].join('\n');
}
