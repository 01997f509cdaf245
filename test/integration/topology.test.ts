/**
 * Repository topology and git states (catalogue §5 A, C, D, F; §6.5), each through real
 * `git commit` with the installed hooks and the real `node --test`: `commit -i`, intent-to-add
 * entries, `--fixup` / `-C`, merges, cherry-picks, reverts and rebases being concluded, unmerged
 * entries, detached HEAD, submodules, `core.autocrlf` and eol attributes, clean/smudge filters,
 * symbolic links, `git --git-dir … --work-tree …`, a repository of dubious ownership, and a
 * hostile pre-planted scratch directory.
 */
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codesOf, fingerprint, trailersOf } from '../helpers/cycle.js';
import { copyRepo, makeRepo, type Repo } from '../helpers/repo.js';

const testOf = (name: string, value = 1) => `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ${name} } from '../src/${name}.js';

test('${name} gives ${value}', () => {
  assert.equal(${name}(), ${value});
});
`;
const implOf = (name: string, value = 1) => `export function ${name}() {\n  return ${value};\n}\n`;
/** A crash: a stack frame, an uncaught JS error at the start of a line, the generic internal-error line (a test's own failure, quoted in a finding, is indented). */
const CRASH = /^\s+at |^(TypeError|RangeError|ReferenceError)|internal error|a bug in tdd-hooks/m;

let repo: Repo;
let tmp: string;
const dirs: string[] = [];

