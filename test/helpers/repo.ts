/**
 * Temporary git repositories for integration and end-to-end tests, isolated from the machine:
 * a private HOME and global config, no system config, and no inherited GIT_* variables (the
 * suite may itself run under a git hook).
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(PROJECT_ROOT, 'bin', 'tdd.js');

let sharedHome: string | undefined;

/**
 * For an install that may reach the registry (the e2e files' npm and yarn with --prefer-offline): the
 * machine's NODE_EXTRA_CA_CERTS, which the suite drops for every other process (test/vitest.config.ts).
 */
export const networkEnv = (): Record<string, string> =>
  process.env.SUITE_NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: process.env.SUITE_NODE_EXTRA_CA_CERTS } : {};

/** An environment for git and node children with no trace of the machine's git setup. */
export function isolatedEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  if (!sharedHome) {
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-test-home-')));
    sharedHome = home;
    process.on('exit', () => rmSync(home, { recursive: true, force: true }));
    writeFileSync(
      join(sharedHome, '.gitconfig'),
      '[user]\n\tname = Test\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n' +
        '[commit]\n\tgpgsign = false\n[gc]\n\tauto = 0\n[maintenance]\n\tauto = false\n',
    );
  }
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // NODE_EXTRA_CA_CERTS (some machines set it): node reads and parses the bundle at every start,
    // ~35 ms of CPU per tdd, hook and runner process; these repositories never reach the network.
    if (k.startsWith('GIT_') || k === 'TDD_HOOKS' || k.startsWith('VITEST') || k === 'NODE_OPTIONS' || k === 'NODE_EXTRA_CA_CERTS') continue;
    env[k] = v;
  }
  delete env.CI;
  // Toolchains found through HOME (rustup's ~/.rustup and ~/.cargo, go's build cache) keep theirs.
  const realHome = process.env.HOME;
  if (realHome) {
    for (const [key, dir] of [
      ['RUSTUP_HOME', '.rustup'],
      ['CARGO_HOME', '.cargo'],
    ] as const) {
      if (!env[key] && existsSync(join(realHome, dir))) env[key] = join(realHome, dir);
    }
    if (!env.GOCACHE) env.GOCACHE = join(realHome, '.cache', 'go-build');
  }
  return {
    ...env,
    HOME: sharedHome,
    GIT_CONFIG_GLOBAL: join(sharedHome, '.gitconfig'),
    GIT_CONFIG_NOSYSTEM: '1',
    NO_COLOR: '1',
    ...extra,
  };
}

export interface Repo {
  dir: string;
  env: NodeJS.ProcessEnv;
  /** Run git; throws on a non-zero exit. */
  git(...args: string[]): string;
  /** Run any command; never throws. */
  run(cmd: string, args: string[], opts?: { env?: Record<string, string>; input?: string }): SpawnSyncReturns<string>;
  /** Run the tdd CLI from this checkout's bin. */
  tdd(...args: string[]): SpawnSyncReturns<string>;
  write(files: Record<string, string>): void;
  read(path: string): string;
  remove(path: string): void;
  /** `git commit` through the installed hooks; never throws. */
  commit(message: string, ...extra: string[]): SpawnSyncReturns<string>;
  cleanup(): void;
}

export function makeRepo(files: Record<string, string> = {}, opts: { linkNodeModules?: boolean; prefix?: string } = {}): Repo {
  // prefix: the folder's name before mkdtemp's suffix (a name with spaces and quotes, for paths that must survive a shell).
  const dir = realpathSync(mkdtempSync(join(tmpdir(), opts.prefix ?? 'tdd-test-repo-')));
  const env = isolatedEnv();
  const run: Repo['run'] = (cmd, args, o = {}) =>
    spawnSync(cmd, args, {
      cwd: dir,
      env: { ...env, ...o.env },
      encoding: 'utf8',
      input: o.input ?? '',
      maxBuffer: 64 * 1024 * 1024,
    });
  const repo: Repo = {
    dir,
    env,
    git: (...args) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    run,
    tdd: (...args) => run(process.execPath, [BIN, ...args]),
    write(map) {
      for (const [p, content] of Object.entries(map)) {
        mkdirSync(dirname(join(dir, p)), { recursive: true });
        writeFileSync(join(dir, p), content);
      }
    },
    read: (p) => readFileSync(join(dir, p), 'utf8'),
    remove: (p) => rmSync(join(dir, p), { recursive: true, force: true }),
    commit: (message, ...extra) => run('git', ['commit', '-m', message, ...extra]),
    cleanup() {
      // The private scratch copy the hooks ran tests in lives under the OS temp dir.
      try {
        const { path } = JSON.parse(readFileSync(join(dir, '.git', 'tdd', 'scratch.json'), 'utf8')) as { path: string };
        rmSync(path, { recursive: true, force: true });
      } catch {
        /* no test ran */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  repo.git('init', '-q');
  if (opts.linkNodeModules) symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  repo.write(files);
  return repo;
}

/**
 * A copy of `template` (`cp -a`: its work tree, hooks, state and history), for a test that starts
 * where the template left off: one template per file, built once in beforeAll, costs one `cp -a`
 * (~5 ms) per test instead of `git init` + install + a skeleton commit (~0.8 s). A template that
 * has run tests may be copied too: the copy forgets the template's private scratch copy
 * (scratch.json), so its first run fills one of its own, as a fresh clone's would.
 */
export function copyRepo(template: Repo): Repo {
  const repo = makeRepo();
  rmSync(repo.dir, { recursive: true, force: true });
  execFileSync('cp', ['-a', template.dir, repo.dir]);
  rmSync(join(repo.dir, '.git', 'tdd', 'scratch.json'), { force: true });
  return repo;
}
