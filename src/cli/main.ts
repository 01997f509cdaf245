/**
 * argv → command. The only place that decides exit codes (0 accepted, 1 refused, 2 usage or
 * configuration error, 3 could not verify) and the only place that prints. Commands load lazily
 * so a hook that runs no tests loads almost nothing.
 */
import { fstatSync, statSync, writeSync } from 'node:fs';
import { TddError } from '../errors.js';
// Static, not lazy like the commands: 1.5 KB that every hook needs; a chunk of its own cost ~0.4 ms to load.
import { interruptedBy, trapInterrupts } from '../process/interrupt.js';
import { mentionsCommand, spellCommands } from '../install/spelling.js';
import { nearest } from '../nearest.js';
import { parseCommandArgs, type ParsedArgs } from './options.js';
import type { CommandContext, CommandModule, CommandResult } from './types.js';

export const COMMANDS: Record<string, () => Promise<{ default: CommandModule }>> = {
  install: () => import('./commands/install.js'),
  uninstall: () => import('./commands/uninstall.js'),
  phase: () => import('./commands/phase.js'),
  status: () => import('./commands/status.js'),
  verify: () => import('./commands/verify.js'),
  hook: () => import('./commands/hook.js'),
  demo: () => import('./commands/demo.js'),
  stage: () => import('./commands/stage.js'),
  waves: () => import('./commands/waves.js'),
  attempt: () => import('./commands/attempt.js'),
  rollback: () => import('./commands/rollback.js'),
  report: () => import('./commands/report.js'),
  'red-check': () => import('./commands/red-check.js'),
  audit: () => import('./commands/audit.js'),
  doctor: () => import('./commands/doctor.js'),
  guard: () => import('./commands/guard.js'),
};

const USAGE = `tdd-hooks: test-driven development as a property of the git history

Usage: tdd <command> [options]        (also installed as tdd-hooks)

Commands:
  install      install the git hooks (husky or .git/hooks) and write .tddrc.json
  uninstall    remove exactly what install added
  phase        print or declare the TDD phase: red | green | refactor | off
  status       phase, task, tests, last evidence and what the next commit may change
  verify       run the pre-commit gates on what is staged, without committing
  stage        stage exactly the active task's files and tests (instead of git add -A)
  waves        plan tasks {id, files, tests, deps} into waves that can run in parallel
  attempt      count attempts per task and phase against ceilings and a time budget
  rollback     put implementation files back as at the last green commit (saved first; --undo)
  red-check    the RED assertion check on test files on disk: real assertions, no print-only, no focus
  doctor       check that the hooks will run: each problem with the command that fixes it
  audit        re-check the TDD invariants over a range of commits (CI); --replay runs the tests again
  report       per task, RED → GREEN → REFACTOR as traffic lights: text, Markdown or an HTML page
  demo         a RED → GREEN → REFACTOR cycle with refused cheats, in a scratch repository
  hook         run by the installed git hooks (pre-commit, commit-msg, post-commit)
  guard        run by a coding agent's pre-tool hook: the phase rules before each edit

Every command takes --help and --json. Exit codes: 0 accepted, 1 refused, 2 usage or
configuration error, 3 could not verify.`;

/**
 * A command module's default export. In the CommonJS bundles (bin/build.mjs) a lazily required
 * module arrives with node's interop: `default` is then the whole exports object.
 */
export function commandOf(loaded: { default: CommandModule }): CommandModule {
  const d = loaded.default as CommandModule | { default: CommandModule };
  return 'run' in d ? d : d.default;
}

/** NO_COLOR, FORCE_COLOR, else whether the output is a terminal (asked only then: it costs). */
function colorAllowedFor(env: NodeJS.ProcessEnv, isTTY: () => boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0';
  return isTTY();
}

