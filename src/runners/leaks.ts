/**
 * Ways a test run can leave the private copy for the user's work tree, read from the files that
 * decide where a build takes its sources. Pure: text in, leaks out.
 *
 * go and cargo read no file the module or package graph does not name, and the graph is data:
 *
 *   go.mod     replace example.com/core => /home/me/repo/core      (block form too)
 *   go.work    use /home/me/repo/core
 *   Cargo.toml core = { path = "/home/me/repo/core" }   [lib] path = "…"   build = "…"
 *   .cargo/config.toml   paths = ["/home/me/repo/core"]
 *   pom.xml    <sourceDirectory>/home/me/repo/src/main/java</sourceDirectory>  <systemPath>…  (.mvn/maven.config, .mvn/jvm.config too)
 *
 * A relative path stays inside the copy (the copy has the same layout); an absolute one into the
 * repository reaches the work tree, whatever the commit holds. Node and Python runs are watched
 * while they run instead (leak-guard.cts, python/closed-site/sitecustomize.py), because their loaders can be told
 * anything at run time.
 */
import { posix } from 'node:path';
import type { Leak } from '../types.js';

/** `path` (absolute, forward slashes) lies in the work tree under `top`: not its .git or a dependency folder. */
export function isWorkTreeTarget(top: string, path: string): boolean {
  const p = posix.normalize(path);
  if (p !== top && !p.startsWith(`${top}/`)) return false;
  const parts = p.slice(top.length + 1).split('/');
  return parts[0] !== '.git' && !parts.includes('node_modules');
}

/** go.mod's `replace … => PATH` and go.work's `use PATH` targets that are absolute paths into the work tree. */
export function parseGoLeaks(file: string, text: string, top: string): Leak[] {
  const leaks: Leak[] = [];
  let block: 'replace' | 'use' | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (block && line === ')') {
      block = null;
      continue;
    }
    const open = /^(replace|use)\s*\($/.exec(line);
    if (open) {
      block = open[1] as 'replace' | 'use';
      continue;
    }
    const directive = /^(replace|use)\s+(.*)$/.exec(line);
    const kind = directive ? directive[1] : block;
    const body = directive ? directive[2]! : block ? line : '';
    if (!kind || body === '') continue;
    const target = kind === 'replace' ? /=>\s*(\S+)/.exec(body)?.[1] : body.split(/\s+/)[0];
    const path = target?.replace(/^"(.*)"$/, '$1');
    if (path?.startsWith('/') && isWorkTreeTarget(top, path)) leaks.push({ path: relative(top, path), via: `${file}: ${kind} ${body}` });
  }
  return leaks;
}

/** Cargo.toml and .cargo/config.toml path values (`path`, `paths`, `build`, `workspace`) that are absolute paths into the work tree. */
export function parseCargoLeaks(file: string, text: string, top: string): Leak[] {
  const leaks: Leak[] = [];
  for (const raw of text.split('\n')) {
    const line = stripTomlComment(raw);
    const key = /(?:^|[{,\s])(path|paths|build|workspace)\s*=\s*(.*)$/.exec(line);
    if (!key) continue;
    for (const m of key[2]!.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)) {
      const path = m[1] ?? m[2]!;
      if (path.startsWith('/') && isWorkTreeTarget(top, path)) leaks.push({ path: relative(top, path), via: `${file}: ${line.trim()}` });
    }
  }
  return leaks;
}

/** A TOML line without its comment (a `#` outside strings). */
function stripTomlComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

function relative(top: string, path: string): string {
  const p = posix.normalize(path);
  return p === top ? '.' : p.slice(top.length + 1);
}

/**
 * The manifests a cargo build reads next, relative to this one's folder: workspace `members`
 * (globs) and every relative `path` (path dependencies). Enough to follow the package graph.
 */
export function parseCargoRefs(text: string): { members: string[]; paths: string[] } {
  const members: string[] = [];
  const paths: string[] = [];
  const array = /^\s*members\s*=\s*\[([^\]]*)\]?/m.exec(text);
  if (array) {
    // members may span lines: read up to the closing bracket.
    const start = array.index + array[0].indexOf('[') + 1;
    const end = text.indexOf(']', start);
    for (const m of text.slice(start, end < 0 ? undefined : end).matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)) members.push(m[1] ?? m[2]!);
  }
  for (const raw of text.split('\n')) {
    const key = /(?:^|[{,\s])path\s*=\s*("((?:[^"\\]|\\.)*)"|'([^']*)')/.exec(stripTomlComment(raw));
    const path = key ? (key[2] ?? key[3]!) : undefined;
    if (path !== undefined && !path.startsWith('/') && !path.endsWith('.rs')) paths.push(path);
  }
  return { members, paths };
}

/**
 * The source files a rustc dep-info file (`target/debug/deps/<crate>-<hash>.d`) names that are
 * absolute paths; those inside the workspace are relative to it, so only an absolute one can be
 * the work tree (`#[path = "/abs/x.rs"]`, `include!`, an absolute path dependency):
 *
 *   /t/debug/deps/app-1f2e.d: src/lib.rs /home/me/repo/core/src/lib.rs
 *   /home/me/repo/core/src/lib.rs:
 *
 * Spaces in a path are escaped (`\ `).
 */
export function parseDepInfoPaths(text: string): string[] {
  const out = new Set<string>();
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const colon = line.search(/:(?: |$)/);
    if (colon < 0 || line.startsWith('#')) continue; // `# env-dep:CARGO_PKG_NAME=app`
    const names = [line.slice(0, colon), ...line.slice(colon + 1).split(/(?<!\\) +/)];
    for (const raw of names) {
      const name = raw.trim().replace(/\\ /g, ' ');
      if (name.startsWith('/')) out.add(name);
    }
  }
  return [...out];
}

/**
 * Absolute paths into the work tree anywhere in a pom.xml or .mvn/maven.config / jvm.config (a
 * source or test directory, a dependency's systemPath, an additional class path element, a
 * `-Dx=/path` of the JVM): Maven reads whatever the build model names, so any such path is one.
 * Comments are not read. A `${project.basedir}`-relative path stays in the copy.
 */
export function parseMavenLeaks(file: string, text: string, top: string): Leak[] {
  const leaks: Leak[] = [];
  const seen = new Set<string>();
  for (const m of text.replace(/<!--[\s\S]*?-->/g, '').matchAll(/(?:^|[\s>"'=,;:(])(\/[^\s<>"',;:()]+)/gm)) {
    const path = m[1]!.replace(/\/+$/, '');
    if (!isWorkTreeTarget(top, path) || seen.has(path)) continue;
    seen.add(path);
    leaks.push({ path: posix.relative(top, path) || '.', via: `${file}: ${path}` });
  }
  return leaks;
}
