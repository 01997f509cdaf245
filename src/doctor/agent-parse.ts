/**
 * Pure readers of what `install --agent` wrote: the CLI a guard command names (so doctor can say
 * whether it is there), and the two facts of Codex's config.toml doctor needs (is this project
 * trusted, are hooks switched off). No TOML library: only `[projects."<dir>"]` tables with their
 * `trust_level`, and `[features]` `hooks` / `codex_hooks`, are read.
 */
import { isOurCommand } from '../install/agent-entries.js';
import type { AgentName } from '../agent/types.js';

/** Every string in a JSON value (a hook command may sit at any depth). */
function stringsOf(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsOf(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringsOf(x, out);
  return out;
}

/** The root expressions install puts before the CLI: the agent's project variable, git's top, Cline's `$top`. */
const ROOT = String.raw`(?:\$\{[A-Z_]+:-\$\(git rev-parse --show-toplevel\)\}|\$\(git rev-parse --show-toplevel\)|\$\{?[A-Za-z_]+\}?)`;
const QUOTED = new RegExp(String.raw`node "${ROOT}/((?:[^"\\]|\\.)*)" guard `, 'g');
const BARE = /node ([^\s"'|;&$]+) guard /g;
/** OpenCode's plugin: `join(root, "<cli>")`. */
const JOINED = /join\(root, ("(?:[^"\\]|\\.)*")\)/g;

/**
 * The CLI paths (relative to the top level) that `agent`'s guard commands in `text` run; a command
 * of ours in a form install never writes names none (the caller calls the file changed).
 */
export function guardCliPaths(agent: AgentName, text: string): string[] {
  let strings: string[];
  try {
    strings = stringsOf(JSON.parse(text));
  } catch {
    strings = text.split('\n');
  }
  const out = new Set<string>();
  for (const s of strings) {
    if (!isOurCommand(agent, s) && !s.includes('join(root, "')) continue;
    for (const m of s.matchAll(QUOTED)) out.add(m[1]!.replace(/\\(["$`\\])/g, '$1'));
    for (const m of s.matchAll(BARE)) out.add(m[1]!);
    for (const m of s.matchAll(JOINED)) out.add(JSON.parse(m[1]!) as string);
  }
  return [...out];
}

export interface CodexConfig {
  /** `[projects."<dir>"] trust_level = …`, by folder. */
  trust: Record<string, string>;
  /** `[features] hooks = false` (or the older `codex_hooks = false`). */
  hooksOff: boolean;
}

function tableKey(raw: string): string | null {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return null;
    }
  }
  return raw.startsWith("'") ? raw.slice(1, -1) : raw;
}

export function parseCodexConfig(text: string): CodexConfig {
  const trust: Record<string, string> = {};
  let hooksOff = false;
  let table: { kind: 'project'; dir: string } | { kind: 'features' } | null = null;
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[\s*([^\]]*?)\s*\]\s*(#.*)?$/.exec(line);
    if (header && !line.trim().startsWith('[[')) {
      const name = header[1]!;
      const project = /^projects\s*\.\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)$/.exec(name);
      const dir = project ? tableKey(project[1]!) : null;
      table = dir !== null ? { kind: 'project', dir } : name === 'features' ? { kind: 'features' } : null;
      continue;
    }
    if (!table) continue;
    if (table.kind === 'project') {
      const m = /^\s*trust_level\s*=\s*["']([A-Za-z_-]+)["']/.exec(line);
      if (m) trust[table.dir] = m[1]!;
    } else if (/^\s*(hooks|codex_hooks)\s*=\s*false\b/.test(line)) hooksOff = true;
  }
  return { trust, hooksOff };
}

/**
 * How Codex sees this project: it keys trust by the repository's root (the main worktree's, for a
 * linked one), so an entry for either folder counts. `unknown`: no entry (Codex asks when it starts).
 */
export function codexTrust(config: CodexConfig, folders: readonly string[]): 'trusted' | 'untrusted' | 'unknown' {
  const strip = (p: string) => (p.length > 1 ? p.replace(/[\\/]+$/, '') : p);
  const levels = Object.entries(config.trust)
    .filter(([dir]) => folders.some((f) => strip(f) === strip(dir)))
    .map(([, level]) => level);
  if (levels.includes('trusted')) return 'trusted';
  return levels.length > 0 ? 'untrusted' : 'unknown';
}
