import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';

const help = `Usage: tdd doctor [--gui-path PATH] [--json]

Checks that the hooks will run, and run tdd-hooks: core.hooksPath and where it is set; the hooks
folder git uses (\`git rev-parse --git-path hooks\`), in a linked worktree and under husky too;
each hook there, executable and not replaced by another hook manager (under husky, no line ahead
of the block that runs the test suite on the working tree); the CLI they run; node, on
this PATH and on a GUI git client's minimal one; the configuration; the test runner; the local
state against the history's trailers; a stale pending verdict; TDD_HOOKS=0 or HUSKY=0; an index.lock
an interrupted git left (git then refuses every commit); and each coding agent's hooks that
\`tdd-hooks install --agent\` wrote: the file where the agent reads it, in a shape it parses, our
entries whole, Cline's scripts executable, the CLI each command names there from the project's top,
and for Codex the project trusted and hooks not switched off in its config.toml (CODEX_HOME).
Each problem comes with the command that fixes it. Doctor changes nothing.
  --gui-path PATH   the PATH a GUI git client gives hooks (default /usr/bin:/bin)
Exit codes: 0 healthy (warnings allowed), 1 problems found, 2 usage error (not in a git work tree).`;

const OPTIONS = { options: { 'gui-path': { type: 'string' } } } as const;

const doctor: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values } = argsOf(ctx, 'doctor', OPTIONS);
    const [{ runDoctor }, { doctorJson, formatDoctorText }] = await Promise.all([import('../../doctor/doctor.js'), import('../../doctor/format.js')]);
    const report = await runDoctor({ cwd: ctx.cwd, env: ctx.env, ...(values['gui-path'] === undefined ? {} : { guiPath: values['gui-path'] }) });
    return { exitCode: report.exitCode, text: formatDoctorText(report.results, report.where, ctx.color), json: doctorJson(report.results, report.where) };
  },
};
export default doctor;
