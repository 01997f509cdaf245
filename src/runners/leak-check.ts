/**
 * The leak guard's shell: what a run is told (its environment), what its manifests say before it
 * starts (go, cargo), and which of the files it noted really differ from the commit.
 */
import { readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { NODE_LEAK_GUARD, PHP_GUARD_INI_DIR, PHP_LEAK_GUARD, PYTHON_SITE, RUBY_LEAK_GUARD } from '../paths.js';
import type { Leak } from '../types.js';
import { isWorkTreeTarget, parseCargoLeaks, parseCargoRefs, parseDepInfoPaths, parseGoLeaks, parseMavenLeaks } from './leaks.js';
import type { RunnerName } from './types.js';
import { isDirectory, isFile, readTextOr } from '../fs-read.js';

export interface LeakGuard {
  /** The repository's top level (real path). */
  top: string;
  /** The private copy's tree (real path); the runner's root lies in it. */
  copy: string;
  /** The user's dependency links that lead into the work tree (absolute), re-pointed in the copy. */
  links: string[];
  /** The work tree's folders linked into the copy on purpose (`isolation.link`), absolute: what the run reads there is not the commit's. */
  linked: string[];
}

/**
 * The environment that switches the guard on in every process of the run, whatever starts it (the
 * runner, the user's command, a test): node's through NODE_OPTIONS, Python's through the
 * sitecustomize.py first on PYTHONPATH.
 */
export function guardEnv(guard: LeakGuard, out: string, env: NodeJS.ProcessEnv): Record<string, string> {
  // NODE_OPTIONS reads a double-quoted value with backslash escapes: a path with spaces stays one argument.
  const preload = `--require="${NODE_LEAK_GUARD.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return {
    TDD_HOOKS_GUARD: JSON.stringify({ top: guard.top, copy: guard.copy, out, links: guard.links, linked: guard.linked }),
    NODE_OPTIONS: env.NODE_OPTIONS ? `${env.NODE_OPTIONS} ${preload}` : preload,
    // An empty entry would put the current folder on sys.path: none is added.
    PYTHONPATH: env.PYTHONPATH ? `${PYTHON_SITE}${delimiter}${env.PYTHONPATH}` : PYTHON_SITE,
    // Ruby's, through RUBYOPT (a path with a space cannot be one -r there: run.ts then refuses an rspec run, see rubyUnguarded).
    RUBYOPT: env.RUBYOPT ? `${env.RUBYOPT} -r${RUBY_LEAK_GUARD}` : `-r${RUBY_LEAK_GUARD}`,
    // PHP's, through an ini folder after the default one (the empty first entry keeps PHP's own conf.d).
    PHP_INI_SCAN_DIR: `${env.PHP_INI_SCAN_DIR ?? ''}${delimiter}${PHP_GUARD_INI_DIR}`,
    TDD_HOOKS_PHP_GUARD: PHP_LEAK_GUARD,
  };
}

/** The guard's own file that is missing (a package not built), or undefined. */
export function missingGuardFile(): string | undefined {
  return [NODE_LEAK_GUARD, join(PYTHON_SITE, 'sitecustomize.py'), RUBY_LEAK_GUARD, PHP_LEAK_GUARD, join(PHP_GUARD_INI_DIR, 'tdd_guard.ini')].find(
    (f) => !isFile(f),
  );
}

/** Why a Ruby run cannot be guarded (RUBYOPT splits on whitespace: a guard path with a space cannot load), or undefined. */
export function rubyUnguarded(): string | undefined {
  return /\s/.test(RUBY_LEAK_GUARD) ? `the Ruby leak guard's path has a space, which RUBYOPT cannot pass (${RUBY_LEAK_GUARD})` : undefined;
}

/** Why a PHP run cannot be guarded (PHP_INI_SCAN_DIR splits on the path separator), or undefined. */
export function phpUnguarded(): string | undefined {
  return PHP_GUARD_INI_DIR.includes(delimiter)
    ? `the PHP leak guard's path has a "${delimiter}", which PHP_INI_SCAN_DIR cannot pass (${PHP_GUARD_INI_DIR})`
    : undefined;
}

/**
 * The files a run noted (NUL-terminated paths) that differ from the commit: the copy lacks them,
 * or holds other bytes. A read of a file identical to its staged version changes no verdict.
 */
export function readGuardLeaks(out: string, guard: LeakGuard): Leak[] {
  return keepDiffering((readTextOr(out) ?? '').split('\0'), guard);
}

/**
 * cargo: the sources named by the rustc dep-info files this run wrote (`debug/deps/<unit>.d`,
 * modified since `since`). A unit built from the work tree has its fingerprint removed, so the
 * next run builds it again and sees it again: cargo reuses a unit only while every file its
 * dep-info names keeps its modification time, and a file of the work tree that differs from the
 * commit was changed after it was staged.
 */
export function readCargoLeaks(targetDir: string, guard: LeakGuard, since: number): Leak[] {
  const deps = join(targetDir, 'debug', 'deps');
  let names: string[];
  try {
    names = readdirSync(deps).filter((n) => n.endsWith('.d') && statSync(join(deps, n)).mtimeMs >= since);
  } catch {
    return [];
  }
  const leaks = new Map<string, Leak>();
  for (const name of names) {
    const found = keepDiffering(parseDepInfoPaths(readTextOr(join(deps, name)) ?? ''), guard);
    if (found.length > 0) rmSync(join(targetDir, 'debug', '.fingerprint', name.slice(0, -2)), { recursive: true, force: true });
    // A source several units name (the lib and its test target) is one leak.
    for (const l of found) leaks.set(l.path, l);
  }
  return [...leaks.values()];
}

/** The noted paths that are files of the work tree and differ from the copy's (or the copy lacks them). */
function keepDiffering(noted: string[], guard: LeakGuard): Leak[] {
  const leaks = new Map<string, Leak>();
  for (const path of new Set(noted.filter(Boolean))) {
    const real = realpathOr(path);
    if (isInsideDir(real, guard.copy) || guard.linked.some((l) => isInsideDir(real, l))) continue;
    if (!isWorkTreeTarget(toPosix(guard.top), toPosix(real)) || isDirectory(real)) continue;
    const rel = relative(guard.top, real);
    if (!sameBytes(real, join(guard.copy, rel))) leaks.set(rel, { path: toPosix(rel) });
  }
  return [...leaks.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * go: go.mod in the runner's folder, go.work there or in a folder above it inside the copy, and
 * GOWORK or GOFLAGS=-modfile= into the repository; cargo: the manifests of the package graph from the runner's folder, and .cargo/config
 * files there and above inside the copy.
 */
export function readStaticLeaks(runner: RunnerName, root: string, guard: LeakGuard, env: NodeJS.ProcessEnv): Leak[] {
  const top = toPosix(guard.top);
  const name = (path: string) => toPosix(relative(guard.copy, path));
  if (runner === 'go') {
    const leaks = [join(root, 'go.mod'), ...upwards(root, guard.copy).map((d) => join(d, 'go.work'))].flatMap((f) => {
      const text = readTextOr(f);
      return text === undefined ? [] : parseGoLeaks(name(f), text, top);
    });
    // A go.work or go.mod named by the environment is read from where it names.
    const named = [
      ['GOWORK', env.GOWORK],
      ['GOFLAGS', /(?:^|\s)-modfile=(\S+)/.exec(env.GOFLAGS ?? '')?.[1]],
    ] as const;
    for (const [key, path] of named) {
      if (path && path !== 'off' && isAbsolute(path) && isWorkTreeTarget(top, toPosix(path)))
        leaks.push({ path: toPosix(relative(guard.top, path)), via: `${key}=${env[key]}` });
    }
    return leaks;
  }
  if (runner === 'cargo') {
    const configs = upwards(root, guard.copy).flatMap((d) => [join(d, '.cargo', 'config.toml'), join(d, '.cargo', 'config')]);
    return [...readCargoManifests(root, guard.copy), ...configs].flatMap((f) => {
      const text = readTextOr(f);
      return text === undefined ? [] : parseCargoLeaks(name(f), text, top);
    });
  }
  if (runner === 'gradle') {
    // Groovy or Kotlin build scripts, read for absolute paths into the work tree as a pom is.
    return ['build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts', 'gradle.properties'].flatMap((f) => {
      const text = readTextOr(join(root, f));
      return text === undefined ? [] : parseMavenLeaks(f, text, top);
    });
  }
  if (runner === 'maven') {
    return [join(root, 'pom.xml'), join(root, '.mvn', 'maven.config'), join(root, '.mvn', 'jvm.config')].flatMap((f) => {
      const text = readTextOr(f);
      return text === undefined ? [] : parseMavenLeaks(name(f), text, top);
    });
  }
  return [];
}

/** Cargo.toml of `root` and of every package its workspace members and path dependencies name, inside `copy`. */
function readCargoManifests(root: string, copy: string): string[] {
  const seen = new Set<string>();
  const queue = [root];
  while (queue.length > 0 && seen.size < 500) {
    const dir = queue.shift()!;
    if (seen.has(dir) || !isInsideDir(dir, copy)) continue;
    seen.add(dir);
    const text = readTextOr(join(dir, 'Cargo.toml'));
    if (text === undefined) continue;
    const { members, paths } = parseCargoRefs(text);
    queue.push(...paths.map((p) => join(dir, p)));
    for (const m of members) queue.push(...expandMember(dir, m));
  }
  return [...seen].map((d) => join(d, 'Cargo.toml'));
}

/** `crates/*` → the folders of crates/; a member without a wildcard is itself. */
function expandMember(dir: string, member: string): string[] {
  const star = member.indexOf('*');
  if (star < 0) return [join(dir, member)];
  const parent = join(dir, member.slice(0, member.lastIndexOf('/', star) + 1));
  try {
    return readdirSync(parent, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join(parent, e.name));
  } catch {
    return [];
  }
}

/** `dir` and each folder above it, up to and including `stop`. */
function upwards(dir: string, stop: string): string[] {
  const out: string[] = [];
  for (let d = dir; isInsideDir(d, stop); d = dirname(d)) {
    out.push(d);
    if (d === stop || dirname(d) === d) break;
  }
  return out;
}

function isInsideDir(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir + sep);
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function sameBytes(a: string, b: string): boolean {
  try {
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

const toPosix = (p: string): string => p.split(sep).join('/');
