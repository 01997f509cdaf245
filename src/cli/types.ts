import type { Finding } from '../types.js';

export type ExitCode = 0 | 1 | 2 | 3;

/** What a command gets: its own argv (after the command name) and the world it may touch. */
export interface CommandContext {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** --json was given: the command's `json` value is printed instead of its text. */
  json: boolean;
  /** Colour allowed on the human output. */
  color: boolean;
}

/**
 * What a command returns. cli/main prints `json` (with --json) or `text`, and sets the exit
 * code; commands never print or exit themselves (hooks may stream progress through `log`).
 */
export interface CommandResult {
  exitCode: ExitCode;
  text: string;
  json: Record<string, unknown>;
  findings?: Finding[];
  /** Text for standard error besides `text` (the agent guard's reason on a deny by exit 2). */
  stderr?: string;
}

export interface CommandModule {
  /** One paragraph shown by --help, with the usage line first. */
  help: string;
  run(ctx: CommandContext): Promise<CommandResult>;
}