export async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const [name, ...rest] = argv.filter((a) => a !== '--json');
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE + '\n');
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    const [{ readFileSync }, { join }, { PACKAGE_ROOT }] = await Promise.all([import('node:fs'), import('node:path'), import('../paths.js')]);
    process.stdout.write(`${(JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version}\n`);
    return 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    const guess = nearest(name, Object.keys(COMMANDS));
    const tail = guess ? `; did you mean \`tdd ${guess}\`?` : ' (see `tdd --help`)';
    return fail(json, new TddError('USAGE', `unknown command "${name}"${tail}`, 2, { data: { command: name, suggestion: guess ?? null } }));
  }
  const mod = commandOf(await load());
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(mod.help.trimEnd() + '\n');
    return 0;
  }
  let parsed: ParsedArgs | undefined;
  try {
    // A command that declares no options parses its own argv (none of ours: test/integration/cli-options.test.ts).
    if (mod.options) parsed = parseCommandArgs(name, rest, mod.options);
  } catch (e) {
    return fail(json, e);
  }
  const isHook = name === 'hook';
  // The agent guard answers on both streams in the agent's own format, on every tool call.
  const isGuard = name === 'guard';
  // A hook prints to stderr (git shows it; stdout may be a pipe git reads). Written straight to
  // fd 2 there: creating process.stderr costs ~1 ms on every commit (docs/benchmarks.md).
  const err = isHook || isGuard ? await fdWriter(2) : undefined;
  const write = err?.write ?? ((text: string) => process.stdout.write(text));
  const color = !isGuard && colorAllowedFor(process.env, err?.isTTY ?? (() => Boolean(process.stdout.isTTY)));
  const ctx: CommandContext = { argv: rest, ...(parsed ? { parsed } : {}), cwd: process.cwd(), env: process.env, json, color };
  // A hook (or `tdd verify`) unwinds through its cleanup on Ctrl-C instead of dying mid-step.
  const guarded = isHook || name === 'verify';
  if (guarded) trapInterrupts();
  let result: CommandResult;
  try {
    result = await mod.run(ctx);
  } catch (e) {
    return fail(json, e);
  }
  const signal = guarded ? interruptedBy() : undefined;
  if (signal) {
    result = { ...result, exitCode: 3, text: `${result.text}\ntdd: interrupted (${signal}): could not verify`.trim() };
  }
  if (json) process.stdout.write((await spelled(JSON.stringify({ exitCode: result.exitCode, ...result.json }, null, 2))) + '\n');
  else if (isGuard) {
    // Exactly what the agent parses, through fd 1 (process.stdout on a pipe would load net and stream).
    if (result.text) (await fdWriter(1)).write(result.text);
    if (result.stderr) err!.write(result.stderr);
  } else if (result.text) write(await spelled(result.text.endsWith('\n') ? result.text : result.text + '\n'));
  return result.exitCode;
}

/**

 * The commands a text names, spelled for how tdd-hooks was installed: `tdd phase red` after
 * `npm i -g`, `npx tdd phase red` in an npm project, `pnpm exec …`, `yarn …` (install/spelling.ts).
 * The install is looked at only when a text names a command.
 */
async function spelled(text: string): Promise<string> {
  if (!mentionsCommand(text)) return text;
  const { readInstallKind } = await import('../install/read-kind.js');
  return spellCommands(text, readInstallKind(process.env));
}

/**
 * Synchronous writes to fd 2 (or 1) without process.stderr. A non-blocking stream (EAGAIN) and
 * Windows (the console wants the stream's UTF-16 path) fall back to the stream.
 */
async function fdWriter(fd: 1 | 2): Promise<{ isTTY: () => boolean; write: (text: string) => void }> {
  const stream = () => (fd === 1 ? process.stdout : process.stderr);
  if (process.platform === 'win32') return { isTTY: () => Boolean(stream().isTTY), write: (text) => void stream().write(text) };
  return {
    // A terminal is a character device, and /dev/null the one that is not worth colouring. Not
    // tty.isatty: with no child process spawned yet, node:tty would load net and stream (~2 ms).
    isTTY() {
      try {
        const st = fstatSync(fd);
        return st.isCharacterDevice() && st.rdev !== statSync('/dev/null').rdev;
      } catch {
        return false;
      }
    },
    write(text) {
      const bytes = Buffer.from(text, 'utf8');
      let done = 0;
      try {
        while (done < bytes.length) done += writeSync(fd, bytes, done);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') stream().write(bytes.subarray(done));
        // Anything else (EPIPE: git went away): nobody is left to read it.
      }
    },
  };
}

async function fail(json: boolean, e: unknown): Promise<number> {
  // node:util parseArgs: an unknown option, a missing value… are usage errors, not bugs.
  const code = (e as { code?: unknown })?.code;
  if (!(e instanceof TddError) && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
    e = new TddError('USAGE', (e as Error).message, 2, { hint: 'see --help for the options' });
  }
  if (e instanceof TddError) {
    if (json)
      process.stdout.write(
        (await spelled(JSON.stringify({ exitCode: e.exitCode, error: { code: e.code, message: e.message, hint: e.hint, ...e.data } }, null, 2))) + '\n',
      );
    else process.stderr.write(await spelled(`tdd: ${e.message}\n${e.hint ? `  next: ${e.hint}\n` : ''}`));
    return e.exitCode;
  }
  const err = e as Error;
  const message = `internal error: ${err?.message ?? String(e)}`;
  if (json) process.stdout.write(JSON.stringify({ exitCode: 3, error: { code: 'INTERNAL', message } }, null, 2) + '\n');
  else
    process.stderr.write(
      `tdd: ${message}\n  this is a bug in tdd-hooks: please report it with the command you ran\n${process.env.TDD_DEBUG ? `${err?.stack}\n` : ''}`,
    );
  return 3;
}
