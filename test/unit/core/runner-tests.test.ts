/**
 * The runner decides what a test file is: literal configuration text → the test files' globs (or
 * undefined: "cannot tell", the default globs stay). Each reader is pure; the classifier built
 * from its result is checked on paths.
 */
import { describe, expect, it } from 'vitest';
import { readRunnerTests } from '../../../src/config/runner-tests/index.js';
import { iniWords, parseIni, parseJsonc, parseToml, parseYamlTop } from '../../../src/config/runner-tests/formats.js';
import { scanVitestConfig } from '../../../src/config/runner-tests/vitest.js';
import { parseMochaCommand } from '../../../src/config/runner-tests/mocha.js';
import { resolveConfig, runnerSpecs } from '../../../src/config/resolve.js';
import { validateConfig } from '../../../src/config/validate.js';
import { makeClassifier } from '../../../src/snapshot/classify.js';
import { hasTestSettings, testSettingsOf } from '../../../src/config/test-settings.js';
import type { RunnerName, TestMatch } from '../../../src/config/schema.js';

const FALLBACK = ['**/*.test.js'];

function read(runner: RunnerName, files: Record<string, string>, root = '.'): ReturnType<typeof readRunnerTests> {
  const pkg = files['package.json'];
  return readRunnerTests(
    runner,
    { root, read: (n) => files[n] ?? null, packageJson: pkg ? (JSON.parse(pkg) as Record<string, unknown>) : undefined },
    FALLBACK,
  );
}

const MOCHA_DEFAULT = ['test', 'test.{js,cjs,mjs}', 'test/*.{js,cjs,mjs}'];

describe('mocha', () => {
  it.each<[string, Record<string, string>, TestMatch | undefined]>([
    ["no configuration: mocha's own `test` folder, with the default globs", {}, { tests: [...MOCHA_DEFAULT, ...FALLBACK] }],
    ['.mocharc.json spec (a glob as it is)', { '.mocharc.json': '{ "spec": "tests/lib/**/*.js" }' }, { tests: ['tests/lib/**/*.js'] }],
    [
      '.mocharc.jsonc with comments, extension and recursive',
      { '.mocharc.jsonc': '{\n  // where\n  "spec": ["spec"], /* ts too */ "extension": ["ts"],\n  "recursive": true,\n}' },
      { tests: ['spec', 'spec.ts', 'spec/**/*.ts'] },
    ],
    [
      '.mocharc.yml list and ignore',
      { '.mocharc.yml': "spec:\n  - 'test/unit'\n  - test/int/*.spec.js # later\nignore: ['test/unit/fixtures/**']\n" },
      { tests: ['test/unit', 'test/unit.{js,cjs,mjs}', 'test/unit/*.{js,cjs,mjs}', 'test/int/*.spec.js'], ignore: ['test/unit/fixtures/**'] },
    ],
    ['package.json mocha.spec', { 'package.json': '{ "mocha": { "spec": "./spec/**/*.spec.js" } }' }, { tests: ['spec/**/*.spec.js'] }],
    [
      'the test script: positional specs and --recursive',
      { 'package.json': '{ "scripts": { "test": "nyc mocha --recursive --timeout 5000 \'test/**/*.spec.js\' spec" } }' },
      { tests: ['test/**/*.spec.js', 'spec', 'spec.{js,cjs,mjs}', 'spec/**/*.{js,cjs,mjs}'] },
    ],
    [
      'the test script and .mocharc spec together (mocha concatenates them)',
      { 'package.json': '{ "scripts": { "test": "mocha a.js" } }', '.mocharc.json': '{ "spec": "b.js" }' },
      { tests: ['a.js', 'a.js.{js,cjs,mjs}', 'a.js/*.{js,cjs,mjs}', 'b.js', 'b.js.{js,cjs,mjs}', 'b.js/*.{js,cjs,mjs}'] },
    ],
    ['.mocharc.js is code', { '.mocharc.js': 'module.exports = { spec: "x" }' }, undefined],
    ['the first rc file wins, even if it is code', { '.mocharc.cjs': 'module.exports = {}', '.mocharc.json': '{ "spec": "x" }' }, undefined],
    ['--config names another file', { 'package.json': '{ "scripts": { "test": "mocha --config ci.yml" } }' }, undefined],
    ['a spec above the folder', { '.mocharc.json': '{ "spec": "../shared/test" }' }, undefined],
    ['spec of another shape', { '.mocharc.json': '{ "spec": 3 }' }, undefined],
  ])('%s', (_, files, expected) => {
    expect(read('mocha', files)).toEqual(expected);
  });

  it('a runner in a folder: its globs from the top', () => {
    expect(read('mocha', { '.mocharc.json': '{ "spec": "test/**/*.js", "ignore": "test/helpers/**" }' }, 'packages/app')).toEqual({
      tests: ['packages/app/test/**/*.js'],
      ignore: ['packages/app/test/helpers/**'],
    });
  });

  it('reads a mocha command line', () => {
    expect(parseMochaCommand(['mocha', '-r', 'ts-node/register', '--extension=ts,tsx', '--spec', 'src', '-t', '100', 'x'])).toEqual({
      spec: ['src', 'x'],
      extension: ['ts', 'tsx'],
      ignore: [],
    });
  });
});

