/** Pure parsers of what doctor reads: git's config answer and the variables of our hook scripts. */
import type { HookName } from '../install/shim.js';
import type { HooksPathSetting } from './types.js';

/**
 * `git config --show-scope --show-origin --get core.hooksPath` (git ≥ 2.26), one line:
 *
 *   local\tfile:.git/config\t.husky/_
 *   command\tcommand line:\t/dev/null
 */
export function parseHooksPathSetting(out: string): HooksPathSetting | null {
  const line = out.replace(/\r?\n$/, '');
  const first = line.indexOf('\t');
  const second = line.indexOf('\t', first + 1);
  if (first < 0 || second < 0) return null;
  return { scope: line.slice(0, first), origin: line.slice(first + 1, second), value: line.slice(second + 1) };
}

/** One POSIX sh word as `shQuote` writes it: bare, or single-quoted with `'\''` for a quote. */
export function unquoteShellWord(word: string): string {
  let out = '';
  let i = 0;
  while (i < word.length) {
    const c = word[i]!;
    if (c === "'") {
      const end = word.indexOf("'", i + 1);
      if (end < 0) return out + word.slice(i + 1);
      out += word.slice(i + 1, end);
      i = end + 1;
    } else if (c === '\\' && i + 1 < word.length) {
      out += word[i + 1];
      i += 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

export interface ShimVars {
  cli: string;
  cliFallback: string;
  nodeFallback: string;
}

/** The paths a shim (`hooks/shim.sh`) was rendered with: `cli=node_modules/tdd-hooks/bin/tdd.js` … */
export function parseShimVars(content: string): ShimVars | null {
  const get = (name: string): string | undefined => {
    const m = new RegExp(`^${name}=(.*)$`, 'm').exec(content);
    return m ? unquoteShellWord(m[1]!.trim()) : undefined;
  };
  const cli = get('cli');
  if (cli === undefined) return null;
  return { cli, cliFallback: get('cli_fallback') ?? '', nodeFallback: get('node_fallback') ?? '' };
}

/** The CLI a husky block (`hooks/husky-block.sh`) runs: `  node node_modules/tdd-hooks/bin/tdd.js hook pre-commit "$@" || exit $?`. */
export function parseBlockCli(content: string): string | null {
  const m = /^\s*node\s+('(?:[^']|'\\'')*'|\S+)\s+hook\s+[\w-]+\s+"\$@"/m.exec(content);
  return m ? unquoteShellWord(m[1]!) : null;
}

/** A hook tdd-hooks did not write that still runs its CLI (`npx tdd hook pre-commit`, `node …/tdd.js hook pre-commit`). */
export function callsTddHook(content: string, hook: HookName): boolean {
  return new RegExp(`\\btdd(?:-hooks)?(?:\\.js)?['"]?\\s+hook\\s+${hook}\\b`).test(content);
}

/** `v20.12.1` ≥ `20.12.0`. Unparsable counts as old enough: doctor must not invent a problem. */
export function isVersionAtLeast(version: string, min: string): boolean {
  const parse = (v: string): number[] | null => {
    const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(v.trim());
    return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
  };
  const [a, b] = [parse(version), parse(min)];
  if (!a || !b) return true;
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
}
