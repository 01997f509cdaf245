/**
 * Yarn 4 with Plug'n'Play: no node_modules anywhere. `yarn tdd-hooks install`, then RED → GREEN
 * through real `git commit` with the real vitest: the hook starts the CLI through yarn's loader
 * (.pnp.cjs), and vitest runs in the private copy through the copy's own .pnp.cjs (its cache paths
 * rebased), .pnp.loader.mjs and the linked .yarn/. Yarn is the registry's @yarnpkg/cli-dist,
 * installed with npm into a folder of its own (the registry npm is configured with serves both).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesOf, trailersOf } from '../helpers/cycle.js';
import { sharedPack } from '../helpers/pack.js';
import { isolatedEnv, makeRepo, networkEnv, type Repo } from '../helpers/repo.js';

const YARN_VERSION = '4.18.1';
// Kept between runs (as a machine's own yarn would be): the CLI, and yarn's global package cache.
const YARN_HOME = join(tmpdir(), `tdd-test-yarn-${YARN_VERSION}`);
const YARN = join(YARN_HOME, 'node_modules', '@yarnpkg', 'cli-dist', 'bin', 'yarn.js');

let repo: Repo;
let env: Record<string, string>;

beforeAll(() => {
  if (!existsSync(YARN)) {
    mkdirSync(YARN_HOME, { recursive: true });
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--prefix', YARN_HOME, `@yarnpkg/cli-dist@${YARN_VERSION}`], {
      env: { ...isolatedEnv(), ...networkEnv() },
      stdio: 'pipe',
    });
  }
  const registry = execFileSync('npm', ['config', 'get', 'registry'], { env: isolatedEnv(), encoding: 'utf8' }).trim();
  env = {
    YARN_NPM_REGISTRY_SERVER: registry,
    YARN_ENABLE_TELEMETRY: '0',
    YARN_GLOBAL_FOLDER: join(YARN_HOME, 'global'),
    YARN_ENABLE_PROGRESS_BARS: '0',
    ...networkEnv(),
  };
  const packed = sharedPack();
  repo = makeRepo({
    'package.json':
      JSON.stringify({ name: 'app', private: true, type: 'module', packageManager: `yarn@${YARN_VERSION}`, scripts: { test: 'vitest run' } }, null, 2) + '\n',
    '.yarnrc.yml': 'nodeLinker: pnp\n',
    '.gitignore': '.yarn/\n.pnp.*\n',
    'src/index.js': 'export const name = "app";\n',
  });
  const add = yarn('add', '-D', 'vitest@4.1.12', 'vite@8.3.8', `tdd-hooks@file:${packed.tarball}`);
  expect(add.status, add.stdout + add.stderr).toBe(0);
});

afterAll(() => {
  repo?.cleanup();
});

function yarn(...args: string[]) {
  return repo.run(process.execPath, [YARN, ...args], { env });
}

describe("Yarn Plug'n'Play", () => {
  it('installs with yarn, no node_modules, hints spelled `yarn tdd …`', () => {
    expect(existsSync(join(repo.dir, '.pnp.cjs'))).toBe(true);
    expect(existsSync(join(repo.dir, 'node_modules'))).toBe(false);
    const r = yarn('tdd-hooks', 'install', '--json');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { next: string }).next).toBe('yarn tdd phase red');
    expect(JSON.parse(repo.read('.tddrc.json'))).toEqual({ runner: 'vitest' });
  });

  it('walks RED → GREEN through real commits, vitest running in the private copy', () => {
    expect(yarn('tdd', 'phase', 'off', '--reason', 'skeleton').status).toBe(0);
    repo.git('add', '-A');
    const skeleton = repo.commit('chore: skeleton');
    expect(skeleton.status, skeleton.stdout + skeleton.stderr).toBe(0);
    expect(yarn('tdd', 'phase', 'red').status).toBe(0);
    repo.write({
      'test/add.test.js':
        "import { expect, test } from 'vitest';\nimport { add } from '../src/add.js';\n\ntest('adds', () => {\n  expect(add(2, 3)).toBe(5);\n});\n",
    });
    repo.git('add', '-A');
    const red = repo.commit('test: add');
    expect(red.status, red.stdout + red.stderr).toBe(0);
    expect(trailersOf(repo)['TDD-Evidence']).toMatch(/^vitest: 0 passed, 1 failed \(missing-symbol 1\)/);
    // The working tree has the right code, the index the wrong one: the copy decides.
    repo.write({ 'src/add.js': 'export const add = (a, b) => a - b;\n' });
    repo.git('add', '-A');
    repo.write({ 'src/add.js': 'export const add = (a, b) => a + b;\n' });
    const wrong = repo.commit('feat: add');
    expect(wrong.status).toBe(1);
    expect(codesOf(wrong)).toContain('GREEN_TESTS_FAIL');
    repo.git('add', '-A');
    const green = repo.commit('feat: add');
    expect(green.status, green.stdout + green.stderr).toBe(0);
    expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': 'vitest: 1 passed, 0 failed' });
  });

  it('doctor finds the CLI and the runner through .pnp.cjs', () => {
    const r = yarn('tdd', 'doctor', '--json');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const checks = (JSON.parse(r.stdout) as { checks: { id: string; code: string }[] }).checks;
    expect(checks.filter((c) => c.id === 'cli' || c.id === 'runner').map((c) => c.code)).not.toContain('CLI_MISSING');
  });
});
