/**
 * A path a tool call names → where it lands: resolved against the call's working directory,
 * `..` and symlinks followed (a link inside the work tree that points at a test writes the test),
 * then placed inside the git dir, inside the work tree (with what the commit-time classifier calls
 * it), or outside. Reads the file system; decides nothing.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Classifier } from '../snapshot/kinds.js';
import { ignoreMatcher, type IgnoreFile } from './gitignore.js';
import type { GuardRepoInfo } from './context.js';
import { AGENTS, type Place, type ResolvedChange } from './types.js';

const HOOK_FILES = new Set(['pre-commit', 'commit-msg', 'post-commit']);
/** What tdd-hooks writes into a hook file or an agent's configuration, by which it knows its own. */
const OURS = new RegExp(`# >>> tdd-hooks >>>|# tdd-hooks shim|tdd(-hooks)?\\b[^\\n]*\\bguard (${AGENTS.join('|')})\\b`);
const AGENT_CONFIGS = new Set([
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.codex/hooks.json',
  '.codex/config.toml',
  '.gemini/settings.json',
  '.cursor/hooks.json',
  '.windsurf/hooks.json',
  '.qwen/settings.json',
  '.factory/hooks.json',
  '.factory/settings.json',
  '.augment/settings.json',
  '.opencode/plugin/tdd-hooks.js',
  '.kiro/hooks/tdd-hooks.json',
]);

export interface NamedChange {
  /** Absolute or relative to `base`; null when the command builds it at run time. */
  path: string | null;
  op: 'write' | 'delete';
  content?: string;
  /** cp/mv onto a folder: the files land there under these names. */
  into?: string[];
  /** A partial edit's old and new text; undefined when the call does not say what it changes. */
  fragments?: string[];
}

/** `child` is `parent` or lies below it (both absolute and normalized). */
const isInside = (child: string, parent: string): boolean => child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
const toPosix = (p: string): string => (sep === '/' ? p : p.split(sep).join('/'));

/**
 * The real path, `..` and symlinks resolved, of a file that may not exist yet: its longest existing
 * prefix through the system's realpath, the rest appended. (The repository's folders arrive real.)
 */
function realpathOf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realpathOf(parent), basename(path));
  }
}

function placeOf(repo: GuardRepoInfo, real: string): Place {
  const top = repo.top;
  for (const gitDir of [repo.gitDir, repo.commonDir]) {
    if (isInside(real, gitDir)) return { where: 'git-dir', rel: isInside(real, top) ? toPosix(relative(top, real)) : real };
  }
  if (!isInside(real, top) || real === top) return { where: 'outside' };
  const rel = toPosix(relative(top, real));
  // A linked worktree's `.git` is a file pointing at its git dir: as much git's as the dir itself.
  if (rel === '.git' || rel.startsWith('.git/')) return { where: 'git-dir', rel };
  return { where: 'repo', rel };
}

/** The file runs or configures the tdd-hooks checks: changing it turns them off. */
function holdsHooks(rel: string, abs: string): boolean {
  const name = basename(rel);
  if (rel.startsWith('.husky/_/')) return true;
  if (!HOOK_FILES.has(name) && !AGENT_CONFIGS.has(rel) && !rel.startsWith('.github/hooks/') && !rel.startsWith('.clinerules/hooks/')) return false;
  try {
    return OURS.test(readFileSync(abs, 'utf8'));
  } catch {
    return false;
  }
}

const TDDRC = /^\.tddrc(\.[^/]*)?$/;
const TDD_KEY = /"tdd"\s*:/;

/** The `tdd` key of a package.json text; undefined when there is none (or it is not JSON). */
function tddKeyOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as { tdd?: unknown };
    return v && typeof v === 'object' && 'tdd' in v ? JSON.stringify(v.tdd) : undefined;
  } catch {
    return TDD_KEY.test(text) ? text : undefined;
  }
}

/** The change edits tdd-hooks' configuration: a .tddrc file, or package.json's "tdd" key (judged from what the call says it writes). */
function editsTddConfig(rel: string, abs: string, change: NamedChange): boolean {
  if (TDDRC.test(rel)) return true;
  if (rel !== 'package.json') return false;
  let current: string | undefined;
  try {
    current = readFileSync(abs, 'utf8');
  } catch {
    current = undefined;
  }
  if (change.op === 'write' && change.content !== undefined) return tddKeyOf(change.content) !== tddKeyOf(current);
  if (change.op === 'write' && change.fragments !== undefined) return change.fragments.some((f) => TDD_KEY.test(f) || /^\s*"?tdd"?\s*[:{]/m.test(f));
  // Deleted, or rewritten by a call that does not say how: the key goes with it when it is there.
  return current !== undefined && TDD_KEY.test(current);
}

/** Where one named change lands, with the facts the decision needs. */
export function resolveChanges(repo: GuardRepoInfo, base: string | null, change: NamedChange, classify: Classifier): ResolvedChange[] {
  const unknown = (path: string): ResolvedChange => ({ path, op: change.op, place: { where: 'unknown' } });
  if (change.path === null) return [unknown('?')];
  const abs = isAbsolute(change.path) ? resolve(change.path) : base ? resolve(base, change.path) : null;
  if (abs === null) return [unknown(change.path)];
  let targets = [abs];
  if (change.into) {
    let dir = change.path.endsWith('/');
    try {
      dir ||= statSync(abs).isDirectory();
    } catch {
      // not there: cp makes it a file
    }
    if (dir) targets = change.into.map((name) => join(abs, name));
  }
  return targets.map((target) => {
    const place = placeOf(repo, realpathOf(target));
    const r: ResolvedChange = { path: change.path!, op: change.op, place };
    if (place.where !== 'repo') return r;
    r.kind = classify(place.rel);
    if (holdsHooks(place.rel, target)) r.holdsHooks = true;
    if (editsTddConfig(place.rel, target, change)) r.tddConfig = true;
    if (change.op === 'write' && change.content === '' && !existsSync(target)) r.emptyNew = true;
    return r;
  });
}

/**
 * Which of `rels` git ignores: the global excludes file, info/exclude, and every .gitignore from
 * the top down to each path's folder, read here and matched without git (agent/gitignore). Asked
 * only for paths whose deny depends on it. Tracked files that match are taken as ignored too: the
 * commit layer judges those.
 */
export function readIgnored(repo: GuardRepoInfo, rels: string[], excludesFile: string | null): Set<string> {
  const read = (file: string): string => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  const base: IgnoreFile[] = [
    ...(excludesFile ? [{ dir: '', text: read(excludesFile) }] : []),
    { dir: '', text: read(join(repo.commonDir, 'info', 'exclude')) },
  ];
  const found = new Set<string>();
  for (const rel of rels) {
    const parts = rel.split('/');
    const files = [...base];
    for (let i = 0; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      files.push({ dir, text: read(join(repo.top, dir, '.gitignore')) });
    }
    if (ignoreMatcher(files)(rel)) found.add(rel);
  }
  return found;
}
