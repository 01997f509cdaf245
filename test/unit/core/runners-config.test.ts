/**
 * Several runners in one configuration: validation names `runners[i].key`, resolution fills each
 * runner's globs inside its folder, and runStaged's pure parts send each file to its owner and
 * merge the results.
 */
import { describe, expect, it } from 'vitest';
import {
  composerRequiresPhpunit,
  detectRunners,
  gemfileNamesRspec,
  gradleSettingsInclude,
  pomRunsJupiter,
  showsMinitest,
  type FolderSigns,
} from '../../../src/config/detect.js';
import { resolveConfig, runnerSpecs } from '../../../src/config/resolve.js';
import { DEFAULTS, RUNNER_TESTS } from '../../../src/config/schema.js';
import { validateConfig } from '../../../src/config/validate.js';
import type { RunResult } from '../../../src/types.js';
import { assignRunners, mergeRuns } from '../../../src/verify/run-staged.js';

function resolved(raw: Record<string, unknown>, pkg?: unknown) {
  const { config, problems } = validateConfig(raw, '.tddrc.json');
  expect(problems).toEqual([]);
  resolveConfig(config, raw, () => pkg);
  return config;
}

describe('runners: validation', () => {
  it('names the element and key of every problem', () => {
    const { problems } = validateConfig(
      { runners: [{ runner: 'karma' }, { tests: 'x' }, 'pytest', { runner: 'go', root: '../up', extra: 1 }, { runner: 'command' }] },
      '.tddrc.json',
    );
    expect(problems.map((p) => p.key)).toEqual([
      'runners[0].runner',
      'runners[1].tests',
      'runners[1].runner',
      'runners[2]',
      'runners[3].root',
      'runners[3].extra',
      'runners[4].testTargetedCommand',
    ]);
    expect(problems.every((p) => p.file === '.tddrc.json')).toBe(true);
  });

  it('refuses a runners value that is not an array', () => {
    expect(validateConfig({ runners: { runner: 'go' } }, 'package.json#tdd').problems.map((p) => p.key)).toEqual(['runners']);
  });

  it('runner "command" needs a command', () => {
    expect(validateConfig({ runner: 'command' }, '.tddrc.json').problems.map((p) => p.key)).toEqual(['testTargetedCommand']);
    expect(validateConfig({ runner: 'command', testCommand: 'make test' }, '.tddrc.json').problems).toEqual([]);
    expect(validateConfig({ runner: 'command', testCommand: '  ' }, '.tddrc.json').problems.map((p) => p.key)).toContain('testCommand');
  });
});

describe('runners: resolution', () => {
  it("puts each runner's default globs inside its folder and unions them as the tests", () => {
    const config = resolved({ runners: [{ runner: 'vitest' }, { runner: 'pytest', root: 'api' }, { runner: 'go', root: './svc/' }] });
    expect(config.runner).toBe('vitest');
    expect(runnerSpecs(config).map((s) => [s.runner, s.root, s.tests])).toEqual([
      ['vitest', '.', DEFAULTS.tests],
      ['pytest', 'api', RUNNER_TESTS.pytest!.map((g) => `api/${g}`)],
      ['go', 'svc', ['svc/**/*_test.go']],
    ]);
    expect(config.tests).toEqual([...DEFAULTS.tests, 'api/**/test_*.py', 'api/**/*_test.py', 'svc/**/*_test.go']);
  });

  it('keeps explicit globs, and an explicit top-level tests', () => {
    const config = resolved({ tests: ['t/**'], runners: [{ runner: 'pytest', tests: ['py/**/check_*.py'] }] });
    expect(config.tests).toEqual(['t/**']);
    expect(config.runners[0]!.tests).toEqual(['py/**/check_*.py']);
  });

  it('one runner: detection from package.json and its own default globs', () => {
    expect(resolved({}, { devDependencies: { jest: '30' } }).tests).toEqual(RUNNER_TESTS.jest);
    expect(resolved({ runner: 'go' }).tests).toEqual(['**/*_test.go']);
    expect(runnerSpecs(resolved({ runner: 'cargo' }))).toEqual([
      { runner: 'cargo', root: '.', tests: RUNNER_TESTS.cargo, testCommand: null, testTargetedCommand: null },
    ]);
  });
});

