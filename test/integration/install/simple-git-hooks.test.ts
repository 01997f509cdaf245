/**
 * simple-git-hooks (vue's set-up): its CLI, run by `postinstall` on every `npm install` / `pnpm
 * install`, writes each hook of its configuration and deletes the others — it dropped our shims,
 * and the next commits went through unchecked. install now puts our line into its configuration
 * after the user's commands, so the hooks simple-git-hooks writes run tdd-hooks. Real
 * simple-git-hooks 2.14 from this checkout's node_modules, real commits.
 */
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../../helpers/cycle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../../helpers/repo.js';

const USER_CONFIG = { 'pre-commit': 'node lint.js' };
let r: Repo;
/** What `postinstall: simple-git-hooks` does on every install. */
const runSgh = () => {
  const out = r.run(process.execPath, [join(r.dir, 'node_modules', 'simple-git-hooks', 'cli.js')]);
  expect(out.status, out.stdout + out.stderr).toBe(0);
  expect(out.stdout).not.toMatch(/\[ERROR\]/);
};
const sghConfig = () => (JSON.parse(r.read('package.json')) as Record<string, Record<string, string>>)['simple-git-hooks'];

beforeAll(() => {
  r = makeRepo({
    'package.json':
      JSON.stringify(
        {
          name: 'sgh',
          private: true,
          scripts: { test: 'node --test', postinstall: 'simple-git-hooks' },
          devDependencies: { 'simple-git-hooks': '2.14.0' },
          'simple-git-hooks': USER_CONFIG,
        },
        null,
        2,
      ) + '\n',
    // The user's check: it fails while .git/lint-fail exists.
    'lint.js': "const fs = require('fs');\nfs.appendFileSync('.git/lint-ran', 'x\\n');\nif (fs.existsSync('.git/lint-fail')) process.exit(1);\n",
    'src/sum.js': 'exports.sum = (a, b) => 0;\n',
    '.gitignore': 'node_modules\n',
  });
  // As npm installs them: this checkout as tdd-hooks, simple-git-hooks from its node_modules.
  mkdirSync(join(r.dir, 'node_modules'));
  symlinkSync(PROJECT_ROOT, join(r.dir, 'node_modules', 'tdd-hooks'), 'dir');
  symlinkSync(join(PROJECT_ROOT, 'node_modules', 'simple-git-hooks'), join(r.dir, 'node_modules', 'simple-git-hooks'), 'dir');
  runSgh();
});
afterAll(() => r?.cleanup());

