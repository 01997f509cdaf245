/** The harness is frozen wherever it is configured: literal runner configurations → the harness files (test support) and the keys that could not be read. */
import { describe, expect, it } from 'vitest';
import { readRunnerHarness } from '../../../src/config/runner-tests/harness.js';
import type { RunnerName } from '../../../src/config/schema.js';
import { makeClassifier } from '../../../src/snapshot/classify.js';
import { DEFAULTS } from '../../../src/config/schema.js';
import { resolveConfig } from '../../../src/config/resolve.js';
import { readRunnerTests } from '../../../src/config/runner-tests/index.js';

function harness(runner: RunnerName, files: Record<string, string>, root = '.') {
  const pkg = files['package.json'];
  return readRunnerHarness(runner, { root, read: (n) => files[n] ?? null, packageJson: pkg ? (JSON.parse(pkg) as Record<string, unknown>) : undefined });
}

describe('harness files per runner', () => {
  it.each<[string, RunnerName, Record<string, string>, string[], string[]]>([
    // vuejs/core's vitest.config.ts (a string, not an array)
    [
      'vitest setupFiles as a string (vuejs/core)',
      'vitest',
      {
        'vitest.config.ts':
          "export default defineConfig({ test: { globals: true, setupFiles: 'scripts/setup-vitest.ts', coverage: { reporter: ['text', 'html'] } } })",
      },
      ['scripts/setup-vitest.ts'],
      [],
    ],
    [
      'vitest setupFiles, globalSetup, a custom environment and reporter',
      'vitest',
      {
        'vite.config.mjs':
          "export default { test: { setupFiles: ['./test/setup.js', '@testing-library/jest-dom'], globalSetup: './global.ts', environment: './env/custom.ts', reporters: ['default', ['./rep.js', { x: 1 }]] } }",
      },
      ['test/setup.js', 'global.ts', 'env/custom.ts', 'rep.js'],
      [],
    ],
    [
      'vitest: a setupFiles built by code is named, never guessed',
      'vitest',
      { 'vitest.config.ts': 'export default { test: { setupFiles: files.map((f) => f) } }' },
      [],
      ['vitest.config.ts setupFiles'],
    ],
    ['vitest: environment jsdom is a package', 'vitest', { 'vitest.config.ts': "export default { test: { environment: 'jsdom' } }" }, [], []],
    // mobxjs/mobx packages/mobx-react/jest.config.js
    [
      'jest setupFilesAfterEnv in a template literal (mobx-react)',
      'jest',
      {
        'jest.config.js':
          'const buildConfig = require("../../jest.base.config")\n\nmodule.exports = buildConfig(__dirname, {\n    testRegex: "__tests__/.*\\\\.tsx$",\n    setupFilesAfterEnv: [`<rootDir>/jest.setup.ts`],\n})\n',
      },
      ['jest.setup.ts'],
      [],
    ],
    [
      'jest in package.json, testEnvironment and reporters',
      'jest',
      {
        'package.json': JSON.stringify({
          jest: {
            setupFiles: ['<rootDir>/tools/polyfill.js'],
            testEnvironment: './tools/env.js',
            reporters: ['default', ['<rootDir>/tools/rep.js', {}]],
            globalTeardown: './tools/down',
          },
        }),
      },
      ['tools/polyfill.js', 'tools/down', 'tools/down.*', 'tools/down/index.*', 'tools/env.js', 'tools/rep.js'],
      [],
    ],
    ['jest.config.json', 'jest', { 'jest.config.json': '{ "globalSetup": "./setup/global.js" }' }, ['setup/global.js'], []],
    [
      'mocha .mocharc.yml require and file',
      'mocha',
      { '.mocharc.yml': 'require:\n  - ./test/hooks.js\n  - ts-node/register\nfile: ./test/setup.cjs\n' },
      ['test/hooks.js', 'test/setup.cjs'],
      [],
    ],
    [
      'mocha --require in the test script',
      'mocha',
      { 'package.json': JSON.stringify({ scripts: { test: 'mocha --require ./test/boot.js -r chai/register-expect.js' } }) },
      ['test/boot.js'],
      [],
    ],
    [
      'pytest -p plugins in addopts (no:cacheprovider is none)',
      'pytest',
      { 'pytest.ini': '[pytest]\naddopts = -p tests.plugin -p no:cacheprovider\n' },
      ['tests/plugin.py', 'tests/plugin/__init__.py'],
      [],
    ],
    [
      'pytest in pyproject',
      'pytest',
      { 'pyproject.toml': '[tool.pytest.ini_options]\naddopts = "-ptesthelpers"\n' },
      ['testhelpers.py', 'testhelpers/__init__.py'],
      [],
    ],
    ['a runner without a reader: nothing', 'node', {}, [], []],
  ])('%s', (_, runner, files, expected, unread) => {
    const h = harness(runner, files);
    expect(h.files).toEqual(expected);
    expect(h.unread.map((u) => `${u.file} ${u.key}`)).toEqual(unread);
  });

  it('in a runner folder, paths are the repository’s', () => {
    expect(harness('vitest', { 'vitest.config.ts': "export default { test: { setupFiles: ['./setup.ts'] } }" }, 'packages/app').files).toEqual([
      'packages/app/setup.ts',
    ]);
  });

  it('a path outside the repository or absolute is no harness file of it', () => {
    expect(harness('vitest', { 'vitest.config.ts': "export default { test: { setupFiles: ['../../../x.ts', '/abs/y.ts'] } }" }).files).toEqual([]);
  });
});

describe('resolved into the configuration: the harness files are test support', () => {
  it('vuejs/core: scripts/setup-vitest.ts is support, not implementation', () => {
    const config = { ...structuredClone(DEFAULTS), runner: 'vitest' as const };
    const files: Record<string, string> = { 'vitest.config.ts': "export default { test: { setupFiles: 'scripts/setup-vitest.ts' } }" };
    resolveConfig(config, { runner: 'vitest' }, () => undefined, {
      readFile: (p) => files[p] ?? null,
      readTests: readRunnerTests,
      readHarness: readRunnerHarness,
    });
    const classify = makeClassifier(config);
    expect([classify('scripts/setup-vitest.ts'), classify('scripts/build.ts'), classify('src/index.ts')]).toEqual(['support', 'impl', 'impl']);
  });
});
