/**
 * bin/tdd.js keeps V8's code cache of the bundles (Node 20; node ≥ 22.1 caches them itself). A
 * plain `tdd install` compiles the start of a commit that runs no tests once, so the first commit
 * after it finds the hook's chunks compiled (as <chunk>.partial.bin); that commit then writes the
 * whole cache (<chunk>.bin). Run on a private copy of the package (bin, hooks, bundles, build id), so the
 * suite's shared dist/.cache is not touched.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';

const nodeCaches = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
let pkg: string;
let repo: Repo;

beforeAll(() => {
  pkg = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-test-pkg-')));
  mkdirSync(join(pkg, 'dist'));
  for (const d of ['bin', 'hooks', 'schema']) cpSync(join(PROJECT_ROOT, d), join(pkg, d), { recursive: true });
  cpSync(join(PROJECT_ROOT, 'package.json'), join(pkg, 'package.json'));
  for (const f of readdirSync(join(PROJECT_ROOT, 'dist'))) {
    if (f.endsWith('.cjs') || f === 'build-id') cpSync(join(PROJECT_ROOT, 'dist', f), join(pkg, 'dist', f));
  }
  repo = makeRepo({ 'package.json': '{"name":"p","type":"module","private":true}\n', 'README.md': '# p\n' });
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'init', '--no-verify');
});
afterAll(() => {
  repo?.cleanup();
  rmSync(pkg, { recursive: true, force: true });
});

const cacheDir = () => {
  const build = readFileSync(join(pkg, 'dist', 'build-id'), 'utf8').trim();
  return join(pkg, 'dist', '.cache', `${process.version}-${build}`);
};
const cached = (name: string) => ({ whole: existsSync(join(cacheDir(), `${name}.bin`)), partial: existsSync(join(cacheDir(), `${name}.partial.bin`)) });
const tdd = (...args: string[]) => repo.run(process.execPath, [join(pkg, 'bin', 'tdd.js'), ...args]);

describe.skipIf(nodeCaches)('the code cache after tdd install (Node 20)', () => {
  it('install leaves the hook chunks compiled; the first commit, judged as ever, writes their whole cache', () => {
    expect(tdd('install', '--dry-run').status).toBe(0);
    expect(existsSync(cacheDir()) && readdirSync(cacheDir()).some((f) => f.includes('pre-commit'))).toBe(false);

    const installed = tdd('install');
    expect(installed.status, installed.stderr).toBe(0);
    expect(cached('tdd-verify-pre-commit.cjs')).toEqual({ whole: false, partial: true });
    expect(cached('tdd-cli-commands-hook.cjs')).toEqual({ whole: false, partial: true });
    // The gates' chunk is not on that path.
    expect(cached('tdd-verify-judge.cjs')).toEqual({ whole: false, partial: false });

    repo.git('add', '-A');
    repo.git('commit', '-qm', 'setup', '--no-verify');
    expect(tdd('phase', 'red').status).toBe(0);
    repo.write({ 'README.md': '# p\n\nmore\n' });
    repo.git('add', 'README.md');
    const docs = repo.commit('docs');
    expect(docs.status, docs.stderr).toBe(0);
    expect(docs.stderr).toContain('[IGNORED_ONLY]');
    expect(cached('tdd-verify-pre-commit.cjs')).toEqual({ whole: true, partial: false });

    // A RED with an implementation file is still refused from the cached chunks (and the gates').
    repo.write({ 'src.js': 'export const x = 1;\n' });
    repo.git('add', 'src.js');
    const refused = repo.commit('impl in red');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/\[[A-Z_]+\]/);
    expect(repo.git('log', '--format=%s', '-1').trim()).toBe('docs');
  });
});
