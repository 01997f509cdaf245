import { describe, expect, it } from 'vitest';
import { detectRunner, formatConfigFile, parseScriptCommands } from '../../../src/config/detect.js';

describe('detectRunner', () => {
  it.each([
    ['no package.json', undefined, 'node'],
    ['not an object', 'x', 'node'],
    ['no test runner at all', { name: 'p' }, 'node'],
    ['vitest in devDependencies', { devDependencies: { vitest: '^4' } }, 'vitest'],
    ['vitest in dependencies', { dependencies: { vitest: '^4' } }, 'vitest'],
    ['a vitest test script', { scripts: { test: 'vitest run' } }, 'vitest'],
    ['npx vitest', { scripts: { test: 'npx vitest --run' } }, 'vitest'],
    ['pnpm exec vitest with env', { scripts: { test: 'NODE_ENV=test pnpm exec vitest' } }, 'vitest'],
    ['vitest by path', { scripts: { test: './node_modules/.bin/vitest run' } }, 'vitest'],
    ['vitest after a build', { scripts: { test: 'npm run build && vitest run' } }, 'vitest'],
    ['vitest in test:unit', { scripts: { 'test:unit': 'vitest' } }, 'vitest'],
    ['c8 wrapping vitest', { scripts: { test: 'c8 --all vitest run' } }, 'vitest'],
    ['node --test', { scripts: { test: 'node --test' } }, 'node'],
    ['node --test with flags first', { scripts: { test: 'node --import tsx --test test/' } }, 'node'],
    ['node --test beats a vitest dependency', { scripts: { test: 'node --test' }, devDependencies: { vitest: '4' } }, 'node'],
    ['node without --test is no evidence', { scripts: { test: 'node run-tests.js' }, devDependencies: { vitest: '4' } }, 'vitest'],
    ['"vitest" only as part of a word', { scripts: { test: 'node --test --import ./vitest-shim.js' } }, 'node'],
    ['a build script naming vitest is not a test script', { scripts: { build: 'vitest build' } }, 'node'],
    ['scripts of the wrong type', { scripts: 'vitest', devDependencies: null }, 'node'],
    // The documented ways of starting each runner: the runner named in the command wins over node.
    ['jest through node for ESM (jest’s docs)', { scripts: { test: 'node --experimental-vm-modules node_modules/jest/bin/jest.js' } }, 'jest'],
    ['jest through node with a value option first', { scripts: { test: 'node -r dotenv/config ./node_modules/.bin/jest --ci' } }, 'jest'],
    ['vitest’s entry by node', { scripts: { test: 'node node_modules/vitest/vitest.mjs run' } }, 'vitest'],
    [
      'mocha’s _mocha by node, mocha beside node --test',
      { scripts: { test: 'node node_modules/mocha/bin/_mocha' }, devDependencies: { vitest: '4' } },
      'mocha',
    ],
    ['npx jest with NODE_OPTIONS', { scripts: { test: 'NODE_OPTIONS=--experimental-vm-modules npx jest' } }, 'jest'],
    ['c8 with an option value before mocha', { scripts: { test: 'c8 --reporter lcov mocha' } }, 'mocha'],
    ['an unknown wrapper naming jest', { scripts: { test: 'dotenv -e .env.test -- jest --runInBand' } }, 'jest'],
    ['node running a script that is no runner, --test after it', { scripts: { test: 'node scripts/check.js --test' } }, 'node'],
  ])('%s → %s', (_, pkg, runner) => {
    expect(detectRunner(pkg)).toBe(runner);
  });
});

describe('detectRunner with the folder’s Makefile', () => {
  const makefile = 'all: build\n\nbuild:\n\ttsc\n\ntest: build unit\n\nunit:\n\t@NODE_OPTIONS=--experimental-vm-modules npx jest\n\ncheck:\n\t$(MAKE) test\n';
  it.each([
    ['make test → its prerequisites’ recipes', 'make test', 'jest'],
    ['make check → $(MAKE) test', 'make -s check', 'jest'],
    ['make build runs no runner', 'make build', 'node'],
  ])('%s', (_, script, runner) => {
    expect(detectRunner({ scripts: { test: script } }, makefile)).toBe(runner);
  });
});

describe('parseScriptCommands', () => {
  it('splits commands and drops env assignments and launchers', () => {
    expect(parseScriptCommands('FOO=1 npx vitest run && node --test; cross-env A=b yarn jest | tee x')).toEqual([
      ['vitest', 'run'],
      ['node', '--test'],
      ['jest'],
      ['tee', 'x'],
    ]);
  });
});

describe('formatConfigFile', () => {
  it('writes $schema and the runner, then only what differs from the defaults', () => {
    expect(formatConfigFile({ runner: 'node' }, './s.json')).toBe('{\n  "$schema": "./s.json",\n  "runner": "node"\n}\n');
    expect(JSON.parse(formatConfigFile({ runner: 'vitest', autoAdvance: true, timeoutSeconds: 60 }, './s.json'))).toEqual({
      $schema: './s.json',
      runner: 'vitest',
      timeoutSeconds: 60,
    });
  });
});
