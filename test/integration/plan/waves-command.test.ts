/** `tdd waves` in process: the command module over real files (stdin is covered by waves-cli). */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import waves from '../../../src/cli/commands/waves.js';
import { TddError } from '../../../src/errors.js';
import { isolatedEnv, makeRepo } from '../../helpers/repo.js';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-waves-cmd-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (argv: string[], cwd = dir) => waves.run({ argv, cwd, env: isolatedEnv(), json: false, color: false });
async function failure(argv: string[], cwd = dir): Promise<TddError> {
  const e = await run(argv, cwd).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(TddError);
  return e as TddError;
}

const DIAMOND = [{ id: 'a' }, { id: 'b', deps: ['a'] }, { id: 'c', deps: ['a'] }, { id: 'd', deps: ['b', 'c'] }];

describe('tdd waves (in process)', () => {
  it('a plan file: exit 0, one line per wave, and the same as JSON', async () => {
    writeFileSync(join(dir, 'diamond.json'), JSON.stringify({ title: 'x', tasks: DIAMOND }));
    expect(await run(['diamond.json'])).toEqual({
      exitCode: 0,
      text: 'wave 1: a\nwave 2: b, c\nwave 3: d',
      json: { waves: [['a'], ['b', 'c'], ['d']], errors: [], fallback: [] },
    });
  });

  it('outside a repository, defaults to tdd-plan.json in the working directory', async () => {
    const sub = join(dir, 'default');
    mkdirSync(sub);
    writeFileSync(join(sub, 'tdd-plan.json'), JSON.stringify(DIAMOND));
    expect((await run([], sub)).text).toBe('wave 1: a\nwave 2: b, c\nwave 3: d');
  });

  it('inside a repository, defaults to the configured plan; "plan": null needs a FILE', async () => {
    const repo = makeRepo({ '.tddrc.json': JSON.stringify({ plan: 'my-plan.json' }), 'my-plan.json': JSON.stringify(DIAMOND) });
    try {
      repo.git('add', '-A');
      repo.git('commit', '-qm', 'plan', '--no-verify');
      expect((await run([], repo.dir)).json).toEqual({ waves: [['a'], ['b', 'c'], ['d']], errors: [], fallback: [] });
      repo.write({ '.tddrc.json': JSON.stringify({ plan: null }) });
      repo.git('commit', '-qam', 'no plan', '--no-verify');
      const e = await failure([], repo.dir);
      expect([e.code, e.exitCode, e.message]).toEqual(['USAGE', 2, 'no plan file: "plan" is null in .tddrc.json']);
      expect((await run(['my-plan.json'], repo.dir)).exitCode).toBe(0);
    } finally {
      repo.cleanup();
    }
  });

  it('planning errors: exit 1 with the errors and the fallback', async () => {
    writeFileSync(
      join(dir, 'cycle.json'),
      JSON.stringify([
        { id: 'a', deps: ['b'] },
        { id: 'b', deps: ['a'] },
      ]),
    );
    const result = await run(['cycle.json']);
    expect(result.exitCode).toBe(1);
    expect(result.json).toMatchObject({ waves: [], errors: [{ code: 'CYCLE', ids: ['a', 'b'] }], fallback: ['a', 'b'] });
  });

  it('a missing file: exit 2, naming it', async () => {
    const e = await failure(['nope.json']);
    expect([e.code, e.exitCode, e.message]).toEqual(['PLAN_UNREADABLE', 2, 'cannot read the plan nope.json: no such file']);
    const d = await failure([], join(dir));
    expect(d.message).toBe('cannot read the plan tdd-plan.json: no such file');
    expect(d.hint).toMatch(/tdd waves -/);
  });

  it('a directory: exit 2', async () => {
    expect((await failure(['.'])).message).toBe('cannot read the plan .: it is a directory');
  });

  it('invalid shape: exit 2, every problem as data', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ tasks: [{ id: 'a', files: 'x' }, { deps: [] }] }));
    const e = await failure(['bad.json']);
    expect([e.code, e.exitCode]).toEqual(['PLAN_INVALID', 2]);
    expect((e.data?.problems as { key: string }[]).map((p) => p.key)).toEqual(['tasks[0].files', 'tasks[1].id']);
    expect(e.message.split('\n')[1]).toBe('  bad.json: tasks[0].files (task "a"): expected an array of file paths, found "x"');
  });

  it('usage: one plan at a time, no unknown options', async () => {
    expect((await failure(['a.json', 'b.json'])).code).toBe('USAGE');
    const e = await failure(['--cap', '2']);
    expect([e.code, e.exitCode, e.data]).toEqual(['USAGE', 2, { command: 'waves', option: '--cap', suggestion: null }]);
  });
});