describe('runners: detection', () => {
  const none = { pytestIni: false, conftest: false };
  const folder = (root: string, extra: Partial<FolderSigns>): FolderSigns => ({ root, python: none, goMod: false, ...extra });
  it('finds each kind in each folder, in order', () => {
    expect(
      detectRunners([
        folder('.', { packageJson: { scripts: { test: 'vitest' } }, python: { ...none, pytestIni: true } }),
        folder('api', { python: { ...none, pyprojectToml: '[tool.pytest.ini_options]\n' } }),
        folder('svc', { goMod: true }),
        folder('core', { cargoToml: '[package]\nname = "core"\n' }),
        folder('docs', { cargoToml: '# not a crate\n', packageJson: { name: 'docs' } }),
        folder('gem', { rspec: true }),
        folder('rb', { minitest: true }),
        folder('jvm', { pomXml: '<project><dependencies><dependency><artifactId>junit-jupiter</artifactId></dependency></dependencies></project>' }),
      ]),
    ).toEqual([
      { runner: 'vitest', root: '.' },
      { runner: 'pytest', root: '.' },
      { runner: 'pytest', root: 'api' },
      { runner: 'go', root: 'svc' },
      { runner: 'cargo', root: 'core' },
      { runner: 'rspec', root: 'gem' },
      { runner: 'minitest', root: 'rb' },
      { runner: 'maven', root: 'jvm' },
    ]);
  });
});

const run = (runner: string, status: RunResult['status'], extra: Partial<RunResult> = {}): RunResult => ({
  runner,
  status,
  command: [runner],
  exitCode: status === 'completed' ? 0 : null,
  durationMs: 10,
  files: [],
  tests: [],
  fileErrors: [],
  ...extra,
});

describe('runStaged: assignment and merging', () => {
  const specs = runnerSpecs(resolved({ runners: [{ runner: 'node' }, { runner: 'pytest', root: 'api' }, { runner: 'pytest', root: 'api/inner' }] }));

  it('gives each file to the deepest runner whose globs match (a project inside a project), else to the deepest folder holding it', () => {
    const groups = assignRunners(specs, ['api/test_a.py', 'test/a.test.js', 'api/inner/test_b.py', 'api/inner/check.py', 'other/x.py']);
    expect(groups.map((g) => [g.spec.root, g.files])).toEqual([
      ['.', ['test/a.test.js', 'other/x.py']],
      ['api', ['api/test_a.py']],
      ['api/inner', ['api/inner/test_b.py', 'api/inner/check.py']],
    ]);
  });

  it("at the same depth, the first in the configuration; globs outside a runner's folder never beat one that holds the file", () => {
    const same = runnerSpecs(resolved({ runners: [{ runner: 'vitest' }, { runner: 'jest' }] }));
    expect(assignRunners(same, ['a.test.js']).map((g) => g.spec.runner)).toEqual(['vitest']);
    const odd = runnerSpecs(
      resolved({
        runners: [
          { runner: 'pytest', tests: ['**/test_*.py'] },
          { runner: 'pytest', root: 'api/inner', tests: ['**/test_*.py'] },
        ],
      }),
    );
    expect(assignRunners(odd, ['test_top.py', 'api/inner/test_b.py']).map((g) => [g.spec.root, g.files])).toEqual([
      ['.', ['test_top.py']],
      ['api/inner', ['api/inner/test_b.py']],
    ]);
  });

  it('the worst status wins, with its runner named; tests and errors are kept from all', () => {
    const merged = mergeRuns(
      [
        run('node', 'completed', { tests: [{ file: 'a.test.js', name: 'x', status: 'passed' }] }),
        run('pytest', 'timeout', { reason: 'no result within 10 ms', outputTail: 'slow' }),
      ],
      ['a.test.js', 'api/test_a.py'],
    );
    expect(merged).toMatchObject({
      runner: 'node+pytest',
      status: 'timeout',
      reason: 'pytest: no result within 10 ms',
      durationMs: 20,
      files: ['a.test.js', 'api/test_a.py'],
    });
    expect(merged.tests).toHaveLength(1);
    expect(merged.outputTail).toBe('[pytest]\nslow');
    const one = run('go', 'completed');
    expect(mergeRuns([one], [])).toBe(one);
  });

  it('one runner in several runs (a cargo workspace, a member a run) is named once', () => {
    expect(mergeRuns([run('cargo', 'completed'), run('cargo', 'completed'), run('node', 'completed')], []).runner).toBe('cargo+node');
  });
});

describe('a Python project without pytest configuration', () => {
  const none = { pytestIni: false, conftest: false };
  it.each([
    ['pytest configured', { ...none, pytestIni: true }, 'pytest'],
    ['a project where pytest runs', { ...none, project: true, pytestRuns: true }, 'pytest'],
    ['a project where pytest does not run: the standard library', { ...none, project: true, pytestRuns: false }, 'unittest'],
    ['not a Python project', none, undefined],
  ])('%s → %s', (_, signs, runner) => {
    expect(detectRunners([{ root: '.', python: signs, goMod: false }])[0]?.runner).toBe(runner);
  });
});