// One skeleton per file (install + phase off + a commit, no test run), copied per test with cp -a.
let template: Repo;
beforeAll(() => {
  template = makeRepo({ 'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n', 'README.md': '# p\n' });
  expect(template.tdd('install').status).toBe(0);
  template.git('add', '-A');
  template.tdd('phase', 'off', '--reason', 'skeleton');
  const c = template.commit('skeleton');
  expect(c.status, c.stderr + c.stdout).toBe(0);
});
afterAll(() => template?.cleanup());
beforeEach(() => {
  repo = copyRepo(template);
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-test-tmp-')));
  dirs.push(tmp);
  repo.env.TMPDIR = tmp; // scratch copies land here: counted exactly, removed with it
});
afterEach(() => {
  repo.cleanup();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const out = (r: SpawnSyncReturns<string>) => r.stdout + r.stderr;
const head = (r: Repo = repo) => r.git('rev-parse', 'HEAD').trim();
const phase = () => JSON.parse(repo.tdd('phase', '--json').stdout).phase as string;
const paths = (rev = 'HEAD') => repo.git('ls-tree', '-r', '-z', '--name-only', rev).split('\0').filter(Boolean);

function commitOk(message: string, ...args: string[]): SpawnSyncReturns<string> {
  const c = repo.commit(message, ...args);
  expect(c.status, out(c)).toBe(0);
  expect(out(c)).not.toMatch(CRASH);
  return c;
}
/** Refused by the hooks (or by git before them): nothing the user owns changed. */
function refused(run: () => SpawnSyncReturns<string>, code?: string): SpawnSyncReturns<string> {
  const before = fingerprint(repo);
  const h = head();
  const c = run();
  expect(c.status, out(c)).not.toBe(0);
  expect(out(c)).not.toMatch(CRASH);
  if (code) expect(codesOf(c)).toContain(code);
  expect(head()).toBe(h);
  expect(fingerprint(repo)).toBe(before);
  return c;
}
function verify(): { status: number | null; codes: string[]; json: Record<string, any> } {
  const v = repo.tdd('verify', '--json');
  expect(out(v)).not.toMatch(CRASH);
  const json = JSON.parse(v.stdout) as Record<string, any>;
  return { status: v.status, codes: (json.findings ?? []).map((f: { code: string }) => f.code), json };
}
/** A RED commit of test/<name>.test.js, accepted. */
function red(name: string): void {
  expect(repo.tdd('phase', 'red').status).toBe(0);
  repo.write({ [`test/${name}.test.js`]: testOf(name) });
  repo.git('add', '-A');
  commitOk(`test: ${name}`);
  expect(trailersOf(repo)['TDD-Phase']).toBe('red');
}
/** Commits made while an operation is in progress: not checked, no trailers. */
function expectUnchecked(c: SpawnSyncReturns<string>, operation: string): void {
  expect(c.status, out(c)).toBe(0);
  expect(codesOf(c)).toContain('OPERATION_IN_PROGRESS');
  expect(c.stderr).toContain(`${operation} in progress`);
  expect(trailersOf(repo)).toEqual({});
}

describe('what is staged', () => {
  it('`commit -i <paths>`: the paths and what was already staged are judged together; a refusal leaves the index as it was (row 4)', () => {
    repo.tdd('phase', 'off', '--reason', 'seed');
    repo.write({
      'test/m.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n\ntest('adds', () => assert.equal(1 + 1, 2));\n",
    });
    repo.git('add', '-A');
    commitOk('seed');
    repo.tdd('phase', 'red');
    repo.write({
      'test/m.test.js':
        repo.read('test/m.test.js') +
        "\ntest('one', async () => {\n  const m = await import('../src/one.js').catch(() => ({}));\n  assert.equal(m.one?.(), 1);\n});\n",
      'src/one.js': implOf('one'),
    });
    repo.git('add', 'src/one.js');
    const c = refused(() => repo.commit('test: one', '-i', 'test/m.test.js'), 'RED_IMPL_STAGED');
    expect(codesOf(c)).not.toContain('RED_NO_TESTS_STAGED'); // the -i path was part of the verdict
    expect(repo.git('diff', '--name-only')).toBe('test/m.test.js\n'); // still unstaged
    repo.git('reset', '-q', '--', 'src/one.js');
    repo.remove('src/one.js');
    commitOk('test: one', '-i', 'test/m.test.js');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'red', 'TDD-Evidence': 'node: 1 passed, 1 failed (assertion 1)' });
    expect(repo.git('show', 'HEAD:test/m.test.js')).toContain("test('one'");
  });

  it('intent-to-add entries (`git add -N`) are not committed, so neither judged nor counted (row 7)', () => {
    repo.tdd('phase', 'red');
    repo.write({
      'test/one.test.js': testOf('one'),
      'test/print.test.js': "import { test } from 'node:test';\ntest('p', () => { console.log('p'); });\n",
      'src/later.js': implOf('later'),
    });
    repo.git('add', 'test/one.test.js');
    repo.git('add', '-N', 'test/print.test.js', 'src/later.js');
    // Judged, the print-only test (ASSERTION_PRINT_ONLY) and the implementation (RED_IMPL_STAGED) would refuse it.
    expect(verify()).toMatchObject({ status: 0 });
    commitOk('test: one');
    expect(paths()).toContain('test/one.test.js');
    expect(paths()).not.toContain('test/print.test.js');
    expect(paths()).not.toContain('src/later.js');
    expect(repo.git('ls-files', '--stage', 'test/print.test.js', 'src/later.js')).toMatch(/e69de29bb2d1d6434b8b29ae775ad8c2e48c5391/); // still intent-to-add
    // Only intent-to-add entries: the hook sees nothing staged (EMPTY_COMMIT, no run), and git has nothing to commit.
    repo.tdd('phase', 'red');
    const c = refused(() => repo.commit('nothing'), 'EMPTY_COMMIT');
    expect(c.stdout).toContain('no changes added to commit');
  });

  it('`--fixup` and `--squash` get the trailers of the verdict; `-C` reuses a message and gets them too (row 29)', () => {
    repo.tdd('phase', 'off', '--reason', 'seed');
    repo.write({ 'lib/seed.js': '' });
    repo.git('add', '-A');
    commitOk('seed');
    const seed = head();
    repo.tdd('phase', 'red');
    repo.write({ 'test/one.test.js': testOf('one') });
    repo.git('add', '-A');
    const reuse = repo.run('git', ['commit', '-C', seed]);
    expect(reuse.status, out(reuse)).toBe(0);
    expect(repo.git('log', '-1', '--format=%s')).toBe('seed\n');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'red' });
    repo.write({ 'src/one.js': implOf('one') });
    repo.git('add', '-A');
    commitOk('unused', '--fixup', 'HEAD');
    expect(repo.git('log', '-1', '--format=%s')).toBe('fixup! seed\n');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': 'node: 1 passed, 0 failed' });
    repo.write({ 'src/one.js': '// one\n' + implOf('one') });
    repo.git('add', '-A');
    commitOk('tidy', '--squash', 'HEAD');
    expect(repo.git('log', '-1', '--format=%s')).toBe('squash! fixup! seed\n');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'refactor' });
  });

  // The trailer block says exactly this verdict: `-C` of an off commit must not leave its
  // TDD-Reason on a RED commit (nor a hand-typed TDD-Regression turn a RED into a regression RED).
  it('a reused or hand-written message keeps no TDD-* trailer the verdict does not set (row 29)', () => {
    repo.tdd('phase', 'off', '--reason', 'seed');
    repo.write({ 'lib/seed.js': '' });
    repo.git('add', '-A');
    commitOk('seed');
    expect(trailersOf(repo)['TDD-Reason']).toBe('seed');
    repo.tdd('phase', 'red');
    repo.write({ 'test/one.test.js': testOf('one') });
    repo.git('add', '-A');
    expect(repo.run('git', ['commit', '-C', 'HEAD']).status).toBe(0);
    expect(trailersOf(repo)).toEqual({ 'TDD-Phase': 'red', 'TDD-Evidence': 'node: 0 passed, 1 failed (missing-symbol 1)' });
  });
});