describe('jest', () => {
  it.each<[string, Record<string, string>, TestMatch | undefined]>([
    ['no configuration: jest defaults, the fallback keeps them', {}, undefined],
    [
      'testMatch and roots from package.json',
      {
        'package.json':
          '{ "jest": { "roots": ["<rootDir>/src", "lib"], "testMatch": ["**/*.check.js", "<rootDir>/src/**/*.it.js", "!**/fixtures/**", "relative/*.js"] } }',
      },
      { tests: ['**/*.check.js', 'src/**/*.it.js'], within: ['src', 'lib'], ignore: ['**/fixtures/**'], ignoreRegex: ['/node_modules/'] },
    ],
    [
      'testRegex and testPathIgnorePatterns from jest.config.json',
      { 'jest.config.json': '{ "testRegex": "(/__tests__/.*|\\\\.spec)\\\\.js$", "testPathIgnorePatterns": ["<rootDir>/build/", "/node_modules/"] }' },
      { tests: [], regex: ['(/__tests__/.*|\\.spec)\\.js$'], ignoreRegex: ['/build/', '/node_modules/'] },
    ],
    ['jest.config.js is code', { 'jest.config.js': 'module.exports = {}', 'package.json': '{ "jest": { "testMatch": ["**/*.x.js"] } }' }, undefined],
    ['a preset may set testMatch', { 'package.json': '{ "jest": { "preset": "ts-jest" } }' }, undefined],
    ['projects', { 'package.json': '{ "jest": { "projects": ["a", "b"] } }' }, undefined],
    ['a "jest" key naming a file', { 'package.json': '{ "jest": "./jest.config.custom.js" }' }, undefined],
    ['an invalid testRegex', { 'jest.config.json': '{ "testRegex": "(" }' }, undefined],
  ])('%s', (_, files, expected) => {
    expect(read('jest', files)).toEqual(expected);
  });

  it('in a folder: <rootDir> is the folder, and the regular expressions see "/" + the repository path', () => {
    expect(
      read('jest', { 'jest.config.json': '{ "testMatch": ["<rootDir>/t/**/*.js"], "testPathIgnorePatterns": ["<rootDir>/t/slow/"] }' }, 'packages/app'),
    ).toEqual({
      tests: ['packages/app/t/**/*.js'],
      within: ['packages/app'],
      ignoreRegex: ['/packages/app/t/slow/'],
    });
  });
});

