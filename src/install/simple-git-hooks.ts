/**
 * simple-git-hooks (vue's): its `postinstall` writes every hook of its configuration into the hooks
 * folder on each `npm install` / `pnpm install`, and deletes the hooks its configuration does not
 * name — our shims with them. Like husky's scripts, its configuration is where a hook lives: install
 * adds our line to each of our hooks there (package.json `"simple-git-hooks"`, or its JSON file),
 * after the user's command, so the next run of simple-git-hooks writes hooks that run tdd-hooks.
 * A configuration in code (`.simple-git-hooks.js`…) is not ours to edit: it is named, with the line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callsTddHook, HOOK_NAMES, shQuote, type HookName } from './shim.js';

/** simple-git-hooks' own search order (2.x `_getConfig`): code first, then JSON, then package.json. */
const CODE_CONFIGS = [
  '.simple-git-hooks.cjs',
  '.simple-git-hooks.js',
  '.simple-git-hooks.mjs',
  'simple-git-hooks.cjs',
  'simple-git-hooks.js',
  'simple-git-hooks.mjs',
];
const JSON_CONFIGS = ['.simple-git-hooks.json', 'simple-git-hooks.json'];
export const SGH_KEY = 'simple-git-hooks';

export interface SghSource {
  /** Relative to the top level. */
  file: string;
  kind: 'package' | 'json' | 'code';
  /** The hooks object (package and json kinds). */
  config?: Record<string, unknown>;
  /** The file's text (package and json kinds). */
  text?: string;
}

export interface SghPlan {
  file: string;
  /** 'code': a configuration we do not edit (the user adds `lines`). */
  action: 'updated' | 'unchanged' | 'code';
  /** The hooks that got our line. */
  hooks: HookName[];
  /** The new text of the file ('updated'). */
  text?: string;
  /** Our line for each hook, as it goes into the configuration. */
  lines: Record<HookName, string>;
}

/**
 * The command simple-git-hooks writes after its prelude: TDD_HOOKS=0 skips it like the shim, and a
 * CLI that is not there (node_modules not installed) is said in our words, as husky's block does,
 * not as node's "Cannot find module" stack. One brace group: after the user's `a && `, a failing
 * `a` stops the hook (`a && [ … ] || node …` ran tdd-hooks anyway and its exit 0 let the commit through).
 */
export function sghLine(hook: HookName, cli: string): string {
  const q = shQuote(cli);
  const missing = `echo "tdd-hooks: cannot find" ${q} "(run npm install); TDD_HOOKS=0 git commit ... skips tdd-hooks" >&2; exit 127;`;
  return `{ [ "\${TDD_HOOKS-}" = 0 ] || { [ -f ${q} ] || { ${missing} }; node ${q} hook ${hook} "$@"; }; }`;
}