describe('simple-git-hooks', () => {
  it('install names it and puts tdd-hooks in its configuration after the user’s command', () => {
    expect(r.read('.git/hooks/pre-commit')).toMatch(/SKIP_SIMPLE_GIT_HOOKS[\s\S]*node lint\.js/);
    const out = r.tdd('install', '--json');
    expect(out.status, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout) as { simpleGitHooks: { file: string; action: string; hooks: string[] }; setup: string[] };
    expect(report.simpleGitHooks).toMatchObject({ file: 'package.json', action: 'updated', hooks: ['pre-commit', 'commit-msg', 'post-commit'] });
    expect(report.setup).toContain('package.json');
    const config = sghConfig()!;
    expect(config['pre-commit']).toMatch(/^node lint\.js && \{ \[ "\$\{TDD_HOOKS-\}" = 0 \] \|\| .* node \S+ hook pre-commit "\$@"; \}; \}$/);
    expect(config['commit-msg']).toMatch(/hook commit-msg "\$@"; \}; \}$/);
    expect(config['post-commit']).toMatch(/hook post-commit "\$@"; \}; \}$/);
    expect(r.tdd('install', '--dry-run').stdout).toMatch(/simple-git-hooks already runs tdd-hooks/);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
  });

  it('after simple-git-hooks rewrites the hooks (the next install), the commits still go through tdd-hooks', () => {
    runSgh();
    for (const hook of ['pre-commit', 'commit-msg', 'post-commit'])
      expect(r.read(`.git/hooks/${hook}`)).toMatch(new RegExp(`SKIP_SIMPLE_GIT_HOOKS[\\s\\S]*hook ${hook}`));
    r.tdd('phase', 'red', '--task', 'sum');
    r.write({
      'test/sum.test.js':
        "const test = require('node:test');\nconst assert = require('node:assert');\nconst { sum } = require('../src/sum.js');\n\ntest('adds', () => {\n  assert.strictEqual(sum(2, 3), 5);\n});\n",
    });
    r.git('add', 'test/sum.test.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('red');
    // The trap: a GREEN whose staged code is still wrong is refused (before, simple-git-hooks had deleted our hooks: accepted).
    r.write({ 'src/sum.js': 'exports.sum = (a, b) => a - b;\n' });
    r.git('add', 'src/sum.js');
    attemptCommit(r, 1, 'GREEN_TESTS_FAIL');
    r.write({ 'src/sum.js': 'exports.sum = (a, b) => a + b;\n' });
    // The user's check fails: the honest GREEN is refused by it (before, `node lint.js && [ … ] || node tdd.js …`
    // ran tdd-hooks when lint failed, and its exit 0 let the commit through).
    r.write({ '.git/lint-fail': '' });
    r.git('add', 'src/sum.js');
    attemptCommit(r, 1);
    rmSync(join(r.dir, '.git', 'lint-fail'));
    r.git('add', 'src/sum.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('green');
    // The user's own command still ran on each commit.
    expect(r.read('.git/lint-ran').split('\n').length).toBeGreaterThan(3);
  });

  it('install again changes nothing (no chain of a hook that runs tdd-hooks); doctor calls the hooks healthy', () => {
    const again = JSON.parse(r.tdd('install', '--json').stdout) as { hooks: { action: string; owner?: string }[]; simpleGitHooks: { action: string } };
    expect(again.hooks.map((h) => [h.action, h.owner])).toEqual([
      ['unchanged', 'simple-git-hooks'],
      ['unchanged', 'simple-git-hooks'],
      ['unchanged', 'simple-git-hooks'],
    ]);
    expect(again.simpleGitHooks.action).toBe('unchanged');
    const doctor = JSON.parse(r.tdd('doctor', '--json').stdout) as { checks: { id: string; status: string; code: string }[] };
    const hooks = doctor.checks.filter((c) => c.id.startsWith('hook-'));
    expect(hooks.map((c) => [c.id, c.status])).toEqual([
      ['hook-pre-commit', 'ok'],
      ['hook-commit-msg', 'ok'],
      ['hook-post-commit', 'ok'],
    ]);
  });

  it('with tdd-hooks not installed (node_modules without it) the commit stops with our message, not node’s stack', () => {
    const link = join(r.dir, 'node_modules', 'tdd-hooks');
    renameSync(link, `${link}.away`);
    try {
      r.write({ 'notes.md': 'x\n' });
      r.git('add', 'notes.md');
      const out = r.commit('notes');
      expect(out.status).not.toBe(0);
      expect(out.stderr).toMatch(/tdd-hooks: cannot find \S+ \(run npm install\)/);
      expect(out.stderr).not.toMatch(/Cannot find module/);
      r.git('reset', '-q');
    } finally {
      renameSync(`${link}.away`, link);
    }
  });

  it('uninstall takes our lines out of the configuration, the user’s command stays', () => {
    const out = r.tdd('uninstall', '--json');
    expect(out.status, out.stderr).toBe(0);
    expect(sghConfig()).toEqual(USER_CONFIG);
    runSgh();
    expect(existsSync(join(r.dir, '.git', 'hooks', 'post-commit'))).toBe(false);
    expect(r.read('.git/hooks/pre-commit')).not.toMatch(/tdd/);
  });
});
