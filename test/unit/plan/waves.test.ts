/**
 * The wave planner: a table of plans and their exact plan (waves, errors, fallback), the text and
 * JSON renderings of a few, and determinism under shuffled input.
 */
import { describe, expect, it } from 'vitest';
import { formatPlanText, planJson } from '../../../src/plan/format.js';
import { planWaves, type PlanError, type PlanTask, type WavePlan } from '../../../src/plan/waves.js';

/** t('b', { deps: ['a'] }) */
function t(id: string, more: Partial<Omit<PlanTask, 'id'>> = {}): PlanTask {
  return { id, files: [], tests: [], deps: [], ...more };
}
const ok = (waves: string[][]): WavePlan => ({ waves, errors: [], fallback: [] });
const failed = (errors: PlanError[], fallback: string[]): WavePlan => ({ waves: [], errors, fallback });

const CASES: [string, PlanTask[], WavePlan][] = [
  ['empty input', [], ok([])],
  ['one task', [t('a')], ok([['a']])],
  ['independent tasks share one wave, in natural id order', [t('c'), t('a'), t('b')], ok([['a', 'b', 'c']])],
  ['chain: one wave per link', [t('c', { deps: ['b'] }), t('b', { deps: ['a'] }), t('a')], ok([['a'], ['b'], ['c']])],
  ['diamond', [t('a'), t('b', { deps: ['a'] }), t('c', { deps: ['a'] }), t('d', { deps: ['b', 'c'] })], ok([['a'], ['b', 'c'], ['d']])],
  [
    'a task waits for its deepest dependency',
    [t('a'), t('b', { deps: ['a'] }), t('c', { deps: ['b'] }), t('d', { deps: ['a', 'c'] }), t('e', { deps: ['a'] })],
    ok([['a'], ['b', 'e'], ['c'], ['d']]),
  ],
  ['numeric ids in natural order: 2 before 10', [t('10'), t('2'), t('1'), t('task-10'), t('task-9')], ok([['1', '2', '10', 'task-9', 'task-10']])],
  [
    'shared source file splits a layer',
    [t('a', { files: ['src/x.ts'] }), t('b', { files: ['src/x.ts'] }), t('c', { files: ['src/y.ts'] })],
    ok([['a', 'c'], ['b']]),
  ],
  [
    'a task moved by a conflict shares the next wave with the next layer',
    [t('a', { files: ['src/x.ts'] }), t('b', { files: ['src/x.ts'] }), t('c', { deps: ['a'] })],
    ok([['a'], ['b', 'c']]),
  ],
  [
    'a moved task still waits for its deps, and its dependants wait for it',
    [t('a'), t('b', { deps: ['a'], files: ['x'] }), t('c', { deps: ['a'], files: ['x'] }), t('d', { deps: ['c'] })],
    ok([['a'], ['b'], ['c'], ['d']]),
  ],
  [
    'one file shared by every task: one task per wave',
    [t('a', { files: ['x'] }), t('b', { files: ['x'] }), t('c', { files: ['x'] })],
    ok([['a'], ['b'], ['c']]),
  ],
  [
    'a source file of one task that is a test file of another is shared too',
    [t('a', { files: ['test/h.ts'] }), t('b', { tests: ['test/h.ts'] })],
    ok([['a'], ['b']]),
  ],
  [
    'a task with two contended files takes the first wave free for both',
    [t('a', { files: ['x'] }), t('b', { files: ['y'] }), t('c', { files: ['y'] }), t('d', { files: ['x', 'y'] })],
    ok([['a', 'b'], ['c'], ['d']]),
  ],
  ['duplicate deps and paths inside a task count once', [t('a', { files: ['x', 'x'] }), t('b', { deps: ['a', 'a'] })], ok([['a'], ['b']])],
  [
    'shared test file',
    [t('a', { tests: ['test/p.test.ts'] }), t('b', { tests: ['test/p.test.ts'] }), t('c', { tests: ['test/c.test.ts'] })],
    failed([{ code: 'SHARED_TEST', path: 'test/p.test.ts', ids: ['a', 'b'] }], ['a', 'b', 'c']),
  ],
  ['self-dependency', [t('a', { deps: ['a'] }), t('b')], failed([{ code: 'CYCLE', ids: ['a'], cycle: ['a', 'a'] }], ['a', 'b'])],
  ['2-cycle', [t('a', { deps: ['b'] }), t('b', { deps: ['a'] })], failed([{ code: 'CYCLE', ids: ['a', 'b'], cycle: ['a', 'b', 'a'] }], ['a', 'b'])],
  [
    '3-cycle, with a task before it and one after it: the fallback keeps them in dependency order',
    [t('z'), t('c', { deps: ['a'] }), t('a', { deps: ['b', 'z'] }), t('b', { deps: ['c'] }), t('d', { deps: ['b'] })],
    failed([{ code: 'CYCLE', ids: ['a', 'b', 'c'], cycle: ['a', 'b', 'c', 'a'] }], ['z', 'a', 'b', 'c', 'd']),
  ],
  [
    'two separate cycles: both named',
    [t('a', { deps: ['b'] }), t('b', { deps: ['a'] }), t('x', { deps: ['y'] }), t('y', { deps: ['x'] })],
    failed(
      [
        { code: 'CYCLE', ids: ['a', 'b'], cycle: ['a', 'b', 'a'] },
        { code: 'CYCLE', ids: ['x', 'y'], cycle: ['x', 'y', 'x'] },
      ],
      ['a', 'b', 'x', 'y'],
    ),
  ],
  [
    'tangled cycles: the whole group, and the shortest cycle through its first id',
    [t('a', { deps: ['b', 'c'] }), t('b', { deps: ['c'] }), t('c', { deps: ['a'] })],
    failed([{ code: 'CYCLE', ids: ['a', 'b', 'c'], cycle: ['a', 'c', 'a'] }], ['a', 'b', 'c']),
  ],
  [
    'unknown dependency: the fallback ignores it',
    [t('b', { deps: ['a', 'nope'] }), t('a')],
    failed([{ code: 'UNKNOWN_DEP', id: 'b', dep: 'nope' }], ['a', 'b']),
  ],
  [
    'duplicate id: its positions in the input; merged into one task for the fallback',
    [t('a'), t('b', { deps: ['a'] }), t('a', { deps: ['c'] }), t('c')],
    failed([{ code: 'DUPLICATE_ID', id: 'a', indices: [0, 2] }], ['c', 'a', 'b']),
  ],
  [
    'every error at once, grouped by code',
    [t('s', { deps: ['s'] }), t('d'), t('d'), t('u', { deps: ['v', 'w'] }), t('p', { tests: ['t.test.ts'] }), t('q', { tests: ['t.test.ts'] })],
    failed(
      [
        { code: 'DUPLICATE_ID', id: 'd', indices: [1, 2] },
        { code: 'UNKNOWN_DEP', id: 'u', dep: 'v' },
        { code: 'UNKNOWN_DEP', id: 'u', dep: 'w' },
        { code: 'CYCLE', ids: ['s'], cycle: ['s', 's'] },
        { code: 'SHARED_TEST', path: 't.test.ts', ids: ['p', 'q'] },
      ],
      ['d', 'p', 'q', 's', 'u'],
    ),
  ],
];