describe('operations in progress', () => {
  /** main and side each change f.js; the merge or pick conflicts. */
  function divergent(): void {
    repo.tdd('phase', 'off', '--reason', 'base');
    repo.write({ 'lib/f.js': 'base\n' });
    repo.git('add', '-A');
    commitOk('base');
    repo.git('checkout', '-q', '-b', 'side');
    repo.write({ 'lib/f.js': 'side\n' });
    repo.git('commit', '-q', '-a', '--no-verify', '-m', 'side');
    repo.git('checkout', '-q', 'main');
    repo.write({ 'lib/f.js': 'main\n' });
    repo.git('commit', '-q', '-a', '--no-verify', '-m', 'main');
    repo.tdd('phase', 'red'); // a phase whose gates would refuse lib/f.js as implementation
  }

  it('unmerged entries: `tdd verify` refuses UNMERGED_PATHS naming them; git refuses the commit before any hook (row 25)', () => {
    divergent();
    expect(repo.run('git', ['merge', 'side']).status).not.toBe(0);
    const v = verify();
    expect(v.status).toBe(1);
    expect(v.json.findings).toContainEqual(expect.objectContaining({ code: 'UNMERGED_PATHS', path: 'lib/f.js' }));
    const c = refused(() => repo.commit('merge'));
    expect(c.stderr).toContain('unmerged files');
    expect(c.stderr).not.toContain('tdd:');
  });

  it('a merge with its conflicts resolved is not checked (OPERATION_IN_PROGRESS), gets no trailers, and leaves the phase (row 24)', () => {
    divergent();
    repo.run('git', ['merge', 'side']);
    repo.write({ 'lib/f.js': 'resolved\n' });
    repo.git('add', 'lib/f.js');
    expect(verify()).toMatchObject({ status: 0, codes: ['OPERATION_IN_PROGRESS'] });
    expectUnchecked(repo.commit('merge side', '--no-edit'), 'merge');
    expect(repo.git('rev-parse', 'HEAD^2').trim()).toBe(repo.git('rev-parse', 'side').trim());
    expect(phase()).toBe('red');
  });

  // `cherry-pick --continue` and `revert --continue` commit through the hooks; `rebase --continue`
  // runs no pre-commit (git 2.39), so a rebase's resolution is committed by hand here.
  it.each([
    ['cherry-pick', '`git cherry-pick --continue`', ['cherry-pick', 'side']],
    ['revert', '`git revert --continue`', ['revert', '--no-edit', 'HEAD']],
    ['rebase', '`git commit`', ['rebase', 'side']],
  ])('a %s with its conflict resolved, committed by %s: the hooks do not check it (OPERATION_IN_PROGRESS) (rows 24, 27)', (operation, _how, args) => {
    divergent();
    if (operation === 'revert') {
      // HEAD changes lib/f.js again, so reverting HEAD~1 ("main") conflicts.
      repo.write({ 'lib/f.js': 'later\n' });
      repo.git('commit', '-q', '-a', '--no-verify', '-m', 'later');
      args = ['revert', '--no-edit', 'HEAD~1'];
    }
    expect(repo.run('git', args, { env: { GIT_EDITOR: 'true' } }).status).not.toBe(0);
    repo.write({ 'lib/f.js': 'resolved\n' });
    repo.git('add', 'lib/f.js');
    const c = operation === 'rebase' ? repo.commit('rebase: resolved') : repo.run('git', [operation, '--continue'], { env: { GIT_EDITOR: 'true' } });
    expectUnchecked(c, operation);
    expect(phase()).toBe('red');
  });

  it('detached HEAD: RED and GREEN are judged as on a branch (row 28)', () => {
    repo.git('checkout', '-q', '--detach');
    red('one');
    repo.write({ 'src/one.js': implOf('one', 2) });
    repo.git('add', '-A');
    refused(() => repo.commit('feat: wrong'), 'GREEN_TESTS_FAIL');
    repo.write({ 'src/one.js': implOf('one') });
    repo.git('add', '-A');
    commitOk('feat: one');
    expect(trailersOf(repo)['TDD-Phase']).toBe('green');
    expect(repo.run('git', ['symbolic-ref', '-q', 'HEAD']).status).not.toBe(0);
  });
});

