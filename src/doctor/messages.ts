/**
 * All wording of doctor's results: what is the case, and why it matters when it is a problem.
 * The fix (a command) comes with the result. Tests assert codes, never these sentences.
 */
import { shown } from './fixes.js';
import type { CheckResult, DoctorCode, DoctorFindingData, HooksPathSetting, LayoutFacts } from './types.js';

type Where = Pick<LayoutFacts, 'cwd' | 'top'>;
/** The keys of any variant of a data union. */
type KeyOf<D> = D extends unknown ? keyof D & string : never;
/** A code's words from its data; `p(key)`: a path of the data, as the user's shell names it. */
type Words<C extends DoctorCode> = (d: DoctorFindingData[C], p: (key: KeyOf<DoctorFindingData[C]>) => string) => string;

const s = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const short = (sha: unknown): string => s(sha).slice(0, 12);
const task = (d: { task: string | null }): string => (d.task ? `task ${s(d.task)}` : 'the task');
const setting = (d: HooksPathSetting): string => `core.hooksPath=${s(d.value)} (${s(d.scope)} config, ${s(d.origin)})`;
const strandedNote = (d: { stranded?: string }, p: (key: 'stranded') => string): string =>
  d.stranded ? `; tdd-hooks' hook in ${p('stranded')} is not run, as git looks in another folder` : '';

