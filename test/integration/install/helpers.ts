/**
 * Helpers for the install tests: a fake tdd-hooks CLI that records how the hooks call it, and
 * install/uninstall run in-process against a temp repository.
 */
import { mkdirSync, readFileSync, existsSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { install, type InstallOptions } from '../../../src/install/install.js';
import { uninstall } from '../../../src/install/uninstall.js';
import type { CommandContext } from '../../../src/cli/types.js';
import type { Repo } from '../../helpers/repo.js';

/**
 * A stand-in for node_modules/tdd-hooks/bin/tdd.js: appends {argv, cwd} to `<bin>.log`, exits with
 * FAKE_TDD_EXIT. Dynamic import keeps it valid as CommonJS and as ESM.
 */
const FAKE = `import('node:fs').then((fs) => {
  fs.appendFileSync(process.argv[1] + '.log', JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd() }) + '\\n');
  process.exitCode = Number(process.env.FAKE_TDD_EXIT || 0);
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
  return Object.fromEntries(
    paths.map((p) => [p, existsSync(p) ? `${modeOf(p).toString(8)} ${readFileSync(p, 'base64')}` : 'absent']),
  );
}

export const HOOKS = ['pre-commit', 'commit-msg', 'post-commit'] as const;
