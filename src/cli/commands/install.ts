import { TddError } from '../../errors.js';
import { decideSkip, isPackageInstallScript, projectDir } from '../../install/context.js';
import { formatAgents, formatInstall, formatSkip, NEXT_STEP } from '../../install/format.js';
import { install } from '../../install/install.js';
import { readAgents } from '../../install/agent-entries.js';
import { argsOf } from '../options.js';
import type { CommandContext, CommandModule, CommandResult } from '../types.js';

const help = `Usage: tdd-hooks install [--dry-run] [--replace-test-line] [--json]
       tdd-hooks install --agent NAME [--agent NAME…] [--dry-run] [--json]

Installs the pre-commit, commit-msg and post-commit hooks, and writes .tddrc.json (runner detected
from package.json) when the repository has no tdd-hooks config yet.
  with husky   adds a marked block to .husky/pre-commit, .husky/commit-msg, .husky/post-commit
  otherwise    writes small sh shims into the folder git runs hooks from (git rev-parse --git-path
               hooks); a hook already there is kept as <hook>.pre-tdd-hooks and runs first
Running it again changes nothing; \`tdd-hooks uninstall\` removes exactly what it added. It refuses a
core.hooksPath outside the repository. From an npm prepare/postinstall script it never fails the
install: outside a git repository, with CI set, or on any problem it says why and exits 0.

A line of husky's scripts that runs the test suite ahead of the block (\`npm test\`, which
\`npx husky init\` writes) tests the working tree and stops every RED commit before tdd-hooks sees
it: install names it, and --replace-test-line comments it out (uninstall gives it back).
A package.json that is not valid JSON is named, and nothing is written.
With --agent it writes only that coding agent's own project hooks instead: the edit-time guard
(\`tdd guard\`) before each file write and shell command, and the phase and next step at the start of
a session. Merged into what the file holds; again changes nothing; \`uninstall --agent\` takes out
exactly those entries (a file that held nothing else is deleted).
  claude    .claude/settings.json     PreToolUse (Write, Edit, MultiEdit, NotebookEdit, Bash, PowerShell), SessionStart
  codex     .codex/hooks.json         PreToolUse (apply_patch, Bash), SessionStart
  gemini    .gemini/settings.json     BeforeTool (write_file, replace, run_shell_command), SessionStart
  cursor    .cursor/hooks.json        preToolUse (every tool; failClosed), sessionStart
  copilot   .github/hooks/tdd-hooks.json   preToolUse (bash and powershell)
  windsurf  .windsurf/hooks.json      pre_write_code, pre_run_command
  cline     .clinerules/hooks/PreToolUse, TaskStart
  qwen      .qwen/settings.json       PreToolUse (write_file, edit, run_shell_command), SessionStart
  factory   .factory/hooks.json       PreToolUse (Create, Edit, MultiEdit, ApplyPatch, Execute), SessionStart
  augment   .augment/settings.json    PreToolUse (save-file, str-replace-editor, remove-files, launch-process)
  opencode  .opencode/plugin/tdd-hooks.js   tool.execute.before (throws to block)
  kiro      .kiro/hooks/tdd-hooks.json      PreToolUse (fs_write, execute_bash)
When this clone has no git hooks yet, install --agent installs them too: a guard judges against
the RED commits they record.
  all       every one of them

Options:
  --agent NAME          a coding agent's hooks instead of the git hooks (repeat it, or NAME,NAME)
  --dry-run             print what would change, write nothing
  --replace-test-line   husky: comment out the test-suite lines ahead of the block
  --json                the same report as JSON

Environment: TDD_HOOKS=0 skips install (and, at commit time, the hooks).`;

const OPTIONS = { options: { 'dry-run': { type: 'boolean' }, 'replace-test-line': { type: 'boolean' }, agent: { type: 'string', multiple: true } } } as const;

async function run(ctx: CommandContext): Promise<CommandResult> {
  const { values } = argsOf(ctx, 'install', OPTIONS);
  const dryRun = Boolean(values['dry-run']);
  const agents = readAgents(values.agent, 'install');
  const replaceTestLine = Boolean(values['replace-test-line']);
  const skip = decideSkip(ctx.env);
  if (skip) return { exitCode: 0, text: formatSkip(skip), json: { skipped: skip } };
  try {
    if (agents.length > 0) {
      const { installAgents } = await import('../../install/agents.js');
      const report = await installAgents({ cwd: projectDir(ctx.cwd, ctx.env), env: ctx.env, agents, dryRun });
      return { exitCode: 0, text: formatAgents(report, 'install'), json: { ...report } };
    }
    const report = await install({ cwd: projectDir(ctx.cwd, ctx.env), env: ctx.env, dryRun, replaceTestLine });
    return { exitCode: 0, text: formatInstall(report), json: { ...report, next: NEXT_STEP } };
  } catch (e) {
    // Never fail `npm install`: say why, exit 0.
    if (!isPackageInstallScript(ctx.env)) throw e;
    const err = e instanceof TddError ? e : undefined;
    const message = e instanceof Error ? e.message : String(e);
    return {
      exitCode: 0,
      text: `tdd-hooks: hooks not installed: ${message}${err?.hint ? `\n  next: ${err.hint}` : ''}`,
      json: { skipped: 'error', error: { code: err?.code ?? 'INTERNAL', message, hint: err?.hint } },
    };
  }
}

const command: CommandModule = { help, options: OPTIONS, run };
export default command;