describe('pytest', () => {
  it.each<[string, Record<string, string>, TestMatch | undefined]>([
    ['none: the fallback (pytest defaults)', {}, undefined],
    [
      'pytest.ini testpaths and python_files',
      { 'pytest.ini': '[pytest]\ntestpaths = tests integration\npython_files =\n    check_*.py\n    *_spec.py\n' },
      { tests: ['tests/**/check_*.py', 'tests/**/*_spec.py', 'integration/**/check_*.py', 'integration/**/*_spec.py'] },
    ],
    [
      'an empty pytest.ini is the configuration: defaults anywhere',
      { 'pytest.ini': '', 'pyproject.toml': '[tool.pytest.ini_options]\ntestpaths = ["x"]\n' },
      { tests: ['**/test_*.py', '**/*_test.py'] },
    ],
    [
      'pyproject.toml ini_options, arrays over lines',
      { 'pyproject.toml': '[project]\nname = "p"\n\n[tool.pytest.ini_options]\ntestpaths = [\n  "tests", # unit\n  "./e2e/",\n]\npython_files = "t_*.py"\n' },
      { tests: ['tests/**/t_*.py', 'e2e/**/t_*.py'] },
    ],
    [
      'pyproject.toml [tool.pytest] (native TOML, pytest 9)',
      { 'pyproject.toml': '[tool.pytest]\npython_files = ["test_*.py"]\n' },
      { tests: ['**/test_*.py'] },
    ],
    [
      'pyproject.toml without pytest tables: on to setup.cfg',
      { 'pyproject.toml': '[project]\n', 'setup.cfg': '[metadata]\nname = x\n[tool:pytest]\ntestpaths = src/tests\n' },
      { tests: ['src/tests/**/test_*.py', 'src/tests/**/*_test.py'] },
    ],
    ["tox.ini's [pytest]", { 'tox.ini': '[tox]\nenvlist = py3\n[pytest]\npython_files = *_checks.py\n' }, { tests: ['**/*_checks.py'] }],
    ['a python_files pattern with a path: fnmatch on the whole path', { 'pytest.ini': '[pytest]\npython_files = tests/*.py\n' }, undefined],
    ['a testpath above the folder', { 'pytest.ini': '[pytest]\ntestpaths = ../x\n' }, undefined],
  ])('%s', (_, files, expected) => {
    expect(read('pytest', files)).toEqual(expected);
  });
});

describe('vitest', () => {
  it.each<[string, Record<string, string>, TestMatch | undefined]>([
    ['no configuration file: the fallback', {}, undefined],
    [
      'a literal test.include and exclude (coverage.include is not it)',
      {
        'vitest.config.ts':
          "import { defineConfig } from 'vitest/config';\n// include: ['no']\nexport default defineConfig({\n  test: {\n    include: ['tests/lib/**/*.js', \"src/**/*.spec.ts\"],\n    exclude: ['tests/lib/fixtures/**'],\n    coverage: { include: ['src/**'] },\n  },\n});\n",
      },
      { tests: ['tests/lib/**/*.js', 'src/**/*.spec.ts'], ignore: ['tests/lib/fixtures/**'] },
    ],
    [
      'vitest.config before vite.config',
      { 'vite.config.ts': "export default { test: { include: ['a/**'] } }", 'vitest.config.mjs': "export default { test: { include: ['b/**'] } }" },
      { tests: ['b/**'] },
    ],
    ['include built by code', { 'vitest.config.ts': "const dirs = ['a'];\nexport default { test: { include: dirs.map((d) => `${d}/**`) } }" }, undefined],
    [
      'include from a shared configuration',
      { 'vitest.config.ts': "import base from './base';\nexport default mergeConfig(base, { test: { environment: 'node' } })" },
      undefined,
    ],
    ['no include at all: it may come from elsewhere', { 'vite.config.js': "export default { plugins: [], test: { environment: 'jsdom' } }" }, undefined],
    ['projects', { 'vitest.config.ts': "export default { test: { include: ['a/**'], projects: ['packages/*'] } }" }, undefined],
    [
      'a regular expression and a division do not confuse it',
      {
        'vitest.config.ts':
          "const r = /[']/g; const h = 4 / 2;\nexport default { resolve: { alias: [{ find: /^~\\//, replacement: '' }] }, test: { include: ['t/**/*.t.js'] } }",
      },
      { tests: ['t/**/*.t.js'] },
    ],
  ])('%s', (_, files, expected) => {
    expect(read('vitest', files)).toEqual(expected);
  });

  it('scans only `test.include` and `test.exclude` as literals', () => {
    expect(scanVitestConfig("export default { test: { include: ['a', `b`], exclude: [x] } }")).toEqual({
      include: [['a', 'b']],
      exclude: [null],
      doubt: false,
    });
  });
});

