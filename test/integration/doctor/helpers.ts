/**
 * Doctor run in-process, as cli/main runs it, against real temp repositories with hooks put in by
 * the real install (src/install/install.ts) and a fake CLI in node_modules (test/integration/install).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import doctor from '../../../src/cli/commands/doctor.js';
import type { CommandResult } from '../../../src/cli/types.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { installIn, writeFakeCli, type FakeCli } from '../install/helpers.js';

export interface DoctorCheck {
  id: string;
  status: 'ok' | 'warn' | 'fail';
  code: string;
  message: string;
  fix?: string;
  data: Record<string, unknown>;
}

export interface DoctorRun extends CommandResult {
  checks: DoctorCheck[];
  /** The check with this id (throws when doctor left it out). */
  check(id: string): DoctorCheck;
  /** id → status, for the checks that are not ok. */
  problems(): Record<string, string>;
}

export async function runDoctor(cwd: string, env: NodeJS.ProcessEnv, argv: string[] = []): Promise<DoctorRun> {
  const result = await doctor.run({ argv, cwd, env, json: true, color: false });
  const checks = (result.json as { checks: DoctorCheck[] }).checks;
  return {
    ...result,
    checks,
    check(id) {
      const c = checks.find((x) => x.id === id);
      if (!c) throw new Error(`no check ${id} in ${checks.map((x) => x.id).join(', ')}`);
      return c;
    },
    problems: () => Object.fromEntries(checks.filter((c) => c.status !== 'ok').map((c) => [c.id, c.status])),
  };
}

/** A repository with tdd-hooks installed in .git/hooks and its configuration committed. */
export async function setupPlain(extra: Parameters<typeof installIn>[2] = {}): Promise<{ repo: Repo; fake: FakeCli }> {
  const repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n' });
  const fake = writeFakeCli(repo.dir);
  await installIn(repo, fake, extra);
  repo.git('add', '-A');
  repo.git('commit', '-q', '--no-verify', '-m', 'base');
  return { repo, fake };
}

/** Runs a fix as a user would paste it, in `cwd`. */
export function runFix(fix: string, cwd: string, env: NodeJS.ProcessEnv): string {
  return execFileSync('/bin/sh', ['-c', fix], { cwd, env, encoding: 'utf8' });
}

/** A PATH with git and nothing else: no node. */
export function pathWithoutNode(): { dir: string; cleanup(): void } {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-doctor-path-')));
  symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(dir, 'git'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
