/** The `.tddrc.json` install writes when the repository has no tdd-hooks config yet. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { TddError } from '../errors.js';
import picomatch from 'picomatch';
import { CONFIG_FILES, DEFAULTS, type RunnerName } from '../config/schema.js';
import {
  composerRequiresPhpunit,
  detectRunners,
  formatConfigFile,
  gemfileNamesRspec,
  gradleSettingsInclude,
  pytestConfigured,
  showsMinitest,
  type FolderSigns,
  type PythonSigns,
} from '../config/detect.js';
import { makeTargetCommands, noxCommands, toxCommands } from '../config/runner-commands.js';
import { parseWorkspaceGlobs } from '../config/workspaces.js';
import { NOT_PROJECTS, readProjectFolders } from './folders.js';
import { isInside, realpathLoose } from './paths.js';
import { readJsonObject, readTextOr } from '../fs-read.js';

export interface ConfigReport {
  path: string;
  action: 'created' | 'kept';
  /** The detected runner written into a created config (the first, when there are several). */
  runner?: RunnerName;
  /** Every detected runner with its folder, when there are several or the one is in a folder. */
  runners?: { runner: RunnerName; root: string }[];
}

export type ConfigPlan = ConfigReport & { content?: string };

/** package.json nearest to `start` (a monorepo package), no higher than `top`. */
function readNearestPackageJson(top: string, start: string): Record<string, unknown> | undefined {
  for (let d = realpathLoose(start); isInside(d, top); d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return readJsonObject(join(d, 'package.json'));
    if (d === top) break;
  }
  return undefined;
}

/**
 * Files that make a folder a Python project even without pytest's configuration; requirements
 * files and Pipfile only at the top (a `docs/requirements.txt` is a docs build, not a project).
 */
const PYTHON_PACKAGE = ['pyproject.toml', 'setup.py', 'setup.cfg', 'tox.ini', 'noxfile.py'];
const PYTHON_APP = ['requirements.txt', 'requirements-dev.txt', 'Pipfile'];
const PYTEST_INI = ['pytest.ini', '.pytest.ini', 'pytest.toml', '.pytest.toml'];
/** Folders that hold the tests of the project above them, never a project of their own. */
const TEST_FOLDERS = new Set(['test', 'tests', 'testing', '__tests__', 'spec']);
const MAKEFILES = ['GNUmakefile', 'makefile', 'Makefile'];
/** The Makefile targets that run a project's tests. */
const MAKE_TEST_TARGETS = ['test', 'tests', 'check'];

/** PHPUnit's configuration files, in its own order of precedence. */
const PHPUNIT_FILES = ['phpunit.xml', 'phpunit.dist.xml', 'phpunit.xml.dist'];
const readMakefile = (dir: string): string | undefined => MAKEFILES.map((f) => readTextOr(join(dir, f))).find((t) => t !== undefined);

/**
 * A folder below the top is a Python project of its own only by a project marker of its own
 * (pyproject.toml, setup.py, setup.cfg, tox.ini, noxfile.py, pytest.ini), as pytest finds its
 * rootdir: a conftest.py or a tests/ folder is the top project's.
 */
function isPythonProjectBelow(dir: string, name: string): boolean {
  return !TEST_FOLDERS.has(name) && [...PYTHON_PACKAGE, ...PYTEST_INI].some((f) => existsSync(join(dir, f)));
}

function readPythonSigns(dir: string, top: boolean): PythonSigns {
  const toxIni = readTextOr(join(dir, 'tox.ini'));
  const noxfile = readTextOr(join(dir, 'noxfile.py'));
  const makefile = readMakefile(dir);
  const signs: PythonSigns = {
    pyprojectToml: readTextOr(join(dir, 'pyproject.toml')),
    setupCfg: readTextOr(join(dir, 'setup.cfg')),
    toxIni,
    pytestIni: PYTEST_INI.some((f) => existsSync(join(dir, f))),
    conftest: top && existsSync(join(dir, 'conftest.py')),
    commands: [
      ...(toxIni === undefined ? [] : toxCommands(toxIni)),
      ...(noxfile === undefined ? [] : noxCommands(noxfile)),
      ...(makefile === undefined ? [] : MAKE_TEST_TARGETS.flatMap((t) => makeTargetCommands(makefile, t))),
    ],
  };
  const project = [...PYTHON_PACKAGE, ...(top ? PYTHON_APP : [])].some((f) => existsSync(join(dir, f)));
  if (pytestConfigured(signs) || !project) return signs;
  // Which runner a Python project without pytest's configuration gets depends on this machine.
  const probe = spawnSync('python3', ['-m', 'pytest', '--version'], { cwd: dir, stdio: 'ignore', timeout: 10_000 });
  return { ...signs, project: true, pytestRuns: probe.status === 0 };
}

