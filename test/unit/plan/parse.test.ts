/** Plan input: the two shapes, defaults, normalised paths, and every problem at once (exit 2 in the CLI). */
import { describe, expect, it } from 'vitest';
import { formatPlanProblem } from '../../../src/plan/format.js';
import { normalizePath, parsePlan, parsePlanText } from '../../../src/plan/parse.js';

describe('parsePlan', () => {
  it('an array of tasks; ids and deps may be numbers; files, tests and deps default to []', () => {
    expect(parsePlan([{ id: 1 }, { id: 'b', files: ['src/b.ts'], tests: ['test/b.test.ts'], deps: [1, 'x'] }], 'p.json')).toEqual({
      tasks: [
        { id: '1', files: [], tests: [], deps: [] },
        { id: 'b', files: ['src/b.ts'], tests: ['test/b.test.ts'], deps: ['1', 'x'] },
      ],
      problems: [],
    });
  });

  it('the plan file: {"tasks": [...]} with other keys, a task title kept, extra task keys ignored', () => {
    const raw = { title: 'Parser', tasks: [{ id: 't1', title: 'empty input', files: ['./src\\p.ts'], acceptance: ['x'] }] };
    expect(parsePlan(raw, 'p.json')).toEqual({ tasks: [{ id: 't1', title: 'empty input', files: ['src/p.ts'], tests: [], deps: [] }], problems: [] });
  });

  it('every problem at once, naming the file, the key path and the task id', () => {
    const raw = {
      tasks: [
        { id: 'a', files: 'src/a.ts' },
        { files: [] },
        'b',
        { id: 'has space', deps: [null] },
        { id: 7, tests: ['../outside.test.ts', '/abs.test.ts', ''], deps: 'a' },
      ],
    };
    expect(parsePlan(raw, 'p.json')).toEqual({
      tasks: [],
      problems: [
        { file: 'p.json', key: 'tasks[0].files', id: 'a', expected: 'an array of file paths', found: '"src/a.ts"' },
        { file: 'p.json', key: 'tasks[1].id', expected: 'a string or number of letters, digits and . - _ / # : (1 to 64)', found: 'nothing' },
        { file: 'p.json', key: 'tasks[2]', expected: 'a task object {"id", "files", "tests", "deps"}', found: '"b"' },
        { file: 'p.json', key: 'tasks[3].id', expected: 'a string or number of letters, digits and . - _ / # : (1 to 64)', found: '"has space"' },
        { file: 'p.json', key: 'tasks[3].deps[0]', expected: 'a string or number of letters, digits and . - _ / # : (1 to 64)', found: 'null' },
        {
          file: 'p.json',
          key: 'tasks[4].tests[0]',
          id: '7',
          expected: 'a path relative to the repository root (no leading /, no ..)',
          found: '"../outside.test.ts"',
        },
        {
          file: 'p.json',
          key: 'tasks[4].tests[1]',
          id: '7',
          expected: 'a path relative to the repository root (no leading /, no ..)',
          found: '"/abs.test.ts"',
        },
        { file: 'p.json', key: 'tasks[4].tests[2]', id: '7', expected: 'a path relative to the repository root (no leading /, no ..)', found: '""' },
        { file: 'p.json', key: 'tasks[4].deps', id: '7', expected: 'an array of task ids', found: '"a"' },
      ],
    });
  });

  it.each([
    [{ title: 'no tasks' }, 'tasks', 'nothing'],
    [{ tasks: {} }, 'tasks', '{}'],
    ['tasks', '(root)', '"tasks"'],
    [null, '(root)', 'null'],
  ])('not a task list: %j', (raw, key, found) => {
    expect(parsePlan(raw, 'p.json').problems).toEqual([{ file: 'p.json', key, expected: 'an array of tasks, or an object {"tasks": [...]}', found }]);
  });

  it('an array at the root: key paths without a prefix', () => {
    expect(parsePlan([{ id: 'a', tests: [3] }], '(stdin)').problems.map(formatPlanProblem)).toEqual([
      '(stdin): [0].tests[0] (task "a"): expected a path relative to the repository root (no leading /, no ..), found 3',
    ]);
  });
});

describe('parsePlanText', () => {
  it('JSON with a BOM', () => {
    expect(parsePlanText('\ufeff[{"id":"a"}]', 'p.json').tasks).toEqual([{ id: 'a', files: [], tests: [], deps: [] }]);
  });
  it('empty input', () => {
    expect(parsePlanText(' \n', 'p.json').problems).toEqual([
      { file: 'p.json', key: '(root)', expected: 'JSON: an array of tasks, or {"tasks": [...]}', found: 'empty input' },
    ]);
  });
  it('invalid JSON: the parser message', () => {
    const [p] = parsePlanText('[{"id": }]', 'p.json').problems;
    expect(p).toMatchObject({ file: 'p.json', key: '(root)', expected: 'valid JSON' });
    expect(p?.found).toMatch(/Unexpected token/);
  });
});

describe('normalizePath', () => {
  it.each([
    ['src/a.ts', 'src/a.ts'],
    ['./src/a.ts', 'src/a.ts'],
    ['././src//a.ts', 'src/a.ts'],
    ['src\\lib\\a.ts', 'src/lib/a.ts'],
    ['src/./a.ts/', 'src/a.ts'],
    ['-dash.ts', '-dash.ts'],
    ['', undefined],
    ['./', undefined],
    ['/etc/passwd', undefined],
    ['C:\\x.ts', undefined],
    ['src/../a.ts', undefined],
  ])('%j → %j', (input, expected) => expect(normalizePath(input)).toBe(expected));
});
