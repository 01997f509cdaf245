/**
 * Which test runner a project uses, from its package.json, and the `.tddrc.json` install writes.
 * Pure. A new runner is one more entry in SIGNATURES (and in RUNNERS of config/schema).
 */
import { jsCommandRunner, makeTargetCommands, pythonRunnerOfCommands } from './runner-commands.js';
import { DEFAULTS, PACKAGE_TEST_SCRIPT, type Config, type RunnerName, type RunnerSpec } from './schema.js';

interface RunnerSignature {
  runner: RunnerName;
  /** Packages in dependencies or devDependencies that mean this runner. */
  packages: string[];
}

/** In order of precedence; which command starts which runner: runner-commands.ts. */
const SIGNATURES: readonly RunnerSignature[] = [
  { runner: 'vitest', packages: ['vitest'] },
  { runner: 'jest', packages: ['jest'] },
  { runner: 'mocha', packages: ['mocha'] },
  { runner: 'node', packages: [] },
];

/** Words that start another program: `npx vitest`, `pnpm exec vitest`, `c8 --all node --test`. */
const LAUNCHERS = new Set(['npx', 'pnpx', 'bunx', 'exec', 'pnpm', 'yarn', 'bun', 'run', 'cross-env', 'c8', 'nyc', '--']);

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The test scripts: `test`, `test:unit`, `pretest`… */
function testScripts(pkg: Record<string, unknown>): string[] {
  return Object.entries(record(pkg.scripts))
    .filter(([name, body]) => PACKAGE_TEST_SCRIPT.test(name) && typeof body === 'string')
    .map(([, body]) => body as string);
}

/**
 * The commands of a script, each as its words: `FOO=1 npx vitest run && node --test` →
 * [['vitest', 'run'], ['node', '--test']] (env assignments and launchers dropped, executables by
 * basename so `./node_modules/.bin/vitest` is `vitest`).
 */
export function parseScriptCommands(script: string): string[][] {
  return script
    .split(/&&|\|\||[;|&\n]/)
    .map((cmd) => {
      const words = cmd.trim().split(/\s+/).filter(Boolean);
      let i = 0;
      let launched = false;
      for (; i < words.length; i++) {
        const w = words[i]!;
        if (/^\w+=/.test(w) || (launched && w.startsWith('-'))) continue;
        if (!LAUNCHERS.has(w)) break;
        launched = true;
      }
      const rest = words.slice(i);
      if (rest[0]) rest[0] = rest[0].replace(/^.*[\\/]/, '');
      return rest;
    })
    .filter((words) => words.length > 0);
}

/** `make test` (or `make -C x check`) as the Makefile's recipe for it, each line as its words. */
function expandMake(commands: string[][], makefile: string | undefined): string[][] {
  if (makefile === undefined) return commands;
  return commands.flatMap((words) => {
    const target = words[0] === 'make' ? words.slice(1).find((w) => !w.startsWith('-') && !w.includes('=')) : undefined;
    return target === undefined ? [words] : makeTargetCommands(makefile, target).flatMap(parseScriptCommands);
  });
}

/**
 * The runner of a project: what its test scripts call first (`vitest`, `node --test`), then its
 * dependencies (vitest), then DEFAULTS.runner ('node'). `pkg` is a parsed package.json, or
 * undefined when there is none.
 */
export function detectRunner(pkg: unknown, makefile?: string): RunnerName {
  return runnerSignal(pkg, makefile) ?? DEFAULTS.runner;
}

/** The commands of package.json's test scripts, each as its words (see parseScriptCommands). */
export function testScriptCommands(pkg: unknown): string[][] {
  return testScripts(record(pkg)).flatMap(parseScriptCommands);
}

/**
 * The runner package.json names (test scripts first, then dependencies), or undefined when it names
 * none. A script's `make <target>` reads the folder's Makefile, when given.
 */
export function runnerSignal(pkg: unknown, makefile?: string): RunnerName | undefined {
  const p = record(pkg);
  const started = new Set(expandMake(testScriptCommands(p), makefile).map(jsCommandRunner));
  for (const sig of SIGNATURES) if (started.has(sig.runner)) return sig.runner;
  const deps = { ...record(p.dependencies), ...record(p.devDependencies) };
  for (const sig of SIGNATURES) if (sig.packages.some((name) => name in deps)) return sig.runner;
  return undefined;
}

