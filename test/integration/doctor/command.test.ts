/** The command module in-process, as cli/main calls it: options, usage errors, the result's shape. */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import doctor from '../../../src/cli/commands/doctor.js';
import { isolatedEnv, type Repo } from '../../helpers/repo.js';
import { setupPlain } from './helpers.js';

let repo: Repo | undefined;
const temps: string[] = [];
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

describe('tdd doctor (command)', () => {
  it('returns {exitCode, text, json: {healthy, checks: [{id, status, message, fix?}]}}', async () => {
    ({ repo } = await setupPlain());
    const r = await doctor.run({ argv: [], cwd: repo.dir, env: repo.env, json: true, color: false });
    expect(r.exitCode).toBe(0);
    expect(r.text.split('\n')[0]).toBe(`tdd doctor: healthy (${repo.dir})`);
    const json = r.json as { healthy: boolean; checks: { id: string; status: string; message: string; fix?: string }[] };
    expect(json.healthy).toBe(true);
    for (const c of json.checks) {
      expect(Object.keys(c)).toEqual(expect.arrayContaining(['id', 'status', 'message']));
      expect(['ok', 'warn', 'fail']).toContain(c.status);
    }
  });

  it('outside a git repository: a usage error (exit 2) with the fix', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-doctor-norepo-')));
    temps.push(dir);
    const err = await doctor
      .run({ argv: [], cwd: dir, env: isolatedEnv({ GIT_CEILING_DIRECTORIES: tmpdir() }), json: true, color: false })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'NOT_A_REPO', exitCode: 2 });
    expect((err as { hint: string }).hint).toMatch(/git init/);
  });

  it.each([[['--fix']], [['extra']], [['--gui-path']]])('refuses %j as a usage error', async (argv) => {
    ({ repo } = await setupPlain());
    await expect(doctor.run({ argv, cwd: repo.dir, env: repo.env, json: false, color: false })).rejects.toMatchObject({ code: 'USAGE', exitCode: 2 });
  });

  it('help names the options and the exit codes', () => {
    expect(doctor.help).toMatch(/^Usage: tdd doctor \[--gui-path PATH\] \[--json\]/);
    expect(doctor.help).toContain('2 usage error');
  });
});