describe('cargo', () => {
  it.each<[string, Record<string, string>, ReturnType<typeof readRunnerTests>]>([
    ['a package alone: the fallback', { 'Cargo.toml': '[package]\nname = "a"\n' }, undefined],
    [
      "a virtual workspace: its members' integration tests, excluded folders left out",
      {
        'Cargo.toml':
          '[workspace]\nresolver = "2"\nmembers = [\n  "crates/*",\n  "tools/gen",\n]\nexclude = ["crates/old"]\n\n[workspace.dependencies]\nserde = "1"\n',
      },
      {
        tests: ['crates/*/tests/*.rs', 'crates/*/tests/*/main.rs', 'tools/gen/tests/*.rs', 'tools/gen/tests/*/main.rs'],
        members: ['crates/*', 'tools/gen'],
        ignore: ['crates/old/**'],
      },
    ],
    [
      'a workspace with a package at its top',
      { 'Cargo.toml': '[package]\nname = "top"\n[workspace]\nmembers = ["core"]\n' },
      { tests: ['tests/*.rs', 'tests/*/main.rs', 'core/tests/*.rs', 'core/tests/*/main.rs'], members: ['core'] },
    ],
  ])('%s', (_, files, expected) => {
    expect(read('cargo', files)).toEqual(expected);
  });
});

describe("minitest: the Rakefile's Rake::TestTask", () => {
  const task = (body: string) => `require "rake/testtask"\n\nRake::TestTask.new(:test) do |t|\n  t.libs << "test"\n${body}end\n`;
  it.each<[string, Record<string, string>, ReturnType<typeof readRunnerTests>]>([
    ['no Rakefile: the fallback', {}, undefined],
    ['a Rakefile without a TestTask: the fallback', { Rakefile: 'task :default => :build\n' }, undefined],
    ["a TestTask that names nothing: Rake's own test/test*.rb", { Rakefile: task('') }, { tests: ['test/test*.rb'] }],
    [
      "rack's: test_files = FileList[…] of literals",
      { Rakefile: task('  t.test_files = FileList["test/**/*_test.rb", "test/**/spec_*.rb", "test/gemloader.rb"]\n  t.warning = true\n') },
      { tests: ['test/**/*_test.rb', 'test/**/spec_*.rb', 'test/gemloader.rb'] },
    ],
    ['pattern, single quotes, a trailing comment', { rakefile: task("  t.pattern = 'spec/**/*_spec.rb' # minitest/spec\n") }, { tests: ['spec/**/*_spec.rb'] }],
    [
      'two tasks: the union; %w[] and Dir[]',
      { 'Rakefile.rb': task('  t.test_files = %w[test/a_test.rb test/b_test.rb]\n') + task('  t.test_files = Dir["test/integration/**/*_test.rb"]\n') },
      { tests: ['test/a_test.rb', 'test/b_test.rb', 'test/integration/**/*_test.rb'] },
    ],
    // Code, not data: the default globs stay.
    ['a variable', { Rakefile: task('  t.test_files = TEST_FILES\n') }, undefined],
    ['an exclude', { Rakefile: task('  t.test_files = FileList["test/**/*_test.rb"].exclude("test/slow/*")\n') }, undefined],
    ['interpolation', { Rakefile: task('  t.pattern = "#{ROOT}/test/*_test.rb"\n') }, undefined],
    ['a path above the folder', { Rakefile: task('  t.pattern = "../test/*_test.rb"\n') }, undefined],
  ])('%s', (_, files, expected) => {
    expect(read('minitest', files)).toEqual(expected);
  });

  it("its TestTasks' test files are frozen test settings; the rest of the Rakefile is free", () => {
    const rakefile = `require "bundler/gem_tasks"\n${task('  t.test_files = FileList["test/**/spec_*.rb"]\n')}\ntask default: :test\n`;
    const settings = (text: string) => testSettingsOf('Rakefile', text);
    expect(hasTestSettings('gems/rack/Rakefile')).toBe(true);
    expect(settings(rakefile)).toBe(settings(rakefile.replace('task default: :test', 'task default: [:test, :rubocop]').replace('  t.libs', '    t.libs')));
    expect(settings(rakefile.replace('spec_*.rb', 'spec_calc.rb'))).not.toBe(settings(rakefile));
    expect(settings(rakefile.replace('  t.libs << "test"\n', '  t.libs << "test"\n  t.pattern = "test/none/*.rb"\n'))).not.toBe(settings(rakefile));
  });

  it('in a runner folder, its globs are the repository paths', () => {
    expect(read('minitest', { Rakefile: task('  t.pattern = "test/**/spec_*.rb"\n') }, 'gems/rack')).toEqual({ tests: ['gems/rack/test/**/spec_*.rb'] });
  });
});

