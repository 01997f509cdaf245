/**
 * Which test runner a project uses, from its package.json, and the `.tddrc.json` install writes.
 * Pure. A new runner is one more entry in SIGNATURES (and in RUNNERS of config/schema).
 */
import { DEFAULTS, PACKAGE_TEST_SCRIPT, type Config, type RunnerName, type RunnerSpec } from './schema.js';

interface RunnerSignature {
  runner: RunnerName;
  /** Executables that mean this runner when a test script calls them (basename). */
  executables: string[];
  /** A flag the executable must be given when the executable alone says nothing (`node --test`). */
  flag?: string;
  /** Packages in dependencies or devDependencies that mean this runner. */
  packages: string[];
}

/** In order of precedence. */
const SIGNATURES: readonly RunnerSignature[] = [
  { runner: 'vitest', executables: ['vitest'], packages: ['vitest'] },
  { runner: 'jest', executables: ['jest'], packages: ['jest'] },
  { runner: 'mocha', executables: ['mocha', '_mocha'], packages: ['mocha'] },
  { runner: 'node', executables: ['node'], flag: '--test', packages: [] },
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

function scriptMatches(sig: RunnerSignature, commands: string[][]): boolean {
  return commands.some(
    ([exe, ...args]) =>
      exe !== undefined && sig.executables.includes(exe) && (sig.flag === undefined || args.some((a) => a === sig.flag || a.startsWith(`${sig.flag}=`))),
  );
}

/**
 * The runner of a project: what its test scripts call first (`vitest`, `node --test`), then its
 * dependencies (vitest), then DEFAULTS.runner ('node'). `pkg` is a parsed package.json, or
 * undefined when there is none.
 */
export function detectRunner(pkg: unknown): RunnerName {
  return runnerSignal(pkg) ?? DEFAULTS.runner;
}

/** The commands of package.json's test scripts, each as its words (see parseScriptCommands). */
export function testScriptCommands(pkg: unknown): string[][] {
  return testScripts(record(pkg)).flatMap(parseScriptCommands);
}

/** The runner package.json names (test scripts first, then dependencies), or undefined when it names none. */
export function runnerSignal(pkg: unknown): RunnerName | undefined {
  const p = record(pkg);
  const commands = testScriptCommands(p);
  for (const sig of SIGNATURES) if (scriptMatches(sig, commands)) return sig.runner;
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
}

/**
 * pytest when the project configures it (pyproject, pytest.ini, setup.cfg, tox.ini) or has a
 * conftest.py. A Python project without that: pytest when it runs here (it runs unittest's
 * TestCases too), else unittest (the standard library's, always there).
 */
export function detectPythonRunner(s: PythonSigns): RunnerName | undefined {
  if (pytestConfigured(s)) return 'pytest';
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
}

/** Does a Gemfile name RSpec (`gem 'rspec'`, `gem "rspec-rails"`, `gem 'rspec-core'`)? */
export function gemfileNamesRspec(gemfile: string): boolean {
  return /^\s*gem\s*\(?\s*["']rspec(?:-core|-rails)?["']/m.test(gemfile);
}

/**
 * Every runner the folders show, at most one per kind and folder: package.json's JS runner,
 * pytest, go (go.mod), cargo (a Cargo.toml with a [package] or a [workspace]), rspec (`.rspec`,
 * `spec/spec_helper.rb`, a Gemfile naming rspec). Pure; in the order given.
 */
export function detectRunners(folders: FolderSigns[]): { runner: RunnerName; root: string }[] {
  const found: { runner: RunnerName; root: string }[] = [];
  for (const f of folders) {
    const js = f.packageJson === undefined ? undefined : runnerSignal(f.packageJson);
    const python = detectPythonRunner(f.python);
    if (js) found.push({ runner: js, root: f.root });
    if (python) found.push({ runner: python, root: f.root });
    if (f.goMod) found.push({ runner: 'go', root: f.root });
    if (f.cargoToml !== undefined && /^\s*\[(package|workspace)\]/m.test(f.cargoToml)) found.push({ runner: 'cargo', root: f.root });
    if (f.rspec) found.push({ runner: 'rspec', root: f.root });
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
