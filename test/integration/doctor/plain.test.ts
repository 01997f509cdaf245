/** Doctor in a checkout with tdd-hooks' shims in .git/hooks: healthy, then broken one way at a time, each told its fix. */
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import phase from '../../../src/cli/commands/phase.js';
import { install } from '../../../src/install/install.js';
import { PROJECT_ROOT, type Repo } from '../../helpers/repo.js';
import { runDoctor, runFix, setupPlain } from './helpers.js';

let repo: Repo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

const LEFTHOOK = '#!/bin/sh\n\nif [ "$LEFTHOOK_VERBOSE" = "1" ]; then set -x; fi\nif [ "$LEFTHOOK" = "0" ]; then exit 0; fi\nlefthook run "pre-commit" "$@"\n';

describe('doctor, hooks in .git/hooks', () => {
  it('healthy: every check ok, exit 0', async () => {
    ({ repo } = await setupPlain());
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.problems()).toEqual({});
    expect(d.exitCode).toBe(0);
    expect(d.checks.map((c) => c.id)).toEqual([
      'hooks-path',
      'hooks-dir',
      'hook-pre-commit',
      'hook-commit-msg',
      'hook-post-commit',
      'cli',
      'node',
      'config',
      'runner',
      'state',
      'pending',
      'env',
    ]);
    expect(d.check('hook-pre-commit').code).toBe('HOOK_OK');
    expect(d.check('cli').code).toBe('CLI_OK');
  });

  it('a hook that is not executable (chmod 644): git skips it silently; doctor fails it and the fix works', async () => {
    ({ repo } = await setupPlain());
    chmodSync(join(repo.dir, '.git/hooks/pre-commit'), 0o644);
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.exitCode).toBe(1);
    expect(d.problems()).toEqual({ 'hook-pre-commit': 'fail' });
    expect(d.check('hook-pre-commit')).toMatchObject({ code: 'HOOK_NOT_EXECUTABLE', fix: 'chmod +x .git/hooks/pre-commit' });
    // What doctor warns of: git skips it, and the commit goes through.
    repo.write({ 'b.txt': 'b\n' });
    repo.git('add', 'b.txt');
    expect(repo.commit('unchecked').status).toBe(0);

    runFix(d.check('hook-pre-commit').fix!, repo.dir, repo.env);
    expect((await runDoctor(repo.dir, repo.env)).exitCode).toBe(0);
  });

  it('from a subfolder, the fix names the path from there', async () => {
    ({ repo } = await setupPlain());
    chmodSync(join(repo.dir, '.git/hooks/commit-msg'), 0o600);
    mkdirSync(join(repo.dir, 'src'));
    const d = await runDoctor(join(repo.dir, 'src'), repo.env);
    expect(d.check('hook-commit-msg').fix).toBe('chmod +x ../.git/hooks/commit-msg');
    runFix(d.check('hook-commit-msg').fix!, join(repo.dir, 'src'), repo.env);
    expect((await runDoctor(repo.dir, repo.env)).exitCode).toBe(0);
  });

  it('a hook manager installed later replaced the shim: doctor names it; install (the fix) chains it', async () => {
    let fake;
    ({ repo, fake } = await setupPlain());
    writeFileSync(join(repo.dir, '.git/hooks/pre-commit'), LEFTHOOK, { mode: 0o755 });
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.exitCode).toBe(1);
    expect(d.problems()).toEqual({ 'hook-pre-commit': 'fail' });
    expect(d.check('hook-pre-commit')).toMatchObject({ code: 'HOOK_FOREIGN', fix: 'npx tdd-hooks install' });
    expect(d.check('hook-pre-commit').message).toContain('lefthook');

    await install({ cwd: repo.dir, env: repo.env, packageBin: fake.bin });
    expect((await runDoctor(repo.dir, repo.env)).exitCode).toBe(0);
  });

  it('an invalid .tddrc.json committed past the hooks: config fails with the fix, the runner is not judged', async () => {
    ({ repo } = await setupPlain());
    repo.write({ '.tddrc.json': '{ "timeoutSeconds": "soon" }\n' });
    repo.git('commit', '-q', '--no-verify', '-am', 'break the config');
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.exitCode).toBe(1);
    expect(d.problems()).toEqual({ config: 'fail' });
    expect(d.check('config')).toMatchObject({ code: 'CONFIG_INVALID' });
    expect(d.check('config').message).toContain('timeoutSeconds');
    expect(d.check('config').fix).toBe(
      `"\${EDITOR:-vi}" .tddrc.json && git add .tddrc.json && npx tdd phase off --reason 'fix .tddrc.json' && git commit -m 'fix .tddrc.json'`,
    );
    expect(d.checks.map((c) => c.id)).not.toContain('runner');

    // The fix, step by step (the phase command in-process, not through npx); the commit goes
    // through the hooks (a fake CLI that accepts it, leaving no verdict).
    repo.write({ '.tddrc.json': '{ "timeoutSeconds": 60 }\n' });
    repo.git('add', '.tddrc.json');
    await phase.run({ argv: ['off', '--reason', 'fix .tddrc.json'], cwd: repo.dir, env: repo.env, json: false, color: false });
    runFix("git commit -m 'fix .tddrc.json'", repo.dir, { ...repo.env, FAKE_TDD_PENDING: '0' });
    expect((await runDoctor(repo.dir, repo.env)).problems()).toEqual({});
  });

  it('vitest configured and not in node_modules: the runner fails, with the install command', async () => {
    ({ repo } = await setupPlain());
    repo.write({ '.tddrc.json': '{ "runner": "vitest" }\n' });
    repo.git('commit', '-q', '--no-verify', '-am', 'vitest');
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.problems()).toEqual({ runner: 'fail' });
    expect(d.check('runner')).toMatchObject({ code: 'RUNNER_MISSING', fix: 'npm install --save-dev vitest' });
    symlinkSync(join(PROJECT_ROOT, 'node_modules', 'vitest'), join(repo.dir, 'node_modules', 'vitest'), 'dir');
    const after = await runDoctor(repo.dir, repo.env);
    expect(after.check('runner')).toMatchObject({ status: 'ok', code: 'RUNNER_OK' });
    expect(after.check('runner').message).toMatch(/^vitest \d+\.\d+\.\d+ /);
  });

  it('a corrupt state.json: fails with the command that rebuilds it', async () => {
    ({ repo } = await setupPlain());
    mkdirSync(join(repo.dir, '.git/tdd'), { recursive: true });
    writeFileSync(join(repo.dir, '.git/tdd/state.json'), '{"version":1,"phase":');
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.exitCode).toBe(1);
    expect(d.problems()).toEqual({ state: 'fail' });
    expect(d.check('state')).toMatchObject({ code: 'STATE_CORRUPT', fix: 'rm .git/tdd/state.json && npx tdd status' });
    runFix('rm .git/tdd/state.json', repo.dir, repo.env);
    expect((await runDoctor(repo.dir, repo.env)).exitCode).toBe(0);
  });

  it('several problems at once: each with its own fix', async () => {
    ({ repo } = await setupPlain());
    chmodSync(join(repo.dir, '.git/hooks/post-commit'), 0o644);
    repo.write({ '.tddrc.json': '[]\n' });
    repo.git('commit', '-q', '--no-verify', '-am', 'break the config');
    const d = await runDoctor(repo.dir, { ...repo.env, TDD_HOOKS: '0' });
    expect(d.problems()).toEqual({ 'hook-post-commit': 'fail', config: 'fail', env: 'warn' });
    expect(d.checks.filter((c) => c.status !== 'ok').every((c) => c.fix)).toBe(true);
    const text = (await runDoctor(repo.dir, { ...repo.env, TDD_HOOKS: '0' })).text;
    expect(text).toMatch(/^tdd doctor: 2 problems, 1 warning/);
    expect(text).toContain('fix: chmod +x .git/hooks/post-commit');
    expect(text).toContain('fix: unset TDD_HOOKS');
  });

  it('core.hooksPath from global config, pointing outside: fails, with the local setting that fixes it', async () => {
    ({ repo } = await setupPlain());
    const global = join(repo.dir, '..', `${repo.dir.split('/').pop()}-global-hooks`);
    mkdirSync(global);
    try {
      const env = { ...repo.env, GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.hooksPath', GIT_CONFIG_VALUE_0: global };
      const d = await runDoctor(repo.dir, env);
      expect(d.check('hooks-path')).toMatchObject({ status: 'fail', code: 'HOOKS_PATH_SHARED' });
      expect(d.check('hook-pre-commit')).toMatchObject({ status: 'fail', code: 'HOOK_MISSING' });
      expect(d.check('hooks-path').fix).toBe(`git config --local core.hooksPath ${join(repo.dir, '.git', 'hooks')} && npx tdd-hooks install`);
      expect(d.check('hook-pre-commit').data).toMatchObject({ stranded: join(repo.dir, '.git/hooks/pre-commit') });
    } finally {
      repo.remove(`../${global.split('/').pop()}`);
    }
  });
});
