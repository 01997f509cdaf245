/**
 * SessionStart: `tdd status` (the phase and why, the task, its tests, the last evidence, what is
 * staged, what the next commit may change, the next step) for the agent's context, before it
 * writes anything. Never fails the session: a status that cannot be read says so instead.
 */
import type { CommandModule } from '../cli/types.js';
import { formatSessionContext } from './messages.js';

export async function readSessionContext(start: string, env: NodeJS.ProcessEnv, cli = 'tdd'): Promise<string> {
  try {
    // In the CommonJS bundles a lazily required module's `default` may be the whole exports (see cli/main).
    const loaded = (await import('../cli/commands/status.js')).default as CommandModule | { default: CommandModule };
    const status = 'run' in loaded ? loaded : loaded.default;
    const r = await status.run({ argv: [], cwd: start, env, json: false, color: false });
    return formatSessionContext(r.text, cli);
  } catch (e) {
    return formatSessionContext(`(tdd status could not run here: ${(e as Error)?.message ?? String(e)})`, cli);
  }
}
