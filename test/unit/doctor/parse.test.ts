/** The pure parsers, with literal git output and rendered hook scripts. */
import { describe, expect, it } from 'vitest';
import { callsTddHook } from '../../../src/install/shim.js';
import { isVersionAtLeast, parseHooksPathSetting } from '../../../src/doctor/parse.js';
import { parseBlockCli, parseShimVars, shQuote, unquoteShellWord } from '../../../src/install/shim.js';
import { huskyScript, shim } from './literal.js';

describe('parseHooksPathSetting', () => {
  it.each([
    ['local\tfile:.git/config\t.husky/_\n', { scope: 'local', origin: 'file:.git/config', value: '.husky/_' }],
    ['command\tcommand line:\t/dev/null\n', { scope: 'command', origin: 'command line:', value: '/dev/null' }],
    ['global\tfile:/home/u/.gitconfig\t/home/u/my hooks\n', { scope: 'global', origin: 'file:/home/u/.gitconfig', value: '/home/u/my hooks' }],
    ['', null],
  ])('%j', (out, expected) => expect(parseHooksPathSetting(out)).toEqual(expected));
});

describe('shell words and hook scripts', () => {
  it.each(['/plain/path', '/with space/node', "it's/here", "a'b'c"])('unquotes what shQuote wrote: %s', (v) => {
    expect(unquoteShellWord(shQuote(v))).toBe(v);
  });

  it('reads the paths a shim was rendered with', () => {
    expect(parseShimVars(shim('pre-commit', '/opt/my node/bin/node'))).toEqual({
      cli: 'node_modules/tdd-hooks/bin/tdd.js',
      cliFallback: '/r/node_modules/tdd-hooks/bin/tdd.js',
      nodeFallback: '/opt/my node/bin/node',
    });
    expect(parseShimVars('#!/bin/sh\nexit 0\n')).toBeNull();
  });

  it('reads the CLI a husky block runs', () => {
    expect(parseBlockCli(huskyScript('commit-msg'))).toBe('node_modules/tdd-hooks/bin/tdd.js');
    expect(parseBlockCli('  node \'packages/my tool/bin/tdd.js\' hook pre-commit "$@" || exit $?\n')).toBe('packages/my tool/bin/tdd.js');
  });

  it.each<[string, boolean]>([
    ['npx tdd hook pre-commit "$@"', true],
    ['node node_modules/tdd-hooks/bin/tdd.js hook pre-commit', true],
    ['npx tdd-hooks hook pre-commit', true],
    ['npx tdd hook commit-msg', false],
    ['npx lint-staged', false],
  ])('callsTddHook %s', (line, expected) => expect(callsTddHook(`#!/bin/sh\n${line}\n`, 'pre-commit')).toBe(expected));
});

describe('isVersionAtLeast', () => {
  it.each<[string, string, boolean]>([
    ['v20.12.0', '20.12.0', true],
    ['v20.11.1', '20.12.0', false],
    ['v22.0.0', '20.12.0', true],
    ['v18.19.0', '20.12.0', false],
    ['nonsense', '20.12.0', true],
  ])('%s ≥ %s: %s', (v, min, expected) => expect(isVersionAtLeast(v, min)).toBe(expected));
});
