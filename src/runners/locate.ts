/**
 * Where a runner is: the one home of that fact for the test run (run.ts), doctor, and the verdict
 * key (verify/pending.ts). vitest, jest, mocha: the project's own entry in node_modules (never
 * npx), or through Yarn Plug'n'Play's .pnp.cjs; node: our compiled reporter; python3, go, cargo:
 * the program on PATH (a run that cannot start, or a `No module named pytest`, comes back as
 * runner-missing without a second process to ask first); command: the user's own argv.
 * Synchronous reads of a few hundred bytes: the verdict key runs on the hook's path, where
 * fs/promises and libuv's thread pool cost 1–6 ms.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { NODE_REPORTER } from '../paths.js';
import type { RunnerName } from './types.js';

/** Each JS runner's entry inside `node_modules/<runner>/` (the package is named as the runner). */
export const RUNNER_ENTRIES: Partial<Record<RunnerName, string>> = { vitest: 'vitest.mjs', jest: 'bin/jest.js', mocha: 'bin/mocha.js' };

/**
 * A JS runner's entry and package.json in the nearest node_modules that has it, from `root` up, as
 * node resolves a package (npm and yarn workspaces hoist jest to the top: a package's own
 * node_modules lacks it); `root`'s own when none has it. Undefined for the other runners.
 */
export function runnerEntry(root: string, runner: RunnerName): { entry: string; manifest: string; file: string } | undefined {
  const file = RUNNER_ENTRIES[runner];
  if (file === undefined) return undefined;
  const at = (d: string) => ({ entry: join(d, 'node_modules', runner, file), manifest: join(d, 'node_modules', runner, 'package.json'), file });
  for (let d = root; ; d = dirname(d)) {
    if (existsSync(at(d).entry)) return at(d);
    if (dirname(d) === d) return at(root);
  }
}

/** The runner a test run starts, and its version when it is a JS package; undefined when it is missing. */
export function locateRunner(runner: RunnerName, program: string | undefined, root: string): { path: string; version?: string } | undefined {
  // A Composer project's own PHPUnit before the one on PATH.
  if (runner === 'phpunit' && existsSync(join(root, 'vendor', 'bin', 'phpunit'))) return { path: join(root, 'vendor', 'bin', 'phpunit') };
  // A Gradle build's own wrapper before the gradle on PATH.
  if (runner === 'gradle' && existsSync(join(root, 'gradlew'))) return { path: join(root, 'gradlew') };
  if (program !== undefined) return { path: program };
  if (runner === 'command') return { path: '' };
  const js = runnerEntry(root, runner);
  if (js) {
    // No node_modules: a Yarn Plug'n'Play project resolves it through its .pnp.cjs.
    if (!existsSync(js.entry)) return locatePnpRunner(root, runner, js.file);
    const version = readManifest(js.manifest)?.version;
    return { path: js.entry, ...(version === undefined ? {} : { version }) };
  }
  // Compiled by tsc next to the other runners (dist/runners/); the same file from the sources and the bundle.
  return existsSync(NODE_REPORTER) ? { path: NODE_REPORTER } : undefined;
}

function readManifest(file: string): { version?: string } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { version?: string };
  } catch {
    return undefined;
  }
}

/**
 * A JS runner's version for the verdict key: 'missing' when its package.json cannot be read
 * (unparsable JSON throws); the runner's name for the others (python3, go and cargo would cost a
 * process each to ask: the tree and the configuration still key them).
 */
export function readRunnerVersion(root: string, runner: RunnerName): string {
  const js = runnerEntry(root, runner);
  if (!js) return runner;
  let text: string;
  try {
    text = readFileSync(js.manifest, 'utf8');
  } catch {
    return 'missing';
  }
  return (JSON.parse(text) as { version?: string }).version ?? '?';
}

/**
 * A runner's entry (or tdd-hooks' own) in a PnP project, which has no node_modules: resolved by the
 * `.pnp.cjs` at `root` or above (in the copy: the one verify/pnp.ts writePnpCopy wrote), as yarn
 * itself would. The path may be virtual or inside a zip: the process that runs it reads it
 * through the same .pnp.cjs, loaded by NODE_OPTIONS.
 */
export function locatePnpRunner(root: string, pkg: string, entry: string): { path: string; version?: string } | undefined {
  let dir = root;
  while (!existsSync(join(dir, '.pnp.cjs'))) {
    if (dirname(dir) === dir) return undefined;
    dir = dirname(dir);
  }
  try {
    const api = createRequire(import.meta.url)(join(dir, '.pnp.cjs')) as PnpApi;
    const manifest = api.resolveRequest(`${pkg}/package.json`, `${root}/`);
    if (!manifest) return undefined;
    // `npm:4.1.12`, or a virtual instance's `virtual:…#npm:4.1.12`
    const version = /npm:([^#]+)$/.exec(api.findPackageLocator(manifest)?.reference ?? '')?.[1];
    return { path: join(dirname(manifest), entry), ...(version ? { version } : {}) };
  } catch {
    return undefined; // not a dependency of the project: the runner is missing
  }
}

interface PnpApi {
  resolveRequest(request: string, issuer: string): string | null;
  findPackageLocator(location: string): { name: string; reference: string } | null;
}
