/**
 * Hostile file names and huge staged sets (catalogue §5 E, §6.1, §8 generators), each through real
 * `git commit` with the installed hooks and the real `node --test`:
 *
 * - generated names (fast-check, test/helpers/hostile-names.ts), all together in one repository:
 *   their test files in RED (print-only → refused `ASSERTION_PRINT_ONLY`; a failing assertion →
 *   accepted) and their implementation files in GREEN, whose `{files}` static check must receive
 *   each name byte for byte as `./path`; no name may reach a shell (`$(touch pwned)` creates
 *   nothing) or become an option. That each name becomes one verbatim argument and is classified
 *   by what it is holds at 1,000 runs in test/unit/runners/hostile-names.test.ts;
 * - names that must never be options (`--`, `-x`, `--config=evil.js`, `--test-only…`), NFC and NFD
 *   spellings of one name side by side;
 * - 10,000 staged files, more argument bytes than Linux's 2 MiB ARG_MAX.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codesOf, fingerprint, trailersOf } from '../helpers/cycle.js';
import { bytes, HOSTILE_EXAMPLES, hostileName } from '../helpers/hostile-names.js';
import { PROJECT_ROOT, copyRepo, makeRepo, type Repo } from '../helpers/repo.js';

/** A `{files}` check that logs its argv (one JSON line per invocation) and, like a tool taking options, fails on any argument that starts with a dash. */
const CHECK = `import { appendFileSync } from 'node:fs';
const args = process.argv.slice(2);
if (process.env.TDD_CHECK_LOG) appendFileSync(process.env.TDD_CHECK_LOG, JSON.stringify(args) + '\\n');
if (args.some((a) => a.startsWith('-'))) process.exit(9);
if (process.env.TDD_CHECK_FAIL && args.includes(process.env.TDD_CHECK_FAIL)) process.exit(7);
`;

const SKELETON = {
  'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n',
  'README.md': '# p\n',
  'check.js': CHECK,
};
const CONFIG = JSON.stringify({ runner: 'node', staticChecks: ['node ./check.js {files}'] }, null, 2) + '\n';

/** What a shell would create if a name ever reached one. */
const PWNED = ['pwned', 'pwned2'];

const repos: Repo[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The hooks installed, the check and its config committed (phase off): built once, copied per test. */
let template: Repo;
beforeAll(() => {
  template = makeRepo(SKELETON);
  const inst = template.tdd('install');
  expect(inst.status, inst.stderr + inst.stdout).toBe(0);
  writeFileSync(join(template.dir, '.tddrc.json'), CONFIG);
  template.git('add', '-A');
  expect(template.tdd('phase', 'off', '--reason', 'skeleton').status).toBe(0);
  const c = template.commit('chore: skeleton');
  expect(c.status, c.stderr).toBe(0);
});
afterAll(() => template?.cleanup());

/** A copy of the template with its own temp dir (scratch copies land there). */
function freshRepo(): { repo: Repo; tmp: string; log: string } {
  const repo = copyRepo(template);
  repos.push(repo);
  const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-test-tmp-')));
  dirs.push(tmp);
  repo.env.TMPDIR = tmp; // the env object behind every git/tdd call of this Repo
  return { repo, tmp, log: join(tmp, 'check.log') };
}

function write(repo: Repo, files: Record<string, string>): void {
  for (const [p, content] of Object.entries(files)) {
    mkdirSync(dirname(join(repo.dir, p)), { recursive: true });
    writeFileSync(join(repo.dir, p), content);
  }
}

function commit(repo: Repo, message: string, env: Record<string, string> = {}) {
  return repo.run('git', ['commit', '-m', message], { env });
}

/** Each invocation's argv, as check.js logged it. */
function invocations(log: string): string[][] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as string[]);
}

/** Files named like a shell's side effect, anywhere a name could have been run: the repository, the scratch, cwd, HOME, the temp dirs. */
function pwned(repo: Repo, tmp: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (PWNED.includes(e.name)) found.push(join(dir, e.name));
      if (e.isDirectory() && depth > 0 && e.name !== 'node_modules') walk(join(dir, e.name), depth - 1);
    }
  };
  walk(repo.dir, 50);
  walk(tmp, 50);
  for (const d of [PROJECT_ROOT, homedir(), repo.env.HOME!, tmpdir(), process.cwd()]) walk(d, 0);
  return found;
}