/** A Gradle build's scripts: any one makes the folder a Gradle build. */
const GRADLE_FILES = ['build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts'];

function readFolderSigns(top: string, root: string, packageJson: unknown, python: boolean): FolderSigns {
  const dir = join(top, root);
  const cargoToml = readTextOr(join(dir, 'Cargo.toml'));
  const noPython: PythonSigns = { pytestIni: false, conftest: false };
  const atTop = root === '.';
  const makefile = packageJson === undefined ? undefined : readMakefile(dir);
  const pomXml = readTextOr(join(dir, 'pom.xml'));
  return {
    root,
    packageJson,
    python: python && (atTop || isPythonProjectBelow(dir, root)) ? readPythonSigns(dir, atTop) : noPython,
    ...(makefile === undefined ? {} : { makefile }),
    goMod: existsSync(join(dir, 'go.mod')),
    ...(cargoToml === undefined ? {} : { cargoToml }),
    rspec: existsSync(join(dir, '.rspec')) || existsSync(join(dir, 'spec', 'spec_helper.rb')) || gemfileNamesRspec(readTextOr(join(dir, 'Gemfile')) ?? ''),
    minitest: readMinitestSigns(dir),
    ...(pomXml === undefined ? {} : { pomXml }),
    phpunit: PHPUNIT_FILES.some((f) => existsSync(join(dir, f))) || composerRequiresPhpunit(readTextOr(join(dir, 'composer.json')) ?? ''),
    gradle:
      GRADLE_FILES.some((f) => existsSync(join(dir, f))) &&
      !['settings.gradle', 'settings.gradle.kts'].some((f) => gradleSettingsInclude(readTextOr(join(dir, f)) ?? '')),
  };
}

/** minitest's signs: test/'s helper, then its first 20 `*_test.rb` and `test_*.rb` files two levels deep, the Rakefile and the Gemfile. */
function readMinitestSigns(dir: string): boolean {
  const texts = ['test_helper.rb', 'helper.rb'].flatMap((f) => readTextOr(join(dir, 'test', f)) ?? []);
  const visit = (d: string, depth: number): void => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : 1));
    } catch {
      return;
    }
    for (const e of entries) {
      if (texts.length >= 20) return;
      if (e.isFile() && /^(?:test_.+|.+_test)\.rb$/.test(e.name) && e.name !== 'test_helper.rb') texts.push(readTextOr(join(d, e.name)) ?? '');
      else if (e.isDirectory() && depth < 2 && !e.name.startsWith('.')) visit(join(d, e.name), depth + 1);
    }
  };
  visit(join(dir, 'test'), 0);
  const rakefile = readTextOr(join(dir, 'Rakefile'));
  const gemfile = readTextOr(join(dir, 'Gemfile'));
  return showsMinitest({ ...(rakefile === undefined ? {} : { rakefile }), ...(gemfile === undefined ? {} : { gemfile }), testTexts: texts });
}

/**
 * The runners' folders: the top (package.json: the nearest to where install runs), each folder
 * just below it (a front end in web/, a service in api/), each package of the workspaces the top
 * declares (package.json `workspaces`, pnpm-workspace.yaml), and every Go module and cargo package
 * or workspace at any depth (a workspace's members are its own). A package without a runner of its
 * own is run by the nearest one above it.
 */
