/** Doctor reads the working copy's .tddrc.json too: malformed, it is named with line:column and fixed in place, never staged. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Repo } from '../../helpers/repo.js';
import { runDoctor, setupPlain } from './helpers.js';

let repo: Repo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

describe('doctor and the working copy’s configuration', () => {
  it('a syntax error in the unstaged .tddrc.json: CONFIG_WORKTREE_INVALID at its line and column, no git add', async () => {
    ({ repo } = await setupPlain());
    repo.write({ '.tddrc.json': '{\n  "runner": "node",\n  "timeoutSeconds" 30\n}\n' });
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.exitCode).toBe(1);
    expect(d.check('config')).toMatchObject({ code: 'CONFIG_WORKTREE_INVALID', data: { file: '.tddrc.json', line: 3, column: 20 } });
    expect(d.check('config').fix).not.toContain('git add');
  });

  it('a mistyped key: named with the nearest known one', async () => {
    ({ repo } = await setupPlain());
    repo.write({ '.tddrc.json': '{ "runner": "node", "timeoutSecs": 30 }\n' });
    const d = await runDoctor(repo.dir, repo.env);
    expect(d.check('config')).toMatchObject({ code: 'CONFIG_WORKTREE_INVALID', data: { problems: [{ key: 'timeoutSecs', suggestion: 'timeoutSeconds' }] } });
  });
});
