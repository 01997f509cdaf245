/**
 * `tdd waves` through the built CLI (bin/tdd.js → dist/tdd.cjs, built by `npm run build`): exact
 * stdout, exit codes, stdin, and byte-identical output for the same tasks in another order.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, makeRepo } from '../../helpers/repo.js';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-waves-cli-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tdd(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, 'waves', ...args], { cwd: dir, env: isolatedEnv(), encoding: 'utf8', input });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const PLAN = {
  title: 'parser',
  tasks: [
    { id: 4, title: 'report', files: ['src/report.ts'], tests: ['test/report.test.ts'], deps: [2, 3] },
    { id: 2, files: ['./src/parse.ts'], tests: ['test/parse.test.ts'], deps: [1] },
    { id: 3, files: ['src/parse.ts'], tests: ['test/errors.test.ts'], deps: [1] },
    { id: 1, files: ['src/lexer.ts'], tests: ['test/lexer.test.ts'] },
    { id: 10, files: ['docs/x.md'] },
  ],
};
const BROKEN = [
  { id: 'a', deps: ['b'] },
  { id: 'b', deps: ['a'] },
  { id: 'c', deps: ['x'] },
  { id: 'd', tests: ['t.test.ts'] },
  { id: 'e', tests: ['./t.test.ts'] },
  { id: 'c' },
  { id: 'first', deps: ['e'] },
];

describe('tdd waves (spawned CLI)', () => {
  it('a valid plan: exit 0, one line per wave; a shared source file splits the layer', () => {
    writeFileSync(join(dir, 'plan.json'), JSON.stringify(PLAN));
    expect(tdd(['plan.json'])).toEqual({ code: 0, stdout: 'wave 1: 1, 10\nwave 2: 2\nwave 3: 3\nwave 4: 4\n', stderr: '' });
  });

  it('--json from stdin', () => {
    const r = tdd(['-', '--json'], JSON.stringify(PLAN.tasks));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(JSON.stringify({ exitCode: 0, waves: [['1', '10'], ['2'], ['3'], ['4']], errors: [], fallback: [] }, null, 2) + '\n');
  });

  it('outside a git repository, the default plan file is tdd-plan.json in the working directory', () => {
    writeFileSync(join(dir, 'tdd-plan.json'), JSON.stringify(PLAN));
    expect(tdd([]).stdout).toBe('wave 1: 1, 10\nwave 2: 2\nwave 3: 3\nwave 4: 4\n');
  });

  it('the same tasks in another order: byte-identical output', () => {
    const reversed = { ...PLAN, tasks: [...PLAN.tasks].reverse() };
    writeFileSync(join(dir, 'reversed.json'), JSON.stringify(reversed, null, 4));
    const reference = tdd(['plan.json']);
    expect(reference.code).toBe(0);
    expect(tdd(['reversed.json']).stdout).toBe(reference.stdout);
    expect(tdd(['reversed.json', '--json']).stdout).toBe(tdd(['plan.json', '--json']).stdout);
  });

  it('planning errors: exit 1, every error with its fix, then the sequential fallback', () => {
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(BROKEN));
    expect(tdd(['broken.json'])).toEqual({
      code: 1,
      stderr: '',
      stdout: [
        '4 planning errors; the waves are withheld:',
        '  ✗ task id "c" is used by 2 tasks (positions 2, 5 of the task list) [DUPLICATE_ID]',
        '    next: give each task its own id, or merge the duplicates into one task',
        '  ✗ task "c" depends on "x", which is not a task of the plan [UNKNOWN_DEP]',
        '    next: add task "x" to the plan, or remove it from the deps of "c"',
        '  ✗ dependency cycle: "a" → "b" → "a" [CYCLE]',
        '    next: break the cycle: remove one of these dependencies, or merge the tasks into one',
        '  ✗ test file t.test.ts is declared by tasks "d", "e"; each test file belongs to one task [SHARED_TEST]',
        '    next: give each task its own test file, or merge the tasks into one',
        'fallback plan: one task per wave, dependencies first where the graph allows:',
        'wave 1: a',
        'wave 2: b',
        'wave 3: c',
        'wave 4: d',
        'wave 5: e',
        'wave 6: first',
        '',
      ].join('\n'),
    });
  });

  it('planning errors as JSON: codes, the ids and paths involved, wording, fallback', () => {
    const r = tdd(
      ['-', '--json'],
      JSON.stringify([
        { id: 'a', deps: ['a'] },
        { id: 'b', deps: ['a', 'zz'] },
      ]),
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      JSON.stringify(
        {
          exitCode: 1,
          waves: [],
          errors: [
            {
              code: 'UNKNOWN_DEP',
              id: 'b',
              dep: 'zz',
              message: 'task "b" depends on "zz", which is not a task of the plan',
              next: 'add task "zz" to the plan, or remove it from the deps of "b"',
            },
            { code: 'CYCLE', ids: ['a'], cycle: ['a', 'a'], message: 'task "a" depends on itself', next: 'remove "a" from its own deps' },
          ],
          fallback: ['a', 'b'],
        },
        null,
        2,
      ) + '\n',
    );
  });

  it('empty task list: exit 0', () => {
    expect(tdd(['-'], '{"tasks": []}')).toEqual({ code: 0, stdout: 'no tasks: nothing to plan\n', stderr: '' });
  });

  it('a missing file: exit 2, the file named, no stack trace', () => {
    expect(tdd(['missing.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tdd: cannot read the plan missing.json: no such file\n  next: check the path, pass the plan (tdd waves FILE), or pipe it in (tdd waves -)\n',
    });
    expect(JSON.parse(tdd(['missing.json', '--json']).stdout)).toEqual({
      exitCode: 2,
      error: {
        code: 'PLAN_UNREADABLE',
        message: 'cannot read the plan missing.json: no such file',
        hint: 'check the path, pass the plan (tdd waves FILE), or pipe it in (tdd waves -)',
        file: 'missing.json',
      },
    });
  });

  it('invalid JSON: exit 2, naming the input', () => {
    const r = tdd(['-'], '[{"id": "a",]');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^tdd: invalid plan:\n {2}\(stdin\): \(root\): expected valid JSON, found .+\n {2}next: fix \(stdin\) /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a bad shape: exit 2, every problem naming the file, the key and the task', () => {
    writeFileSync(join(dir, 'shape.json'), JSON.stringify({ tasks: [{ id: 'a', deps: 'b' }, { id: 'b', tests: ['/abs.ts'] }, 'c'] }));
    const r = tdd(['shape.json', '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({
      code: 'PLAN_INVALID',
      file: 'shape.json',
      problems: [
        { file: 'shape.json', key: 'tasks[0].deps', id: 'a', expected: 'an array of task ids', found: '"b"' },
        { file: 'shape.json', key: 'tasks[1].tests[0]', id: 'b', found: '"/abs.ts"' },
        { file: 'shape.json', key: 'tasks[2]', found: '"c"' },
      ],
    });
  });

  it('--help names the default file', () => {
    const r = tdd(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: tdd waves \[FILE\|-\] \[--json\]\n/);
    expect(r.stdout).toContain('Default: the "plan" key of the configuration');
  });

  it('inside a repository, the default is the configured plan, relative to the repository root', () => {
    const repo = makeRepo({ '.tddrc.json': JSON.stringify({ plan: 'plans/p.json' }), 'plans/p.json': JSON.stringify(PLAN), 'src/x/.keep': '' });
    try {
      repo.git('add', '-A');
      repo.git('commit', '-qm', 'plan', '--no-verify');
      const r = repo.run(process.execPath, [BIN, 'waves'], {});
      expect([r.status, r.stdout]).toEqual([0, 'wave 1: 1, 10\nwave 2: 2\nwave 3: 3\nwave 4: 4\n']);
      const sub = spawnSync(process.execPath, [BIN, 'waves', '--json'], { cwd: join(repo.dir, 'src', 'x'), env: repo.env, encoding: 'utf8' });
      expect([sub.status, JSON.parse(sub.stdout).waves]).toEqual([0, [['1', '10'], ['2'], ['3'], ['4']]]);
      repo.remove('plans/p.json');
      expect(spawnSync(process.execPath, [BIN, 'waves'], { cwd: join(repo.dir, 'src', 'x'), env: repo.env, encoding: 'utf8' }).stderr).toBe(
        'tdd: cannot read the plan ../../plans/p.json: no such file\n  next: check the path, pass the plan (tdd waves FILE), or pipe it in (tdd waves -)\n',
      );
    } finally {
      repo.cleanup();
    }
  });
});