function readRepoSigns(top: string, start: string): FolderSigns[] {
  const nearest = realpathLoose(start);
  // The package install runs in is the top's JS runner already (a monorepo package).
  const own = (root: string) => nearest === join(top, root) || nearest.startsWith(join(top, root) + '/');
  const found = readProjectFolders(top);
  const workspaces = parseWorkspaceGlobs(readJsonObject(join(top, 'package.json')), readTextOr(join(top, 'pnpm-workspace.yaml')));
  const inWorkspace = workspaces.include.length > 0 ? picomatch(workspaces.include, { ignore: workspaces.exclude }) : () => false;
  const cargoWorkspaces = found
    .filter((f) => f.files.has('Cargo.toml') && /^\s*\[workspace\]/m.test(readTextOr(join(top, f.root, 'Cargo.toml')) ?? ''))
    .map((f) => f.root);
  const inCargoWorkspace = (root: string) => cargoWorkspaces.some((w) => w !== root && (w === '.' || root.startsWith(`${w}/`)));
  const folders: FolderSigns[] = [readFolderSigns(top, '.', readNearestPackageJson(top, start), true)];
  const below = new Set<string>();
  try {
    for (const e of readdirSync(top, { withFileTypes: true })) if (e.isDirectory() && !e.name.startsWith('.') && !NOT_PROJECTS.has(e.name)) below.add(e.name);
  } catch {
    // An unreadable top folder: what the top shows is all there is.
  }
  const deep = found.filter((f) => f.root !== '.' && !below.has(f.root));
  for (const root of [...below, ...deep.map((f) => f.root)].sort()) {
    const f = found.find((x) => x.root === root);
    const js = f?.files.has('package.json') && !own(root) && (below.has(root) || inWorkspace(root));
    const signs = readFolderSigns(top, root, js ? readJsonObject(join(top, root, 'package.json')) : undefined, below.has(root));
    if (inCargoWorkspace(root)) delete signs.cargoToml;
    folders.push(signs);
  }
  return folders;
}

/**
 * A package.json that is there but is not JSON: named, never read as "no package.json" (which
 * would pick runner node without a word).
 */
function assertPackageJsonReadable(path: string, top: string): void {
  const text = readTextOr(path);
  if (text === undefined) return;
  try {
    JSON.parse(text);
  } catch (e) {
    const shown = relative(top, path) || path;
    throw new TddError(
      'PACKAGE_JSON_INVALID',
      `${shown} is not valid JSON (${(e as Error).message}): the runner cannot be detected from it; nothing was written`,
      2,
      {
        hint: `fix ${shown} (npm cannot read it either), then run npx tdd-hooks install again`,
        data: { path },
      },
    );
  }
}

/** A config of any kind already there (.tddrc.json, .tddrc, package.json#tdd) is kept as it is. */
export function planConfigFile(top: string, start: string, schemaRef: string | undefined): ConfigPlan {
  const existing = CONFIG_FILES.find((f) => existsSync(join(top, f)));
  if (existing) return { path: join(top, existing), action: 'kept' };
  assertPackageJsonReadable(join(top, 'package.json'), top);
  for (let d = realpathLoose(start); isInside(d, top) && d !== top; d = dirname(d)) assertPackageJsonReadable(join(d, 'package.json'), top);
  if ('tdd' in (readJsonObject(join(top, 'package.json')) ?? {})) return { path: join(top, 'package.json'), action: 'kept' };
  // package.json's runner first (a JS front end beside a Python service keeps its JS runner), then
  // pytest, go and cargo; several (or one in a folder) become `runners`, each in its folder.
  const found = detectRunners(readRepoSigns(top, start));
  const path = join(top, CONFIG_FILES[0]);
  // Composer's vendor/ (the project's PHPUnit, the packages its tests use) linked into the copy, its autoloader copied (verify/copy-links).
  const isolation = found.some((f) => f.runner === 'phpunit') ? { isolation: { link: [...DEFAULTS.isolation.link, 'vendor'] } } : {};
  if (found.length === 0 || (found.length === 1 && found[0]!.root === '.')) {
    const runner = found[0]?.runner ?? 'node';
    return { path, action: 'created', runner, content: formatConfigFile({ runner, ...isolation }, schemaRef) };
  }
  const runners = found.map((f) => ({ runner: f.runner, root: f.root }));
  // A runner at the top is written without its root: `{"runner": "vitest"}`.
  const settings = { runner: found[0]!.runner, runners: runners.map((r) => (r.root === '.' ? { runner: r.runner } : r)), ...isolation };
  return { path, action: 'created', runner: found[0]!.runner, runners, content: formatConfigFile(settings, schemaRef) };
}

/** Exclusive create: a config that appeared meanwhile is the user's. Returns what happened. */
export async function writeConfigFile(plan: ConfigPlan): Promise<ConfigReport> {
  const { content, ...report } = plan;
  if (content === undefined) return report;
  try {
    await writeFile(plan.path, content, { flag: 'wx' });
    return report;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return { path: plan.path, action: 'kept' };
  }
}
