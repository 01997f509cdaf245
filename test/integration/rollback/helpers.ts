/** Shared by the rollback tests: a repository with a green commit, a byte-exact fingerprint, the command in-process. */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import rollback from '../../../src/cli/commands/rollback.js';
import { TddError } from '../../../src/errors.js';
import type { Repo } from '../../helpers/repo.js';

export const GREEN_FILES: Record<string, string> = {
  'src/a.js': 'export const a = 1;\n',
  'src/b.js': 'export const b = 2;\n',
  'src/old.js': 'export const old = true;\n',
  'src/run.sh': '#!/bin/sh\necho run\n',
  'test/a.test.js': "import { a } from '../src/a.js';\n",
  'README.md': '# demo\n',
  '.gitignore': 'dist/\n',
};

/** Commits everything staged with a TDD-Phase trailer (no hooks are installed); returns the commit id. */
export function commitPhase(repo: Repo, phase: string, subject = `${phase} step`): string {
  repo.git('commit', '-q', '-m', subject, '-m', `TDD-Phase: ${phase}`);
  return repo.git('rev-parse', 'HEAD').trim();
}

export interface Run {
  exitCode: number;
  json: Record<string, unknown>;
  text: string;
  code?: string;
  message?: string;
  hint?: string;
}

/** `tdd rollback <argv>` through the command module, as cli/main runs it; typed errors become their exit code. */
export async function tdd(repo: Repo, ...argv: string[]): Promise<Run> {
  try {
    const r = await rollback.run({ argv, cwd: repo.dir, env: repo.env, json: true, color: false });
    return { exitCode: r.exitCode, json: r.json, text: r.text };
  } catch (e) {
    if (e instanceof TddError) return { exitCode: e.exitCode, json: { ...e.data }, text: '', code: e.code, message: e.message, hint: e.hint };
    throw e;
  }
}

/**
 * Every path under the work tree but .git: type, permission bits and a hash of the bytes (or the
 * link target); then the index (`git ls-files -s`) and `git status`. Equal fingerprints: nothing
 * a user could see differs.
 */
export function fingerprint(repo: Repo): string {
  const lines: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(repo.dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      if (path === '.git') continue;
      const abs = join(repo.dir, path);
      const st = lstatSync(abs);
      if (st.isSymbolicLink()) lines.push(`L ${JSON.stringify(path)} -> ${JSON.stringify(readlinkSync(abs))}`);
      else if (st.isDirectory()) {
        lines.push(`D ${JSON.stringify(path)}`);
        walk(path);
      } else lines.push(`F ${JSON.stringify(path)} ${(st.mode & 0o7777).toString(8)} ${createHash('sha256').update(readFileSync(abs)).digest('hex')}`);
    }
  };
  walk('');
  lines.push(
    '--- index',
    ...repo
      .git('ls-files', '-s', '-z')
      .split('\0')
      .filter(Boolean)
      .map((l) => JSON.stringify(l)),
  );
  lines.push(
    '--- status',
    ...repo
      .git('status', '--porcelain', '-z', '--untracked-files=all')
      .split('\0')
      .filter(Boolean)
      .map((l) => JSON.stringify(l)),
  );
  return lines.join('\n');
}

/** The bytes of a file at a revision (`git cat-file blob <rev>:<path>`). */
export function blobAt(repo: Repo, rev: string, path: string): string {
  return repo.git('cat-file', 'blob', `${rev}:${path}`);
}

export function refs(repo: Repo, prefix = 'refs/tdd/'): string[] {
  return repo.git('for-each-ref', '--format=%(refname)', prefix).split('\n').filter(Boolean);
}
