/** `node bin/tdd.js doctor`, spawned: the bundle cli/main builds. */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, type Repo } from '../../helpers/repo.js';
import { setupPlain } from './helpers.js';

let repo: Repo | undefined;
let temp = '';
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
  if (temp) rmSync(temp, { recursive: true, force: true });
  temp = '';
});

describe('tdd doctor (spawned CLI)', () => {
  it('a broken setup: exit 1, each problem with its fix, on stdout', async () => {
    ({ repo } = await setupPlain());
    chmodSync(join(repo.dir, '.git/hooks/pre-commit'), 0o644);
    repo.write({ '.tddrc.json': '{ "autoAdvance": "yes" }\n' });
    repo.git('commit', '-q', '--no-verify', '-am', 'break the config');
    const r = repo.tdd('doctor');
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^tdd doctor: 2 problems/);
    expect(r.stdout).toContain('fix: chmod +x .git/hooks/pre-commit');
    // Spelled for how tdd-hooks runs here (a checkout: `tdd …`; `npx tdd …` from a project's node_modules).
    expect(r.stdout).toMatch(/git add \.tddrc\.json && (npx )?tdd phase off --reason 'fix \.tddrc\.json' && git commit -m 'fix \.tddrc\.json'/);
  });

  it('--json: {exitCode, healthy, checks}', async () => {
    ({ repo } = await setupPlain());
    const r = repo.tdd('doctor', '--json');
    expect(r.status, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as { exitCode: number; healthy: boolean; checks: { id: string; status: string }[] };
    expect(json).toMatchObject({ exitCode: 0, healthy: true });
    expect(json.checks.find((c) => c.id === 'hook-pre-commit')).toMatchObject({ status: 'ok' });
  });

  it('outside a repository: exit 2 and the fix on stderr', () => {
    temp = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-doctor-cli-')));
    const r = spawnSync(process.execPath, [BIN, 'doctor'], { cwd: temp, encoding: 'utf8', env: isolatedEnv({ GIT_CEILING_DIRECTORIES: tmpdir() }) });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/not inside a git repository[\s\S]*next: .*git init/);
  });
});