/** Refused with `code`, nothing of the user's changed. */
function refused(repo: Repo, code: string, env: Record<string, string> = {}): void {
  const before = fingerprint(repo);
  const c = commit(repo, 'attempt', env);
  expect(c.status, c.stderr + c.stdout).toBe(1);
  expect(codesOf(c)).toContain(code);
  expect(c.stderr).not.toMatch(/internal error|E2BIG/);
  expect(fingerprint(repo)).toBe(before);
}

function accepted(repo: Repo, message: string, env: Record<string, string> = {}): void {
  const c = commit(repo, message, env);
  expect(c.status, c.stderr + c.stdout).toBe(0);
}

const importPath = (from: string, to: string): string =>
  // Specifiers are URLs: every character that means something in a URL (?, #, %, newline…) is escaped.
  '../'.repeat(from.split('/').length - 1) + to.split('/').map(encodeURIComponent).join('/');

/** A test that fails by its assertion until `implementation` exports one() returning 1. */
const redTest = (testFile: string, implementation: string, title: string): string => `import { test } from 'node:test';
import assert from 'node:assert/strict';

test(${JSON.stringify(title)}, async () => {
  const m = await import(new URL(${JSON.stringify(importPath(testFile, implementation))}, import.meta.url).href).catch(() => ({}));
  assert.equal(m.one?.(), 1);
});
`;
const printOnly = (title: string): string => `import { test } from 'node:test';

test(${JSON.stringify(title)}, () => {
  console.log(${JSON.stringify(title)});
});
`;
const IMPL = 'export function one() {\n  return 1;\n}\n';

/** The names of the real commits: the ones that once broke something, and generated ones (a fixed seed: the same every run). */
const NAMES = [...new Set([...HOSTILE_EXAMPLES, ...fc.sample(hostileName, { numRuns: 20, seed: 20261201 })])];

