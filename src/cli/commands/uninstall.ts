import { formatAgents, formatUninstall } from '../../install/format.js';
import { uninstall } from '../../install/uninstall.js';
import { readAgents } from '../../install/agent-entries.js';
import { argsOf } from '../options.js';
import type { CommandContext, CommandModule, CommandResult } from '../types.js';

const help = `Usage: tdd-hooks uninstall [--dry-run] [--json]
       tdd-hooks uninstall --agent NAME [--agent NAME…] [--dry-run] [--json]

Removes exactly what \`tdd-hooks install\` added: its shims in the hooks folder (a hook it had
chained goes back in place, byte for byte), its block in husky's scripts (a script it had created
is deleted when nothing else is left in it). Hooks and lines that are not tdd-hooks' stay, and so
does .tddrc.json (delete it yourself if you are done). A shim you edited is yours: it stays, with
the hook it chained beside it, and the report says so.

With --agent it takes out only that coding agent's tdd-hooks entries (what \`install --agent\`
wrote): the rest of the file stays as it was, and a file that held nothing else is deleted.

Options:
  --agent NAME   claude, codex, gemini, cursor, copilot, windsurf, cline, qwen, factory, augment, opencode, kiro or all (repeatable)
  --dry-run      print what would change, write nothing
  --json         the same report as JSON`;

const OPTIONS = { options: { 'dry-run': { type: 'boolean' }, agent: { type: 'string', multiple: true } } } as const;

async function run(ctx: CommandContext): Promise<CommandResult> {
  const { values } = argsOf(ctx, 'uninstall', OPTIONS);
  const dryRun = Boolean(values['dry-run']);
  const agents = readAgents(values.agent, 'uninstall');
  if (agents.length > 0) {
    const { uninstallAgents } = await import('../../install/agents.js');
    const report = await uninstallAgents({ cwd: ctx.cwd, env: ctx.env, agents, dryRun });
    return { exitCode: 0, text: formatAgents(report, 'uninstall'), json: { ...report } };
  }
  const report = await uninstall({ cwd: ctx.cwd, env: ctx.env, dryRun });
  return { exitCode: 0, text: formatUninstall(report), json: { ...report } };
}

const command: CommandModule = { help, options: OPTIONS, run };
export default command;
