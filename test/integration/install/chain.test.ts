/** A hook already in .git/hooks is chained, still runs (first, same arguments, same exit code) and comes back on uninstall. */
import { chmodSync, existsSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { HOOKS, installIn, modeOf, snapshotFiles, uninstallIn, writeFakeCli, type FakeCli } from './helpers.js';

let repo: Repo;
afterEach(() => repo?.cleanup());

const hooksDir = (r: Repo) => join(r.dir, '.git', 'hooks');

/** A user hook that logs into the fake CLI's log (to check the order) and exits with $USER_HOOK_EXIT. */
function userHook(fake: FakeCli, name: string): string {
  return `#!/bin/sh\necho '{"argv":["user-${name}"],"args":"'"$*"'"}' >> '${fake.logPath}'\nexit "\${USER_HOOK_EXIT:-0}"\n`;
}

function setup(): { fake: FakeCli } {
  repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n' });
  const fake = writeFakeCli(repo.dir);
  return { fake };
}

describe('an existing hook', () => {
  it('is moved aside, run first with the same arguments, and a second install keeps it so', async () => {
    const { fake } = setup();
    writeFileSync(join(hooksDir(repo), 'pre-commit'), userHook(fake, 'pre-commit'), { mode: 0o755 });
    writeFileSync(join(hooksDir(repo), 'commit-msg'), userHook(fake, 'commit-msg'), { mode: 0o755 });
    const report = await installIn(repo, fake);
    expect(report.hooks.map((h) => h.action)).toEqual(['chained', 'chained', 'installed']);
    expect(report.hooks[0]).toMatchObject({ chained: join(hooksDir(repo), 'pre-commit.pre-tdd-hooks'), owner: 'unknown' });

    repo.git('add', '-A');
    const c = repo.commit('x');
    expect(c.status, c.stderr).toBe(0);
    const log = readFileSync(fake.logPath, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { argv: string[]; args?: string });
    expect(log.map((l) => l.argv.join(' '))).toEqual([
      'user-pre-commit',
      'hook pre-commit',
      'user-commit-msg',
      'hook commit-msg .git/COMMIT_EDITMSG',
      'hook post-commit',
    ]);
    expect(log[2]!.args).toBe('.git/COMMIT_EDITMSG');

    const files = HOOKS.flatMap((h) => [join(hooksDir(repo), h), join(hooksDir(repo), `${h}.pre-tdd-hooks`)]);
    const before = snapshotFiles(files);
    const again = await installIn(repo, fake);
    expect(again.hooks.map((h) => h.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(snapshotFiles(files)).toEqual(before);
  });

  it('runs even when tdd-hooks has no verdict to act on (its commit-msg and post-commit then skip the CLI)', async () => {
    const { fake } = setup();
    for (const hook of HOOKS) writeFileSync(join(hooksDir(repo), hook), userHook(fake, hook), { mode: 0o755 });
    await installIn(repo, fake);
    repo.git('add', 'a.txt');
    const c = repo.run('git', ['commit', '-m', 'x'], { env: { FAKE_TDD_PENDING: '0' } });
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls().map((l) => l.argv.join(' '))).toEqual(['user-pre-commit', 'hook pre-commit', 'user-commit-msg', 'user-post-commit']);
  });

  it('its failure still blocks the commit, with its exit code, and the CLI does not run', async () => {
    const { fake } = setup();
    writeFileSync(join(hooksDir(repo), 'pre-commit'), userHook(fake, 'pre-commit'), { mode: 0o755 });
    await installIn(repo, fake);
    repo.git('add', 'a.txt');
    const c = repo.run('git', ['commit', '-m', 'x'], { env: { USER_HOOK_EXIT: '3' } });
    expect(c.status).not.toBe(0);
    expect(repo.run('git', ['rev-parse', '-q', '--verify', 'HEAD']).status).not.toBe(0);
    expect(fake.calls().map((l) => l.argv[0])).toEqual(['user-pre-commit']);
    // The shim passes the code on as it is.
    const direct = repo.run('sh', ['.git/hooks/pre-commit'], { env: { USER_HOOK_EXIT: '3' } });
    expect(direct.status).toBe(3);
  });

  it('still runs with TDD_HOOKS=0, which only skips tdd-hooks', async () => {
    const { fake } = setup();
    writeFileSync(join(hooksDir(repo), 'pre-commit'), userHook(fake, 'pre-commit'), { mode: 0o755 });
    await installIn(repo, fake);
    repo.git('add', 'a.txt');
    const c = repo.run('git', ['commit', '-m', 'x'], { env: { TDD_HOOKS: '0' } });
    expect(c.status, c.stderr).toBe(0);
    expect(fake.calls().map((l) => l.argv[0])).toEqual(['user-pre-commit']);
  });

  it('comes back byte for byte (content and mode) on uninstall; other files stay', async () => {
    const { fake } = setup();
    const dir = hooksDir(repo);
    writeFileSync(join(dir, 'pre-commit'), '#!/bin/bash\n# no final newline', { mode: 0o750 });
    chmodSync(join(dir, 'pre-commit'), 0o750);
    writeFileSync(join(dir, 'post-commit'), 'not executable\n', { mode: 0o644 });
    chmodSync(join(dir, 'post-commit'), 0o644);
    writeFileSync(join(dir, 'pre-push'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const everything = ['pre-commit', 'commit-msg', 'post-commit', 'pre-push', 'pre-commit.sample'].map((f) => join(dir, f));
    const before = snapshotFiles(everything);
    await installIn(repo, fake);
    expect(snapshotFiles([join(dir, 'pre-push'), join(dir, 'pre-commit.sample')])).toEqual({
      [join(dir, 'pre-push')]: before[join(dir, 'pre-push')],
      [join(dir, 'pre-commit.sample')]: before[join(dir, 'pre-commit.sample')],
    });
    const report = await uninstallIn(repo);
    expect(report.hooks.map((h) => h.action)).toEqual(['restored', 'removed', 'restored']);
    expect(snapshotFiles(everything)).toEqual(before);
    expect(existsSync(join(dir, 'pre-commit.pre-tdd-hooks'))).toBe(false);
    const again = await uninstallIn(repo);
    expect(again.hooks.map((h) => h.action)).toEqual(['foreign', 'absent', 'foreign']);
  });

  it('a chained hook that is not executable stays unrun, as git would leave it', async () => {
    const { fake } = setup();
    writeFileSync(join(hooksDir(repo), 'pre-commit'), userHook(fake, 'pre-commit'), { mode: 0o644 });
    chmodSync(join(hooksDir(repo), 'pre-commit'), 0o644);
    await installIn(repo, fake);
    repo.git('add', 'a.txt');
    expect(repo.commit('x').status).toBe(0);
    expect(fake.calls().map((l) => l.argv.join(' '))).toEqual(['hook pre-commit', 'hook commit-msg .git/COMMIT_EDITMSG', 'hook post-commit']);
    expect(modeOf(join(hooksDir(repo), 'pre-commit.pre-tdd-hooks'))).toBe(0o644);
  });

  it('a symlinked hook is moved as a link, run, and put back', async () => {
    const { fake } = setup();
    repo.write({ 'scripts/hook.sh': userHook(fake, 'pre-commit') });
    chmodSync(join(repo.dir, 'scripts/hook.sh'), 0o755);
    symlinkSync('../../scripts/hook.sh', join(hooksDir(repo), 'pre-commit'));
    const report = await installIn(repo, fake);
    expect(report.hooks[0]!.action).toBe('chained');
    expect(readlinkSync(join(hooksDir(repo), 'pre-commit.pre-tdd-hooks'))).toBe('../../scripts/hook.sh');
    repo.git('add', '-A');
    expect(repo.commit('x').status).toBe(0);
    expect(fake.calls()[0]!.argv).toEqual(['user-pre-commit']);
    await uninstallIn(repo);
    expect(readlinkSync(join(hooksDir(repo), 'pre-commit'))).toBe('../../scripts/hook.sh');
  });

  it('is refused when <hook>.pre-tdd-hooks holds a different hook already: nothing changes', async () => {
    const { fake } = setup();
    const dir = hooksDir(repo);
    writeFileSync(join(dir, 'pre-commit'), '#!/bin/sh\necho one\n', { mode: 0o755 });
    writeFileSync(join(dir, 'pre-commit.pre-tdd-hooks'), '#!/bin/sh\necho two\n', { mode: 0o755 });
    const files = [...HOOKS.map((h) => join(dir, h)), join(dir, 'pre-commit.pre-tdd-hooks'), join(repo.dir, '.tddrc.json')];
    const before = snapshotFiles(files);
    await expect(installIn(repo, fake)).rejects.toMatchObject({ code: 'INSTALL_CONFLICT', exitCode: 2 });
    expect(snapshotFiles(files)).toEqual(before);
  });

  it('put back by a hook manager (the same bytes as the one chained) is chained again', async () => {
    const { fake } = setup();
    const dir = hooksDir(repo);
    const lefthook = '#!/bin/sh\nif [ "$LEFTHOOK" = "0" ]; then exit 0; fi\necho lefthook\n';
    writeFileSync(join(dir, 'pre-commit'), lefthook, { mode: 0o755 });
    expect((await installIn(repo, fake)).hooks[0]).toMatchObject({ action: 'chained', owner: 'lefthook' });
    writeFileSync(join(dir, 'pre-commit'), lefthook, { mode: 0o755 });
    expect((await installIn(repo, fake)).hooks[0]).toMatchObject({ action: 'chained', owner: 'lefthook' });
    expect(readFileSync(join(dir, 'pre-commit.pre-tdd-hooks'), 'utf8')).toBe(lefthook);
    expect(readFileSync(join(dir, 'pre-commit'), 'utf8')).toMatch(/^# tdd-hooks shim/m);
  });
});
