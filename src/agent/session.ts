/**
 * SessionStart: `tdd status` (the phase and why, the task, its tests, the last evidence, what is
 * staged, what the next commit may change, the next step) for the agent's context, before it
 * writes anything. Never fails the session: a status that cannot be read says so instead.
 */
import { formatSessionContext } from './messages.js';

/** `tdd status`'s text for a folder: the command layer passes it in (the guard sits below the commands). */
export type StatusText = (start: string, env: NodeJS.ProcessEnv) => Promise<string>;

export async function readSessionContext(start: string, env: NodeJS.ProcessEnv, cli = 'tdd', statusText?: StatusText): Promise<string> {
  try {
    if (!statusText) throw new Error('no status reader was given');
    return formatSessionContext(await statusText(start, env), cli);
  } catch (e) {
    return formatSessionContext(`(tdd status could not run here: ${(e as Error)?.message ?? String(e)})`, cli);
  }
}