describe('submodules (rows 33, 54)', () => {
  let lib: Repo;
  beforeEach(() => {
    lib = makeRepo({ 'index.js': 'export const v = 1;\n' });
    lib.git('add', '-A');
    lib.git('commit', '-q', '-m', 'v1');
    repo.tdd('phase', 'off', '--reason', 'submodule');
    repo.git('-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib.dir, 'vendor/lib');
    commitOk('add submodule');
    lib.write({ 'index.js': 'export const v = 2;\n' });
    lib.git('commit', '-q', '-a', '-m', 'v2');
    repo.git('-C', 'vendor/lib', '-c', 'protocol.file.allow=always', 'pull', '-q', 'origin', 'main');
  });
  afterEach(() => lib.cleanup());

  it('a pointer change is classified by its path (implementation): refused in RED beside a test, committed in GREEN; the tests run without its content', () => {
    expect(repo.git('diff', '--name-only')).toBe('vendor/lib\n');
    repo.tdd('phase', 'red');
    repo.write({ 'test/one.test.js': testOf('one') });
    repo.git('add', '-A');
    const c = refused(() => repo.commit('test: one'), 'RED_IMPL_STAGED');
    expect(c.stderr).toContain('vendor/lib is implementation');
    repo.git('reset', '-q', '--', 'vendor/lib');
    commitOk('test: one');
    repo.write({ 'src/one.js': implOf('one') });
    repo.git('add', '-A');
    expect(repo.git('diff', '--cached', '--raw')).toMatch(/^:160000 160000 .* M\tvendor\/lib$/m);
    commitOk('feat: one');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': 'node: 1 passed, 0 failed' });
    // The scratch holds the gitlink as an empty folder: the submodule's files are never checked out there.
    const { path } = JSON.parse(readFileSync(join(repo.dir, '.git/tdd/scratch.json'), 'utf8')) as { path: string };
    expect(readdirSync(join(path, 'tree', 'vendor', 'lib'))).toEqual([]);
  });

  it('a pointer change alone in REFACTOR runs the tests and is committed; in RED it is refused, no crash', () => {
    repo.tdd('phase', 'red');
    repo.write({ 'test/one.test.js': testOf('one') });
    repo.git('add', 'test/one.test.js');
    commitOk('test: one');
    repo.write({ 'src/one.js': implOf('one') });
    repo.git('add', 'src/one.js');
    commitOk('feat: one');
    expect(phase()).toBe('refactor');
    repo.git('add', 'vendor/lib');
    commitOk('chore: bump lib');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'refactor', 'TDD-Evidence': 'node: 1 passed, 0 failed' });
    repo.git('-C', 'vendor/lib', 'checkout', '-q', 'HEAD~1');
    repo.git('add', 'vendor/lib');
    repo.tdd('phase', 'red');
    refused(() => repo.commit('chore: lib back'), 'RED_IMPL_STAGED');
  });
});

