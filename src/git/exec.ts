import { TddError } from '../errors.js';

/**
 * The only place that spawns git. Every call names its cwd; output is machine format only.
 * Flags fixed for every call: no pager, no quoting of paths, no submodule recursion, no
 * optional locks (a read must never take index.lock from under the commit being made).
 */
const FIXED = ['-c', 'core.quotePath=false', '-c', 'submodule.recurse=false', '--no-pager'];

/**
 * node:child_process, loaded on the first git call: it brings net, stream, dgram… (~2.5 ms), and
 * a pre-commit hook whose git answers came with it (hooks/shim.sh, readHookInputs) spawns nothing.
 */
let childProcess: typeof import('node:child_process') | undefined;

export interface GitOptions {
  cwd: string;
  /** Extra environment on top of process.env (or of `baseEnv`). */
  env?: Record<string, string | undefined>;
  /** Replace process.env entirely (used for scrubbed scratch operations). */
  baseEnv?: NodeJS.ProcessEnv;
  input?: string | Buffer;
  /** Exit codes that are answers rather than errors (e.g. 1 for `diff --quiet`). */
  okCodes?: number[];
  /**
   * Run with spawnSync: for short reads on the hook's path, never beside other work. No pipes
   * wrapped in streams, no event-loop turns: on a 2-vCPU machine three such calls one after the
   * other take ~4 ms less than the same three spawned at once (bench/git-calls.mjs).
   */
  sync?: boolean;
}

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

const GIT_BRAND = Symbol.for('tdd-hooks.GitError');

export class GitError extends TddError {
  /** By brand, like TddError (see there). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[GIT_BRAND] === true;
  }

  constructor(
    readonly args: string[],
    readonly status: number,
    readonly stderr: string,
  ) {
    super('GIT_FAILED', `git ${args.join(' ')} failed (${status}): ${stderr.trim().split('\n')[0] ?? ''}`, 3);
    (this as unknown as Record<symbol, boolean>)[GIT_BRAND] = true;
  }
}

export async function execGit(args: string[], opts: GitOptions): Promise<GitResult> {
  const r = await execGitBuffer(args, opts);
  return { stdout: r.stdout.toString('utf8'), stderr: r.stderr, code: r.code };
}

/** Like execGit, with stdout as bytes (blob contents). */
export async function execGitBuffer(args: string[], opts: GitOptions): Promise<{ stdout: Buffer; stderr: string; code: number }> {
  const { spawn, spawnSync } = (childProcess ??= await import('node:child_process'));
  const env = gitEnv(opts);
  if (opts.sync) return execGitBufferSync(spawnSync, args, opts, env);
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...FIXED, ...args], {
      cwd: opts.cwd,
      env,
      // No input: stdin is /dev/null, not a pipe wrapped in a stream (one less per call).
      stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (b: Buffer) => out.push(b));
    child.stderr!.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => reject(new TddError('GIT_MISSING', `could not run git: ${e.message}`, 3, { cause: e })));
    child.on('close', (code) => {
      const result = {
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err).toString('utf8'),
        code: code ?? 128,
      };
      if (result.code === 0 || opts.okCodes?.includes(result.code)) resolve(result);
      else reject(new GitError(args, result.code, result.stderr));
    });
    if (child.stdin) {
      child.stdin.on('error', () => {});
      child.stdin.end(opts.input);
    }
  });
}

function execGitBufferSync(
  spawnSync: typeof import('node:child_process').spawnSync,
  args: string[],
  opts: GitOptions,
  env: NodeJS.ProcessEnv,
): { stdout: Buffer; stderr: string; code: number } {
  const r = spawnSync('git', [...FIXED, ...args], {
    cwd: opts.cwd,
    env,
    input: opts.input,
    stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    maxBuffer: Infinity,
  });
  if (r.error) throw new TddError('GIT_MISSING', `could not run git: ${r.error.message}`, 3, { cause: r.error });
  const result = { stdout: r.stdout, stderr: r.stderr.toString('utf8'), code: r.status ?? 128 };
  if (result.code === 0 || opts.okCodes?.includes(result.code)) return result;
  throw new GitError(args, result.code, result.stderr);
}

/** A git process with its three pipes (spawnGit). */
export type GitChild = import('node:child_process').ChildProcessWithoutNullStreams;

/**
 * A git process whose pipes the caller reads as they come (a `git log` over a long history, one
 * `cat-file --batch` fed names for a whole audit): the fixed flags and environment of every other
 * call. `stdin: true` gives it a pipe to write to. `use` gets the process at once, before any of
 * its events (a missing git is an 'error' on the next tick): it wires them, and ends the process.
 */
export async function spawnGit<T>(
  args: string[],
  opts: Pick<GitOptions, 'cwd' | 'env' | 'baseEnv'> & {
    stdin?: boolean;
    /** Kills the process when aborted (its 'error' is then an AbortError). */ signal?: AbortSignal;
  },
  use: (child: GitChild) => T,
): Promise<T> {
  const { spawn } = (childProcess ??= await import('node:child_process'));
  // Without stdin the pipe is null: only the callers that write ask for it.
  const child = spawn('git', [...FIXED, ...args], {
    cwd: opts.cwd,
    env: gitEnv(opts),
    stdio: [opts.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return use(child as GitChild);
}

function gitEnv(opts: Pick<GitOptions, 'env' | 'baseEnv'>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...(opts.baseEnv ?? process.env), GIT_OPTIONAL_LOCKS: '0' };
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** stdout of a successful git call. */
export async function git(args: string[], opts: GitOptions): Promise<string> {
  return (await execGit(args, opts)).stdout;
}
