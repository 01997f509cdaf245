/**
 * node as the hooks find it: a PATH without node (a GUI git client's: nvm, volta… only set PATH in
 * interactive shells), the node install recorded in the shims, husky's init file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Repo } from '../../helpers/repo.js';
import { pathWithoutNode, runDoctor, runFix, setupPlain } from './helpers.js';
import { makeRepo } from '../../helpers/repo.js';
import { installIn, writeFakeCli, writeHuskyDispatcher } from '../install/helpers.js';

let repo: Repo | undefined;
let noNode: ReturnType<typeof pathWithoutNode> | undefined;
afterEach(() => {
  repo?.cleanup();
  noNode?.cleanup();
  repo = undefined;
  noNode = undefined;
});

describe('doctor: node', () => {
  it('a PATH without node, and the recorded node gone: fails, and so does the hook (exit 127)', async () => {
    ({ repo } = await setupPlain({ nodePath: join('/nonexistent', 'bin', 'node') }));
    noNode = pathWithoutNode();
    const env = { ...repo.env, PATH: noNode.dir };
    const d = await runDoctor(repo.dir, env, ['--gui-path', noNode.dir]);
    expect(d.exitCode).toBe(1);
    expect(d.check('node')).toMatchObject({ status: 'fail', code: 'NODE_NOT_ON_PATH', fix: `export PATH=${dirname(process.execPath)}:"$PATH"` });
    expect(repo.run('/bin/sh', ['.git/hooks/pre-commit'], { env: { PATH: noNode.dir } }).status).toBe(127);
  });

  it('a PATH without node: the node install recorded runs, for this shell and for GUI clients', async () => {
    ({ repo } = await setupPlain());
    noNode = pathWithoutNode();
    const d = await runDoctor(repo.dir, { ...repo.env, PATH: noNode.dir }, ['--gui-path', noNode.dir]);
    expect(d.check('node')).toMatchObject({ status: 'ok', code: 'NODE_OK' });
    expect(d.check('node').message).toContain(process.execPath);
    expect(d.exitCode).toBe(0);
  });

  it('node on this PATH, none on the GUI PATH, the recorded one gone: fails; install (the fix) records this node', async () => {
    let fake;
    ({ repo, fake } = await setupPlain({ nodePath: '/nonexistent/node' }));
    noNode = pathWithoutNode();
    const d = await runDoctor(repo.dir, repo.env, ['--gui-path', noNode.dir]);
    expect(d.check('node')).toMatchObject({ status: 'fail', code: 'NODE_FALLBACK_BROKEN', fix: 'npx tdd-hooks install' });
    await installIn(repo, fake);
    expect((await runDoctor(repo.dir, repo.env, ['--gui-path', noNode.dir])).check('node')).toMatchObject({ status: 'ok' });
  });

  it("husky: no node on the GUI PATH is a warning, whose fix is husky's init file", async () => {
    repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'node_modules/\n', 'package.json': '{"devDependencies":{"husky":"9.1.7"}}\n' });
    writeHuskyDispatcher(repo.dir);
    repo.git('config', 'core.hooksPath', '.husky/_');
    await installIn(repo, writeFakeCli(repo.dir));
    noNode = pathWithoutNode();
    // A HOME of this test's own: the fix writes into it.
    const home = join(repo.dir, 'node_modules', 'home');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = T\n\temail = t@example.com\n');
    const env = { ...repo.env, HOME: home, GIT_CONFIG_GLOBAL: join(home, '.gitconfig') };
    const d = await runDoctor(repo.dir, env, ['--gui-path', noNode.dir]);
    expect(d.check('node')).toMatchObject({ status: 'warn', code: 'NODE_GUI_MISSING' });
    expect(d.check('node').fix).toContain(join(home, '.config', 'husky', 'init.sh'));
    runFix(d.check('node').fix!, repo.dir, env);
    expect((await runDoctor(repo.dir, env, ['--gui-path', noNode.dir])).check('node')).toMatchObject({ status: 'ok', code: 'NODE_OK' });
  });
});
