/** The local state against the history it caches: RED records, trailers, a pending verdict left behind. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import status from '../../../src/cli/commands/status.js';
import { writePending, writeState } from '../../../src/state/store.js';
import { emptyState } from '../../../src/state/types.js';
import type { Repo } from '../../helpers/repo.js';
import { runDoctor, setupPlain } from './helpers.js';

let repo: Repo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

const stateDir = (r: Repo) => join(r.dir, '.git', 'tdd');

/** A RED commit of task 12 made past the hooks, with the trailers the hooks would have added. */
function commitRed(r: Repo, ...extra: string[]): string {
  r.write({ 'a.test.js': `test('x', () => { throw new Error('${extra.length}') })\n` });
  r.git('add', 'a.test.js');
  r.git('commit', '-q', '--no-verify', ...extra, '-m', 'red: a failing test\n\nTDD-Phase: red\nTDD-Task: 12');
  return r.git('rev-parse', 'HEAD').trim();
}

async function recordRed(r: Repo, commit: string): Promise<void> {
  const tree = r.git('rev-parse', `${commit}^{tree}`).trim();
  await writeState(stateDir(r), {
    ...emptyState(new Date()),
    phase: 'green',
    task: '12',
    red: { '12': { commit, tree, files: ['a.test.js'], blobs: {}, failing: ['a.test.js > x'], regression: false } },
  });
}

describe('doctor: state and history', () => {
  it('agrees after a recorded RED commit; after an amend it reads the state as the next hook will: followed to the amended RED, the old record dropped', async () => {
    ({ repo } = await setupPlain());
    const red = commitRed(repo);
    await recordRed(repo, red);
    const ok = await runDoctor(repo.dir, repo.env);
    expect(ok.check('state-history')).toMatchObject({ status: 'ok', code: 'STATE_HISTORY_OK' });
    expect(ok.exitCode).toBe(0);

    const amended = commitRed(repo, '--amend');
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.exitCode).toBe(0);
    expect(d.check('state-history')).toMatchObject({ status: 'ok', code: 'STATE_HISTORY_OK', data: { red: amended, followed: [red] } });
    // Doctor changed nothing: the stored state still names the old commit until a hook or `tdd status` reads it.
    await status.run({ argv: [], cwd: repo.dir, env: repo.env, json: true, color: false });
    const after = await runDoctor(repo.dir, repo.env);
    expect(after.check('state-history')).toMatchObject({ status: 'ok', data: { red: amended } });
    expect(after.exitCode).toBe(0);
  });

  it('a pending verdict from before HEAD moved: a warning (exit 0) with its fix', async () => {
    ({ repo } = await setupPlain());
    const before = repo.git('rev-parse', 'HEAD').trim();
    await writePending(stateDir(repo), {
      tree: 'f'.repeat(40),
      head: before,
      phase: 'red',
      task: null,
      regression: false,
      reason: null,
      testFiles: [],
      blobs: {},
      failing: [],
      summary: '',
      at: new Date().toISOString(),
    });
    expect((await runDoctor(repo.dir, repo.env)).check('pending')).toMatchObject({ status: 'ok', code: 'PENDING_CURRENT' });
    repo.git('commit', '-q', '--no-verify', '--allow-empty', '-m', 'moved on');
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.check('pending')).toMatchObject({ status: 'warn', code: 'PENDING_STALE', fix: 'rm .git/tdd/pending.json' });
    expect(d.exitCode).toBe(0);
  });

  it('reads without writing: no state, glob cache or anything else appears in .git/tdd', async () => {
    ({ repo } = await setupPlain());
    commitRed(repo);
    await runDoctor(repo.dir, repo.env);
    expect(existsSync(stateDir(repo))).toBe(false);
  });
});
