/** Helpers for end-to-end commit tests: codes from hook output, and a fingerprint of everything a check must not touch. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, lstatSync, readlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SpawnSyncReturns } from 'node:child_process';
import { expect } from 'vitest';
import type { Repo } from './repo.js';

/** Finding codes printed by the hooks (`[CODE]` at the end of each finding line). */
export function codesOf(r: SpawnSyncReturns<string>): string[] {
  return [...(r.stdout + r.stderr).matchAll(/\[([A-Z][A-Z_]+)\]/g)].map((m) => m[1]!);
}

function walk(dir: string, root: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (name === '.git' || name === 'node_modules') continue;
    const p = join(dir, name);
    const st = lstatSync(p);
    if (st.isDirectory()) walk(p, root, out);
    else {
      const content = st.isSymbolicLink() ? `link:${readlinkSync(p)}` : createHash('sha1').update(readFileSync(p)).digest('hex');
      out.push(`${relative(root, p)} ${st.mode.toString(8)} ${content}`);
    }
  }
}

/**
 * Working tree (bytes and modes), index entries, refs, stash: what no check may change.
 * (The hooks' own state under .git/tdd is excluded: it is theirs.)
 */
export function fingerprint(repo: Repo): string {
  const files: string[] = [];
  walk(repo.dir, repo.dir, files);
  // The index's entries (git itself refreshes its stat data on every commit attempt, so not its bytes).
  const index = createHash('sha1')
    .update(repo.run('git', ['ls-files', '--stage', '-z']).stdout)
    .digest('hex');
  const refs = repo.run('git', ['for-each-ref', '--format=%(refname) %(objectname)']).stdout;
  const stash = repo.run('git', ['stash', 'list']).stdout;
  return [...files.sort(), `index ${index}`, refs, `stash ${stash}`].join('\n');
}

/** The TDD-* trailers of a commit. */
export function trailersOf(repo: Repo, rev = 'HEAD'): Record<string, string> {
  const out = repo.git('log', '-1', '--format=%(trailers:only,unfold)', rev);
  return Object.fromEntries(
    out
      .split('\n')
      .map((l) => /^(TDD-[\w-]+):\s*(.*)$/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
}

/**
 * `git commit` through the hooks, expecting `status` (and `code` among the findings). A refused
 * commit must leave the work tree, index, refs and stash as they were; its staging is then reset
 * for the next attempt. Returns the hook's output.
 */
export function attemptCommit(r: Repo, status: number, code?: string): string {
  const before = fingerprint(r);
  const c = r.commit('step');
  const out = c.stdout + c.stderr;
  expect(c.status, out).toBe(status);
  if (code) expect(codesOf(c), out).toContain(code);
  if (status !== 0) {
    expect(fingerprint(r)).toBe(before);
    r.git('reset', '-q');
  }
  return out;
}
