/**
 * Edge cases found in review, each through real `git commit` with the installed hooks and the
 * real `node --test`: stale scratch files, `commit -v`, message dividers, merges after an aborted
 * commit, task switching, rebuilt state, hostile names.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codesOf, fingerprint, trailersOf } from '../helpers/cycle.js';
import { copyRepo, makeRepo, type Repo } from '../helpers/repo.js';

const test = (name: string, fn = name) => `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ${fn} } from '../src/${name}.js';

test('${name} gives one', () => {
  assert.equal(${fn}(), 1);
});
`;
const impl = (fn: string) => `export function ${fn}() {\n  return 1;\n}\n`;

let repo: Repo;
// One skeleton per file (install + phase off + a commit), copied per test with cp -a.
let template: Repo;
beforeAll(() => {
  template = makeRepo({ 'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n', 'README.md': '# p\n' });
  expect(template.tdd('install').status).toBe(0);
  template.git('add', '-A');
  template.tdd('phase', 'off', '--reason', 'skeleton');
  expect(template.commit('skeleton').status).toBe(0);
});
afterAll(() => template?.cleanup());
beforeEach(() => {
  repo = copyRepo(template);
});
afterEach(() => repo.cleanup());

function commitOk(message: string, ...args: string[]): void {
  const c = repo.commit(message, ...args);
  expect(c.status, c.stderr + c.stdout).toBe(0);
}
function commitRefused(code: string): void {
  const before = fingerprint(repo);
  const c = repo.commit('attempt');
  expect(c.status, c.stderr).toBe(1);
  expect(codesOf(c)).toContain(code);
  expect(fingerprint(repo)).toBe(before);
}
function red(name: string, task?: string): void {
  repo.tdd('phase', 'red', ...(task ? ['--task', task] : []));
  repo.write({ [`test/${name}.test.js`]: test(name) });
  repo.git('add', '-A');
  commitOk(`test: ${name}`);
}

describe('verdicts that must not depend on anything but the commit', () => {
  it('a file an earlier run left in the scratch copy does not make GREEN pass', () => {
    red('gen');
    const { path } = JSON.parse(readFileSync(join(repo.dir, '.git/tdd/scratch.json'), 'utf8')) as { path: string };
    mkdirSync(join(path, 'tree', 'build'), { recursive: true });
    writeFileSync(join(path, 'tree', 'build', 'gen.js'), impl('gen'));
    repo.write({ 'src/gen.js': "export { gen } from '../build/gen.js';\n" });
    repo.git('add', '-A');
    commitRefused('GREEN_FILE_ERROR');
  });

  it('tsconfig.json and a lint configuration are configuration, not implementation: a RED and a GREEN may hold them', () => {
    repo.tdd('phase', 'red');
    repo.write({
      'test/cfg.test.js': test('cfg'),
      'tsconfig.json': '{ "compilerOptions": { "allowJs": true } }\n',
      'eslint.config.mjs': 'export default [];\n',
    });
    repo.git('add', 'test/cfg.test.js', 'tsconfig.json', 'eslint.config.mjs');
    commitOk('test: cfg');
    expect(trailersOf(repo)['TDD-Phase']).toBe('red');
    repo.write({ 'src/cfg.js': impl('cfg'), 'tsconfig.json': '{ "compilerOptions": { "allowJs": true, "checkJs": true } }\n' });
    repo.git('add', 'src/cfg.js', 'tsconfig.json');
    commitOk('feat: cfg');
    expect(trailersOf(repo)['TDD-Phase']).toBe('green');
  });

  it('a GREEN after switching tasks is judged by its own task', () => {
    red('one', 'A');
    red('two', 'B');
    repo.write({ 'src/two.js': impl('two') });
    repo.git('add', '-A');
    commitOk('feat: two');
    repo.tdd('phase', 'green', '--task', 'A');
    repo.write({ 'src/one.js': impl('one') });
    repo.git('add', '-A');
    commitOk('feat: one');
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Task': 'A' });
  });

  it('a second RED may not drop the first RED test before GREEN', () => {
    red('hard');
    repo.tdd('phase', 'red');
    repo.git('rm', '-q', 'test/hard.test.js');
    repo.write({ 'test/easy.test.js': test('easy') });
    repo.git('add', '-A');
    commitRefused('RED_TEST_REMOVED');
  });

  it('rebuilt state keeps the tests of every RED commit of the task', () => {
    red('one');
    red('two');
    writeFileSync(join(repo.dir, '.git/tdd/state.json'), 'garbage');
    repo.write({ 'src/two.js': impl('two') });
    repo.git('add', '-A');
    commitRefused('GREEN_FILE_ERROR');
  });

  it('GREEN refuses when the RED commit left the history (reset): the phase is back to red, and a declared GREEN has no RED', () => {
    red('one');
    repo.git('reset', '-q', '--hard', 'HEAD~1');
    repo.write({ 'src/one.js': impl('one') });
    repo.git('add', '-A');
    commitRefused('RED_IMPL_STAGED');
    repo.tdd('phase', 'green');
    repo.git('add', '-A');
    commitRefused('GREEN_WITHOUT_RED');
  });

  it('declared regression tests that fail for the right reason are an ordinary RED', () => {
    repo.tdd('phase', 'red', '--regression');
    repo.write({ 'test/one.test.js': test('one') });
    repo.git('add', '-A');
    commitOk('test: one');
    expect(trailersOf(repo)['TDD-Regression']).toBeUndefined();
    expect(JSON.parse(repo.tdd('phase', '--json').stdout).phase).toBe('green');
  });

  describe('a RED commit adding tests beside passing ones', () => {
    const base = "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n";
    beforeEach(() => {
      repo.tdd('phase', 'off', '--reason', 'seed');
      repo.write({ 'test/m.test.js': base + "test('adds', () => assert.equal(1 + 1, 2));\nfor (const n of [1, 2]) test(`case ${n}`, () => assert.ok(n));\n" });
      repo.git('add', '-A');
      commitOk('seed');
      repo.tdd('phase', 'red');
    });
    it('a new passing test is caught even when its title is part of an old one', () => {
      repo.write({ 'test/m.test.js': repo.read('test/m.test.js') + "test('d', () => assert.ok(true));\ntest('negates', () => assert.equal(-1, 1));\n" });
      repo.git('add', '-A');
      commitRefused('RED_NEW_TEST_PASSES');
    });
    it('old tests with generated titles are known as old (HEAD version run)', () => {
      repo.write({ 'test/m.test.js': repo.read('test/m.test.js') + "test('negates', () => assert.equal(-1, 1));\n" });
      repo.git('add', '-A');
      commitOk('test: negates');
    });
  });

  it('an amend that folds the implementation into the RED commit is not recorded, and GREEN then has no RED', () => {
    red('one');
    repo.write({ 'src/one.js': impl('one') });
    repo.git('add', '-A');
    const c = repo.commit('feat: one', '--amend');
    expect(c.status, c.stderr).toBe(0);
    expect(c.stderr).toContain('amended');
    expect(JSON.parse(repo.tdd('phase', '--json').stdout).phase).toBe('green');
    repo.write({ 'src/two.js': impl('two') });
    repo.git('add', '-A');
    commitRefused('GREEN_WITHOUT_RED');
  });

  it('reads a test file whose name holds a newline', () => {
    repo.tdd('phase', 'red');
    repo.write({ 'test/nl\nname.test.js': "import { test } from 'node:test';\ntest('x', () => { console.log('fine'); });\n" });
    repo.git('add', '-A');
    commitRefused('ASSERTION_PRINT_ONLY');
  });
});

describe('the private copy the tests run in', () => {
  it("holds the whole tree, whatever the user's sparse checkout leaves out", () => {
    repo.tdd('phase', 'off', '--reason', 'lib');
    repo.write({ 'lib/one.js': impl('one') });
    repo.git('add', '-A');
    commitOk('lib');
    repo.git('sparse-checkout', 'set', '--no-cone', '/*', '!/lib/');
    expect(repo.run('test', ['-e', join(repo.dir, 'lib/one.js')]).status).not.toBe(0);
    red('one');
    repo.write({ 'src/one.js': "export { one } from '../lib/one.js';\n" });
    repo.git('add', 'src/one.js');
    commitOk('feat: one');
  });

  it('a node_modules the tree tracks is the committed one, not a link to the work tree (an unstaged edit there does not count)', () => {
    repo.write({
      'node_modules/dep/index.js': 'export function one() {\n  return 1;\n}\n',
      'node_modules/dep/package.json': '{"name":"dep","type":"module","main":"index.js"}\n',
    });
    repo.git('add', '-f', 'node_modules');
    repo.tdd('phase', 'off', '--reason', 'vendored dependency');
    commitOk('chore: vendor dep');
    red('dep');
    repo.write({ 'src/dep.js': "export { one as dep } from 'dep';\n" });
    repo.git('add', 'src/dep.js');
    // The work tree's copy says 2: linked, GREEN would fail; the committed copy says 1.
    repo.write({ 'node_modules/dep/index.js': 'export function one() {\n  return 2;\n}\n' });
    commitOk('feat: dep');
    expect(trailersOf(repo)['TDD-Phase']).toBe('green');
  });

  it("gives the tests none of git's variables of the commit being made", () => {
    repo.tdd('phase', 'red');
    repo.write({
      'test/env.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { one } from '../src/one.js';\n\n" +
        "test('runs outside the commit', () => {\n  assert.equal(one(), 1);\n  for (const k of ['GIT_DIR', 'GIT_INDEX_FILE', 'GIT_WORK_TREE', 'GIT_PREFIX']) assert.equal(process.env[k], undefined, k);\n});\n",
    });
    repo.git('add', '-A');
    commitOk('test: env');
    repo.write({ 'src/one.js': impl('one') });
    repo.git('add', '-A');
    // commit -a: git gives the hook GIT_INDEX_FILE=.git/index.lock; the tests must not see it.
    commitOk('feat: one', '-a');
    expect(trailersOf(repo)['TDD-Evidence']).toMatch(/1 passed, 0 failed/);
  });
});

describe('messages and trailers', () => {
  beforeEach(() => {
    red('one');
    repo.write({ 'src/one.js': impl('one') });
    repo.git('add', '-A');
  });

  it('`commit -v` with an empty message is aborted, trailers do not rescue it', () => {
    const head = repo.git('rev-parse', 'HEAD');
    const c = repo.run('git', ['commit', '-v'], { env: { GIT_EDITOR: 'true' } });
    expect(c.status).not.toBe(0);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
  });

  it('trailers stay readable after a `---` line in the body', () => {
    commitOk('feat: one\n\nnotes\n---\nmore');
    expect(trailersOf(repo)['TDD-Phase']).toBe('green');
  });

  it('a verdict left by an aborted commit does not break a later merge', () => {
    expect(repo.commit('').status).not.toBe(0);
    repo.git('stash', '-q');
    repo.git('checkout', '-q', '-b', 'side');
    repo.write({ 'docs/side.md': 'x\n' });
    repo.git('add', '-A');
    commitOk('docs: side');
    repo.git('checkout', '-q', 'main');
    const m = repo.run('git', ['merge', '--no-ff', '-m', 'merge side', 'side']);
    expect(m.status, m.stderr).toBe(0);
    repo.git('stash', 'pop', '-q');
  });
});

describe('usage and local state', () => {
  it('an unknown option is a usage error (exit 2)', () => {
    expect(repo.tdd('phase', 'red', '--bogus').status).toBe(2);
    expect(repo.tdd('phase', 'off', '--reason').status).toBe(2);
  });

  it('a state.json that is not a file is rebuilt for reading, and named when it cannot be written', () => {
    red('one');
    repo.remove('.git/tdd/state.json');
    mkdirSync(join(repo.dir, '.git/tdd/state.json'));
    const phase = repo.tdd('phase', '--json');
    expect(phase.status).toBe(0);
    expect(JSON.parse(phase.stdout).phase).toBe('green');
    const set = repo.tdd('phase', 'refactor');
    expect(set.status).toBe(3);
    expect(set.stderr).toContain('state.json');
  });
});