describe('content transforms', () => {
  it('core.autocrlf=true and a CRLF test file: RED and GREEN as for LF; the scratch applies the eol attributes as a checkout would (row 52)', () => {
    repo.git('config', 'core.autocrlf', 'true');
    repo.tdd('phase', 'off', '--reason', 'eol');
    repo.write({ '.gitattributes': 'test/*.txt text eol=crlf\n', 'test/data.txt': 'a\r\nb\r\n' });
    repo.git('add', '-A');
    commitOk('eol');
    expect(repo.git('cat-file', '-p', 'HEAD:test/data.txt')).toBe('a\nb\n'); // stored with LF
    repo.tdd('phase', 'red');
    const crlf = (s: string) => s.replace(/\n/g, '\r\n');
    repo.write({
      'test/one.test.js': crlf(
        testOf('one') +
          "\nimport { readFileSync } from 'node:fs';\ntest('data has the eol the attributes ask for', () => assert.equal(readFileSync(new URL('./data.txt', import.meta.url), 'utf8'), 'a\\r\\nb\\r\\n'));\n",
      ),
    });
    repo.git('add', '-A');
    commitOk('test: one');
    expect(trailersOf(repo)['TDD-Phase']).toBe('red');
    repo.write({ 'src/one.js': crlf(implOf('one')) });
    repo.git('add', '-A');
    commitOk('feat: one');
    expect(trailersOf(repo)['TDD-Evidence']).toBe('node: 2 passed, 0 failed');
  });

  describe('clean/smudge filters (row 53)', () => {
    beforeEach(() => {
      // The blob holds `return CLEANED;` (a ReferenceError if run as is); smudge makes it `return 1;`.
      repo.git('config', 'filter.mark.clean', "sed -e 's/return 1;/return CLEANED;/'");
      repo.git('config', 'filter.mark.smudge', "sed -e 's/return CLEANED;/return 1;/'");
      repo.tdd('phase', 'off', '--reason', 'filter');
      repo.write({ '.gitattributes': 'src/*.js filter=mark\n' });
      repo.git('add', '-A');
      commitOk('filter');
      red('one');
      repo.write({ 'src/one.js': implOf('one') });
      repo.git('add', '-A');
      expect(repo.git('cat-file', '-p', ':src/one.js')).toContain('return CLEANED;');
    });

    it('the scratch runs the smudge filter: GREEN tests the smudged content', () => {
      commitOk('feat: one');
      expect(trailersOf(repo)['TDD-Evidence']).toBe('node: 1 passed, 0 failed');
    });

    it('a required filter whose command is missing: could not verify (exit 3), never a pass', () => {
      repo.git('config', 'filter.mark.smudge', 'tdd-test-no-such-command');
      repo.git('config', 'filter.mark.required', 'true');
      expect(verify().status).toBe(3);
      refused(() => repo.commit('feat: one'));
    });

    it('an optional filter whose command is missing: git checks out the clean blob, which is what is tested (refused here), never a pass', () => {
      repo.git('config', 'filter.mark.smudge', 'tdd-test-no-such-command');
      refused(() => repo.commit('feat: one'), 'GREEN_TESTS_FAIL');
    });
  });
});

