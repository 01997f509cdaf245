/**
 * The state is a cache of the history (DESIGN §5): after a branch switch, a reset, a rebase, an
 * amend, a cherry-pick or in a second worktree, the RED record follows the branch HEAD is on. Each
 * case: real git commands, then an honest RED → GREEN that must be accepted, and a cheat (GREEN
 * editing the frozen test, GREEN with no RED on this branch) that must still be refused. Real
 * `git commit` through the installed hooks, real `node --test`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codesOf, fingerprint, trailersOf } from '../helpers/cycle.js';
import { BIN, makeRepo, type Repo } from '../helpers/repo.js';

const testOf = (name: string, title = `${name} gives 1`) => `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ${name} } from '../src/${name}.js';

test('${title}', () => {
  assert.equal(${name}(), 1);
});
`;
const implOf = (name: string) => `export function ${name}() {\n  return 1;\n}\n`;
const CRASH = /^\s+at |^(TypeError|RangeError|ReferenceError)|internal error|a bug in tdd-hooks/m;

let repo: Repo;
const extra: string[] = [];

beforeEach(() => {
  repo = makeRepo({ 'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n', 'README.md': '# p\n' });
  expect(repo.tdd('install').status).toBe(0);
  // The skeleton is the one off commit this project's audit policy allows (audit.allowOff, at the base).
  repo.write({ '.tddrc.json': JSON.stringify({ ...JSON.parse(repo.read('.tddrc.json')), audit: { allowOff: 1 } }, null, 2) + '\n' });
  repo.git('add', '-A');
  repo.tdd('phase', 'off', '--reason', 'skeleton');
  ok('skeleton');
});
afterEach(() => {
  repo.cleanup();
  for (const d of extra.splice(0)) rmSync(d, { recursive: true, force: true });
});

const out = (r: SpawnSyncReturns<string>) => r.stdout + r.stderr;
const head = () => repo.git('rev-parse', 'HEAD').trim();
const phase = (): string | null => JSON.parse(repo.tdd('phase', '--json').stdout).phase as string | null;
const status = () => JSON.parse(repo.tdd('status', '--json').stdout) as Record<string, any>;

function ok(message: string, ...args: string[]): SpawnSyncReturns<string> {
  const c = repo.commit(message, ...args);
  expect(c.status, out(c)).toBe(0);
  expect(out(c)).not.toMatch(CRASH);
  return c;
}
/** Refused by the hooks with `code`; nothing the user owns changed; the staging is undone for the next step. */
function refused(code: string): void {
  const before = fingerprint(repo);
  const h = head();
  const c = repo.commit('cheat');
  expect(c.status, out(c)).toBe(1);
  expect(out(c)).not.toMatch(CRASH);
  expect(codesOf(c), out(c)).toContain(code);
  expect(head()).toBe(h);
  expect(fingerprint(repo)).toBe(before);
  repo.git('reset', '-q');
}
/** A RED commit of test/<name>.test.js (declared unless the phase is already red). */
function red(name: string, title?: string): void {
  if (phase() !== 'red') expect(repo.tdd('phase', 'red').status).toBe(0);
  repo.write({ [`test/${name}.test.js`]: testOf(name, title) });
  repo.git('add', '-A');
  ok(`test: ${name}`);
  expect(trailersOf(repo)['TDD-Phase']).toBe('red');
}
/** The honest GREEN of red(name): accepted as green. */
function green(name: string): void {
  expect(phase()).toBe('green');
  repo.write({ [`src/${name}.js`]: implOf(name) });
  repo.git('add', '-A');
  ok(`feat: ${name}`);
  expect(trailersOf(repo)['TDD-Phase']).toBe('green');
}
/** The cheat: a GREEN that edits the frozen test of red(name) (with the implementation), refused. */
function cheatEditsTest(name: string): void {
  repo.write({ [`test/${name}.test.js`]: repo.read(`test/${name}.test.js`).replace('assert.equal', 'assert.notEqual'), [`src/${name}.js`]: implOf(name) });
  repo.git('add', '-A');
  refused('TESTS_CHANGED');
  repo.git('checkout', '--', `test/${name}.test.js`);
  repo.remove(`src/${name}.js`);
}
/** The cheat: `tdd phase green` and an implementation with no RED commit in this branch's history, refused. */
function cheatGreenWithoutRed(name: string): void {
  expect(repo.tdd('phase', 'green').status).toBe(0);
  repo.write({ [`src/${name}.js`]: implOf(name) });
  repo.git('add', '-A');
  refused('GREEN_WITHOUT_RED');
  repo.remove(`src/${name}.js`);
}

