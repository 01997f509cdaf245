/**
 * Copies a runner fixture (test/fixtures/runners/<runner>/<case>) to a private temp dir, the way
 * the hook's scratch tree looks: the project's files plus a linked node_modules.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from '../../helpers/repo.js';
import type { RunnerName } from '../../../src/config/schema.js';
import { afterEach } from 'vitest';
import { alive, HAS_PROC } from '../../helpers/procs.js';

export interface FixtureCopy {
  root: string;
  /** Repository-relative path → text of every *.test.* file. */
  sources: Map<string, string>;
  cleanup(): void;
}

/** JS/TS test files, Python's `test_*.py` / `*_test.py`, Go's `*_test.go`, any `.rs` (cargo's tests/), Java's `*Test.java`, PHPUnit's `*Test.php`. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$|^test_[^/]*\.py$|_test\.py$|_test\.go$|\.rs$|Test\.java$|Test\.php$/;

function walk(dir: string, base: string, out: Map<string, string>): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') walk(p, base, out);
    else if (e.isFile() && TEST_FILE.test(e.name)) out.set(relative(base, p), readFileSync(p, 'utf8'));
  }
}

export function copyFixture(runner: RunnerName, name: string): FixtureCopy {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `tdd-fixture-${runner}-`)));
  cpSync(join(PROJECT_ROOT, 'test', 'fixtures', 'runners', runner, name), root, { recursive: true });
  if (runner === 'vitest' || runner === 'jest' || runner === 'mocha') {
    // A real folder of links, one per package: whatever the runner writes into node_modules lands
    // in the copy (where a test can see it), never in this checkout's node_modules.
    mkdirSync(join(root, 'node_modules'));
    for (const pkg of readdirSync(join(PROJECT_ROOT, 'node_modules'))) {
      if (pkg.startsWith('.') && pkg !== '.bin') continue;
      symlinkSync(join(PROJECT_ROOT, 'node_modules', pkg), join(root, 'node_modules', pkg));
    }
  }
  const sources = new Map<string, string>();
  walk(root, root, sources);
  return { root, sources, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A copier of one runner's fixtures (see fixtureCopies): `copy('green')`, `copy('green', 'node')` for another runner's. */
export interface FixtureCopier {
  (name: string, runner?: RunnerName): FixtureCopy;
  /** Removes `made` (a folder made another way) with the copies. */
  keep<T extends { cleanup(): void }>(made: T): T;
}

/**
 * For a test file's top level: copies of `runner`'s fixtures, each removed after the test that made
 * it (`after: afterAll` keeps them until the file's last test, for runs shared by several tests).
 */
export function fixtureCopies(runner: RunnerName, after: (fn: () => void) => void = afterEach): FixtureCopier {
  const made: { cleanup(): void }[] = [];
  after(() => {
    for (const c of made.splice(0)) c.cleanup();
  });
  const keep = <T extends { cleanup(): void }>(c: T): T => {
    made.push(c);
    return c;
  };
  return Object.assign((name: string, from: RunnerName = runner) => keep(copyFixture(from, name)), { keep });
}

/** Every file below `root`, by its path from there, sorted: what a run left in the copy. */
export function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walkInto = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walkInto(p);
      else out.push(relative(root, p));
    }
  };
  walkInto(root);
  return out.sort();
}

/** The environment a hook would hand the runner: no CI, no outer vitest, no git variables. */
export function runnerTestEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('GIT_') || k.startsWith('VITEST') || k === 'CI' || k === 'NODE_OPTIONS') continue;
    env[k] = v;
  }
  return env;
}

/**
 * Whether a process still runs. A zombie does not: an orphan waits for init to reap it (1–2 s in
 * some containers, longer under load), and signal 0 still finds it. Without /proc, signal 0.
 */
export function isAlive(pid: number): boolean {
  if (HAS_PROC) return alive(pid);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