describe('symbolic links (row 50)', () => {
  let outside: string;
  beforeEach(() => {
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-test-outside-')));
    dirs.push(outside);
    writeFileSync(join(outside, 'one.js'), implOf('one'));
    red('one');
  });

  it.each([
    ['an absolute path outside the repository', () => join(outside, 'one.js')],
    ['an absolute path into the work tree (an untracked file)', () => join(repo.dir, 'untracked-one.js')],
    ['a relative path that climbs out of the top level', () => '../'.repeat(20) + join(outside, 'one.js').slice(1)],
  ])('GREEN through a link to %s: could not verify (exit 3), never a pass on content the commit does not hold', (_name, target) => {
    writeFileSync(join(repo.dir, 'untracked-one.js'), implOf('one'));
    mkdirSync(join(repo.dir, 'src'), { recursive: true });
    symlinkSync(target(), join(repo.dir, 'src', 'one.js'));
    repo.git('add', 'src/one.js');
    const v = verify();
    expect(v.status).toBe(3);
    expect(v.json.findings).toContainEqual(
      expect.objectContaining({ code: 'RUN_UNVERIFIED', path: 'src/one.js', data: expect.objectContaining({ symlink: target() }) }),
    );
    refused(() => repo.commit('feat: one'), 'RUN_UNVERIFIED');
  });

  it('a link inside the tree is followed as committed: GREEN passes when its target is committed too', () => {
    repo.write({ 'lib/one-real.js': implOf('one') });
    mkdirSync(join(repo.dir, 'src'), { recursive: true });
    symlinkSync('../lib/one-real.js', join(repo.dir, 'src', 'one.js'));
    repo.git('add', 'src/one.js');
    // The target is on disk but not staged: in the scratch the link dangles.
    refused(() => repo.commit('feat: one'), 'GREEN_FILE_ERROR');
    repo.git('add', 'lib/one-real.js');
    commitOk('feat: one');
    expect(trailersOf(repo)['TDD-Evidence']).toBe('node: 1 passed, 0 failed');
  });

  it('RED: a test file that is a link out of the tree is refused (its analysed content is the link, not a test)', () => {
    repo.tdd('phase', 'red');
    writeFileSync(join(outside, 'two.test.js'), testOf('two').replace('../src/two.js', join(repo.dir, 'src/two.js')));
    symlinkSync(join(outside, 'two.test.js'), join(repo.dir, 'test', 'two.test.js'));
    repo.git('add', '-A');
    const c = refused(() => repo.commit('test: two'), 'RUN_UNVERIFIED');
    expect(codesOf(c)).toContain('ASSERTION_MISSING');
  });
});