describe('hostile file names through RED and GREEN', () => {
  it('all the names together: print-only refused, failing assertions accepted in RED, the implementations accepted in GREEN, each name reaching the check verbatim and never a shell', () => {
    const { repo, tmp, log } = freshRepo();
    const tests = NAMES.map((n) => `test/${n}.test.js`);
    const impls = NAMES.map((n) => `src/${n}.js`);
    expect(repo.tdd('phase', 'red').status).toBe(0);

    write(repo, Object.fromEntries(NAMES.map((n, i) => [tests[i]!, printOnly(n)])));
    repo.git('add', '-A');
    refused(repo, 'ASSERTION_PRINT_ONLY');

    write(repo, Object.fromEntries(NAMES.map((n, i) => [tests[i]!, redTest(tests[i]!, impls[i]!, n)])));
    repo.git('add', '-A');
    accepted(repo, 'test: hostile');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'red', 'TDD-Evidence': `node: 0 passed, ${NAMES.length} failed (assertion ${NAMES.length})` });
    const tree = repo.git('ls-tree', '-r', '-z', '--name-only', 'HEAD').split('\0');
    for (const t of tests) expect(tree, JSON.stringify(t)).toContain(t);

    write(repo, Object.fromEntries(impls.map((f) => [f, IMPL])));
    repo.git('add', '-A');
    accepted(repo, 'feat: hostile', { TDD_CHECK_LOG: log });
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': `node: ${NAMES.length} passed, 0 failed` });
    const calls = invocations(log);
    expect(calls).toHaveLength(1);
    expect([...calls[0]!].sort()).toEqual(impls.map((f) => `./${f}`).sort());

    expect(pwned(repo, tmp)).toEqual([]);
    expect(repo.run('git', ['status', '--porcelain', '-z']).stdout).toBe('');
  });

  it('names that would be options: the runner runs them as files, a {files} check gets ./--, ./-x.js, ./--config=evil.js', () => {
    const { repo, tmp, log } = freshRepo();
    expect(repo.tdd('phase', 'red').status).toBe(0);
    // Were either name an option, node --test would run no test (a pattern that matches nothing,
    // or only the .only tests): no failing assertion, so no RED.
    const tests = ['--test-name-pattern=nomatch.test.js', '--test-only.test.js', '-x.test.js'];
    write(repo, Object.fromEntries(tests.map((t) => [t, redTest(t, 'src/m.js', t)])));
    repo.git('add', '-A');
    accepted(repo, 'test: options');
    expect(trailersOf(repo)['TDD-Evidence']).toBe('node: 0 passed, 3 failed (assertion 3)');

    const impls = ['--', '-x.js', '--config=evil.js', '$(touch pwned).js', 'src/m.js'];
    write(repo, Object.fromEntries(impls.map((f) => [f, IMPL])));
    repo.git('add', '-A');
    accepted(repo, 'feat: options', { TDD_CHECK_LOG: log });
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': 'node: 3 passed, 0 failed' });
    const calls = invocations(log);
    expect(calls).toHaveLength(1);
    expect([...calls[0]!].sort()).toEqual(impls.map((f) => `./${f}`).sort());
    expect(pwned(repo, tmp)).toEqual([]);
  });

  // A backslash is an ordinary file-name character on POSIX (paths.ts converts it on win32 only).
  // Before that fix `test/a\b.test.js` ran as `test/a/b.test.js`: a different test, a false GREEN.
  // node's ESM loader refuses such a name ("must not include encoded \\"), so the RED is refused
  // for that file, named as it is — never satisfied by its look-alike.
  it('a test file whose name holds a backslash is judged under its own name, not as a path with a slash', () => {
    const { repo } = freshRepo();
    expect(repo.tdd('phase', 'red').status).toBe(0);
    write(repo, {
      'test/a/b.test.js': redTest('test/a/b.test.js', 'src/m.js', 'one'),
      'test/a\\b.test.js': redTest('test/a\\b.test.js', 'src/m.js', 'two').replace('m.one?.(), 1', 'm.two?.(), 2'),
    });
    repo.git('add', '-A');
    const c = repo.commit('test: one and two');
    expect(c.status).toBe(1);
    expect(c.stderr).toContain('test/a\\b.test.js fails for the wrong reason');
  });

  it('the NFC and NFD spellings of one name are two files, each run and checked under its own bytes', () => {
    const { repo, log } = freshRepo();
    const nfc = 'caf\u00e9';
    const nfd = 'cafe\u0301';
    expect(nfc.normalize('NFD')).toBe(nfd);
    expect(repo.tdd('phase', 'red').status).toBe(0);
    write(repo, {
      [`test/${nfc}.test.js`]: redTest(`test/${nfc}.test.js`, `src/${nfc}.js`, 'nfc'),
      [`test/${nfd}.test.js`]: redTest(`test/${nfd}.test.js`, `src/${nfd}.js`, 'nfd'),
    });
    repo.git('add', '-A');
    accepted(repo, 'test: both');
    expect(trailersOf(repo)['TDD-Evidence']).toBe('node: 0 passed, 2 failed (assertion 2)');
    // Only the NFC implementation: the NFD test must still fail (not be satisfied by its twin).
    write(repo, { [`src/${nfc}.js`]: IMPL });
    repo.git('add', '-A');
    refused(repo, 'GREEN_TESTS_FAIL');
    write(repo, { [`src/${nfd}.js`]: IMPL });
    repo.git('add', '-A');
    accepted(repo, 'feat: both', { TDD_CHECK_LOG: log });
    expect(trailersOf(repo)['TDD-Evidence']).toBe('node: 2 passed, 0 failed');
    expect(invocations(log).flat().sort()).toEqual([`./src/${nfc}.js`, `./src/${nfd}.js`].sort());
  });
});