/** What a Python project shows at its top level (file contents, or presence). */
export interface PythonSigns {
  pyprojectToml?: string;
  setupCfg?: string;
  toxIni?: string;
  pytestIni: boolean;
  conftest: boolean;
  /** A Python project without pytest's configuration (setup.py, requirements*.txt, Pipfile, a pyproject.toml). */
  project?: boolean;
  /** Whether `python3 -m pytest` runs here: asked only for such a project. */
  pytestRuns?: boolean;
  /** What the project's own tools run for its tests: tox's `commands`, nox's `session.run`, a Makefile's test recipe. */
  commands?: string[];
}

/**
 * pytest when the project configures it (pyproject, pytest.ini, setup.cfg, tox.ini) or has a
 * conftest.py; else the runner its tox, nox or Makefile runs (`python -m pytest`, `-m unittest`).
 * A Python project without either: pytest when it runs here (it runs unittest's TestCases too),
 * else unittest (the standard library's, always there).
 */
export function detectPythonRunner(s: PythonSigns): RunnerName | undefined {
  if (pytestConfigured(s)) return 'pytest';
  const named = pythonRunnerOfCommands(s.commands ?? []);
  if (named) return named;
  if (s.project) return s.pytestRuns ? 'pytest' : 'unittest';
  return undefined;
}

/** pytest's own configuration, or a conftest.py. */
export function pytestConfigured(s: PythonSigns): boolean {
  if (s.pytestIni || s.conftest) return true;
  if (s.pyprojectToml && /^\s*\[tool\.pytest(\.ini_options)?\]/m.test(s.pyprojectToml)) return true;
  if (s.setupCfg && /^\s*\[tool:pytest\]/m.test(s.setupCfg)) return true;
  return s.toxIni !== undefined && /^\s*\[pytest\]/m.test(s.toxIni);
}

/** What one folder of a repository shows of its test runners. */
export interface FolderSigns {
  /** Repository-relative folder ('.' for the top). */
  root: string;
  packageJson?: unknown;
  python: PythonSigns;
  goMod: boolean;
  /** Cargo.toml's text. */
  cargoToml?: string;
  /** RSpec's signs: a `.rspec`, a `spec/spec_helper.rb`, or a Gemfile that names rspec. */
  rspec?: boolean;
  /** minitest's signs (see showsMinitest). */
  minitest?: boolean;
  /** PHPUnit's signs: a phpunit.xml, phpunit.xml.dist or phpunit.dist.xml, or a composer.json that requires phpunit/phpunit. */
  phpunit?: boolean;
  /** The Makefile's text (GNUmakefile, makefile), for a test script's `make test`. */
  makefile?: string;
  /** pom.xml's text. */
  pomXml?: string;
  /** A Gradle build's signs: build.gradle, build.gradle.kts, settings.gradle or settings.gradle.kts. */
  gradle?: boolean;
}

