import { spawn } from 'node:child_process';
import { TddError } from '../errors.js';

/**
 * The only place that spawns git. Every call names its cwd; output is machine format only.
 * Flags fixed for every call: no pager, no quoting of paths, no submodule recursion, no
 * optional locks (a read must never take index.lock from under the commit being made).
 */
const FIXED = ['-c', 'core.quotePath=false', '-c', 'submodule.recurse=false', '--no-pager'];

export interface GitOptions {
  cwd: string;
  /** Extra environment on top of process.env (or of `baseEnv`). */
  env?: Record<string, string | undefined>;
  /** Replace process.env entirely (used for scrubbed scratch operations). */
  baseEnv?: NodeJS.ProcessEnv;
  input?: string | Buffer;
  /** Exit codes that are answers rather than errors (e.g. 1 for `diff --quiet`). */
  okCodes?: number[];
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
export function execGitBuffer(args: string[], opts: GitOptions): Promise<{ stdout: Buffer; stderr: string; code: number }> {
  const env: NodeJS.ProcessEnv = { ...(opts.baseEnv ?? process.env), GIT_OPTIONAL_LOCKS: '0' };
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...FIXED, ...args], {
      cwd: opts.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) =>
      reject(new TddError('GIT_MISSING', `could not run git: ${e.message}`, 3, { cause: e })),
    );
    child.on('close', (code) => {
      const result = {
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err).toString('utf8'),
        code: code ?? 128,
      };
      if (result.code === 0 || opts.okCodes?.includes(result.code)) resolve(result);
      else reject(new GitError(args, result.code, result.stderr));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(opts.input ?? '');
  });
}

/** stdout of a successful git call. */
export async function git(args: string[], opts: GitOptions): Promise<string> {
  return (await execGit(args, opts)).stdout;
}
