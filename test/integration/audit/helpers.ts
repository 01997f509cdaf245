/**
 * One honest history built through the real hooks (install, `tdd phase`, real `git commit`, the
 * real `node --test`), tagged at each step; the audit cases branch from it and add their commits
 * past the hooks, so only the honest cycle pays for test runs.
 */
import { expect } from 'vitest';
import audit from '../../../src/cli/commands/audit.js';
import type { CommandResult } from '../../../src/cli/types.js';
import { makeRepo, type Repo } from '../../helpers/repo.js';

export const TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add } from '../src/math.js';

test('adds two numbers', () => {
  assert.equal(add(2, 3), 5);
});
`;
export const WEAKENED = TEST.replace('assert.equal(add(2, 3), 5);', 'assert.ok(typeof add === "function");');
export const IMPL = 'export function add(a, b) {\n  return a + b;\n}\n';
export const REFACTORED = 'export const add = (a, b) => a + b;\n';
const SKELETON = {
  'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n',
  'src/index.js': 'export const version = 1;\n',
  'README.md': '# p\n',
};

function ok(r: { status: number | null; stderr: string; stdout: string }): void {
  expect(r.status, r.stderr + r.stdout).toBe(0);
}

/** skeleton (off, the one allowOff permits) → red → green → refactor of task T1, tags `skeleton`, `red`, `green`, `honest`. */
export function makeHonestRepo(): Repo {
  const repo = makeRepo(SKELETON);
  ok(repo.tdd('install'));
  // The skeleton is the one off commit this project's policy allows (audit.allowOff, read at the audit's base).
  const config = JSON.parse(repo.read('.tddrc.json')) as Record<string, unknown>;
  repo.write({ '.tddrc.json': JSON.stringify({ ...config, audit: { allowOff: 1 } }, null, 2) + '\n' });
  repo.git('add', '-A');
  ok(repo.tdd('phase', 'off', '--reason', 'skeleton'));
  ok(repo.commit('chore: skeleton'));
  repo.git('tag', 'skeleton');
  ok(repo.tdd('phase', 'red', '--task', 'T1'));
  repo.write({ 'test/math.test.js': TEST });
  repo.git('add', 'test/math.test.js');
  ok(repo.commit('test: add'));
  repo.git('tag', 'red');
  repo.write({ 'src/math.js': IMPL });
  repo.git('add', 'src/math.js');
  ok(repo.commit('feat: add'));
  repo.git('tag', 'green');
  repo.write({ 'src/math.js': REFACTORED });
  repo.git('add', 'src/math.js');
  ok(repo.commit('refactor: arrow'));
  repo.git('tag', 'honest');
  return repo;
}

/** Start a case on a fresh branch at `from`, with a clean working tree. */
export function branch(repo: Repo, name: string, from: string): void {
  repo.git('checkout', '-q', '-f', '-B', name, from);
  repo.git('clean', '-fdq');
}

/**
 * A commit past the hooks (--no-verify, and no hook at all: not even post-commit), its message
 * with the given trailers — forged ones, since no hook wrote them.
 */
export function bypass(repo: Repo, files: Record<string, string>, trailers = '', message = 'bypass'): string {
  repo.write(files);
  repo.git('add', '-A');
  const args = ['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '--no-verify', '--allow-empty', '-m', message];
  if (trailers) args.push('-m', trailers);
  repo.git(...args);
  return repo.git('rev-parse', 'HEAD').trim();
}

/** `tdd audit` in-process, as cli/main runs it (JSON mode). */
export function runAudit(repo: Repo, ...argv: string[]): Promise<CommandResult> {
  return audit.run({ argv, cwd: repo.dir, env: repo.env, json: true, color: false });
}

export interface JsonFinding {
  code: string;
  severity: string;
  commit: string;
  phase: string | null;
  path?: string;
  data?: Record<string, unknown>;
}

export function findings(r: CommandResult, severity?: string): JsonFinding[] {
  return (r.json.findings as JsonFinding[]).filter((f) => !severity || f.severity === severity);
}

/** Error codes with the path, in commit order. */
export function errors(r: CommandResult): string[] {
  return findings(r, 'error').map((f) => `${f.code}${f.path ? ` ${f.path}` : ''}`);
}