/** Does a Gemfile name RSpec (`gem 'rspec'`, `gem "rspec-rails"`, `gem 'rspec-core'`)? */
export function gemfileNamesRspec(gemfile: string): boolean {
  return /^\s*gem\s*\(?\s*["']rspec(?:-core|-rails)?["']/m.test(gemfile);
}

/** Does a composer.json require phpunit/phpunit (in require or require-dev)? Not JSON: no. */
export function composerRequiresPhpunit(composerJson: string): boolean {
  try {
    const c = JSON.parse(composerJson) as Record<string, unknown>;
    return ['require', 'require-dev'].some((k) => {
      const deps = c[k];
      return deps !== null && typeof deps === 'object' && 'phpunit/phpunit' in deps;
    });
  } catch {
    return false;
  }
}

/**
 * Does a folder run its tests with minitest? Its test files (the helper and the first few under
 * test/) `require "minitest/autorun"` (or minitest/spec, minitest/pride, minitest), or its Rakefile
 * defines a Rake::TestTask, or its Gemfile names minitest — unless a test file requires test-unit
 * (`require "test/unit"`), which runs its own tests.
 */
export function showsMinitest(o: { rakefile?: string; gemfile?: string; testTexts: readonly string[] }): boolean {
  if (o.testTexts.some((t) => /^\s*require\s*\(?\s*["']test\/unit["']/m.test(t))) return false;
  if (o.testTexts.some((t) => /^\s*require\s*\(?\s*["']minitest(?:\/(?:autorun|spec|pride|unit))?["']/m.test(t))) return true;
  if (o.gemfile !== undefined && /^\s*gem\s*\(?\s*["']minitest["']/m.test(o.gemfile)) return true;
  return o.rakefile !== undefined && /\bRake::TestTask\b/.test(o.rakefile);
}

/**
 * Does a pom run JUnit 5 here: it names a junit-jupiter artifact outside a comment, and is no
 * aggregator (`<modules>`: its modules are the runners, one `runners` entry each)?
 */
export function pomRunsJupiter(pom: string): boolean {
  const text = pom.replace(/<!--[\s\S]*?-->/g, '');
  return /<artifactId>\s*junit-jupiter(?:-api|-engine|-params)?\s*<\/artifactId>/.test(text) && !/<modules>/.test(text);
}

/**
 * Does a Gradle settings script make its folder a multi-project build's top (`include 'core'`,
 * `include(":app")`)? Its projects are the runners then, one `runners` entry each, as a pom's
 * `<modules>` are. Comments are not read.
 */
export function gradleSettingsInclude(settings: string): boolean {
  const text = settings.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return /^\s*include\s*[(\s'"]/m.test(text);
}

/**
 * Every runner the folders show, at most one per kind and folder: package.json's JS runner,
 * pytest, go (go.mod), cargo (a Cargo.toml with a [package] or a [workspace]), rspec (`.rspec`,
 * `spec/spec_helper.rb`, a Gemfile naming rspec), minitest (showsMinitest), maven (a pom.xml naming
 * junit-jupiter), phpunit (phpunit.xml(.dist), a composer.json requiring phpunit/phpunit), gradle (a
 * build or settings script). Pure; in the order given.
 */
export function detectRunners(folders: FolderSigns[]): { runner: RunnerName; root: string }[] {
  const found: { runner: RunnerName; root: string }[] = [];
  for (const f of folders) {
    const js = f.packageJson === undefined ? undefined : runnerSignal(f.packageJson, f.makefile);
    const python = detectPythonRunner(f.python);
    if (js) found.push({ runner: js, root: f.root });
    if (python) found.push({ runner: python, root: f.root });
    if (f.goMod) found.push({ runner: 'go', root: f.root });
    if (f.cargoToml !== undefined && /^\s*\[(package|workspace)\]/m.test(f.cargoToml)) found.push({ runner: 'cargo', root: f.root });
    if (f.rspec) found.push({ runner: 'rspec', root: f.root });
    if (f.minitest) found.push({ runner: 'minitest', root: f.root });
    if (f.pomXml !== undefined && pomRunsJupiter(f.pomXml)) found.push({ runner: 'maven', root: f.root });
    if (f.phpunit) found.push({ runner: 'phpunit', root: f.root });
    if (f.gradle) found.push({ runner: 'gradle', root: f.root });
  }
  return found;
}

/**
 * The `.tddrc.json` install writes: `$schema`, the runner, and only the settings that differ from
 * DEFAULTS. Two-space JSON with a final newline.
 */
export function formatConfigFile(
  settings: Partial<Omit<Config, 'runners'>> & { runner: RunnerName; runners?: Partial<RunnerSpec>[] },
  schemaRef: string | undefined,
): string {
  // With `runners`, the first of them is the runner: writing both would say it twice.
  const several = (settings.runners?.length ?? 0) > 0;
  const out: Record<string, unknown> = schemaRef === undefined ? {} : { $schema: schemaRef };
  if (!several) out.runner = settings.runner;
  for (const [key, value] of Object.entries(settings)) {
    if (key === 'runner' || value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(DEFAULTS[key as keyof Config])) out[key] = value;
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}
