import { parseFlags } from '../../install/context.js';
import { formatUninstall } from '../../install/format.js';
import { uninstall } from '../../install/uninstall.js';
import type { CommandContext, CommandModule, CommandResult } from '../types.js';

const help = `Usage: tdd-hooks uninstall [--dry-run] [--json]

Removes exactly what \`tdd-hooks install\` added: its shims in the hooks folder (a hook it had
chained goes back in place, byte for byte), its block in husky's scripts (a script it had created
is deleted when nothing else is left in it). Hooks and lines that are not tdd-hooks' stay, and so
does .tddrc.json (delete it yourself if you are done). A shim you edited is yours: it stays, with
the hook it chained beside it, and the report says so.

Options:
  --dry-run   print what would change, write nothing
  --json      the same report as JSON`;

async function run(ctx: CommandContext): Promise<CommandResult> {
  const { dryRun } = parseFlags(ctx.argv, 'uninstall');
  const report = await uninstall({ cwd: ctx.cwd, env: ctx.env, dryRun });
  return { exitCode: 0, text: formatUninstall(report), json: { ...report } };
}

const command: CommandModule = { help, run };
export default command;