function usesSgh(pkg: Record<string, unknown>): boolean {
  const deps = { ...(pkg.dependencies as object), ...(pkg.devDependencies as object) };
  return SGH_KEY in deps || SGH_KEY in pkg;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The configuration simple-git-hooks would read at `top`, when the project uses it (null otherwise, or when unreadable). */
export function readSghSource(top: string): SghSource | null {
  let pkgText: string;
  let pkg: unknown;
  try {
    pkgText = readFileSync(join(top, 'package.json'), 'utf8');
    pkg = JSON.parse(pkgText);
  } catch {
    return null;
  }
  if (!isObject(pkg) || !usesSgh(pkg)) return null;
  const code = CODE_CONFIGS.find((f) => existsSync(join(top, f)));
  if (code) return { file: code, kind: 'code' };
  for (const file of JSON_CONFIGS) {
    if (!existsSync(join(top, file))) continue;
    try {
      const text = readFileSync(join(top, file), 'utf8');
      const config: unknown = JSON.parse(text);
      return isObject(config) ? { file, kind: 'json', config, text } : { file, kind: 'code' };
    } catch {
      return { file, kind: 'code' };
    }
  }
  const config = pkg[SGH_KEY];
  // A string there names another configuration file: not ours to follow and edit.
  if (config !== undefined && !isObject(config)) return { file: 'package.json', kind: 'code' };
  return isObject(config) ? { file: 'package.json', kind: 'package', config, text: pkgText } : null;
}

/** `pnpm lint-staged && pnpm check` → `… && <ours>`; a command ending in `;` or `&` keeps its own meaning before ours. */
function appendLine(existing: string, line: string): string {
  const trimmed = existing.trimEnd();
  if (trimmed === '') return line;
  return /[;&]$/.test(trimmed) && !/&&$/.test(trimmed) ? `${trimmed}\n${line}` : `${trimmed} && ${line}`;
}

const indentOf = (text: string): string => /^\{\n([ \t]+)"/.exec(text)?.[1] ?? '  ';

/** Our line as sghLine writes it (or wrote it, without braces), whatever CLI path it names, with what joined it to the user's command. */

/** Pure: the configuration with our line in each of our hooks (after the user's command). */
export function planSgh(source: SghSource, cli: string): SghPlan {
  const lines = Object.fromEntries(HOOK_NAMES.map((h) => [h, sghLine(h, cli)])) as Record<HookName, string>;
  if (source.kind === 'code' || !source.config || source.text === undefined) return { file: source.file, action: 'code', hooks: [], lines };
  const config = { ...source.config };
  const hooks: HookName[] = [];
  for (const hook of HOOK_NAMES) {
    const current = config[hook];
    // Our line as an older install wrote it (without braces) is written again; another call of our CLI is the user's.
    const user = typeof current === 'string' ? current.replace(OUR_LINE, '').trim() : '';
    if (typeof current === 'string' && user === current && callsTddHook(current, hook)) continue;
    const next = appendLine(user, lines[hook]);
    if (next === current) continue;
    config[hook] = next;
    hooks.push(hook);
  }
  if (hooks.length === 0) return { file: source.file, action: 'unchanged', hooks, lines };
  const whole = source.kind === 'package' ? { ...(JSON.parse(source.text) as Record<string, unknown>), [SGH_KEY]: config } : config;
  const eol = source.text.endsWith('\n') ? '\n' : '';
  return { file: source.file, action: 'updated', hooks, lines, text: JSON.stringify(whole, null, indentOf(source.text)) + eol };
}

/** Our line as sghLine writes it (and as earlier versions wrote it), whatever CLI path it names, with what joined it to the user's command. */
const OUR_LINE = new RegExp(
  [sghLine('pre-commit', '@CLI@'), '[ "${TDD_HOOKS-}" = 0 ] || node @CLI@ hook pre-commit "$@"']
    .map(
      (line) =>
        `(?:\\s*&&\\s*|\\n)?${escapeRegExp(line).replaceAll('@CLI@', `(?:'[^']*'|\\S+)`).replace('pre-commit', '(?:pre-commit|commit-msg|post-commit)')}`,
    )
    .join('|'),
  'g',
);

/** Pure: the configuration without our lines (a hook that held only ours goes); undefined when there were none. */
export function planSghRemoval(source: SghSource): { file: string; text: string; hooks: string[] } | undefined {
  if (source.kind === 'code' || !source.config || source.text === undefined) return undefined;
  const config: Record<string, unknown> = {};
  const hooks: string[] = [];
  for (const [key, value] of Object.entries(source.config)) {
    const kept = typeof value === 'string' ? value.replace(OUR_LINE, '').trim() : value;
    if (kept === value) config[key] = value;
    else {
      hooks.push(key);
      if (kept !== '') config[key] = kept;
    }
  }
  if (hooks.length === 0) return undefined;
  const whole = source.kind === 'package' ? { ...(JSON.parse(source.text) as Record<string, unknown>), [SGH_KEY]: config } : config;
  const eol = source.text.endsWith('\n') ? '\n' : '';
  return { file: source.file, text: JSON.stringify(whole, null, indentOf(source.text)) + eol, hooks };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