describe("the classifier from the runners' rules", () => {
  function classify(raw: Record<string, unknown>, files: Record<string, string>) {
    const { config, problems } = validateConfig(raw, '.tddrc.json');
    expect(problems).toEqual([]);
    resolveConfig(config, raw, () => (files['package.json'] ? JSON.parse(files['package.json']) : undefined), {
      readFile: (p) => files[p] ?? null,
      readTests: readRunnerTests,
    });
    return { kind: makeClassifier(config), config };
  }

  it("mocha's default layout: test/*.js are tests, test/helpers/ support", () => {
    const { kind } = classify({ runner: 'mocha' }, {});
    expect(['test/sum.js', 'test/helpers/db.js', 'src/sum.js', 'src/sum.test.js'].map(kind)).toEqual(['test', 'support', 'impl', 'test']);
  });

  it('jest roots, testMatch, testPathIgnorePatterns; testRegex on "/" + the path', () => {
    const { kind } = classify(
      { runner: 'jest' },
      { 'package.json': '{ "jest": { "roots": ["<rootDir>/src"], "testMatch": ["**/*.check.js"], "testPathIgnorePatterns": ["/slow/"] } }' },
    );
    expect(['src/a.check.js', 'lib/a.check.js', 'src/slow/b.check.js', 'src/a.test.js'].map(kind)).toEqual(['test', 'impl', 'impl', 'impl']);
    const regex = classify({ runner: 'jest' }, { 'jest.config.json': '{ "testRegex": "/__tests__/.*\\\\.js$" }' }).kind;
    expect(['__tests__/a.js', 'x/__tests__/b.js', 'x__tests__/c.js'].map(regex)).toEqual(['test', 'test', 'impl']);
  });

  it('with runners, each its own rules in its folder; a file set `tests` wins over them all', () => {
    const files = { 'packages/app/.mocharc.yml': 'spec: test/**/*.js\n', 'packages/app/package.json': '{}' };
    const { kind, config } = classify({ runners: [{ runner: 'vitest' }, { runner: 'mocha', root: 'packages/app' }] }, files);
    expect(['packages/app/test/x.js', 'packages/app/lib/x.js', 'web/a.test.ts'].map(kind)).toEqual(['test', 'impl', 'test']);
    expect(runnerSpecs(config)[1]!.tests).toEqual(['packages/app/test/**/*.js']);
    expect(classify({ runner: 'mocha', tests: ['t/**'] }, { '.mocharc.json': '{ "spec": "x" }' }).config.tests).toEqual(['t/**']);
  });

  it("maven's files: Surefire's test classes, support beside them, the pom a manifest, .mvn's flags frozen; composer's files manifests", () => {
    expect(['composer.json', 'composer.lock'].map(classify({ runner: 'phpunit' }, {}).kind)).toEqual(['manifest', 'manifest']);
    const { kind } = classify({ runner: 'maven' }, {});
    const paths = [
      'src/test/java/calc/CalcTest.java',
      'src/test/java/calc/TestMoney.java',
      'src/test/java/calc/Fixtures.java',
      'src/main/java/calc/Calc.java',
      'pom.xml',
      '.mvn/maven.config',
      'core/src/test/java/a/ATests.java',
    ];
    expect(paths.map(kind)).toEqual(['test', 'test', 'support', 'impl', 'manifest', 'support', 'test']);
  });

  it('a cargo workspace: members are in the runner spec, their tests are tests', () => {
    const { kind, config } = classify({ runner: 'cargo' }, { 'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\n' });
    // A virtual workspace has no package at the top: its tests/ is test support, as everywhere.
    expect(['crates/core/tests/it.rs', 'crates/core/src/lib.rs', 'tests/top.rs'].map(kind)).toEqual(['test', 'impl', 'support']);
    expect(runnerSpecs(config)[0]!.members).toEqual(['crates/*']);
  });
});