describe("install's RSpec signs", () => {
  it('a Gemfile names rspec, rspec-core or rspec-rails as a gem', () => {
    expect(["gem 'rspec'", 'gem "rspec-rails", "~> 6"', "  gem('rspec-core')"].map(gemfileNamesRspec)).toEqual([true, true, true]);
    expect(["gem 'rspec-its'", "# gem 'rspec'", "gem 'minitest'", "gem 'rspecx'"].map(gemfileNamesRspec)).toEqual([false, false, false, false]);
  });
});

describe("install's minitest signs", () => {
  const autorun = 'require "minitest/autorun"\n';
  it('a test file or helper requiring minitest, a Rake::TestTask, or a Gemfile naming minitest', () => {
    expect(showsMinitest({ testTexts: [autorun] })).toBe(true);
    expect(showsMinitest({ testTexts: ["require 'minitest/spec'\n", "require('minitest')\n"] })).toBe(true);
    expect(showsMinitest({ rakefile: 'require "rake/testtask"\nRake::TestTask.new(:test) { |t| t.libs << "test" }\n', testTexts: [] })).toBe(true);
    expect(showsMinitest({ gemfile: 'gem "minitest", "~> 5.0"\n', testTexts: [] })).toBe(true);
  });
  it('test-unit runs its own tests; a comment, another gem or a Rakefile without a test task is no sign', () => {
    expect(showsMinitest({ rakefile: 'Rake::TestTask.new\n', testTexts: ['require "test/unit"\n'] })).toBe(false);
    expect(showsMinitest({ testTexts: ['# require "minitest/autorun"\n', 'require "minitest_helper_gem"\n'] })).toBe(false);
    expect(
      showsMinitest({ rakefile: 'require "rspec/core/rake_task"\nRSpec::Core::RakeTask.new(:spec)\n', gemfile: 'gem "minitest-reporters"\n', testTexts: [] }),
    ).toBe(false);
  });
});

describe("install's Maven signs", () => {
  it('a pom that names a junit-jupiter artifact, not in a comment, and is no aggregator of modules', () => {
    const dep = (a: string) =>
      `<project><dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>${a}</artifactId></dependency></dependencies></project>`;
    expect(['junit-jupiter', 'junit-jupiter-api', ' junit-jupiter-engine '].map((a) => pomRunsJupiter(dep(a)))).toEqual([true, true, true]);
    expect(pomRunsJupiter(dep('junit'))).toBe(false);
    expect(pomRunsJupiter(`<!-- ${dep('junit-jupiter')} -->`)).toBe(false);
    expect(pomRunsJupiter(dep('junit-jupiter').replace('<dependencies>', '<modules><module>core</module></modules><dependencies>'))).toBe(false);
  });
});

describe("install's PHPUnit signs", () => {
  it('a composer.json requires phpunit/phpunit (require or require-dev); a folder with the sign gets phpunit', () => {
    const yes = ['{"require-dev":{"phpunit/phpunit":"^9.6"}}', '{"require":{"php":">=8.1","phpunit/phpunit":"^10"}}'];
    const no = [
      '{"require-dev":{"phpunit/php-code-coverage":"^9"}}',
      '{"suggest":{"phpunit/phpunit":"tests"}}',
      '{"require-dev": ',
      '[]',
      '{"require-dev":null}',
    ];
    expect([...yes, ...no].map(composerRequiresPhpunit)).toEqual([true, true, false, false, false, false, false]);
    expect(detectRunners([{ root: 'lib', python: { pytestIni: false, conftest: false }, goMod: false, phpunit: true }])).toEqual([
      { runner: 'phpunit', root: 'lib' },
    ]);
  });

  it('a Gradle build (any of its build or settings scripts, read by install) is the gradle runner, beside a pom', () => {
    const python = { pytestIni: false, conftest: false };
    const pom = '<project><dependencies><dependency><artifactId>junit-jupiter</artifactId></dependency></dependencies></project>';
    expect(detectRunners([{ root: 'app', python, goMod: false, gradle: true, pomXml: pom }])).toEqual([
      { runner: 'maven', root: 'app' },
      { runner: 'gradle', root: 'app' },
    ]);
    expect(detectRunners([{ root: '.', python, goMod: false, gradle: false }])).toEqual([]);
  });

  it("a Gradle settings script that includes projects is a multi-project build's top: its projects are the runners", () => {
    const yes = ["rootProject.name = 'x'\ninclude 'core', 'app'\n", 'include(":app")\n', '  include ":a:b"\n'];
    const no = ["rootProject.name = 'x'\n", "// include 'core'\n", "/* include 'core' */\n", "includeBuild '../lib'\n"];
    expect([...yes, ...no].map(gradleSettingsInclude)).toEqual([true, true, true, false, false, false, false]);
  });
});
