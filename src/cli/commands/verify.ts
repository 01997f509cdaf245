import type { CommandModule } from '../types.js';
import { preCommit } from './hook.js';

const help = `Usage: tdd verify [--json]

Runs the pre-commit gates on what is staged now, without committing: the same verdict, the same
findings, the same exit codes (0 accepted, 1 refused, 3 could not verify). An accepted verdict is
kept for the staged tree, so the \`git commit\` that follows runs no tests again; it says (and
records) that verdict's warnings again.`;

const verify: CommandModule = {
  help,
  options: { options: {} },
  run: (ctx) => preCommit(ctx),
};
export default verify;
