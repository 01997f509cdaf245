/**
 * Helpers for the install tests: a fake tdd-hooks CLI that records how the hooks call it, and
 * install/uninstall run in-process against a temp repository.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { install, type InstallOptions } from '../../../src/install/install.js';
import { uninstall } from '../../../src/install/uninstall.js';
import type { CommandContext } from '../../../src/cli/types.js';
import type { Repo } from '../../helpers/repo.js';

/**
 * A stand-in for node_modules/tdd-hooks/bin/tdd.js: appends {argv, cwd} to `<bin>.log`, exits with
 * FAKE_TDD_EXIT. As `hook pre-commit` it does what the real CLI does with its verdict: when it lets
 * the commit through it leaves `pending.json` in `git rev-parse --git-path tdd` (resolved from the
 * cwd, as the CLI resolves it), else it removes it; FAKE_TDD_PENDING=0 plays a commit that runs no
 * tests (no verdict). The shims start node for commit-msg and post-commit only when that file is
 * there. Dynamic import keeps it valid as CommonJS and as ESM.
 */
const FAKE = `Promise.all([import('node:fs'), import('node:path'), import('node:child_process')]).then(([fs, path, cp]) => {
  const argv = process.argv.slice(2);
  fs.appendFileSync(process.argv[1] + '.log', JSON.stringify({ argv, cwd: process.cwd() }) + '\\n');
  const code = Number(process.env.FAKE_TDD_EXIT || 0);
  if (argv[0] === 'hook' && argv[1] === 'pre-commit') {
    const stateDir = path.resolve(cp.execFileSync('git', ['rev-parse', '--git-path', 'tdd'], { encoding: 'utf8' }).trim());
    const pending = path.join(stateDir, 'pending.json');
    if (code === 0 && process.env.FAKE_TDD_PENDING !== '0') {
      fs.mkdirSync(stateDir, { recursive: true });
      fs.writeFileSync(pending, '{"fake":true}\\n');
    } else fs.rmSync(pending, { force: true });
  }
  process.exitCode = code;
});
`;

export interface FakeCli {
  bin: string;
  /** What the hooks passed, in order. */
  calls(): { argv: string[]; cwd: string }[];
  /** Appended by a chained test hook to the same log, to check the order. */
  logPath: string;
}

export function writeFakeCli(root: string, rel = 'node_modules/tdd-hooks/bin/tdd.js'): FakeCli {
  const bin = join(root, rel);
  mkdirSync(dirname(bin), { recursive: true });
  writeFileSync(bin, FAKE);
  if (rel.startsWith('node_modules/')) writeFileSync(join(root, 'node_modules/tdd-hooks/package.json'), '{"name":"tdd-hooks"}\n');
  const logPath = `${bin}.log`;
  return {
    bin,
    logPath,
    calls: () =>
      existsSync(logPath)
        ? readFileSync(logPath, 'utf8')
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as { argv: string[]; cwd: string })
        : [],
  };
}

export function installIn(repo: Repo, fake: FakeCli | undefined, extra: Partial<InstallOptions> = {}) {
  return install({ cwd: repo.dir, env: repo.env, ...(fake ? { packageBin: fake.bin } : {}), ...extra });
}

export function uninstallIn(repo: Repo, extra: { cwd?: string; dryRun?: boolean } = {}) {
  return uninstall({ cwd: repo.dir, env: repo.env, ...extra });
}

export function ctxOf(repo: Repo | { dir: string; env: NodeJS.ProcessEnv }, argv: string[] = [], env: Record<string, string> = {}): CommandContext {
  return { argv, cwd: repo.dir, env: { ...repo.env, ...env }, json: false, color: false };
}

export const modeOf = (path: string): number => statSync(path).mode & 0o777;

/** Bytes and mode of files, for byte-for-byte comparisons. */
export function snapshotFiles(paths: string[]): Record<string, string> {
  return Object.fromEntries(paths.map((p) => [p, existsSync(p) ? `${modeOf(p).toString(8)} ${readFileSync(p, 'base64')}` : 'absent']));
}

export const HOOKS = ['pre-commit', 'commit-msg', 'post-commit'] as const;

/** Where the CLI keeps the verdict pre-commit leaves for commit-msg and post-commit, as seen from `cwd`. */
export function pendingPath(cwd: string, env: NodeJS.ProcessEnv): string {
  const stateDir = execFileSync('git', ['rev-parse', '--git-path', 'tdd'], { cwd, env, encoding: 'utf8' }).trim();
  return join(resolve(cwd, stateDir), 'pending.json');
}

/**
 * A `node` first on PATH that logs each start (its arguments) and then runs this node: how many
 * times a commit starts node, whatever starts it. Kept in `<root>/node_modules` (ignored by git,
 * removed with the repository).
 */
export function writeNodeCounter(root: string): { PATH: string; starts(): string[] } {
  const dir = join(root, 'node_modules', '.node-counter');
  const log = join(dir, 'starts.log');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'node'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${process.execPath}' "$@"\n`, { mode: 0o755 });
  return {
    PATH: `${dir}:${process.env.PATH ?? ''}`,
    starts: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []),
  };
}

/** husky 9.1's dispatcher (typicode/husky `husky`, init-file lines left out). */
const HUSKY_H = `#!/usr/bin/env sh
[ "$HUSKY" = "2" ] && set -x
n=$(basename "$0")
s=$(dirname "$(dirname "$0")")/$n

[ ! -f "$s" ] && exit 0

[ "\${HUSKY-}" = "0" ] && exit 0

export PATH="node_modules/.bin:$PATH"
sh -e "$s" "$@"
c=$?

[ $c != 0 ] && echo "husky - $n script failed (code $c)"
[ $c = 127 ] && echo "husky - command not found in PATH=$PATH"
exit $c
`;

/** What `husky` (its `prepare` script) writes in a checkout: `.husky/_`, ignored, one stub per hook. */
export function writeHuskyDispatcher(root: string): void {
  const underscore = join(root, '.husky', '_');
  mkdirSync(underscore, { recursive: true });
  writeFileSync(join(underscore, '.gitignore'), '*');
  writeFileSync(join(underscore, 'h'), HUSKY_H);
  for (const hook of HOOKS) writeFileSync(join(underscore, hook), '#!/usr/bin/env sh\n. "$(dirname "$0")/h"', { mode: 0o755 });
}