describe('the RED record follows the branch HEAD is on', () => {
  it('git switch mid-cycle: a hotfix RED → GREEN on main, then the feature GREEN back on feature', () => {
    repo.git('switch', '-q', '-c', 'feature');
    red('one');
    repo.git('switch', '-q', 'main');
    cheatGreenWithoutRed('one');
    red('two');
    cheatEditsTest('two');
    green('two');
    repo.git('switch', '-q', 'feature');
    expect(phase()).toBe('green');
    expect(status().red?.files).toEqual(['test/one.test.js']);
    cheatEditsTest('one');
    green('one');
  });

  it('git reset --soft of a RED: the rewritten RED alone is the record; status and doctor say what it rests on', () => {
    red('draft');
    const draft = head();
    repo.git('reset', '-q', '--soft', 'HEAD~1');
    repo.git('rm', '-q', '--cached', 'test/draft.test.js');
    repo.remove('test/draft.test.js');
    const s = status();
    expect(s.red).toBeNull(); // the draft's record left with its commit
    expect(JSON.stringify(s.followed)).toContain(draft);
    expect(phase()).toBe('red'); // back to before the undone RED
    red('one');
    expect(status().red).toMatchObject({ commit: head(), files: ['test/one.test.js'] });
    const doctor = JSON.parse(repo.tdd('doctor', '--json').stdout) as { checks: { id: string; status: string; code: string; data: Record<string, unknown> }[] };
    expect(doctor.checks.find((c) => c.id === 'state-history')).toMatchObject({ status: 'ok', code: 'STATE_HISTORY_OK', data: { red: head() } });
    cheatEditsTest('one');
    green('one');
  });

  it('git reset --hard of a GREEN reopens its RED; of the RED too, and a GREEN has nothing to rest on', () => {
    red('one');
    green('one');
    repo.git('reset', '-q', '--hard', 'HEAD~1');
    expect(phase()).toBe('green');
    cheatEditsTest('one');
    green('one');
    repo.git('reset', '-q', '--hard', 'HEAD~2');
    expect(phase()).toBe('red');
    cheatGreenWithoutRed('one');
    red('one');
    green('one');
  });

  it('git rebase -i (the RED moved under a new id): the record follows it', () => {
    red('one');
    repo.write({ 'README.md': '# p\n\nmore\n' });
    repo.git('add', 'README.md');
    ok('docs');
    // Swap the two commits: the RED is now on top, under a new id.
    const r = repo.run('git', ['rebase', '-q', '-i', 'HEAD~2'], { env: { GIT_SEQUENCE_EDITOR: "sed -i -n '2p;1h;${x;p}'" } });
    expect(r.status, out(r)).toBe(0);
    expect(trailersOf(repo)['TDD-Phase']).toBe('red');
    expect(phase()).toBe('green');
    expect(status().red).toMatchObject({ commit: head(), files: ['test/one.test.js'] });
    cheatEditsTest('one');
    green('one');
  });

  it('git commit --amend of a RED: the amended commit is the record', () => {
    red('one', 'first draft');
    expect(repo.tdd('phase', 'red').status).toBe(0);
    repo.write({ 'test/one.test.js': testOf('one', 'one gives 1') });
    repo.git('add', '-A');
    ok('test: one', '--amend');
    expect(phase()).toBe('green');
    expect(status().red).toMatchObject({ commit: head(), files: ['test/one.test.js'] });
    cheatEditsTest('one');
    green('one');
  });

  it('git cherry-pick of a RED onto another branch: its GREEN there is accepted; a GREEN on a branch without it is not', () => {
    repo.git('switch', '-q', '-c', 'feature');
    red('one');
    repo.git('switch', '-q', '-c', 'other', 'main');
    cheatGreenWithoutRed('one');
    repo.git('switch', '-q', 'main');
    repo.git('cherry-pick', 'feature');
    expect(phase()).toBe('green');
    cheatEditsTest('one');
    green('one');
  });

  it('git worktree add: each worktree has its own record, the branch it has checked out', () => {
    repo.git('switch', '-q', '-c', 'feature');
    red('one');
    const dir = `${repo.dir}-hotfix`;
    extra.push(dir);
    repo.git('worktree', 'add', '-q', '-b', 'hotfix', dir, 'main');
    const wt = makeView(repo, dir);
    expect(wt.tdd('phase', 'red').status).toBe(0);
    wt.write({ 'test/two.test.js': testOf('two') });
    wt.git('add', '-A');
    expect(wt.commit('test: two').status).toBe(0);
    wt.write({ 'src/two.js': implOf('two') });
    wt.git('add', '-A');
    const g = wt.commit('feat: two');
    expect(g.status, out(g)).toBe(0);
    expect(wt.git('log', '-1', '--format=%(trailers:key=TDD-Phase,valueonly)').trim()).toBe('green');
    cheatEditsTest('one');
    green('one');
  });

  it('a test renamed by a second RED commit follows the test: GREEN runs it under its new name', () => {
    red('one');
    expect(repo.tdd('phase', 'red').status).toBe(0);
    repo.git('mv', 'test/one.test.js', 'test/uno.test.js');
    ok('test: rename');
    expect(status().red?.files).toEqual(['test/uno.test.js']);
    cheatEditsTest('uno');
    repo.write({ 'src/one.js': implOf('one') });
    repo.git('add', '-A');
    ok('feat: one');
    expect(trailersOf(repo)['TDD-Phase']).toBe('green');
    const audit = repo.tdd('audit', 'HEAD', '--replay', '--json');
    expect(audit.status, out(audit)).toBe(0);
  });
});

/** Git, the CLI and files in another worktree of the repository. */
function makeView(r: Repo, dir: string) {
  const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: dir, env: r.env, encoding: 'utf8' });
  return {
    git: (...args: string[]) => {
      const c = run('git', args);
      if (c.status !== 0) throw new Error(out(c));
      return c.stdout;
    },
    tdd: (...args: string[]) => run(process.execPath, [BIN, ...args]),
    write: (files: Record<string, string>) => {
      for (const [p, content] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, p)), { recursive: true });
        writeFileSync(join(dir, p), content);
      }
    },
    commit: (message: string) => run('git', ['commit', '-m', message]),
  };
}
