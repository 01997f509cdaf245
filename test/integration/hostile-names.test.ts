/**
 * Hostile file names and huge staged sets (catalogue §5 E, §6.1, §8 generators), each through real
 * `git commit` with the installed hooks and the real `node --test`:
 *
 * - property-based (fast-check): a test file with a generated name in RED (print-only → refused
 *   `ASSERTION_PRINT_ONLY`; a failing assertion → accepted) and an implementation file with that
 *   name in GREEN, whose `{files}` static check must receive the name byte for byte as `./path`;
 *   no name may reach a shell (`$(touch pwned)` creates nothing) or become an option;
 * - names that must never be options (`--`, `-x`, `--config=evil.js`, `--test-only…`), NFC and NFD
 *   spellings of one name side by side;
 * - 10,000 staged files, more argument bytes than Linux's 2 MiB ARG_MAX.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { codesOf, fingerprint, trailersOf } from '../helpers/cycle.js';
import { PROJECT_ROOT, makeRepo, type Repo } from '../helpers/repo.js';

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

/** A repository with its own temp dir (scratch copies land there), the hooks, the check and its config committed. */
function freshRepo(): { repo: Repo; tmp: string; log: string } {
  const repo = makeRepo(SKELETON);
  repos.push(repo);
  const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-test-tmp-')));
  dirs.push(tmp);
  repo.env.TMPDIR = tmp; // the env object behind every git/tdd call of this Repo
  const inst = repo.tdd('install');
  expect(inst.status, inst.stderr + inst.stdout).toBe(0);
  writeFileSync(join(repo.dir, '.tddrc.json'), CONFIG);
  repo.git('add', '-A');
  expect(repo.tdd('phase', 'off', '--reason', 'skeleton').status).toBe(0);
  const c = repo.commit('chore: skeleton');
  expect(c.status, c.stderr).toBe(0);
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

const bytes = (s: string): number => Buffer.byteLength(s);

// No backslash: a known bug (see 'a test file whose name holds a backslash…' below).
const FRAGMENTS = [
  ' ',
  '\t',
  '\n',
  '"',
  "'",
  '$(touch pwned)',
  '`touch pwned2`',
  '$HOME',
  '${IFS}',
  ';',
  '&&',
  '|',
  '>',
  '<',
  '*',
  '?',
  '[',
  ']',
  '[a-z]',
  '{a,b}',
  '!',
  '#',
  '%41',
  '~',
  '=',
  ':',
  '(',
  ')',
  'a',
  'Z',
  '0',
  '.',
  '-',
  '\u00e9' /* é, NFC */,
  'e\u0301' /* é, NFD */,
  '\u00c5' /* Å, NFC */,
  'A\u030a' /* Å, NFD */,
  '日本',
  '🙂',
  '--config=evil.js',
  '{files}',
];
const LEADING = ['', '', '-', '--', ' ', '--test-only ', '--test-name-pattern=nomatch '];
const MAX_NAME = 255 - bytes('.test.js');

/** A file-name segment: no `/`, no NUL, room for `.test.js`, sometimes 200+ bytes long. */
const hostileName = fc
  .tuple(fc.constantFrom(...LEADING), fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 6 }), fc.boolean())
  .map(([lead, parts, long]) => {
    const name = lead + parts.join('');
    return long ? name + 'x'.repeat(Math.max(0, 200 + (bytes(name) % 40) - bytes(name))) : name;
  })
  .filter((n) => bytes(n) <= MAX_NAME);

describe('hostile file names through RED and GREEN', () => {
  it('any name: print-only refused, a failing assertion accepted in RED, the implementation accepted in GREEN, the name reaching the check verbatim and never a shell', async () => {
    await fc.assert(
      fc.asyncProperty(hostileName, async (name) => {
        const { repo, tmp, log } = freshRepo();
        const testFile = `test/${name}.test.js`;
        const implFile = `src/${name}.js`;
        expect(repo.tdd('phase', 'red').status).toBe(0);

        write(repo, { [testFile]: printOnly(name) });
        repo.git('add', '-A');
        refused(repo, 'ASSERTION_PRINT_ONLY');

        write(repo, { [testFile]: redTest(testFile, implFile, name) });
        repo.git('add', '-A');
        accepted(repo, 'test: hostile');
        expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'red', 'TDD-Evidence': 'node: 0 passed, 1 failed (assertion 1)' });
        expect(repo.git('ls-tree', '-r', '-z', '--name-only', 'HEAD').split('\0')).toContain(testFile);

        write(repo, { [implFile]: IMPL });
        repo.git('add', '-A');
        accepted(repo, 'feat: hostile', { TDD_CHECK_LOG: log });
        expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': 'node: 1 passed, 0 failed' });
        expect(invocations(log)).toEqual([[`./${implFile}`]]);

        expect(pwned(repo, tmp)).toEqual([]);
        expect(repo.run('git', ['status', '--porcelain', '-z']).stdout).toBe('');
      }),
      {
        numRuns: Number(process.env.TDD_NAME_RUNS ?? 20),
        endOnFailure: true, // every run is three real commits: report the first failing name, do not shrink
        // '\n&&;': a name that starts with a newline once read as implementation (picomatch's `.`).
        examples: [['$(touch pwned) `touch pwned2`; *?[]'], ['--config=evil.js'], ['--'], ['-\n\t "\' ' + 'x'.repeat(220)], ['\n&&;']],
      },
    );
  }, 400_000);

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

describe('10,000 staged files', () => {
  it('RED refuses them as implementation (no E2BIG, no crash); GREEN splits the {files} check into invocations under 96 KiB, all of which must pass', () => {
    const { repo, log } = freshRepo();
    expect(repo.tdd('phase', 'red').status).toBe(0);
    write(repo, { 'test/one.test.js': redTest('test/one.test.js', 'src/one.js', 'one') });
    // 200-byte names: 10,000 of them are 2.2 MB of arguments, past Linux's 2 MiB for argv + env.
    const pad = 'p'.repeat(200);
    const many = Array.from({ length: 10_000 }, (_, i) => `src/gen/${pad}-${String(i).padStart(5, '0')}.js`);
    for (const [i, f] of many.entries()) write(repo, { [f]: `export const v${i} = ${i};\n` });
    repo.git('add', '-A');
    const args = [...many, 'src/one.js'].map((f) => `./${f}`);
    expect(args.reduce((n, a) => n + bytes(a) + 1, 0)).toBeGreaterThan(2 * 1024 * 1024);

    const before = fingerprint(repo);
    const red = commit(repo, 'test: one');
    expect(red.status).toBe(1);
    expect(red.stderr).not.toMatch(/internal error|E2BIG|could not verify/);
    expect(codesOf(red).filter((c) => c === 'RED_IMPL_STAGED')).toHaveLength(10_000);
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
  }, 120_000);
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
  }, 60_000);
});

// The check's own process, for the record: a plain spawn of all 10,001 arguments at once fails.
describe('the limit the chunking avoids', () => {
  it.skipIf(process.platform !== 'linux')('spawning 2.2 MB of arguments at once is E2BIG on this machine', () => {
    const args = Array.from({ length: 10_001 }, (_, i) => `./src/gen/${'p'.repeat(200)}-${i}.js`);
    const r = spawnSync(process.execPath, ['-e', '0', ...args]);
    expect((r.error as NodeJS.ErrnoException | undefined)?.code).toBe('E2BIG');
  });
});
