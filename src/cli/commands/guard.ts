import { readSync } from 'node:fs';
import { usageError } from '../../errors.js';
import { runGuard } from '../../agent/guard.js';
import { AGENTS, type AgentName } from '../../agent/types.js';
import { argsOf } from '../options.js';
import type { CommandContext, CommandModule, CommandResult } from '../types.js';

const help = `Usage: tdd guard <agent> [--json]

The edit-time guard. A coding agent's own pre-tool hook runs it (\`tdd-hooks install --agent <agent>\`
writes that hook); you do not call it yourself. It reads the agent's hook payload on stdin, applies
the commit-time phase rules to the paths the tool call would write (RED: tests and test support
only; GREEN and REFACTOR: no test or test-support file; off: anything; no phase: declare one) and
denies shell commands that would bypass the commit hooks (git commit --no-verify, TDD_HOOKS=0,
core.hooksPath, editing the hook files). It answers in the agent's own format and appends the
decision to the event log. Input it cannot read, or an error of its own, is a deny.
  agents      ${AGENTS.join(' ')}
  --json      print the decision as data instead of the agent's answer (the exit code stays the
              agent's: 0, or 2 for a deny that the agent reads from stderr)
Example:
  echo '{"tool_name":"Write","tool_input":{"file_path":"src/a.js","content":"x"}}' | tdd guard claude --json`;

/** stdin, read synchronously (a stream would start libuv's machinery for one small payload). */
function readStdin(): string {
  const chunks: Buffer[] = [];
  const buf = Buffer.alloc(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
        continue;
      }
      if (code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The agent, one of AGENTS; no option but main's --json. */
const OPTIONS = { options: {}, positionals: 1, words: { name: 'agent', values: AGENTS } } as const;

/** SessionStart's context: \`tdd status\` as the agent's project shows it, loaded only for that call. */
async function statusText(start: string, env: NodeJS.ProcessEnv): Promise<string> {
  // In the CommonJS bundles a lazily required module's \`default\` may be the whole exports (see cli/main).
  const loaded = (await import('./status.js')).default as CommandModule | { default: CommandModule };
  const status = 'run' in loaded ? loaded : loaded.default;
  return (await status.run({ argv: [], cwd: start, env, json: false, color: false })).text;
}

async function run(ctx: CommandContext): Promise<CommandResult> {
  const [agent] = argsOf(ctx, 'guard', OPTIONS).positionals;
  if (!agent) throw usageError('tdd guard needs the agent', `name one of: ${AGENTS.join(', ')} (tdd guard claude)`);
  // Imported statically: this command's chunk is the guard's (one file less to load on every call).
  const r = await runGuard(agent as AgentName, readStdin(), ctx.env, ctx.cwd, statusText);
  const d = r.decision;
  return {
    exitCode: r.output.exitCode,
    text: r.output.stdout,
    stderr: r.output.stderr,
    json: {
      agent,
      request: { kind: r.request.kind, ...('tool' in r.request && r.request.tool ? { tool: r.request.tool } : {}) },
      decision: d ? { allow: d.allow, phase: d.phase, task: d.task, findings: d.findings } : null,
      output: r.output,
    },
  };
}

const command: CommandModule = { help, options: OPTIONS, run };
export default command;