const MESSAGES: { [C in DoctorCode]: Words<C> } = {
  HOOKS_PATH_UNSET: (_, p) => `core.hooksPath is not set: git runs the hooks in ${p('hooksDir')}`,
  HOOKS_PATH_LOCAL: (d, p) => `${setting(d)}: git runs the hooks in ${p('hooksDir')}`,
  HOOKS_PATH_SHARED: (d, p) =>
    `${setting(d)} comes from outside this repository: git runs ${p('hooksDir')} for every repository, and this repository's own hooks never run`,
  HOOKS_PATH_ABSOLUTE: (d) => `${setting(d)} is an absolute path in config every worktree shares: each worktree runs that one checkout's scripts`,
  HOOKS_PATH_HUSKY_UNSET: (_, p) =>
    `the project uses husky (${p('huskyDir')}), but husky has not run in this checkout: core.hooksPath is not set, so git runs ${p('hooksDir')} and none of husky's scripts`,
  HOOKS_DIR_OK: (_, p) => `git finds its hooks folder ${p('hooksDir')}`,
  HOOKS_DIR_MISSING: (d, p) =>
    `${p('hooksDir')} ${d.kind === 'other' ? 'is not a folder' : 'does not exist'}${d.linkedWorktree ? ' in this worktree' : ''}${d.husky ? " (husky's generated, untracked folder)" : ''}: git runs no hook here, and says nothing`,
  HOOK_OK: (d, p) => `${p('path')} runs tdd-hooks${d.script ? ` (through ${p('script')})` : ''}`,
  HOOK_CALLS_TDD: (_, p) => `${p('path')} was not written by tdd-hooks, and runs its CLI`,
  HOOK_MISSING: (d, p) => `${p('path')} does not exist: git runs no tdd-hooks check for this hook${strandedNote(d, p)}`,
  HOOK_NOT_EXECUTABLE: (d, p) => `${p('path')} is not executable (mode ${d.mode.toString(8)}): git skips it with a hint, and the commit goes through unchecked`,
  HOOK_FOREIGN: (d, p) =>
    `${p('path')} was written by ${d.owner === 'unknown' ? 'something else' : s(d.owner)}, not tdd-hooks: it replaced tdd-hooks' hook, or was there first${strandedNote(d, p)}` +
    (d.chained
      ? `; ${p('chained')} holds another hook, so install cannot keep both: merge the two into ${p('chained')}, delete ${p('path')}, then run npx tdd-hooks install`
      : ''),
  HOOK_NOT_A_FILE: (_, p) => `${p('path')} is not a regular file (a folder, or a symlink to nothing): git cannot run it`,
  HOOK_NOT_REACHED: (d, p) =>
    d.husky
      ? `${p('path')} has tdd-hooks' block, but git does not run husky's scripts here (see hooks-path, hooks-dir)`
      : `${p('path')}: git runs no hook, as ${p('hooksDir')} is missing (see hooks-dir)`,
  HOOK_CHAINED_NOT_EXECUTABLE: (_, p) => `${p('chained')}, the hook that was there before tdd-hooks, is not executable: the shim skips it`,
  HUSKY_BLOCK_MISSING: (d, p) => `${p('script')} has no tdd-hooks block: husky runs it, and tdd-hooks checks nothing${strandedNote(d, p)}`,
  HUSKY_BLOCK_MALFORMED: (d, p) =>
    `${p('script')}:${s(d.line)} has a tdd-hooks marker without its pair: delete the tdd-hooks lines (or the stray marker), then run npx tdd-hooks install`,
  HUSKY_STUB_MISSING: (_, p) => `husky's stub ${p('path')} does not exist: git never runs ${p('script')}`,
  HUSKY_TEST_LINE: (d, p) =>
    `${p('script')}:${s(d.line)} runs \`${s(d.text)}\` before tdd-hooks' block: husky stops at it when it fails — on every RED commit — and it tests the working tree, not what is staged`,
  CLI_OK: (d) => `the hooks run ${d.cli.join(', ')}`,
  CLI_FALLBACK: (d) => `${s(d.cli)} is not in this checkout: the hooks run ${s(d.fallback)} instead`,
  CLI_MISSING: (d) =>
    `the ${d.hooks.join(', ')} hook${d.hooks.length > 1 ? 's run' : ' runs'} ${s(d.cli)}, which is not in this checkout${d.fallback ? ` (nor is ${s(d.fallback)})` : ''}: commits stop with exit 127`,
  NODE_OK: (d) => `node ${s(d.version)} (${s(d.path)})${d.gui === null ? '' : `; a GUI git client (PATH=${s(d.guiPath)}) runs ${s(d.gui)}`}`,
  NODE_NOT_ON_PATH: (d) => `node is not on this shell's PATH${d.husky ? '' : ', and no node the hooks recorded runs'}: commits stop with exit 127`,
  NODE_FALLBACK_BROKEN: (d) =>
    `node is not on a GUI git client's PATH (${s(d.guiPath)}), and the node the hooks recorded for it, ${d.fallbacks.join(', ')}, does not run (upgraded or removed?): commits from a GUI client stop with exit 127`,
  NODE_GUI_MISSING: (d) =>
    `node ${s(d.version)} is on this shell's PATH, but not on a GUI git client's (${s(d.guiPath)})${d.husky ? ", nor in husky's init file" : ''}: commits from such a client stop with exit 127` +
    (!d.husky ? ' (hooks in a tracked folder record no machine-specific node: start the client from a terminal)' : ''),
  NODE_TOO_OLD: (d) =>
    `the hooks run node ${s(d.version)} (${s(d.path)}); tdd-hooks needs node ${s(d.min)} or later: install a newer node (e.g. nvm install 20)`,
  CONFIG_OK: (d) => `configuration from ${s(d.source)} (runner ${s(d.runner)})`,
  CONFIG_WARNINGS: (d) =>
    `configuration from ${s(d.source)} (runner ${s(d.runner)}), with ${d.warnings
      .map((w) =>
        w.code === 'CONFIG_UNSTAGED'
          ? `${w.path} ${w.state === 'untracked' ? 'untracked' : 'edited but not staged'}: it does not count until committed`
          : w.broken
            ? 'the committed configuration broken: the staged fix applies until you commit it'
            : `${w.path ?? 'the configuration'} changed in the index: it applies from the next commit`,
      )
      .join('; ')}`,
  CONFIG_WORKTREE_INVALID: (d) => {
    const problems = d.problems ?? [];
    const what =
      d.line === undefined
        ? problems.map((x) => `${x.key}: expected ${x.expected}, found ${x.found}`).join('; ')
        : `not JSON at ${s(d.line)}:${s(d.column)}: ${s(d.message)}`;
    return `${s(d.file)} in the working copy: ${what}; fix it there (the hooks judge by the committed rules, and refuse a commit that stages it broken)`;
  },
  CONFIG_INVALID: (d) => {
    const problems = d.problems;
    const what = problems.length ? problems.map((x) => `${x.file}: ${x.key}: expected ${x.expected}, found ${x.found}`).join('; ') : s(d.message);
    return `${what}: every hook stops with exit 2 until it is fixed and committed (then \`tdd phase red\` to resume)`;
  },
  RUNNER_OK: (d) =>
    ('probe' in d
      ? `${s(d.runner)}: ${d.version ? s(d.version) : `${s(d.probe)} found`}`
      : 'entry' in d
        ? `${s(d.runner)} ${s(d.version)} (${s(d.entry)})`
        : 'node --test, with the reporter tdd-hooks ships') + (d.root ? ` in ${s(d.root)}/` : ''),
  RUNNER_TOOL_MISSING: (d) => `the runner is ${s(d.runner)}${d.root ? ` in ${s(d.root)}/` : ''}, and ${s(d.error)}: every verdict is "could not verify"`,
  RUNNER_MISSING: (d) =>
    `the runner is ${s(d.runner)}, and ${s(d.entry)} does not exist${d.declared ? ' (package.json lists it: dependencies not installed?)' : ' (package.json does not list it)'}: every verdict is "could not verify"`,
  RUNNER_REPORTER_MISSING: () => `the node --test reporter of tdd-hooks is missing (dist/runners/node-reporter.js): a broken or unbuilt tdd-hooks package`,
  STATE_ABSENT: (_, p) => `no local state yet (${p('path')}): it is built from the history on first use`,
  STATE_OK: (d) => `local state readable: phase ${s(d.phase) || 'none'}${d.task ? `, task ${s(d.task)}` : ''}`,
  STATE_CORRUPT: (d, p) =>
    `${p('path')} is ${d.reason === 'json' ? 'not valid JSON' : d.reason === 'unreadable' ? 'not readable' : 'not a tdd-hooks state'}: the hooks rebuild it from the trailers, and the phase declared in it is lost`,
  STATE_HISTORY_OK: (d) =>
    `the state agrees with the trailers${d.red ? ` (open RED commit ${short(d.red)})` : ''}` +
    (d.followed?.length ? `; HEAD moved outside the hooks and the records of ${d.followed.map(short).join(', ')} left the history: dropped` : ''),
  STATE_RED_NOT_IN_HISTORY: (d) =>
    `the open RED record of ${task(d)} is commit ${short(d.commit)}, which is not in HEAD's history (amended, rebased, or another branch)` +
    (d.active === false ? '' : ': the next GREEN commit will be refused'),
  STATE_RED_DISAGREES: (d) =>
    `the state and the trailers disagree about ${task(d)}'s open RED commit (state: ${short(d.state) || 'none'}, trailers: ${short(d.trailers) || 'none'})`,
  STATE_BEHIND: (d) =>
    `commit ${short(d.commit)} (TDD-Phase: ${s(d.commitPhase)}) landed after the phase was set to ${s(d.phase) || 'none'} (${s(d.since)}); after it the phase is ${s(d.expected) || 'none'}: the state missed it (made in another clone?)`,
  PENDING_NONE: () => 'no verdict waiting for a commit',
  PENDING_CURRENT: (d) => `a ${s(d.phase)} verdict from ${s(d.at)} waits for a commit on top of HEAD (an aborted commit: reused if the same tree is committed)`,
  PENDING_STALE: (d, p) =>
    `${p('path')} holds a ${s(d.phase)} verdict from ${s(d.at)} for a commit on top of ${short(d.head) || 'an unborn branch'}, but HEAD is ${short(d.now) || 'unborn'}: commit-msg and post-commit start node on every commit until it goes`,
  PENDING_CORRUPT: (_, p) => `${p('path')} is not a readable verdict: commit-msg and post-commit start node on every commit until it goes`,
  ENV_OK: () => 'no TDD_HOOKS=0 or HUSKY=0 in this environment',
  ENV_SKIPS: (d) => `${d.vars.map((v) => `${v}=0`).join(' and ')} set in this environment: commits made from here skip the checks`,
  INDEX_LOCK_LEFT: (d, p) =>
    `${p('path')} exists (${s(d.ageSeconds)} s old, ${s(d.size)} bytes): git refuses every commit until it goes` +
    (d.stale ? '; an interrupted git left it (Ctrl-C as git started)' : '; if no git command is running, an interrupted git left it'),
  AGENT_HOOK_OK: (d) =>
    `${s(d.agent)}'s hooks run the guard (${d.files.length} file${d.files.length > 1 ? 's' : ''}, ${s(d.cli)})` + (AGENT_NOTES[s(d.agent)] ?? ''),
  AGENT_HOOK_UNREADABLE: (d, p) =>
    `${p('path')}: ${s(d.problem)}: ${s(d.agent)} cannot read its hooks there, so nothing guards its edits; make it a JSON object again (or move it aside), then run npx tdd-hooks install --agent ${s(d.agent)}`,
  AGENT_HOOK_CHANGED: (d, p) => {
    const missing = d.missing;
    const unexpected = d.unexpected;
    const what = [missing.length ? `lacks ${missing.join(', ')}` : '', unexpected.length ? `holds ${unexpected.join(', ')} install did not write` : '']
      .filter(Boolean)
      .join(' and ');
    return `${p('path')} ${what}: ${s(d.agent)}'s tool calls that these entries no longer cover reach no guard (the commit hooks still check every commit)`;
  },
  AGENT_HOOK_NOT_EXECUTABLE: (d, p) =>
    `${p('path')} is not executable (mode ${d.mode.toString(8)}): ${s(d.agent)} runs only executable hook files, so nothing guards its edits`,
  AGENT_HOOK_CLI_MISSING: (d, p) =>
    `${s(d.agent)}'s hooks run ${s(d.cli)}, which is not there (${p('path')}): every guarded call fails — denied, or let through by an agent that fails open`,
  AGENT_CODEX_UNTRUSTED: (d) =>
    `Codex runs a project's hooks only in a trusted project, and ${s(d.config)} ${d.trust === 'untrusted' ? `marks ${s(d.top)} untrusted: change its trust_level to "trusted" if you trust this project` : `does not trust ${s(d.top)}: trust it when Codex asks (or with the command below)`}; then, in Codex, /hooks to trust tdd-hooks' hooks`,
  AGENT_HOOKS_SWITCHED_OFF: (d, p) =>
    `${p('config')} sets ${s(d.key)}: ${s(d.agent)} runs no hook at all, so nothing guards its edits (the commit hooks still check every commit); remove the key for the guard to run`,
  AGENT_CODEX_HOOKS_OFF: (d) =>
    `${s(d.config)} switches Codex's hooks off ([features] hooks = false): set it to true, or remove the line, for the guard to run`,
  AGENT_PLUGIN_OK: (d, p) =>
    `${s(d.agent)}'s user-wide tdd-hooks ${d.agent === 'gemini' ? 'extension' : 'plugin'} (${p('path')}) runs the guard in this project`,
  AGENT_PLUGIN_CLI_MISSING: (d, p) =>
    `${s(d.agent)}'s user-wide tdd-hooks ${d.agent === 'gemini' ? 'extension' : 'plugin'} (${p('path')}) finds no CLI here (${s(d.cli)}, nor tdd-hooks on PATH): it denies every edit and shell call in this project until there is one`,
  AGENT_GUARD_TWICE: (d, p) =>
    `${s(d.agent)} runs the guard twice on every tool call: the user-wide tdd-hooks ${d.agent === 'gemini' ? 'extension' : 'plugin'} (${p('path')}) and this project's \`install --agent ${s(d.agent)}\` hooks (${(Array.isArray(d.files) ? d.files : []).join(', ')}); keep one: the command below takes out the project's (the ${d.agent === 'gemini' ? 'extension' : 'plugin'} then guards you, not whoever clones the project), or switch the ${d.agent === 'gemini' ? 'extension' : 'plugin'} off to keep them`,
};

/** What doctor cannot read, said with a healthy agent's hooks. */
const AGENT_NOTES: Record<string, string> = {
  codex: '; Codex runs a new or changed hook only after /hooks trusts it',
  cline: '; Cline runs them only with "Enable Hooks" on in its settings (doctor cannot read that switch)',
  gemini: '; Gemini CLI skips hooks in a folder it does not trust',
  qwen: '; Qwen Code runs project hooks only in a trusted folder',
};

/** Every code doctor gives (for the README and the tests). */
export const DOCTOR_CODES = Object.keys(MESSAGES) as DoctorCode[];

export function formatMessage(r: CheckResult, where: Where): string {
  const data = r.data as Record<string, unknown>;
  const path = (key: string): string => {
    const v = data[key];
    return typeof v === 'string' ? shown(where, v) : s(v);
  };
  return (MESSAGES[r.code] as Words<DoctorCode>)(r.data, path);
}