describe('how git is invoked', () => {
  it("the user's diff and display config (external diff, relative, no prefix, quoted paths, colour, pager, renames): the same verdicts (row 8)", () => {
    for (const [key, value] of [
      ['diff.external', 'echo EXTERNAL-DIFF'],
      ['diff.relative', 'true'],
      ['diff.noprefix', 'true'],
      ['diff.mnemonicPrefix', 'true'],
      ['diff.renames', 'copies'],
      ['diff.suppressBlankEmpty', 'true'],
      ['core.quotePath', 'true'],
      ['color.ui', 'always'],
      ['color.diff', 'always'],
      ['core.pager', 'echo PAGER'],
      ['status.relativePaths', 'false'],
      ['log.showSignature', 'true'],
      ['log.decorate', 'full'],
      ['format.pretty', 'oneline'],
    ])
      repo.git('config', key!, value!);
    repo.tdd('phase', 'red');
    repo.write({ 'test/one ü.test.js': testOf('one'), 'src/one.js': implOf('one', 2) });
    repo.git('add', '-A');
    const r = refused(() => repo.commit('test: one'), 'RED_IMPL_STAGED');
    expect(r.stderr).toContain('src/one.js is implementation');
    repo.git('reset', '-q', '--', 'src/one.js');
    commitOk('test: one');
    expect(trailersOf(repo)['TDD-Phase']).toBe('red');
    // A rename of the RED test is a test change in GREEN, whatever diff.renames says.
    repo.git('mv', 'test/one ü.test.js', 'test/one-renamed.test.js');
    repo.git('add', 'src/one.js');
    refused(() => repo.commit('feat: one'), 'TESTS_CHANGED');
    repo.git('mv', 'test/one-renamed.test.js', 'test/one ü.test.js');
    refused(() => repo.commit('feat: one'), 'GREEN_TESTS_FAIL');
    repo.write({ 'src/one.js': implOf('one') });
    repo.git('add', 'src/one.js');
    commitOk('feat: one');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': 'node: 1 passed, 0 failed' });
  });

  it('`git --git-dir=… --work-tree=…` from another folder, and relative from a subfolder: the same verdicts (row 38)', () => {
    const elsewhere = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-test-cwd-')));
    dirs.push(elsewhere);
    const at = (cwd: string, gitDir: string, workTree: string, ...args: string[]) =>
      spawnSync('git', [`--git-dir=${gitDir}`, `--work-tree=${workTree}`, ...args], { cwd, env: repo.env, encoding: 'utf8' });
    repo.tdd('phase', 'red');
    repo.write({ 'test/one.test.js': testOf('one'), 'src/one.js': implOf('one', 2) });
    repo.git('add', '-A');
    refused(() => at(elsewhere, join(repo.dir, '.git'), repo.dir, 'commit', '-m', 'test: one'), 'RED_IMPL_STAGED');
    repo.git('reset', '-q', '--', 'src/one.js');
    const c = at(elsewhere, join(repo.dir, '.git'), repo.dir, 'commit', '-m', 'test: one');
    expect(c.status, out(c)).toBe(0);
    expect(trailersOf(repo)['TDD-Phase']).toBe('red');
    repo.git('add', 'src/one.js');
    refused(() => at(join(repo.dir, 'src'), '../.git', '..', 'commit', '-m', 'feat: one'), 'GREEN_TESTS_FAIL');
    repo.write({ 'src/one.js': implOf('one') });
    repo.git('add', 'src/one.js');
    const g = at(join(repo.dir, 'src'), '../.git', '..', 'commit', '-m', 'feat: one');
    expect(g.status, out(g)).toBe(0);
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': 'node: 1 passed, 0 failed' });
  });

  it.skipIf(process.getuid?.() !== 0)(
    "a repository of dubious ownership: `tdd verify` exit 2 with git's reason, install names safe.directory; trusted for one command, the commit gets its verdict (row 37)",
    () => {
      repo.tdd('phase', 'red');
      repo.write({ 'test/one.test.js': testOf('one') });
      repo.git('add', '-A');
      const chownTree = (dir: string, uid: number): void => {
        chownSync(dir, uid, uid);
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          const p = join(dir, e.name);
          if (e.isDirectory() && !e.isSymbolicLink()) chownTree(p, uid);
          else if (!e.isSymbolicLink()) chownSync(p, uid, uid);
        }
      };
      chownTree(repo.dir, 65534); // git (as root) now refuses the repository
      try {
        expect(repo.run('git', ['status']).stderr).toContain('dubious ownership');
        const v = repo.tdd('verify', '--json');
        expect(v.status).toBe(2);
        expect(JSON.parse(v.stdout).error.message).toContain('dubious ownership');
        const i = repo.tdd('install', '--json');
        expect(i.status).toBe(2);
        expect(out(i)).toContain('safe.directory');
        const c = repo.run('git', ['-c', `safe.directory=${repo.dir}`, 'commit', '-m', 'test: one']);
        expect(c.status, out(c)).toBe(0);
        expect(out(c)).not.toMatch(CRASH);
      } finally {
        chownTree(repo.dir, 0);
      }
      expect(trailersOf(repo)['TDD-Phase']).toBe('red');
    },
  );
});

