/** The one option parser: a table of argv → values or the usage error's data; "did you mean" for options, words and config keys. */
import { describe, expect, it } from 'vitest';
import { parseArgs } from 'node:util';
import { parseCommandArgs, plainTokens, type CommandOptions } from '../../../src/cli/options.js';
import { validateConfig } from '../../../src/config/validate.js';
import { TddError } from '../../../src/errors.js';
import { editDistance, nearest } from '../../../src/nearest.js';

const PHASE: CommandOptions = {
  options: { task: { type: 'string' }, 'no-task': { type: 'boolean' }, regression: { type: 'boolean' }, reason: { type: 'string' } },
  positionals: 1,
  words: { name: 'phase', values: ['red', 'green', 'refactor', 'off'] },
};
const STATUS: CommandOptions = { options: {} };

function errorOf(spec: CommandOptions, argv: string[]): Record<string, unknown> {
  try {
    parseCommandArgs('x', argv, spec);
  } catch (e) {
    expect(e).toBeInstanceOf(TddError);
    const err = e as TddError;
    expect(err.exitCode).toBe(2);
    expect(err.message).not.toContain('\n');
    return { code: err.code, ...err.data };
  }
  throw new Error(`${argv.join(' ')} parsed`);
}

describe('parseCommandArgs', () => {
  it.each([
    [PHASE, ['red', '--task', '12'], { values: { task: '12' }, positionals: ['red'] }],
    [PHASE, ['red', '--task=-x'], { values: { task: '-x' }, positionals: ['red'] }],
    [PHASE, ['off', '--reason', 'skeleton', '--json'], { values: { reason: 'skeleton', json: true }, positionals: ['off'] }],
    [PHASE, ['red', '--no-task'], { values: { 'no-task': true }, positionals: ['red'] }],
    [PHASE, ['--', 'red'], { values: {}, positionals: ['red'] }],
    [STATUS, [], { values: {}, positionals: [] }],
  ])('%#: accepts %j', (spec, argv, parsed) => expect(parseCommandArgs('x', argv, spec)).toEqual(parsed));

  it.each([
    [STATUS, ['--jsn'], { option: '--jsn', suggestion: '--json' }],
    [STATUS, ['--foo'], { option: '--foo', suggestion: null }],
    [STATUS, ['extra'], { argument: 'extra', suggestion: null }],
    [STATUS, ['json'], { argument: 'json', suggestion: '--json' }],
    [PHASE, ['red', '--regresion'], { option: '--regresion', suggestion: '--regression' }],
    [PHASE, ['red', '--no-tsk'], { option: '--no-tsk', suggestion: '--no-task' }],
    [PHASE, ['rde'], { argument: 'rde', suggestion: 'red' }],
    [PHASE, ['blue'], { argument: 'blue', suggestion: null, choices: ['red', 'green', 'refactor', 'off'] }],
    [PHASE, ['red', 'green'], { argument: 'green' }],
    [PHASE, ['red', '--task'], { option: '--task' }],
    [PHASE, ['red', '--task', '--regression'], { option: '--task' }],
    [PHASE, ['red', '--regression=yes'], { option: '--regression' }],
    [PHASE, ['red', '-x'], { option: '-x' }],
  ])('%#: refuses %j', (spec, argv, data) => expect(errorOf(spec, argv)).toMatchObject({ code: 'USAGE', command: 'x', ...data }));
});

describe('nearest', () => {
  it.each([
    ['jsn', ['json', 'help'], 'json'],
    ['dry', ['dry-run', 'json'], 'dry-run'],
    ['replya', ['replay', 'json'], 'replay'],
    ['timeoutSecs', ['timeoutSeconds', 'tests'], 'timeoutSeconds'],
    ['TIMEOUTSECONDS', ['timeoutSeconds'], 'timeoutSeconds'],
    ['zzz', ['json', 'help'], undefined],
    ['x', ['json', 'to'], undefined],
    ['', ['json'], undefined],
  ])('%s → %s', (word, candidates, expected) => expect(nearest(word, candidates)).toBe(expected));

  it('counts a swap of neighbours as one edit and stops past its limit', () => {
    expect(editDistance('stauts', 'status')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('a'.repeat(50), 'b'.repeat(50), 2)).toBe(3);
  });
});

describe('configuration keys', () => {
  it.each([
    [{ timeoutSecs: 5 }, 'timeoutSecs', 'timeoutSeconds'],
    [{ attempts: { gren: 2 } }, 'attempts.gren', 'attempts.green'],
    [{ runners: [{ runner: 'pytest', test: ['t/**'] }] }, 'runners[0].test', 'tests'],
    [{ colour: true }, 'colour', undefined],
  ])('%j: %s → %s', (raw, key, suggestion) => {
    const { problems } = validateConfig(raw, '.tddrc.json');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ key, found: 'unknown key' });
    expect(problems[0]!.suggestion).toBe(suggestion);
  });
});

describe("plainTokens: the tokens of plain argv without node's parser", () => {
  const HOOK: CommandOptions = { options: { prefetched: { type: 'boolean' }, task: { type: 'string' } }, positionals: 2 };
  const reference = (argv: string[]) =>
    parseArgs({ args: argv, strict: false, allowPositionals: true, tokens: true, options: HOOK.options }).tokens.map(
      (t) => JSON.parse(JSON.stringify(t)) as unknown,
    );

  it.each([[[]], [['pre-commit']], [['pre-commit', '--prefetched']], [['commit-msg', '.git/COMMIT_EDITMSG']], [['--prefetched', 'a', 'b c']]])(
    '%j: what parseArgs gives',
    (argv) => {
      const got = plainTokens(argv, HOOK);
      expect(got?.tokens.map((t) => JSON.parse(JSON.stringify(t)) as unknown)).toEqual(reference(argv));
    },
  );

  it.each([[['--task', '12']], [['--task=12']], [['--prefetched=1']], [['-p']], [['--']], [['-']], [['--unknown']], [['a', '--Prefetched']]])(
    '%j: left to parseArgs',
    (argv) => {
      expect(plainTokens(argv, HOOK)).toBeUndefined();
    },
  );

  it('a plain hook argv parses as before', () => {
    expect(parseCommandArgs('hook', ['pre-commit', '--prefetched'], HOOK)).toEqual({ values: { prefetched: true }, positionals: ['pre-commit'] });
  });
});