describe('2,400 staged files of 2.2 MB of names', () => {
  it('RED refuses them as implementation (no E2BIG, no crash); GREEN splits the {files} check into invocations under 96 KiB, all of which must pass', () => {
    const { repo, log } = freshRepo();
    expect(repo.tdd('phase', 'red').status).toBe(0);
    write(repo, { 'test/one.test.js': redTest('test/one.test.js', 'src/one.js', 'one') });
    // 930-byte paths (three 240-byte folders deep): 2,400 of them are 2.2 MB of arguments, past
    // Linux's 2 MiB for argv + env — the size is what counts, and fewer files keep git's work small.
    const pad = ['a', 'b', 'c'].map((ch) => ch.repeat(240)).join('/');
    const many = Array.from({ length: 2_400 }, (_, i) => `src/gen/${pad}/${'p'.repeat(180)}-${String(i).padStart(5, '0')}.js`);
    for (const [i, f] of many.entries()) write(repo, { [f]: `export const v${i} = ${i};\n` });
    repo.git('add', '-A');
    const args = [...many, 'src/one.js'].map((f) => `./${f}`);
    expect(args.reduce((n, a) => n + bytes(a) + 1, 0)).toBeGreaterThan(2 * 1024 * 1024);

    const before = fingerprint(repo);
    const red = commit(repo, 'test: one');
    expect(red.status).toBe(1);
    expect(red.stderr).not.toMatch(/internal error|E2BIG|could not verify/);
    expect(codesOf(red).filter((c) => c === 'RED_IMPL_STAGED')).toHaveLength(2_400);
    expect(fingerprint(repo)).toBe(before);

    repo.git('reset', '-q', '--', 'src');
    accepted(repo, 'test: one');
    write(repo, { 'src/one.js': IMPL });
    repo.git('add', '-A');

    // One chunk fails (the file is in the last one): the check, so the commit, fails.
    const last = args.at(-1)!;
    refused(repo, 'STATIC_CHECK_FAILED', { TDD_CHECK_LOG: log, TDD_CHECK_FAIL: last });
    const failed = invocations(log);
    expect(failed.length).toBeGreaterThan(1);
    expect(failed.at(-1)).toContain(last);
    rmSync(log);

    accepted(repo, 'feat: one', { TDD_CHECK_LOG: log });
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': 'node: 1 passed, 0 failed' });
    const calls = invocations(log);
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(call.reduce((n, a) => n + bytes(a) + 1, 0)).toBeLessThanOrEqual(96 * 1024);
    expect(calls.flat().sort()).toEqual([...args].sort());
    // Three commits of 2,400 files: a ceiling for a machine under load (two CPU hogs beside the suite), not a speed claim.
  }, 600_000);
});

describe('more test files than one runner command line can hold', () => {
  // The runner gets every test file in one argv (tests are never chunked). Past ARG_MAX the
  // spawn fails: the commit must be refused (the hook exits 3), never pass. Today the hook says
  // "internal error: spawn E2BIG" (spawn throws synchronously; runProcess reports only
  // asynchronous start errors as "could not start").
  it('RED with 3,500 test files whose paths make 2.2 MB: refused, E2BIG named, never a pass, nothing changed', () => {
    const { repo } = freshRepo();
    expect(repo.tdd('phase', 'red').status).toBe(0);
    const deep = `test/${'a'.repeat(200)}/${'b'.repeat(200)}/${'c'.repeat(200)}`;
    const files = Array.from({ length: 3_500 }, (_, i) => `${deep}-${String(i).padStart(4, '0')}.test.js`);
    for (const f of files) write(repo, { [f]: redTest(f, 'src/one.js', 'one') });
    repo.git('add', '-A');
    expect(files.reduce((n, f) => n + bytes(f) + 3, 0)).toBeGreaterThan(2 * 1024 * 1024);
    const before = fingerprint(repo);
    const head = repo.git('rev-parse', 'HEAD');
    const c = commit(repo, 'test: too many');
    const out = c.stdout + c.stderr;
    expect(c.status, out).toBe(1);
    expect(out).toContain('E2BIG');
    expect(out).not.toContain('✓');
    expect(out).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(fingerprint(repo)).toBe(before);
  }, 600_000);
});

// The check's own process, for the record: a plain spawn of all 10,001 arguments at once fails.
describe('the limit the chunking avoids', () => {
  it.skipIf(process.platform !== 'linux')('spawning 2.2 MB of arguments at once is E2BIG on this machine', () => {
    const args = Array.from({ length: 10_001 }, (_, i) => `./src/gen/${'p'.repeat(200)}-${i}.js`);
    const r = spawnSync(process.execPath, ['-e', '0', ...args]);
    expect((r.error as NodeJS.ErrnoException | undefined)?.code).toBe('E2BIG');
  });
});