describe("vite.config test settings are frozen like package.json's", () => {
  it('only test.include and test.exclude count', () => {
    const before = "export default { plugins: [a()], test: { include: ['t/**'] } }";
    expect(hasTestSettings('web/vite.config.ts')).toBe(true);
    expect(testSettingsOf('vite.config.ts', before)).toBe(testSettingsOf('vite.config.ts', before.replace('a()', 'b()')));
    expect(testSettingsOf('vite.config.ts', before)).not.toBe(testSettingsOf('vite.config.ts', before.replace('t/**', 'u/**')));
  });
});

describe('formats', () => {
  it('JSONC: comments and trailing commas, strings kept', () => {
    expect(parseJsonc('{ "a": "//x", /* c */ "b": [1,], }')).toEqual({ a: '//x', b: [1] });
    expect(parseJsonc('{')).toBeUndefined();
  });
  it('INI: sections, both separators, continuation lines', () => {
    const ini = parseIni('; c\n[pytest]\naddopts: -q\npython_files =\n  a_*.py\n  b_*.py\n[other]\nx = 1\n');
    expect(iniWords(ini.get('pytest')!.get('python_files')!)).toEqual(['a_*.py', 'b_*.py']);
    expect(ini.get('pytest')!.get('addopts')).toBe('-q');
  });
  it('TOML: quoted table names, literal strings, numbers unknown', () => {
    const t = parseToml('[tool."pytest".ini_options]\nx = \'a b\'\nn = 3\nb = true\nl = ["a", \'b\'] # c\n');
    expect(Object.fromEntries(t.get('tool.pytest.ini_options')!)).toEqual({ x: 'a b', n: undefined, b: true, l: ['a', 'b'] });
  });
  it('YAML: scalars, flow and block lists', () => {
    expect(Object.fromEntries(parseYamlTop('a: "x"\nb: [c, \'d\']\ne:\n  - f\n- g\nh: {x: 1}\n'))).toEqual({
      a: 'x',
      b: ['c', 'd'],
      e: ['f', 'g'],
      h: undefined,
    });
  });
});

