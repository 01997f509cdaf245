/** Run the configured static checks (tsc, eslint…) in the scratch copy of the staged tree. */
import { delimiter, join } from 'node:path';
import { runProcess } from '../process/spawn.js';
import { expandCommand, splitCommand } from '../process/command-line.js';
import type { StaticCheckResult } from '../gates/types.js';

export async function runStaticChecks(
  commands: string[],
  root: string,
  files: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<StaticCheckResult[]> {
  const results: StaticCheckResult[] = [];
  // Like an npm script: the project's own binaries first.
  const path = [join(root, 'node_modules', '.bin'), env.PATH ?? ''].join(delimiter);
  for (const command of commands) {
    let argv: string[];
    try {
      argv = splitCommand(command);
    } catch (e) {
      results.push({ command, status: 'failed', exitCode: null, output: (e as Error).message });
      continue;
    }
    for (const invocation of expandCommand(argv, files)) {
      const r = await runProcess(invocation, { cwd: root, env: { ...env, PATH: path }, timeoutMs });
      const output = `${r.stdout}${r.stderr}`.split(`${root}/`).join('').trim();
      if (r.error === 'ENOENT') {
        results.push({ command, status: 'missing', exitCode: null, output: `${invocation[0]}: command not found` });
        break;
      }
      if (r.timedOut || r.interrupted) {
        results.push({ command, status: 'unverified', exitCode: r.exitCode, output: r.timedOut ? 'timed out' : 'interrupted' });
        break;
      }
      if (r.exitCode !== 0) {
        results.push({ command, status: 'failed', exitCode: r.exitCode, output: output.slice(-4000) });
        break;
      }
    }
    if (results.at(-1)?.command !== command) results.push({ command, status: 'passed', exitCode: 0, output: '' });
  }
  return results;
}