describe('a hostile pre-planted scratch (row 6.5)', () => {
  /** GREEN staged; scratch.json pointing at `path`. */
  function plant(path: string): void {
    red('one');
    repo.write({ 'src/one.js': implOf('one') });
    repo.git('add', '-A');
    writeFileSync(join(repo.dir, '.git/tdd/scratch.json'), JSON.stringify({ path, tree: null }));
  }
  const scratchNow = () => (JSON.parse(readFileSync(join(repo.dir, '.git/tdd/scratch.json'), 'utf8')) as { path: string }).path;
  /** Names and bytes under `dir`, links as links. */
  const snapshotOf = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .map((e) => {
        const p = join(e.parentPath, e.name);
        const st = lstatSync(p);
        return `${p} ${st.mode.toString(8)} ${st.isFile() ? readFileSync(p, 'utf8') : ''}`;
      })
      .sort();

  function expectNotReused(victim: string, before: string[]): void {
    commitOk('feat: one');
    expect(trailersOf(repo)['TDD-Evidence']).toBe('node: 1 passed, 0 failed');
    expect(snapshotOf(victim)).toEqual(before);
    const fresh = scratchNow();
    expect(fresh.startsWith(join(tmp, 'tdd-hooks-')), fresh).toBe(true);
    expect(lstatSync(fresh).mode & 0o077).toBe(0);
  }

  function victimDir(mode: number): string {
    const victim = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-test-victim-')));
    dirs.push(victim);
    mkdirSync(join(victim, 'tree'));
    writeFileSync(join(victim, 'tree', 'keep.txt'), 'keep\n');
    writeFileSync(join(victim, 'index'), 'not a git index\n');
    chmodSync(victim, mode);
    return victim;
  }

  it('scratch.json naming a symbolic link to a private folder: not followed, not reused, nothing in it touched', () => {
    const victim = victimDir(0o700);
    const link = join(tmp, 'tdd-hooks-link');
    symlinkSync(victim, link);
    plant(link);
    const before = snapshotOf(victim);
    expectNotReused(victim, before);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('scratch.json naming a folder others may read or write (0755, 0777): not reused, nothing in it touched', () => {
    for (const mode of [0o755, 0o777]) {
      const victim = victimDir(mode);
      plant(victim);
      const before = snapshotOf(victim);
      expectNotReused(victim, before);
      repo.git('reset', '-q', '--hard', 'HEAD~2');
      repo.tdd('phase', 'off', '--reason', 'again');
    }
  });

  it('scratch.json naming a file or a missing path: a fresh scratch, the verdict unchanged', () => {
    writeFileSync(join(tmp, 'a-file'), 'x');
    for (const path of [join(tmp, 'a-file'), join(tmp, 'missing')]) {
      plant(path);
      const before = snapshotOf(tmp).filter((l) => !l.includes('/tdd-hooks-'));
      commitOk('feat: one');
      expect(trailersOf(repo)['TDD-Evidence']).toBe('node: 1 passed, 0 failed');
      expect(snapshotOf(tmp).filter((l) => !l.includes('/tdd-hooks-'))).toEqual(before);
      expect(existsSync(join(tmp, 'lock'))).toBe(false);
      repo.git('reset', '-q', '--hard', 'HEAD~2');
      repo.tdd('phase', 'off', '--reason', 'again');
    }
  });

  // Only a `tdd-hooks-XXXXXX` folder directly in the temp dir is ever reused: the hook replaces a
  // scratch's `tree/` and `index`, which must never happen to a folder of the user's.
  it('scratch.json naming a private folder that is not one of our scratch copies: not reused, nothing in it touched', () => {
    const victim = victimDir(0o700);
    plant(victim);
    const before = snapshotOf(victim);
    expectNotReused(victim, before);
  });
});