describe("a pom's test settings are frozen, the rest of it free", () => {
  const pom = [
    '<project>',
    '  <properties><maven.compiler.release>17</maven.compiler.release></properties>',
    '  <dependencies><dependency><artifactId>guava</artifactId></dependency></dependencies>',
    '  <build><plugins>',
    '    <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.10.1</version></plugin>',
    '    <plugin>',
    '      <artifactId>maven-surefire-plugin</artifactId>',
    '      <version>2.22.3</version>',
    '    </plugin>',
    '  </plugins></build>',
    '</project>',
  ].join('\n');
  const settings = (text: string) => testSettingsOf('core/pom.xml', text);
  it('Surefire, the test sources and the skip switches count; a dependency, the compiler and whitespace do not', () => {
    expect(hasTestSettings('core/pom.xml')).toBe(true);
    expect(settings(pom)).toBe(settings(pom.replace('guava', 'commons-lang3').replace('3.10.1', '3.11.0').replace(/\n\s*/g, ' ')));
    for (const changed of [
      pom.replace(
        '<version>2.22.3</version>',
        '<version>2.22.3</version><configuration><excludes><exclude>**/CalcTest.java</exclude></excludes></configuration>',
      ),
      pom.replace('<maven.compiler.release>', '<skipTests>true</skipTests><maven.compiler.release>'),
      pom.replace('<properties>', '<properties><maven.test.failure.ignore>true</maven.test.failure.ignore>'),
      pom.replace('<build>', '<build><testSourceDirectory>src/other</testSourceDirectory>'),
    ])
      expect(settings(changed)).not.toBe(settings(pom));
    expect(settings(`<!-- <skipTests>true</skipTests> -->${pom}`)).toBe(settings(pom));
  });

  it('a plugin of the test phases, a property Surefire reads, and the test JVM arguments count too', () => {
    const reads = pom
      .replace('<version>2.22.3</version>', '<version>2.22.3</version><configuration><skip>${quick}</skip></configuration>')
      .replace('<properties>', '<properties><quick>false</quick>');
    const copyOver = (phase: string) =>
      pom.replace(
        '</plugins>',
        `<plugin><artifactId>maven-resources-plugin</artifactId><executions><execution><phase>${phase}</phase><goals><goal>copy-resources</goal></goals></execution></executions></plugin></plugins>`,
      );
    for (const changed of [
      [reads, reads.replace('<quick>false</quick>', '<quick>true</quick>')],
      [reads, reads.replace('<project>', '<project><profiles><profile><properties><quick>true</quick></properties></profile></profiles>')],
      [pom, copyOver('generate-test-sources')],
      [pom, copyOver('test')],
      [pom, pom.replace('<properties>', '<properties><argLine>-javaagent:lib/agent.jar</argLine>')],
    ])
      expect(settings(changed[1]!)).not.toBe(settings(changed[0]!));
    // A plugin of the main build, and a property no test plugin reads, stay free.
    expect(settings(copyOver('generate-sources'))).toBe(settings(pom));
    expect(settings(reads.replace('<maven.compiler.release>17', '<maven.compiler.release>21'))).toBe(settings(reads));
  });
});

describe("composer.json's test settings", () => {
  const composer = JSON.stringify({
    require: { php: '>=8.1' },
    'require-dev': { 'phpunit/phpunit': '^9.6' },
    autoload: { 'psr-4': { 'App\\': 'src/' } },
    'autoload-dev': { 'psr-4': { 'App\\Tests\\': 'tests/' } },
    scripts: { test: 'phpunit', lint: 'php -l src' },
  });
  const settings = (text: string) => testSettingsOf('composer.json', text);
  it('a manifest: the test scripts and autoload-dev count; a dependency, autoload and other scripts do not', () => {
    expect(hasTestSettings('lib/composer.json')).toBe(true);
    const c = JSON.parse(composer) as Record<string, Record<string, unknown>>;
    const same = {
      ...c,
      require: { php: '>=8.2', 'guzzlehttp/guzzle': '^7' },
      autoload: { 'psr-4': { 'Lib\\': 'lib/' } },
      scripts: { ...c.scripts, lint: 'x' },
    };
    expect(settings(JSON.stringify(same))).toBe(settings(composer));
    for (const changed of [
      { ...c, scripts: { ...c.scripts, test: 'phpunit --filter nothing' } },
      { ...c, scripts: { ...c.scripts, 'test:unit': 'true' } },
      { ...c, 'autoload-dev': { 'psr-4': { 'App\\Tests\\': 'other/' } } },
    ])
      expect(settings(JSON.stringify(changed))).not.toBe(settings(composer));
  });
});