describe('planWaves', () => {
  it.each(CASES)('%s', (_name, tasks, expected) => {
    expect(planWaves(tasks)).toEqual(expected);
  });

  it.each(CASES)('%s: every dependency in an earlier wave, no path shared inside a wave', (_name, tasks) => {
    const { waves, errors } = planWaves(tasks);
    if (errors.length > 0) return;
    const waveOf = new Map(waves.flatMap((w, i) => w.map((id) => [id, i] as const)));
    for (const task of tasks) for (const dep of task.deps) expect(waveOf.get(dep)!).toBeLessThan(waveOf.get(task.id)!);
    for (const wave of waves) {
      const paths = wave.flatMap((id) => [...new Set(tasks.filter((x) => x.id === id).flatMap((x) => [...x.files, ...x.tests]))]);
      expect(new Set(paths).size).toBe(paths.length);
    }
  });
});

describe('determinism', () => {
  /** Seeded, so a failure can be replayed. */
  function shuffled<T>(items: readonly T[], seed: number): T[] {
    const out = [...items];
    let s = seed;
    for (let i = out.length - 1; i > 0; i--) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const j = s % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
  const noDuplicates = CASES.filter(([, , plan]) => !plan.errors.some((e) => e.code === 'DUPLICATE_ID'));

  it.each(noDuplicates)('%s: shuffled input, byte-identical output', (_name, tasks) => {
    const reference = planWaves(tasks);
    const text = formatPlanText(reference, false);
    const json = JSON.stringify(planJson(reference));
    for (let seed = 1; seed <= 20; seed++) {
      const tasksShuffled = shuffled(tasks, seed).map((x) => ({ ...x, files: shuffled(x.files, seed), deps: shuffled(x.deps, seed) }));
      const plan = planWaves(tasksShuffled);
      expect(JSON.stringify(planJson(plan))).toBe(json);
      expect(formatPlanText(plan, false)).toBe(text);
    }
  });

  it('duplicate ids: the same plan whatever the order, but for the reported positions', () => {
    const tasks = [t('a', { deps: ['b'] }), t('b'), t('a', { files: ['x'] }), t('c', { deps: ['a'] })];
    const reference = planWaves(tasks);
    for (let seed = 1; seed <= 10; seed++) {
      const plan = planWaves(shuffled(tasks, seed));
      expect(plan.fallback).toEqual(reference.fallback);
      expect(plan.errors.map((e) => e.code)).toEqual(['DUPLICATE_ID']);
    }
    expect(reference.fallback).toEqual(['b', 'a', 'c']);
  });
});

describe('renderings', () => {
  it('text of a valid plan: one line per wave', () => {
    const plan = planWaves([t('a'), t('b', { deps: ['a'] }), t('c', { deps: ['a'] }), t('d', { deps: ['b', 'c'] })]);
    expect(formatPlanText(plan, false)).toBe('wave 1: a\nwave 2: b, c\nwave 3: d');
  });

  it('text of an empty plan', () => {
    expect(formatPlanText(planWaves([]), false)).toBe('no tasks: nothing to plan');
  });

  it('text with errors: each error and its fix, then the fallback, one task per wave', () => {
    const plan = planWaves([t('a', { deps: ['b'] }), t('b', { deps: ['a'] }), t('c', { deps: ['x'] }), t('d', { tests: ['t'] }), t('e', { tests: ['t'] })]);
    expect(formatPlanText(plan, false)).toBe(
      [
        '3 planning errors; the waves are withheld:',
        '  ✗ task "c" depends on "x", which is not a task of the plan [UNKNOWN_DEP]',
        '    next: add task "x" to the plan, or remove it from the deps of "c"',
        '  ✗ dependency cycle: "a" → "b" → "a" [CYCLE]',
        '    next: break the cycle: remove one of these dependencies, or merge the tasks into one',
        '  ✗ test file t is declared by tasks "d", "e"; each test file belongs to one task [SHARED_TEST]',
        '    next: give each task its own test file, or merge the tasks into one',
        'fallback plan: one task per wave, dependencies first where the graph allows:',
        'wave 1: a',
        'wave 2: b',
        'wave 3: c',
        'wave 4: d',
        'wave 5: e',
      ].join('\n'),
    );
  });

  it('text of a self-dependency, a duplicate id, and a cycle group larger than its shortest cycle', () => {
    const plan = planWaves([t('s', { deps: ['s'] }), t('k'), t('k'), t('a', { deps: ['b', 'c'] }), t('b', { deps: ['c'] }), t('c', { deps: ['a'] })]);
    expect(
      formatPlanText(plan, false)
        .split('\n')
        .filter((l) => l.includes('✗')),
    ).toEqual([
      '  ✗ task id "k" is used by 2 tasks (positions 1, 2 of the task list) [DUPLICATE_ID]',
      '  ✗ dependency cycle: "a" → "c" → "a" (tasks caught in it: "a", "b", "c") [CYCLE]',
      '  ✗ task "s" depends on itself [CYCLE]',
    ]);
  });

  it('JSON: the plan as data, each error with its wording', () => {
    expect(planJson(planWaves([t('a', { deps: ['a'] })]))).toEqual({
      waves: [],
      errors: [{ code: 'CYCLE', ids: ['a'], cycle: ['a', 'a'], message: 'task "a" depends on itself', next: 'remove "a" from its own deps' }],
      fallback: ['a'],
    });
    expect(JSON.stringify(planJson(planWaves([t('b'), t('a')])))).toBe('{"waves":[["a","b"]],"errors":[],"fallback":[]}');
  });
});
